// The server's other faces: pictures, stores, aliasing through canMoveTo, the cost query, and
// the lowering of shuffles the synthesiser cannot do in one search.
#include <gtest/gtest.h>

#include "shufc/vls/access_list.h"
#include "shufc/vls/grouping.h"
#include "shufc/vls/program_builder.h"
#include "shufc/vls/sequence.h"
#include "shufc/vls/target_client.h"
#include "test_memref.h"

namespace shufc::vls {
namespace {

using testing::Memrefs;

class UnitCosts : public CostClient {
 public:
  std::optional<double> shuffle_cost(const ShuffleMask& m) override { return m.num_sources == 1 && m.is_identity() ? 0 : 1; }
  double load_cost(VectorType, bool masked) override { return masked ? 2 : 1; }
  double store_cost(VectorType, bool masked) override { return masked ? 3 : 1; }
  double gather_cost(const Memref&) override { return 8; }
};

Group one_group(Memrefs& m, unsigned vl) {
  UnitCosts c;
  Grouping g = get_groups(m.list, vl, c);
  EXPECT_EQ(g.groups.size(), 1u);
  return g.groups.at(0);
}

TEST(VlsServerApi, DotOfTheSeedsInitialGraph) {
  Memrefs m;
  m.add({4, 64}, AccessType::StridedLoad, 0, 16);
  m.add({4, 64}, AccessType::StridedLoad, 8, 16);
  const Group g = one_group(m, 32);
  // The seed's first picture, edge for edge (without its non-numeric weight attribute).
  EXPECT_EQ(initial_graph(g, *layout(g)).dot("Initial_Graph"),
            "digraph Initial_Graph {\n  graph[ordering=in];\n"
            "  V3 -> V1[fontcolor=red, color=red, label=\"0:63\"];\n"
            "  V3 -> V1[fontcolor=red, color=red, label=\"128:191\"];\n"
            "  V4 -> V1[fontcolor=red, color=red, label=\"0:63\"];\n"
            "  V4 -> V1[fontcolor=red, color=red, label=\"128:191\"];\n"
            "  V3 -> V2[fontcolor=blue, color=blue, label=\"64:127\"];\n"
            "  V3 -> V2[fontcolor=blue, color=blue, label=\"192:255\"];\n"
            "  V4 -> V2[fontcolor=blue, color=blue, label=\"64:127\"];\n"
            "  V4 -> V2[fontcolor=blue, color=blue, label=\"192:255\"];\n}\n");
}

TEST(VlsServerApi, StoresAreShufflesThenContiguousStores) {
  Memrefs m;
  m.add({4, 32}, AccessType::StridedStore, 0, 8);
  m.add({4, 32}, AccessType::StridedStore, 4, 8);
  const Group g = one_group(m, 16);
  UnitCosts c;
  auto s = get_sequence(g, c, Strategy::SplitMerge);
  ASSERT_TRUE(s) << s.error().str();
  EXPECT_FALSE(s->load);
  ASSERT_EQ(s->chunks, (std::vector<int64_t>{0, 16}));
  // Every shuffle precedes the stores, and each store writes a value a shuffle made.
  bool stored = false;
  unsigned stores = 0;
  for (const Instruction& in : s->instructions) {
    if (in.kind == Instruction::Kind::Store) {
      stored = true;
      ++stores;
      EXPECT_FALSE(in.masked());
    } else {
      EXPECT_FALSE(stored) << "a shuffle after a store";
      EXPECT_NE(in.kind, Instruction::Kind::Load);
    }
  }
  EXPECT_EQ(stores, 2u);
  EXPECT_EQ(s->results.size(), 2u);
}

TEST(VlsServerApi, StoresWithGapsAreMasked) {
  Memrefs m;
  m.add({4, 32}, AccessType::StridedStore, 0, 16);
  m.add({4, 32}, AccessType::StridedStore, 4, 16);
  UnitCosts c;
  auto s = get_sequence(one_group(m, 16), c);
  ASSERT_TRUE(s);
  for (const Instruction& in : s->instructions)
    if (in.kind == Instruction::Kind::Store) {
      EXPECT_EQ(in.element_mask, (std::vector<bool>{true, true, false, false}));
    }
}

TEST(VlsServerApi, GroupCostGivesBothAnswers) {
  Memrefs m;
  m.add({4, 64}, AccessType::StridedLoad, 0, 16);
  m.add({4, 64}, AccessType::StridedLoad, 8, 16);
  UnitCosts c;
  const GroupCost gc = group_cost(one_group(m, 32), c);
  ASSERT_TRUE(gc.sequence);
  EXPECT_EQ(gc.gathers, 16);
  EXPECT_LT(*gc.sequence, gc.gathers);
  Memrefs idx;
  idx.add({4, 64}, AccessType::IndexedLoad, 0, 0);
  const GroupCost ic = group_cost(one_group(idx, 32), c);
  EXPECT_FALSE(ic.sequence);
  EXPECT_EQ(ic.gathers, 8);
}

std::vector<std::vector<unsigned>> groups_of(const char* text) {
  auto list = AccessList::parse(text, 32);
  EXPECT_TRUE(list) << text;
  UnitCosts c;
  const auto memrefs = (*list)->memrefs();
  std::vector<std::vector<unsigned>> r;
  for (const Group& g : get_groups(memrefs, 32, c).groups) r.push_back(g.indices);
  return r;
}

TEST(VlsServerApi, AliasingStoreKeepsLoadsApart) {
  // x[2k+1] cannot move up past the store to the same elements; a store elsewhere is no obstacle.
  EXPECT_EQ(groups_of("x[2k]:f64, store x[2k+1]:f64, x[2k+1]:f64"), (std::vector<std::vector<unsigned>>{{0}, {1}, {2}}));
  EXPECT_EQ(groups_of("x[2k]:f64, store y[2k+1]:f64, x[2k+1]:f64"), (std::vector<std::vector<unsigned>>{{0, 2}, {1}}));
  // The store writes x[2k+1], elements the load x[2k] never reads (same stride, odd distance).
  EXPECT_EQ(groups_of("x[2k]:f64, store x[2k+1]:f64, x[2k+2]:f64"), (std::vector<std::vector<unsigned>>{{0, 2}, {1}}));
  // An indexed store may write anything of x.
  EXPECT_EQ(groups_of("x[2k]:f64, store x[i[k]]:f64, x[2k+1]:f64"), (std::vector<std::vector<unsigned>>{{0}, {1}, {2}}));
}

TEST(VlsServerApi, AccessListErrors) {
  for (const char* bad : {"", "x[2k]:f65", "x[k*k]:f32", "x[3]:f32", "x[2k+1]", "[{\"array\": \"x\"}]", "[1, 2",
                          "x[idx[k]:f32", "9x[k]:f32", "x[2k]:i8 junk"})
    EXPECT_FALSE(AccessList::parse(bad, 32)) << bad;
  auto ok = AccessList::parse("[\"x[2k]:f64\", {\"array\": \"x\", \"stride\": 2, \"offset\": 1, \"type\": \"f64\"}]", 32);
  ASSERT_TRUE(ok);
  EXPECT_EQ((*ok)->accesses()[1]->offset(), 1);
  EXPECT_EQ((*ok)->accesses()[1]->type(), (VectorType{4, 64}));
}

TEST(VlsServerApi, LoweringAnswersScatteredShuffles) {
  // Bytes from both sources in scattered orders in NEON's 64-bit registers (tbl reads 128-bit
  // tables), words on SSE2 (no word shuffle across registers): beyond three levels of search, the
  // synthesiser's last resorts answer them (widened tables, masked contents or-ed), so the
  // lowering's own decomposition (its guard for a shuffle synth cannot do) is not needed; every
  // Program lowered computes its mask.
  struct Case { const char* target; const char* cpu; unsigned bits; };
  for (const Case c : {Case{"neon", "neoverse-n1", 8}, Case{"sse2", "skylake", 16}}) {
    ShuffleLowering low(*isa::find_target(c.target), *find_cpu(c.cpu), 200);
    for (int mul : {3, 5, 7, 9, 11, 13})
      for (int add = 0; add < 16; add += 5) {
        ShuffleMask m{{8, c.bits}, 2, {}};
        for (int i = 0; i < 8; ++i) m.mask.push_back((i * mul + add) % 16);
        const Expected<Program>& p = low.lower(m);
        ASSERT_TRUE(p) << c.target << " " << m.str() << ": " << p.error().str();
        EXPECT_TRUE(computes(*p, m)) << m.str();
      }
    EXPECT_EQ(low.decomposed(), 0u) << c.target;
  }
  ShuffleLowering low(*isa::find_target("neon"), *find_cpu("neoverse-n1"), 200);
  // The identity is free.
  ShuffleMask id{{2, 64}, 1, {0, -1}};
  ASSERT_TRUE(low.lower(id));
  EXPECT_TRUE(low.lower(id)->steps.empty());
}

}  // namespace
}  // namespace shufc::vls
