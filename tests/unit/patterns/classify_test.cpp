// Each pattern, with its parameters, on hand-written masks; and what must NOT match.
#include "shufc/patterns.h"

#include <gtest/gtest.h>

#include "shufc/canonicalize.h"
#include "shufc/parse.h"

namespace shufc {
namespace {

std::vector<PatternMatch> patterns_of(const std::string& text) {
  auto sv = parse_one(text);
  EXPECT_TRUE(sv) << text << ": " << sv.error().str();
  return classify(canonicalize(*sv)).patterns;
}

const PatternMatch* find(const std::vector<PatternMatch>& ps, PatternKind k) {
  for (const auto& p : ps)
    if (p.kind == k) return &p;
  return nullptr;
}

std::string names(const std::vector<PatternMatch>& ps) {
  std::string s;
  for (const auto& p : ps) s += std::string(name(p.kind)) + " ";
  return s;
}

// The match of `kind` (a failure, and a default match, when there is none).
PatternMatch expect_match(const std::string& text, PatternKind kind) {
  const auto ps = patterns_of(text);
  if (const PatternMatch* p = find(ps, kind)) return *p;
  ADD_FAILURE() << text << " should be " << name(kind) << ", got: " << names(ps);
  return {};
}
#define EXPECT_MATCH(text, kind) expect_match(text, PatternKind::kind)

#define EXPECT_NO_MATCH(text, kind)                                                   \
  EXPECT_EQ(find(patterns_of(text), PatternKind::kind), nullptr) << text << " is not " #kind

TEST(Classify, Identity) {
  EXPECT_MATCH("v4i32:0,1,2,3", identity);
  EXPECT_MATCH("v4i32:0,u,2,u", identity);
  EXPECT_NO_MATCH("v4i32:0,1,2", identity);
}

TEST(Classify, Splat) {
  const PatternMatch p = EXPECT_MATCH("v8i16:3,3,u,3,3,3,3,3", splat);
  EXPECT_EQ(p.index, 3);
  EXPECT_EQ(p.lanes, 1u);
  const PatternMatch q = EXPECT_MATCH("v8i16:1,1,1,1,5,5,5,5", splat);  // per 64-bit lane
  EXPECT_EQ(q.lanes, 2u);
  EXPECT_EQ(q.index, 1);
  // All zeros: the canonical form is a splat of a zeroinitializer v1.
  EXPECT_EQ(EXPECT_MATCH("v4i32:z,z,z,z", splat).index, 0);
  EXPECT_NO_MATCH("v4i32:0,z,0,z", splat);
}

TEST(Classify, RotateWholeAndWithinLanes) {
  for (int r = 1; r < 8; ++r) {
    std::string t = "v8i32:";
    for (int i = 0; i < 8; ++i) t += std::to_string((i + r) % 8) + (i < 7 ? "," : "");
    const PatternMatch p = EXPECT_MATCH(t, rotate);
    EXPECT_EQ(p.amount, r) << t;
    EXPECT_EQ(p.lanes, 1u);
  }
  const PatternMatch p = EXPECT_MATCH("v8i32:1,2,3,0,5,6,7,4", rotate);
  EXPECT_EQ(p.lanes, 2u);
  EXPECT_EQ(p.amount, 1);
  EXPECT_NO_MATCH("v4i32:1,2,3,4", rotate);  // reads v2: a splice
}

TEST(Classify, ShiftRightAndLeft) {
  const PatternMatch r = EXPECT_MATCH("v8i16:5,6,7,z,z,z,z,z", shift_right);
  EXPECT_EQ(r.amount, 5);
  const PatternMatch r1 = EXPECT_MATCH("v8i16:1,2,3,4,5,6,7,z", shift_right);
  EXPECT_EQ(r1.amount, 1);
  const PatternMatch l = EXPECT_MATCH("v8i16:z,z,0,1,2,3,4,5", shift_left);
  EXPECT_EQ(l.amount, 2);
  const PatternMatch l2 = EXPECT_MATCH("v8i16:z,u,u,0,1,u,3,4", shift_left);
  EXPECT_EQ(l2.amount, 3);
  // psrldq: per 128-bit lane
  const PatternMatch lane = EXPECT_MATCH("v32i8:4,5,6,7,8,9,10,11,12,13,14,15,z,z,z,z,20,21,22,23,24,25,26,27,28,29,30,31,z,z,z,z", shift_right);
  EXPECT_EQ(lane.lanes, 2u);
  EXPECT_EQ(lane.amount, 4);
  // The seed's damaged example: lane 1 zero but lane 2 reads element 1.
  EXPECT_NO_MATCH("v8i16:z,z,1,2,3,4,5,6", shift_left);
  EXPECT_NO_MATCH("v8i16:1,2,3,4,5,6,7,8", shift_right);  // reads %b, not zeros
}

TEST(Classify, ZeroExtend) {
  const PatternMatch z = EXPECT_MATCH("v16i8:0,z,1,z,2,z,3,z,4,z,5,z,6,z,7,z", zero_extend);
  EXPECT_EQ(z.factor, 2);
  EXPECT_EQ(z.index, 0);
  const PatternMatch hi = EXPECT_MATCH("v8i16:4,z,5,z,6,z,7,z", zero_extend);
  EXPECT_EQ(hi.index, 4);
  const PatternMatch q = EXPECT_MATCH("v16i8:0,z,z,z,1,z,z,z,2,z,z,z,3,z,z,z", zero_extend);
  EXPECT_EQ(q.factor, 4);
  EXPECT_NO_MATCH("v8i16:0,u,1,u,2,u,3,u", zero_extend);  // no zero: any-extend
}

TEST(Classify, MergePackBlend) {
  const PatternMatch m = EXPECT_MATCH("v8i16:0,8,1,9,2,10,3,11", merge);
  EXPECT_EQ(m.index, 0);
  const PatternMatch h = EXPECT_MATCH("v8i16:4,12,5,13,6,14,7,15", merge);
  EXPECT_EQ(h.index, 4);
  const PatternMatch p0 = EXPECT_MATCH("v8i16:0,2,4,6,8,10,12,14", pack);
  EXPECT_EQ(p0.index, 0);
  const PatternMatch p1 = EXPECT_MATCH("v8i16:1,3,5,7,9,11,13,15", pack);
  EXPECT_EQ(p1.index, 1);
  const PatternMatch b = EXPECT_MATCH("v4i32:0,5,6,3", blend);
  EXPECT_EQ(b.list, (std::vector<int>{0, 1, 1, 0}));
  const PatternMatch bz = EXPECT_MATCH("v4i32:0,z,2,z", blend);
  EXPECT_EQ(bz.list, (std::vector<int>{0, 1, 0, 1}));
  EXPECT_NO_MATCH("v4i32:0,1,2,3", blend);
  EXPECT_NO_MATCH("v4i32:1,5,6,3", blend);
}

TEST(Classify, ParallelExtractAndDeposit) {
  const PatternMatch e = EXPECT_MATCH("v8i16:0,2,3,z,z,z,z,z", parallel_extract);
  EXPECT_EQ(e.list, (std::vector<int>{0, 2, 3}));
  EXPECT_NO_MATCH("v8i16:0,3,2,z,z,z,z,z", parallel_extract);
  EXPECT_NO_MATCH("v8i16:0,2,z,3,z,z,z,z", parallel_extract);
  const PatternMatch d = EXPECT_MATCH("v8i16:0,z,1,z,z,2,z,3", parallel_deposit);
  EXPECT_EQ(d.list, (std::vector<int>{0, 2, 5, 7}));
  EXPECT_NO_MATCH("v8i16:1,z,2,z,z,3,z,4", parallel_deposit);
  EXPECT_NO_MATCH("v4i32:0,1,2,3,4,z,z,z", parallel_deposit);  // element 4 is %b[0], not a deposit
}

TEST(Classify, LlvmKinds) {
  EXPECT_MATCH("v4i32:3,2,1,0", reverse);
  EXPECT_EQ(EXPECT_MATCH("v8i16:3,2,1,0,7,6,5,4", reverse).lanes, 2u);
  EXPECT_EQ(EXPECT_MATCH("v4i32:1,5,3,7", transpose).index, 1);
  EXPECT_EQ(EXPECT_MATCH("v4i32:1,2,3,4", splice).index, 1);
  const PatternMatch ex = EXPECT_MATCH("v8i32:4,5,6,7", extract_subvector);
  EXPECT_EQ(ex.index, 4);
  const PatternMatch in = EXPECT_MATCH("v8i16:0,1,2,3,8,9,10,11", insert_subvector);
  EXPECT_EQ(in.index, 4);
  EXPECT_EQ(in.length, 4);
  EXPECT_EQ(in.source, 1);
  EXPECT_MATCH("v4i32:0,1,2,3,4,5,6,7", concat);
  EXPECT_EQ(EXPECT_MATCH("v4i32:0,0,0,1,1,1", replicate).factor, 3);
  const PatternMatch il = EXPECT_MATCH("v4i32:0,2,4,1,3,5", interleave);  // 3 streams of 2 (RGB-style)
  EXPECT_EQ(il.factor, 3);
  EXPECT_EQ(il.list, (std::vector<int>{0, 2, 4}));
  const PatternMatch de = EXPECT_MATCH("v8i16:1,4,7", deinterleave);
  EXPECT_EQ(de.factor, 3);
  EXPECT_EQ(de.index, 1);
  EXPECT_NO_MATCH("v4i32:0,1,2,3", concat);
}

TEST(Classify, RandomLookingMaskMatchesNothing) {
  EXPECT_TRUE(patterns_of("v8i16:3,9,0,14,7,7,2,12").empty());
  EXPECT_TRUE(patterns_of("v4i32:u,u,u,u").empty());
}

TEST(Classify, ScalableSplat) {
  const auto ps = patterns_of("shufflevector <vscale x 4 x i32> %x, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer");
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_EQ(ps[0].kind, PatternKind::splat);
}

}  // namespace
}  // namespace shufc
