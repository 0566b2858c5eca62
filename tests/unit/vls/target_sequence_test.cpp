// Sequences on real targets: interleave factors 2, 3, 4 and 8 of several element types, loads and
// stores, lowered to Programs and run on random bytes against a scalar model of the accesses.
#include <map>
#include <memory>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "shufc/sim.h"
#include "shufc/vls/access_list.h"
#include "shufc/vls/grouping.h"
#include "shufc/vls/program_builder.h"
#include "shufc/vls/sequence.h"
#include "shufc/vls/target_client.h"

namespace shufc::vls {
namespace {

struct Case {
  const char* target;
  unsigned factor;
  const char* type;
  unsigned elem_bytes;
  bool store;
  Strategy strategy = Strategy::Best;
};

// Synthesis budget per shuffle. These tests check that every sequence lowers to a Program that
// computes the accesses (simulated against a scalar model), not that each shuffle's lowering is
// the cheapest: a short budget keeps every case (factor, type, target, load/store, strategy) and
// only makes the search give up sooner. A shuffle it gives up on is decomposed into shuffles it
// can do, and that path is checked the same way. (With 2000 ms per shuffle, under ASan, Factor3
// took over 100 s.) The fixed-shape tests below, which assert on groups and masks, keep 2000 ms.
constexpr unsigned kBudgetMs = 100;

// One lowering (and so one cache of lowered masks) per target in a test process: cases on the same
// target share the shuffles they have in common instead of searching for them again.
ShuffleLowering& lowering_for(const char* target_name) {
  static std::map<std::string, std::unique_ptr<ShuffleLowering>> lowerings;
  auto& low = lowerings[target_name];
  if (!low) low = std::make_unique<ShuffleLowering>(*isa::find_target(target_name), *find_cpu("icelake-server"), kBudgetMs);
  return *low;
}

void run_case(const Case& c) {
  SCOPED_TRACE(fmt::format("{} factor {} {} {}", c.target, c.factor, c.type, c.store ? "store" : "load"));
  const isa::Target target = *isa::find_target(c.target);
  const unsigned vl = target.max_reg_bits / 8;
  std::string text;
  for (unsigned f = 0; f < c.factor; ++f)
    text += fmt::format("{}{}x[{}k+{}]:{}", f ? ", " : "", c.store ? "store " : "", c.factor, f, c.type);
  auto list = AccessList::parse(text, vl);
  ASSERT_TRUE(list) << list.error().str();
  ShuffleLowering& low = lowering_for(c.target);
  TargetCostClient client(low);
  const auto memrefs = (*list)->memrefs();
  const Grouping g = get_groups(memrefs, vl, client);
  const unsigned n = vl / c.elem_bytes, e = c.elem_bytes;
  // Memory x[0 .. factor*n + factor) as bytes; element j of member f is x[factor*j + f].
  std::mt19937 rng(c.factor * 31 + e);
  std::vector<uint8_t> mem(size_t(c.factor) * (n + 1) * e);
  for (auto& b : mem) b = uint8_t(rng());
  auto at = [&](unsigned f, unsigned j, unsigned k) { return mem[(size_t(c.factor) * j + f) * e + k]; };
  for (const Group& grp : g.groups) {
    auto seq = get_sequence(grp, client, c.strategy);
    ASSERT_TRUE(seq) << seq.error().str();
    auto prog = to_program(grp, *seq, low);
    ASSERT_TRUE(prog) << prog.error().str();
    const int64_t base = grp.members[0] == memrefs[grp.indices[0]] ? int64_t(grp.indices[0]) * e : -1;
    ASSERT_GE(base, 0);
    std::vector<std::vector<uint8_t>> in;
    if (!c.store) {
      for (int64_t off : seq->chunks) in.emplace_back(mem.begin() + base + off, mem.begin() + base + off + vl);
    } else {
      for (unsigned f : grp.indices) {  // member f's value holds what goes to x[factor*j + f]
        std::vector<uint8_t> v(vl);
        for (unsigned j = 0; j < n; ++j)
          for (unsigned k = 0; k < e; ++k) v[j * e + k] = at(f, j, k);
        in.push_back(v);
      }
    }
    const auto out = simulate_values(*prog, in);
    if (!c.store) {
      ASSERT_EQ(out.size(), grp.size());
      for (unsigned m = 0; m < grp.size(); ++m)
        for (unsigned j = 0; j < n; ++j)
          for (unsigned k = 0; k < e; ++k) ASSERT_EQ(out[m][j * e + k], at(grp.indices[m], j, k)) << "member " << m << " element " << j;
    } else {
      ASSERT_EQ(out.size(), seq->chunks.size());
      for (size_t ch = 0; ch < out.size(); ++ch)
        for (unsigned b = 0; b < vl; ++b)
          if (seq->chunk_masks[ch][b / e]) {
            ASSERT_EQ(out[ch][b], mem[size_t(base + seq->chunks[ch]) + b]) << "chunk " << ch;
          }
    }
  }
  if (g.groups.size() == 1) {
    EXPECT_EQ(g.groups[0].size(), c.factor);
  }
}

TEST(VlsTargetSequence, Factor2) {
  run_case({"avx2", 2, "f64", 8, false});
  run_case({"avx2", 2, "f64", 8, true});
  run_case({"sse4.1", 2, "i16", 2, false});
  run_case({"avx2", 2, "f32", 4, true});
}

TEST(VlsTargetSequence, Factor3) {
  run_case({"sse4.1", 3, "f32", 4, false});
  run_case({"avx2", 3, "i32", 4, false});
  run_case({"avx2", 3, "f32", 4, true});
  run_case({"ssse3", 3, "i8", 1, false});
}

TEST(VlsTargetSequence, Factor4And8) {
  run_case({"avx2", 4, "f32", 4, false});
  run_case({"avx2", 4, "i64", 8, true});
  run_case({"sse4.1", 8, "i16", 2, false});
  run_case({"avx512", 4, "f64", 8, false});
}

TEST(VlsTargetSequence, TheSeedsMergeAloneAlsoLowers) {
  run_case({"avx2", 2, "f64", 8, false, Strategy::SplitMerge});
  run_case({"avx2", 3, "f64", 8, false, Strategy::SplitMerge});
  run_case({"avx2", 2, "i32", 4, true, Strategy::SplitMerge});
}

TEST(VlsTargetSequence, Radix2Stages) {
  run_case({"avx2", 4, "f32", 4, false, Strategy::Radix2});
  run_case({"avx2", 4, "f32", 4, true, Strategy::Radix2});
  run_case({"sse4.1", 4, "i32", 4, false, Strategy::Radix2});
  run_case({"avx2", 2, "f64", 8, true, Strategy::Radix2});
}

TEST(VlsTargetSequence, Radix2NeedsAPowerOfTwoOfDenseMembers) {
  auto list = AccessList::parse("x[3k]:f32, x[3k+1]:f32, x[3k+2]:f32", 16);
  ASSERT_TRUE(list);
  ShuffleLowering low(*isa::find_target("sse4.1"), *find_cpu("skylake"), 2000);
  TargetCostClient client(low);
  const auto memrefs = (*list)->memrefs();
  const Grouping g = get_groups(memrefs, 16, client);
  ASSERT_EQ(g.groups.size(), 1u);
  EXPECT_FALSE(get_sequence(g.groups[0], client, Strategy::Radix2));
  // Two fields of a four-field struct: two members over four chunks.
  auto gaps = AccessList::parse("x[4k]:f32, x[4k+1]:f32", 16);
  const auto gm = (*gaps)->memrefs();
  const Grouping gg = get_groups(gm, 16, client);
  ASSERT_EQ(gg.groups.size(), 1u);
  EXPECT_FALSE(get_sequence(gg.groups[0], client, Strategy::Radix2));
}

TEST(VlsTargetSequence, ByteInterleaveOnAvx2ComposesAndDecomposes) {
  run_case({"avx2", 4, "i8", 1, false});
  run_case({"avx2", 3, "i8", 1, true});
}

TEST(VlsTargetSequence, GapsGiveMaskedAccesses) {
  // x[4k] and x[4k+1] of doubles: half of every chunk is a gap.
  auto list = AccessList::parse("x[4k]:f64, x[4k+1]:f64", 32);
  ASSERT_TRUE(list);
  ShuffleLowering low(*isa::find_target("avx2"), *find_cpu("skylake"), 2000);
  TargetCostClient client(low);
  const auto memrefs = (*list)->memrefs();
  const Grouping g = get_groups(memrefs, 32, client);
  ASSERT_EQ(g.groups.size(), 1u);
  auto seq = get_sequence(g.groups[0], client);
  ASSERT_TRUE(seq);
  ASSERT_EQ(seq->chunks.size(), 4u);
  for (const Instruction& in : seq->instructions)
    if (in.kind == Instruction::Kind::Load) {
      EXPECT_EQ(in.element_mask, (std::vector<bool>{true, true, false, false}));
    }
  EXPECT_TRUE(to_program(g.groups[0], *seq, low));
}

TEST(VlsTargetSequence, OverlappingStoresAreNotGrouped) {
  auto list = AccessList::parse("store y[2k]:i32, store y[2k+2]:i32", 16);
  ASSERT_TRUE(list);
  ShuffleLowering low(*isa::find_target("sse4.1"), *find_cpu("skylake"), 2000);
  TargetCostClient client(low);
  const auto memrefs = (*list)->memrefs();
  EXPECT_EQ(get_groups(memrefs, 16, client).groups.size(), 2u);
}

}  // namespace
}  // namespace shufc::vls
