// The seed's worked example, step by step: x[2k], x[2k+1] doubles, vector length 32 bytes (AVX2).
// The client here answers the seed's printed TTI costs for every mask of the first merge round and,
// for masks the seed does not print, the kinds an AVX2 TTI costs (identity free; whole 128-bit
// halves and in-lane shuffles 1; anything crossing 128-bit lanes 4).
#include <cstdio>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "shufc/vls/grouping.h"
#include "shufc/vls/sequence.h"
#include "test_memref.h"

namespace shufc::vls {
namespace {

using testing::Memrefs;

class SeedTtiCosts : public CostClient {
 public:
  std::optional<double> shuffle_cost(const ShuffleMask& m) override {
    static const std::map<std::string, double> seed = {
        // Incoming masks of round 1, as the seed prints them.
        {"<0, 2, -1, -1>", 4}, {"<0, 4, -1, -1>", 4}, {"<0, 6, -1, -1>", 4}, {"<0, 1, -1, -1>", 1},
        {"<0, 3, -1, -1>", 4}, {"<0, 5, -1, -1>", 4}, {"<0, 7, -1, -1>", 4}, {"<2, 4, -1, -1>", 4},
        {"<2, 6, -1, -1>", 4}, {"<2, 1, -1, -1>", 4}, {"<2, 3, -1, -1>", 1}, {"<2, 5, -1, -1>", 4},
        {"<2, 7, -1, -1>", 4}, {"<4, 1, -1, -1>", 4}, {"<4, 3, -1, -1>", 4}, {"<6, 1, -1, -1>", 4},
        {"<6, 3, -1, -1>", 4},
        // Outgoing masks of round 1.
        {"<0, -1, 1, -1>", 4}, {"<0, -1, -1, 1>", 4}, {"<0, -1, -1, -1>", 1}, {"<1, -1, -1, -1>", 1},
        {"<-1, 1, -1, -1>", 2}, {"<-1, -1, 1, -1>", 3}, {"<-1, -1, -1, 1>", 2}, {"<-1, 0, 1, -1>", 4},
        {"<-1, 0, -1, 1>", 4}, {"<-1, 0, -1, -1>", 2}, {"<-1, -1, 0, 1>", 4}, {"<-1, -1, 0, -1>", 2},
        {"<-1, -1, -1, 0>", 3}};
    ++queries;
    if (auto it = seed.find(m.str()); it != seed.end()) return it->second;
    return kind_cost(m);
  }
  double load_cost(VectorType, bool) override { return 1; }
  double store_cost(VectorType, bool) override { return 1; }
  double gather_cost(const Memref&) override { return 10; }
  unsigned queries = 0;

 private:
  static double kind_cost(const ShuffleMask& m) {
    if (m.num_sources == 1 && m.is_identity()) return 0;
    const int half = int(m.type.num_elements / 2);
    bool halves = true, in_lane = true;
    for (int i = 0; i < int(m.mask.size()); ++i) {
      const int e = m.mask[size_t(i)];
      if (e < 0) continue;
      const int src_elem = e % int(m.type.num_elements);
      if (src_elem / half != i / half) in_lane = false;
      if (src_elem % half != i % half) halves = false;
    }
    return halves || in_lane ? 1 : 4;
  }
};

Group example_group(Memrefs& m) {
  m.add({4, 64}, AccessType::StridedLoad, 0, 16);
  m.add({4, 64}, AccessType::StridedLoad, 8, 16);
  SeedTtiCosts c;
  Grouping g = get_groups(m.list, 32, c);
  EXPECT_EQ(g.groups.size(), 1u);
  return g.groups.at(0);
}

TEST(VlsSeedExample, GroupsAsTheSeedPrints) {
  Memrefs m;
  m.add({4, 64}, AccessType::StridedLoad, 0, 16);
  m.add({4, 64}, AccessType::StridedLoad, 8, 16);
  SeedTtiCosts c;
  Trace t;
  Grouping g = get_groups(m.list, 32, c, &t);
  ASSERT_EQ(g.groups.size(), 1u);
  EXPECT_EQ(g.groups[0].distances, (std::vector<int64_t>{0, 8}));
  EXPECT_EQ(g.groups[0].access_mask(), "1111111111111111");
  EXPECT_NE(t.text.find("#2 <4 x 64> SLoad   Dist: 8"), std::string::npos) << t.text;
  EXPECT_NE(t.text.find("Printing Groups- Total Groups 1"), std::string::npos);
  EXPECT_EQ(g.group_of, (std::vector<unsigned>{0, 0}));
}

TEST(VlsSeedExample, InitialGraphAndLoads) {
  Memrefs m;
  const Group g = example_group(m);
  auto s = layout(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->chunks, (std::vector<int64_t>{0, 32}));
  Trace t;
  initial_graph(g, *s).print(t, 0);
  EXPECT_EQ(t.text,
            "V3: Load\nV4: Load\n"
            "V1:\n [0:63] = V3[0:63]\n [64:127] = V3[128:191]\n [128:191] = V4[0:63]\n [192:255] = V4[128:191]\n"
            "V2:\n [0:63] = V3[64:127]\n [64:127] = V3[192:255]\n [128:191] = V4[64:127]\n [192:255] = V4[192:255]\n");
}

TEST(VlsSeedExample, SplitGivesOneNodePerElement) {
  Memrefs m;
  const Group g = example_group(m);
  Graph graph = initial_graph(g, *layout(g));
  graph.split();
  // V5..V8 feed V1, V9..V12 feed V2, each holding one element of a load.
  const int src[] = {3, 3, 4, 4, 3, 3, 4, 4};
  const unsigned elem[] = {0, 2, 0, 2, 1, 3, 1, 3};
  for (unsigned k = 0; k < 8; ++k) {
    const GraphNode& n = graph.node(5 + k);
    ASSERT_EQ(n.in.size(), 1u);
    EXPECT_EQ(n.in[0].src, src[k]) << "V" << 5 + k;
    EXPECT_EQ(n.in[0].elem, elem[k]) << "V" << 5 + k;
  }
  EXPECT_EQ(graph.node(1).in[2].src, 7);
  EXPECT_EQ(graph.node(2).in[3].src, 12);
}

TEST(VlsSeedExample, TestMergesCostAndCommitAsTheSeedSays) {
  Memrefs m;
  const Group g = example_group(m);
  SeedTtiCosts c;
  Trace t;
  auto s = get_sequence(g, c, Strategy::SplitMerge, &t);
  ASSERT_TRUE(s) << s.error().str();
  // Every total of round 1 the seed prints.
  const std::map<std::pair<int, int>, double> seed_totals = {
      {{5, 6}, 5}, {{5, 7}, 8}, {{5, 8}, 8}, {{5, 9}, 3}, {{5, 10}, 7}, {{5, 11}, 8}, {{5, 12}, 7}, {{6, 7}, 8},
      {{6, 8}, 8}, {{6, 9}, 7}, {{6, 10}, 5}, {{6, 11}, 9}, {{6, 12}, 8}, {{7, 8}, 8}, {{7, 9}, 7}, {{7, 10}, 8},
      {{7, 11}, 6}, {{7, 12}, 8}, {{8, 9}, 8}, {{8, 10}, 9}, {{8, 11}, 10}, {{8, 12}, 6}};
  const std::string round1 = t.text.substr(0, t.text.find("Merge round 1: commit"));
  // "V5 can be merged with V9", its mask lines, then "--Total-Cost-- 3".
  unsigned seen = 0;
  std::istringstream lines(round1);
  std::pair<int, int> key{0, 0};
  for (std::string line; std::getline(lines, line);) {
    int a = 0, b = 0;
    double total = 0;
    if (std::sscanf(line.c_str(), " V%d can be merged with V%d", &a, &b) == 2) key = {a, b};
    if (std::sscanf(line.c_str(), " --Total-Cost-- %lf", &total) == 1)
      if (auto e = seed_totals.find(key); e != seed_totals.end()) {
        EXPECT_EQ(total, e->second) << "V" << key.first << " with V" << key.second;
        ++seen;
      }
  }
  EXPECT_EQ(seen, seed_totals.size()) << round1;
  // The masks of the seed's cheapest test-merge.
  EXPECT_NE(t.text.find("V5 can be merged with V9\n      Incoming-Mask <0, 1, -1, -1> Cost 1\n"
                        "      Outgoing-Mask <0, -1, -1, -1> Cost 1\n      Outgoing-Mask <1, -1, -1, -1> Cost 1\n"
                        "      --Total-Cost-- 3\n"),
            std::string::npos);
  // Committed lowest first, a node once: 5-9, 6-10 (not 5-6: 5 is taken), 7-11, 8-12.
  const size_t a = t.text.find("Merge 5 to 9"), b = t.text.find("Merge 6 to 10"), c2 = t.text.find("Merge 7 to 11"),
               d = t.text.find("Merge 8 to 12");
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(b, std::string::npos);
  ASSERT_NE(c2, std::string::npos);
  ASSERT_NE(d, std::string::npos);
  EXPECT_LT(a, b);
  EXPECT_LT(b, c2);
  EXPECT_LT(c2, d);
  EXPECT_EQ(t.text.find("Merge 5 to 6"), std::string::npos);
}

TEST(VlsSeedExample, FinalSequenceIsTwoLoadsAndFourShuffles) {
  Memrefs m;
  const Group g = example_group(m);
  SeedTtiCosts c;
  auto s = get_sequence(g, c, Strategy::SplitMerge);
  ASSERT_TRUE(s) << s.error().str();
  std::vector<std::string> text;
  for (const Instruction& in : s->instructions) text.push_back(in.str("x"));
  // The seed's final sequence, named by the graph's nodes (its %1..%6 are V3, V4, V5, V6, V1, V2).
  EXPECT_EQ(text, (std::vector<std::string>{
                      "%3 = mask.load.64.4 (<Base:x Offset:0>, 1111)",
                      "%4 = mask.load.64.4 (<Base:x Offset:32>, 1111)",
                      "%5 = shufflevector <4 x 64> %3, <4 x 64> %4, <4 x 32><0, 1, 4, 5>",
                      "%6 = shufflevector <4 x 64> %3, <4 x 64> %4, <4 x 32><2, 3, 6, 7>",
                      "%1 = shufflevector <4 x 64> %5, <4 x 64> %6, <4 x 32><0, 4, 2, 6>",
                      "%2 = shufflevector <4 x 64> %5, <4 x 64> %6, <4 x 32><1, 5, 3, 7>",
                  }));
  EXPECT_EQ(s->shuffles, 4u);
  EXPECT_EQ(s->results, (std::vector<unsigned>{1, 2}));
  EXPECT_TRUE(s->notes.empty());
}

}  // namespace
}  // namespace shufc::vls
