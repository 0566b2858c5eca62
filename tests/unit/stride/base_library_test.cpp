#include "shufc/stride/base_library.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace shufc::stride {
namespace {

Mode mode(const char* target, unsigned elem_bits, unsigned reg_bits = 128) {
  return Mode{*isa::find_target(target), elem_bits, reg_bits};
}

std::vector<int> compose(const std::vector<int>& outer, const std::vector<int>& inner) {
  std::vector<int> r(outer.size());
  for (size_t i = 0; i < outer.size(); ++i) r[i] = inner[size_t(outer[i])];
  return r;
}

// Every instance that reads only vector v of two, as a map over both.
std::vector<int> on_vector(const std::vector<int>& map, int v, unsigned nu) {
  std::vector<int> r;
  for (int s : map) r.push_back(v * int(nu) + s);
  return r;
}

bool programmable(const Formula& f) {
  if (f.kind == Formula::Kind::Instr && f.instr->instr && f.instr->instr->programmable()) return true;
  for (const auto& k : f.kids)
    if (programmable(*k)) return true;
  return false;
}

// The library equals a brute-force search (all single matrices, all pairs), as the seed builds it.
TEST(StrideBaseLibrary, EqualsBruteForce) {
  for (auto [t, w] : {std::pair{"sse2", 64u}, {"sse2", 32u}, {"sse2", 16u}, {"sse2", 8u}, {"neon", 32u}}) {
    const BaseLibrary lib = build_base_library(mode(t, w), "");
    const InstructionSet& s = lib.set;
    const unsigned nu = s.mode.nu();
    for (unsigned size : {nu, 2 * nu})
      for (unsigned l = 1; l <= size; ++l)
        for (unsigned r = 1; l * r <= size; ++r) {
          if (size % (l * r)) continue;
          const unsigned mn = size / (l * r);
          for (unsigned m = 2; m < mn; ++m) {
            if (mn % m) continue;
            const std::vector<int> want = evaluate(*ILI(l, mn, m, r));
            double best = 1e9;
            if (size == nu) {
              for (const Instance& a : s.unary) {
                if (a.map == want) best = std::min(best, a.cost);
                for (const Instance& b : s.unary)
                  if (compose(a.map, b.map) == want) best = std::min(best, a.cost + b.cost);
              }
            } else {
              // Each half: an instance on both vectors, on one of them, or a vector as it is.
              double halves = 0;
              for (int h = 0; h < 2; ++h) {
                const std::vector<int> part(want.begin() + h * nu, want.begin() + (h + 1) * nu);
                double c = 1e9;
                for (const Instance& a : s.binary)
                  if (a.map == part) c = std::min(c, a.cost);
                for (int v = 0; v < 2; ++v) {
                  std::vector<int> id(nu);
                  for (unsigned i = 0; i < nu; ++i) id[i] = int(i);
                  if (on_vector(id, v, nu) == part) c = 0;
                  for (const Instance& a : s.unary)
                    if (on_vector(a.map, v, nu) == part) c = std::min(c, a.cost);
                }
                halves += c;
              }
              best = std::min(best, halves);
            }
            // Programmable instructions (NEON's tbl) are solved, not enumerated: the library may
            // beat the enumeration with them, never lose to it.
            const BaseCase* got = lib.find({l, mn, m, r});
            const std::string what = std::string(t) + " " + std::to_string(w) + " " + print(*ILI(l, mn, m, r));
            if (!got) {
              EXPECT_GE(best, 1e9) << what;
              continue;
            }
            EXPECT_EQ(evaluate(*got->formula), want) << what;
            EXPECT_LE(got->cost, best + 1e-9) << what;
            if (!programmable(*got->formula)) {
              EXPECT_NEAR(got->cost, best, 1e-9) << what;
            }
          }
        }
  }
}

TEST(StrideBaseLibrary, PaperInstances) {
  // SSE2 16-way 8-bit: I_2 (x) L^4_2 (x) I_2 by pshufhw after pshuflw (the seed's (21) example).
  const BaseLibrary b8 = build_base_library(mode("sse2", 8), "");
  const BaseCase* c = b8.find({2, 4, 2, 2});
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->rule, 21);
  EXPECT_EQ(print(*c->formula, Notation::ascii, true), "M[pshufhw 0xd8] M[pshuflw 0xd8]");
  // SSE2 4-way float: L^4_2 by one shufps/pshufd (rule (20)).
  const BaseLibrary b32 = build_base_library(mode("sse2", 32), "");
  ASSERT_NE(b32.find({1, 4, 2, 1}), nullptr);
  EXPECT_EQ(b32.find({1, 4, 2, 1})->rule, 20);
  // L^4_2 (x) I_{ν/2} for 8-way 16-bit: unpcklqdq / unpckhqdq (the seed's (22) example).
  const BaseLibrary b16 = build_base_library(mode("sse2", 16), "");
  ASSERT_NE(b16.find({1, 4, 2, 4}), nullptr);
  EXPECT_EQ(print(*b16.find({1, 4, 2, 4})->formula, Notation::ascii, true), "[M[punpcklqdq]; M[punpckhqdq]]");
}

// Lane view: only instructions that act alike in every 128-bit lane, seen on one lane.
TEST(StrideBaseLibrary, LaneView) {
  Mode floats = mode("avx2", 32, 256);
  floats.floating = true;
  const BaseLibrary lib = build_base_library(floats, "");
  ASSERT_TRUE(lib.lanes);
  EXPECT_EQ(lib.lanes->set.mode.nu(), 4u);
  // The in-lane interleave of the low halves (vunpcklps / vpunpckldq / ...) is one 256-bit
  // instruction acting on each lane.
  bool has_unpck = false;
  for (const Instance& in : lib.lanes->set.binary) {
    EXPECT_EQ(in.map.size(), 4u);
    EXPECT_EQ(in.instr->reg_bits, 256u);
    has_unpck |= in.map == std::vector<int>{0, 4, 1, 5};
  }
  EXPECT_TRUE(has_unpck);
}

TEST(StrideBaseLibrary, CacheRoundTripAndDistrust) {
  const std::string dir = (std::filesystem::temp_directory_path() / "shufc_stride_cache_test").string();
  std::filesystem::remove_all(dir);
  const BaseLibrary first = build_base_library(mode("sse2", 16), dir);
  EXPECT_FALSE(first.from_cache);
  ASSERT_TRUE(std::filesystem::exists(first.cache_file));
  const BaseLibrary second = build_base_library(mode("sse2", 16), dir);
  EXPECT_TRUE(second.from_cache);
  ASSERT_EQ(first.cases.size(), second.cases.size());
  for (const auto& [k, c] : first.cases) {
    ASSERT_NE(second.find(k), nullptr);
    EXPECT_EQ(print(*c.formula, Notation::ascii, true), print(*second.find(k)->formula, Notation::ascii, true));
    EXPECT_DOUBLE_EQ(c.cost, second.find(k)->cost);
  }
  // A tampered file is not trusted: the entry no longer implements its formula, so it is rebuilt.
  std::string text;
  {
    std::ifstream in(first.cache_file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const size_t at = text.find("punpckhwd");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 9, "punpcklwd");
  {
    std::ofstream out(first.cache_file);
    out << text;
  }
  const BaseLibrary third = build_base_library(mode("sse2", 16), dir);
  EXPECT_FALSE(third.from_cache);
  EXPECT_EQ(third.cases.size(), first.cases.size());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace shufc::stride
