#include "shufc/lanes.h"

#include <gtest/gtest.h>

#include "shufc/canonicalize.h"
#include "shufc/parse.h"

namespace shufc {
namespace {

LaneInfo lanes_of(const char* text) {
  auto sv = parse_one(text);
  EXPECT_TRUE(sv) << sv.error().str();
  const ShuffleVector c = canonicalize(*sv);
  return detect_lanes(MaskView::of(c));
}

TEST(Lanes, SeedRotateWithinTwoLanes) {
  const LaneInfo l = lanes_of("v8i32:1,2,3,0,5,6,7,4");
  EXPECT_EQ(l.count, 2u);
  EXPECT_EQ(l.mask, (std::vector<int>{1, 2, 3, 0}));
}

TEST(Lanes, AvxUnpackIsLanedPer128Bits) {
  const LaneInfo l = lanes_of("v8i32:0,8,1,9,4,12,5,13");
  EXPECT_EQ(l.count, 2u);
  EXPECT_EQ(l.mask, (std::vector<int>{0, 4, 1, 5}));
}

TEST(Lanes, RecursesToTheSmallestLane) {
  const LaneInfo l = lanes_of("v8i16:1,0,3,2,5,4,7,6");
  EXPECT_EQ(l.count, 4u);
  EXPECT_EQ(l.mask, (std::vector<int>{1, 0}));
  EXPECT_EQ(lanes_of("v4i32:0,1,2,3").count, 4u);  // identity: one element per lane
}

TEST(Lanes, UndefIsAWildcard) {
  const LaneInfo l = lanes_of("v8i32:1,u,3,0,u,6,u,4");
  EXPECT_EQ(l.count, 2u);
  EXPECT_EQ(l.mask, (std::vector<int>{1, 2, 3, 0}));
}

TEST(Lanes, ZeroAndSplatAreLaneIndependent) {
  // v2 zeroinitializer: the zero index (n) fits every lane, and becomes the lane's n/2.
  const LaneInfo l = lanes_of("v8i16:1,2,3,z,5,6,7,z");
  EXPECT_EQ(l.count, 2u);
  EXPECT_EQ(l.mask, (std::vector<int>{1, 2, 3, 4}));
  auto sv = parse_one("shufflevector <4 x i32> %x, <4 x i32> splat (i32 7), <4 x i32> <i32 0, i32 4, i32 2, i32 7>");
  const LaneInfo s = detect_lanes(MaskView::of(canonicalize(*sv)));
  EXPECT_EQ(s.count, 2u);
  EXPECT_EQ(s.mask, (std::vector<int>{0, 2}));
}

TEST(Lanes, CrossLaneIsNotLaned) {
  // The seed's difference test alone accepts [2,3,4,5] (differences equal half the width), but
  // lane 0 would read the upper half of v1: not a laned operation.
  EXPECT_EQ(lanes_of("v4i32:2,3,4,5").count, 1u);
  EXPECT_EQ(lanes_of("v8i32:1,2,3,4,5,6,7,0").count, 1u);
  EXPECT_EQ(lanes_of("v8i32:4,5,6,7,0,1,2,3").count, 1u);
}

TEST(Lanes, OddSizesDoNotSplit) {
  EXPECT_EQ(lanes_of("v4i32:0,1,2").count, 1u);
  EXPECT_EQ(lanes_of("nxv4i32:0,0,0,0").count, 1u);
}

}  // namespace
}  // namespace shufc
