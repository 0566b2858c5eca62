// Seed 000's doctest examples, verbatim.
#include "shufc/signature.h"

#include <gtest/gtest.h>

namespace shufc {
namespace {

using D = std::vector<std::optional<int>>;

TEST(PatternDiff, SeedRotateExamples) {
  const std::vector<int> a{1, 2, 3, 4, 5, 6, 7, 0}, b{2, 3, 4, 5, 6, 7, 0, 1}, c{3, 4, 5, 6, 7, 0, 1, 2};
  EXPECT_EQ(pattern_diff(a, 8, 1), (D{1, 1, 1, 1, 1, 1, -7}));
  EXPECT_EQ(pattern_diff(b, 8, 1), (D{1, 1, 1, 1, 1, -7, 1}));
  EXPECT_EQ(pattern_diff(c, 8, 1), (D{1, 1, 1, 1, -7, 1, 1}));
}

TEST(PatternDiff, SeedRotateWithinLanes) {
  const std::vector<int> p{1, 2, 3, 0, 5, 6, 7, 4};
  EXPECT_EQ(pattern_diff(p, 8, 4), (D{4, 4, 4, 4}));
  EXPECT_EQ(pattern_diff(p, 4, 1), (D{1, 1, -3}));
}

TEST(PatternSignature, SeedShiftLeftExamples) {
  // The seed prints these signatures; its masks are damaged shifts (see docs/patterns.md) but
  // the signature arithmetic is exact.
  EXPECT_EQ(pattern_signature(std::vector<int>{8, 8, 1, 2, 3, 4, 5, 6}), (Signature{8, D{0, -7, 1, 1, 1, 1, 1}}));
  EXPECT_EQ(pattern_signature(std::vector<int>{8, 8, 8, 1, 2, 3, 4, 5}), (Signature{8, D{0, 0, -7, 1, 1, 1, 1}}));
}

TEST(PatternSignature, SeedShiftRightExamples) {
  EXPECT_EQ(pattern_signature(std::vector<int>{2, 3, 4, 5, 6, 7, 8, 8}), (Signature{2, D{1, 1, 1, 1, 1, 1, 0}}));
  EXPECT_EQ(pattern_signature(std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}), (Signature{1, D{1, 1, 1, 1, 1, 1, 1}}));
  EXPECT_EQ(pattern_signature(std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}), (Signature{0, D{1, 1, 1, 1, 1, 1, 1}}));
  EXPECT_EQ(pattern_signature(std::vector<int>{5, 6, 7, 8, 8, 8, 8, 8}), (Signature{5, D{1, 1, 1, 0, 0, 0, 0}}));
}

TEST(PatternSignature, SeedMergeAndPack) {
  EXPECT_EQ(pattern_signature(std::vector<int>{0, 8, 1, 9, 2, 10, 3, 11}), (Signature{0, D{8, -7, 8, -7, 8, -7, 8}}));
  EXPECT_EQ(pattern_signature(std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14}), (Signature{0, D{2, 2, 2, 2, 2, 2, 2}}));
  EXPECT_EQ(pattern_signature(std::vector<int>{1, 3, 5, 7, 9, 11, 13, 15}), (Signature{1, D{2, 2, 2, 2, 2, 2, 2}}));
}

TEST(PatternDiff, UndefinedEntriesHaveNoDifference) {
  const std::vector<int> p{0, -1, 2, 3};
  EXPECT_EQ(pattern_diff(p, 4, 1), (D{std::nullopt, std::nullopt, 1}));
  EXPECT_EQ(pattern_signature(std::vector<int>{-1, 1}).first, std::nullopt);
  EXPECT_TRUE(pattern_diff(p, 4, 4).empty());
  EXPECT_TRUE(pattern_diff(p, 9, 5).empty());  // m past the end is clamped
}

}  // namespace
}  // namespace shufc
