// ByteIndex: the ids of a slot ascending, bulk-built ones first, then the appended ones.
#include <gtest/gtest.h>

#include <vector>

#include "../../../src/synth/byte_index.h"

namespace shufc::synth {
namespace {

std::vector<int> ids(const ByteIndex& x, size_t slot) {
  std::vector<int> out;
  for (int id : x[slot]) out.push_back(id);
  EXPECT_EQ(out.size(), x[slot].size());
  return out;
}

TEST(ByteIndex, SlotsListTheirIdsInOrderAcrossBuildAndAppend) {
  // Three contents of two bytes, four slots: content i's byte j sits in slot table[i][j].
  const unsigned table[3][2] = {{0, 1}, {1, 1}, {3, 0}};
  ByteIndex x;
  x.build(4, 3, 2, [&](int id, unsigned j) { return table[id][j]; });
  EXPECT_EQ(ids(x, 0), (std::vector<int>{0, 2}));
  EXPECT_EQ(ids(x, 1), (std::vector<int>{0, 1, 1}));  // one entry per byte
  EXPECT_TRUE(x[2].empty());
  EXPECT_EQ(ids(x, 3), (std::vector<int>{2}));
  x.append(2, 3);
  x.append(0, 3);
  x.append(0, 4);
  EXPECT_EQ(ids(x, 0), (std::vector<int>{0, 2, 3, 4}));
  EXPECT_EQ(ids(x, 2), (std::vector<int>{3}));
  EXPECT_EQ(x[0].size(), 4u);
  // A copy is independent of the original (a search copies the catalog's index and appends).
  ByteIndex y = x;
  y.append(3, 5);
  EXPECT_EQ(ids(y, 3), (std::vector<int>{2, 5}));
  EXPECT_EQ(ids(x, 3), (std::vector<int>{2}));
}

TEST(ByteIndex, RebuildingForgetsAppendedIds) {
  ByteIndex x;
  x.build(2, 1, 1, [](int, unsigned) { return 1u; });
  x.append(0, 7);
  x.build(2, 2, 1, [](int id, unsigned) { return unsigned(id); });
  EXPECT_EQ(ids(x, 0), (std::vector<int>{0}));
  EXPECT_EQ(ids(x, 1), (std::vector<int>{1}));
}

}  // namespace
}  // namespace shufc::synth
