// getGroups: the cheapest grouping, not the greedy one; canMoveTo and compatibility respected.
#include <gtest/gtest.h>

#include "shufc/vls/grouping.h"
#include "shufc/vls/sequence.h"
#include "shufc/vls/target_client.h"
#include "test_memref.h"

namespace shufc::vls {
namespace {

using testing::Memrefs;

// Every access and every shuffle that moves something costs 1: a grouping is then as cheap as it
// has few loads and few shuffles.
class UnitCosts : public CostClient {
 public:
  std::optional<double> shuffle_cost(const ShuffleMask& m) override { return m.num_sources == 1 && m.is_identity() ? 0 : 1; }
  double load_cost(VectorType, bool) override { return 1; }
  double store_cost(VectorType, bool) override { return 1; }
  double gather_cost(const Memref&) override { return 8; }
};

std::vector<std::vector<unsigned>> members(const Grouping& g) {
  std::vector<std::vector<unsigned>> r;
  for (const Group& x : g.groups) r.push_back(x.indices);
  return r;
}

// The seed's example (section 5.1.b): memrefs 0, 4, 12, 16, 20 bytes from the base, vector length
// 16. Here they are fields of a 32-byte struct read as <4 x 32> (fields 2, 6 and 7 are not read).
// (With a 24-byte struct the two groupings cost the same on Skylake: the seed's claim depends on
// the layout, which is why the grouping is costed rather than fixed by a rule.)
void seed_memrefs(Memrefs& m) {
  for (int64_t d : {0, 4, 12, 16, 20}) m.add({4, 32}, AccessType::StridedLoad, d, 32);
}

TEST(VlsGrouping, SeedExampleGreedyIsWhatTheSeedDescribes) {
  Memrefs m;
  seed_memrefs(m);
  UnitCosts c;
  const Grouping g = get_groups_greedy(m.list, 16, c);
  EXPECT_EQ(members(g), (std::vector<std::vector<unsigned>>{{0, 1, 2}, {3, 4}}));
}

TEST(VlsGrouping, SeedExampleOptimalIsNeverWorse) {
  Memrefs m;
  seed_memrefs(m);
  UnitCosts c;  // counts instructions only
  EXPECT_LE(get_groups(m.list, 16, c).cost, get_groups_greedy(m.list, 16, c).cost);
}

TEST(VlsGrouping, SeedExampleOnARealTarget) {
  Memrefs m;
  seed_memrefs(m);
  // (On SSE4.1 the synthesiser serves {1, 2, 3} so well that the greedy grouping is as good.)
  ShuffleLowering low(*isa::find_target("ssse3"), *find_cpu("skylake"), 2000);
  TargetCostClient c(low);
  Trace t;
  const Grouping best = get_groups(m.list, 16, c, &t);
  const Grouping greedy = get_groups_greedy(m.list, 16, c);
  // The seed's "best grouping": {memref1, memref2}, {memref3, memref4, memref5}, strictly cheaper
  // than the greedy {1, 2, 3}, {4, 5} under the CPU's costs.
  EXPECT_EQ(members(best), (std::vector<std::vector<unsigned>>{{0, 1}, {2, 3, 4}})) << t.text;
  EXPECT_EQ(members(greedy), (std::vector<std::vector<unsigned>>{{0, 1, 2}, {3, 4}}));
  EXPECT_LT(best.cost + 1, greedy.cost);  // by more than a rounding error
  EXPECT_EQ(best.group_of, (std::vector<unsigned>{0, 0, 1, 1, 1}));
}

TEST(VlsGrouping, NeverWorseThanGreedy) {
  // Fields of structs of several sizes: whatever the layout, the optimum is at most the greedy cost.
  for (int64_t stride : {16, 24, 32, 48})
    for (unsigned pattern = 1; pattern < 64; pattern += 5) {
      Memrefs m;
      for (int64_t f = 0; f < 6; ++f)
        if (pattern >> f & 1 && f * 4 < stride) m.add({4, 32}, AccessType::StridedLoad, f * 4, stride);
      if (m.list.empty()) continue;
      UnitCosts c;
      EXPECT_LE(get_groups(m.list, 16, c).cost, get_groups_greedy(m.list, 16, c).cost) << stride << " " << pattern;
    }
}

TEST(VlsGrouping, CanMoveToKeepsAMemrefOut) {
  Memrefs m;
  m.add({4, 64}, AccessType::StridedLoad, 0, 16);
  m.add({4, 64}, AccessType::StridedLoad, 8, 16, /*movable=*/false);
  UnitCosts c;
  const Grouping g = get_groups(m.list, 32, c);
  EXPECT_EQ(members(g), (std::vector<std::vector<unsigned>>{{0}, {1}}));
}

TEST(VlsGrouping, OnlyCompatibleMemrefsShareAGroup) {
  Memrefs m;
  m.add({4, 64}, AccessType::StridedLoad, 0, 16);
  m.add({4, 64}, AccessType::StridedStore, 8, 16);   // a store
  m.add({4, 64}, AccessType::StridedLoad, 8, 32);    // another stride
  m.add({4, 64}, AccessType::IndexedLoad, 8, 0);     // no constant stride
  m.add({4, 64}, AccessType::StridedLoad, 40, 16);   // too far: 40 + 8 > 32
  UnitCosts c;
  const Grouping g = get_groups(m.list, 32, c);
  EXPECT_EQ(g.groups.size(), 5u);
  EXPECT_FALSE(g.groups[3].strided());
}

}  // namespace
}  // namespace shufc::vls
