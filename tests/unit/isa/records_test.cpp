// Every instruction record is well formed: unique ids, lane sources inside the inputs for every
// immediate, spellings that mention exactly the operands the record has. (Whether a record says
// what the real instruction does is checked on hardware: tests/exec/*_isa_*.sh.)
#include <random>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "shufc/isa/registry.h"

namespace shufc::isa {
namespace {

bool mentions(const char* tmpl, const std::string& what) { return std::string(tmpl).find(what) != std::string::npos; }

// A few accepted controls for a programmable instruction: identity-like and random.
std::vector<std::vector<int>> sample_controls(const Instruction& in, std::mt19937& rng) {
  std::vector<std::vector<int>> out;
  const unsigned n = in.n();
  const unsigned n_src = in.in_bits(0) / in.src_elem_bits;
  for (int t = 0; t < 200 && out.size() < 8; ++t) {
    std::vector<int> c(n);
    if (in.control.zeroing && t % 3 == 1) {  // compress-shaped: increasing sources, then zeros
      int next = 0;
      for (unsigned i = 0; i < n; ++i) {
        while (next < int(n_src) && rng() % 2) ++next;
        c[i] = next < int(n_src) ? next++ : -1;
      }
      if (accepts(in, c)) out.push_back(c);
      continue;
    }
    if (in.control.zeroing && t % 3 == 2) {  // expand-shaped: sources 0, 1, 2, ... with zeros between
      int next = 0;
      for (unsigned i = 0; i < n; ++i) c[i] = rng() % 2 ? next++ : -1;
      if (accepts(in, c)) out.push_back(c);
      continue;
    }
    for (unsigned i = 0; i < n; ++i) {
      if (in.control.kind == Control::Kind::Select) c[i] = rng() % 2 ? int(i) : int(n + i);
      else if (in.control.zeroing && rng() % 5 == 0) c[i] = -1;
      else if (in.control.block_elems) c[i] = int(i / in.control.block_elems * in.control.block_elems + rng() % in.control.block_elems);
      else c[i] = int(rng() % (in.control.table_inputs * n_src));
    }
    if (accepts(in, c)) out.push_back(c);
  }
  return out;
}

TEST(Records, IdsAreUniqueAndFindable) {
  std::set<std::string> ids;
  for (const Instruction& in : all_instructions()) {
    EXPECT_TRUE(ids.insert(in.id).second) << "duplicate id " << in.id;
    EXPECT_EQ(find_instruction(in.id), &in);
  }
  EXPECT_GT(ids.size(), 40u);
  EXPECT_EQ(find_instruction("no-such-instruction"), nullptr);
}

TEST(Records, ShapesAreConsistent) {
  for (const Instruction& in : all_instructions()) {
    SCOPED_TRACE(in.id);
    EXPECT_TRUE(in.reg_bits == 64 || in.reg_bits == 128 || in.reg_bits == 256 || in.reg_bits == 512);
    EXPECT_EQ(in.reg_bits % in.elem_bits, 0u);
    EXPECT_LE(in.num_inputs, 4u);
    if (in.moves_only()) {
      EXPECT_EQ(in.elem_bits, in.src_elem_bits);
    }
    if (in.value == ValueOp::SignExtend || in.value == ValueOp::ZeroExtend) {
      EXPECT_GT(in.elem_bits, in.src_elem_bits);
    }
    if (in.value == ValueOp::SignedSat || in.value == ValueOp::UnsignedSat || in.value == ValueOp::Truncate) {
      EXPECT_LT(in.elem_bits, in.src_elem_bits);
    }
    EXPECT_TRUE(in.needs.has(in.feature));
    EXPECT_NE(std::string(in.formula), "");
  }
}

TEST(Records, SpellingsNameTheirOperands) {
  for (const Instruction& in : all_instructions()) {
    SCOPED_TRACE(in.id);
    for (const char* t : {in.spell.intrinsic, in.spell.assembly}) {
      ASSERT_NE(t, nullptr);
      for (unsigned k = 0; k < in.num_inputs; ++k) EXPECT_TRUE(mentions(t, "{" + std::to_string(k) + "}")) << t;
      EXPECT_FALSE(mentions(t, "{" + std::to_string(in.num_inputs) + "}")) << t;
      EXPECT_EQ(mentions(t, "{imm"), in.imm_count > 0) << t;
      EXPECT_EQ(mentions(t, "{c"), in.programmable()) << t;
    }
    EXPECT_NE(std::string(in.spell.ctype), "");
  }
}

TEST(Records, LanesStayInsideTheInputsForEveryInstance) {
  std::mt19937 rng(1);
  for (const Instruction& in : all_instructions()) {
    SCOPED_TRACE(in.id);
    std::vector<Params> instances;
    std::vector<std::vector<int>> controls;
    if (in.programmable()) {
      controls = sample_controls(in, rng);
      EXPECT_FALSE(controls.empty()) << "no accepted control found";
      for (const auto& c : controls) instances.push_back({0, c});
    } else {
      for (unsigned imm = 0; imm < std::max(1u, in.imm_count); ++imm) instances.push_back({imm, {}});
    }
    for (const Params& p : instances) {
      const std::vector<LaneSrc> map = index_map(in, p);
      ASSERT_EQ(map.size(), in.n());
      for (const LaneSrc& s : map) {
        if (s.is_zero()) continue;
        ASSERT_LT(s.input, int(in.num_inputs)) << "imm " << p.imm;
        ASSERT_GE(s.elem, 0);
        ASSERT_LT(unsigned(s.elem), in.in_bits(unsigned(s.input)) / in.src_elem_bits) << "imm " << p.imm;
      }
    }
  }
}

TEST(Derived, FinerWidthsAndUnaryForms) {
  const Instruction* q = find_instruction("punpcklqdq");
  ASSERT_NE(q, nullptr);
  // punpcklqdq on 32-bit data: {a0, a1, b0, b1}; on bytes: a[0..7], b[0..7].
  const auto m32 = index_map_at(*q, {}, 32);
  ASSERT_EQ(m32.size(), 4u);
  EXPECT_EQ(m32[0], LaneSrc::from(0, 0));
  EXPECT_EQ(m32[1], LaneSrc::from(0, 1));
  EXPECT_EQ(m32[2], LaneSrc::from(1, 0));
  EXPECT_EQ(m32[3], LaneSrc::from(1, 1));
  EXPECT_EQ(index_map_at(*q, {}, 8).size(), 16u);
  // a 32-bit pshufd seen on 16-bit data moves pairs
  const Instruction* d = find_instruction("pshufd");
  const auto m16 = index_map_at(*d, {0x1b, {}}, 16);
  EXPECT_EQ(m16[0], LaneSrc::from(0, 6));
  EXPECT_EQ(m16[1], LaneSrc::from(0, 7));
  // packs change values: no finer view
  EXPECT_TRUE(index_map_at(*find_instruction("packsswb"), {}, 8).empty());
  // unpcklps(x, x) = {x0, x0, x1, x1}
  const auto u = unary_form(index_map(*find_instruction("unpcklps"), {}));
  EXPECT_EQ(u[1], LaneSrc::from(0, 0));
  EXPECT_EQ(u[3], LaneSrc::from(0, 1));
}

TEST(Derived, ControlConstraints) {
  const Instruction* b = find_instruction("pshufb");
  std::vector<int> c(16);
  for (int i = 0; i < 16; ++i) c[size_t(i)] = 15 - i;
  EXPECT_TRUE(accepts(*b, c));
  c[3] = -1;  // pshufb zeroes
  EXPECT_TRUE(accepts(*b, c));
  c[3] = 16;  // one register only
  EXPECT_FALSE(accepts(*b, c));
  c.pop_back();
  EXPECT_FALSE(accepts(*b, c));
  const Instruction* v = find_instruction("pblendvb");
  std::vector<int> s(16);
  for (int i = 0; i < 16; ++i) s[size_t(i)] = i % 3 ? i : 16 + i;
  EXPECT_TRUE(accepts(*v, s));
  s[2] = 3;  // a blend keeps positions
  EXPECT_FALSE(accepts(*v, s));
  EXPECT_EQ(b->control.encode(std::vector<int>{-1, 5}, 16), (std::vector<uint64_t>{0x80, 5}));
}

TEST(Targets, EachIncludesTheOnesBelow) {
  auto sse2 = find_target("sse2"), avx2 = find_target("avx2"), v2 = find_target("avx512vbmi2");
  ASSERT_TRUE(sse2 && avx2 && v2);
  EXPECT_TRUE(avx2->features.contains(sse2->features));
  EXPECT_TRUE(v2->features.contains(avx2->features));
  EXPECT_FALSE(find_target("avx1024"));
  EXPECT_EQ(find_target("neon")->arch, Arch::aarch64);
  const auto s = instructions_for(*sse2), a = instructions_for(*avx2);
  EXPECT_LT(s.size(), a.size() + 1);
  for (const Instruction* in : s) EXPECT_TRUE(sse2->features.contains(in->needs)) << in->id;
}

}  // namespace
}  // namespace shufc::isa
