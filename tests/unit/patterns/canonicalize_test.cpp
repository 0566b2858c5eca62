#include "shufc/canonicalize.h"

#include <gtest/gtest.h>

#include "shufc/parse.h"
#include "shufc/verify.h"

namespace shufc {
namespace {

ShuffleVector parse(const char* text) {
  auto sv = parse_one(text);
  EXPECT_TRUE(sv) << text << ": " << sv.error().str();
  return *sv;
}

std::string canon(const char* text, CanonOptions o = {}) { return canonicalize(parse(text), o).str(); }

TEST(Canonicalize, SeedInitialExampleAllThreeAgree) {
  const char* forms[] = {
      "shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>",
      "shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 6, i32 1, i32 5>",
      "shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>",
  };
  for (const char* f : forms)
    EXPECT_EQ(canon(f), "shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>");
}

TEST(Canonicalize, SplatSelectsFirstElement) {
  // v2 a splat: index n; v1 a splat (next to another constant): index 0.
  EXPECT_EQ(canon("shufflevector <4 x i32> %x, <4 x i32> splat (i32 7), <4 x i32> <i32 0, i32 5, i32 6, i32 7>"),
            "shufflevector <4 x i32> %x, <4 x i32> splat (i32 7), <4 x i32> <i32 0, i32 4, i32 4, i32 4>");
  EXPECT_EQ(canon("shufflevector <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> <i32 3, i32 4, i32 2, i32 5>"),
            "shufflevector <4 x i32> splat (i32 7), <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> <i32 0, i32 4, i32 0, i32 5>");
}

TEST(Canonicalize, OperandOrder) {
  // undef goes second
  EXPECT_EQ(canon("shufflevector <4 x i32> undef, <4 x i32> %x, <4 x i32> <i32 4, i32 5, i32 0, i32 7>"),
            "shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 poison, i32 3>");
  // a constant goes second against a value
  EXPECT_EQ(canon("shufflevector <2 x i32> <i32 1, i32 2>, <2 x i32> %x, <2 x i32> <i32 0, i32 2>"),
            "shufflevector <2 x i32> %x, <2 x i32> <i32 1, i32 2>, <2 x i32> <i32 2, i32 0>");
  // two values: the first defined selector reads v1
  EXPECT_EQ(canon("%r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 poison, i32 5, i32 0, i32 1>"),
            "%r = shufflevector <4 x i32> %b, <4 x i32> %a, <4 x i32> <i32 poison, i32 1, i32 4, i32 5>");
  // zeroinitializer second unless the other is undef
  EXPECT_EQ(canon("shufflevector <4 x i32> zeroinitializer, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> <i32 0, i32 4, i32 1, i32 5>"),
            "shufflevector <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 0, i32 4, i32 1>");
  EXPECT_EQ(canon("shufflevector <4 x i32> undef, <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 5, i32 1, i32 7>"),
            "shufflevector <4 x i32> zeroinitializer, <4 x i32> poison, <4 x i32> <i32 0, i32 0, i32 poison, i32 0>");
}

TEST(Canonicalize, UndefSelectionsBecomeUndefLanes) {
  EXPECT_EQ(canon("shufflevector <4 x i32> %x, <4 x i32> undef, <4 x i32> <i32 0, i32 4, i32 1, i32 5>"),
            "shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 0, i32 poison, i32 1, i32 poison>");
  // an undef element of a constant operand
  // (lane 1 reads the undef element; lane 0 the 9, which makes the constant a splat and %x unused)
  EXPECT_EQ(canon("shufflevector <2 x i32> %x, <2 x i32> <i32 9, i32 undef>, <2 x i32> <i32 2, i32 3>"),
            "shufflevector <2 x i32> splat (i32 9), <2 x i32> poison, <2 x i32> <i32 0, i32 poison>");
}

TEST(Canonicalize, ConstantsNormalize) {
  EXPECT_EQ(canon("shufflevector <2 x i32> %x, <2 x i32> <i32 0, i32 0>, <2 x i32> <i32 0, i32 3>"),
            "shufflevector <2 x i32> %x, <2 x i32> zeroinitializer, <2 x i32> <i32 0, i32 2>");
  EXPECT_EQ(canon("shufflevector <2 x float> %x, <2 x float> splat (float 0.000000e+00), <2 x i32> <i32 0, i32 3>"),
            "shufflevector <2 x float> %x, <2 x float> zeroinitializer, <2 x i32> <i32 0, i32 2>");
  // -0.0 is not +0: stays a (non-zero) splat
  EXPECT_EQ(canon("shufflevector <2 x float> %x, <2 x float> <float -0.0, float -0.0>, <2 x i32> <i32 0, i32 3>"),
            "shufflevector <2 x float> %x, <2 x float> splat (float -0.0), <2 x i32> <i32 0, i32 2>");
}

TEST(Canonicalize, SameOperandTwice) {
  EXPECT_EQ(canon("shufflevector <4 x i32> %x, <4 x i32> %x, <4 x i32> <i32 0, i32 4, i32 1, i32 5>"),
            "shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 1>");
}

TEST(Canonicalize, CompactZeroLanes) {
  EXPECT_EQ(canon("v8i16:z,z,0,1,2,3,4,5"), "v8i16:z,z,0,1,2,3,4,5");
  EXPECT_EQ(canonicalize(parse("v8i16:z,z,0,1,2,3,4,5")).v2.kind, Operand::Kind::Zero);
  EXPECT_EQ(canonicalize(parse("v8i16:z,z,0,1,2,3,4,5")).mask, (std::vector<int>{8, 8, 0, 1, 2, 3, 4, 5}));
  // only %b is read: it becomes v1, which the compact form cannot say (it would read as %a)
  EXPECT_EQ(canon("v4i32:z,5,z,7"), "shufflevector <4 x i32> %b, <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 1, i32 4, i32 3>");
  // both inputs and a zero: three sources, the zero lane stays
  EXPECT_EQ(canon("v4i32:0,5,z,7"), "v4i32:0,5,z,7");
}

TEST(Canonicalize, WidensToPowerOfTwo) {
  // mask'[i] = (mask[i] mod n) + (mask[i] div n) * n'
  ShuffleVector c = canonicalize(parse("shufflevector <3 x i32> %a, <3 x i32> %b, <3 x i32> <i32 0, i32 3, i32 5>"));
  EXPECT_EQ(c.type.ir(), "<4 x i32>");
  EXPECT_EQ(c.mask, (std::vector<int>{0, 4, 6}));
  EXPECT_EQ(c.widened_from, 3u);
  ShuffleVector nw = canonicalize(parse("shufflevector <3 x i32> %a, <3 x i32> %b, <3 x i32> <i32 0, i32 3, i32 5>"), {.widen = false});
  EXPECT_EQ(nw.type.ir(), "<3 x i32>");
  EXPECT_EQ(nw.mask, (std::vector<int>{0, 3, 5}));
  // constants grow with poison elements
  ShuffleVector k = canonicalize(parse("shufflevector <3 x i32> %a, <3 x i32> <i32 1, i32 2, i32 3>, <2 x i32> <i32 4, i32 0>"));
  EXPECT_EQ(k.v2.elems, (std::vector<std::string>{"1", "2", "3", "poison"}));
  EXPECT_EQ(k.mask, (std::vector<int>{5, 0}));
}

TEST(Canonicalize, ScalableKeepsItsMask) {
  EXPECT_EQ(canon("shufflevector <vscale x 4 x i32> %x, <vscale x 4 x i32> %y, <vscale x 4 x i32> zeroinitializer"),
            "shufflevector <vscale x 4 x i32> %x, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer");
  EXPECT_EQ(canon("shufflevector <vscale x 4 x i32> undef, <vscale x 4 x i32> %y, <vscale x 4 x i32> zeroinitializer"),
            "shufflevector <vscale x 4 x i32> poison, <vscale x 4 x i32> poison, <vscale x 4 x i32> poison");
}

TEST(Canonicalize, IdempotentAndSameResult) {
  for (const char* t : {"v8i16:z,z,0,1,2,3,4,5", "v4i32:5,1,z,u", "v3i8:5,4,3,2,1,0",
                        "shufflevector <4 x i32> splat (i32 3), <4 x i32> %x, <4 x i32> <i32 7, i32 1, i32 4, i32 0>"}) {
    const ShuffleVector sv = parse(t), c = canonicalize(sv);
    EXPECT_EQ(canonicalize(c), c) << t;
    EXPECT_TRUE(same_result(sv, c)) << t;
  }
}

}  // namespace
}  // namespace shufc
