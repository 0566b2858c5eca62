// The search's blend of a made content and an input with one lookup after (Search::
// blend_then_lookup, and two_blends_then_lookup with a mover between two blends): found by the
// search itself (the stages off), and proven by the one-crossing argument before level 3;
// SSE4.1's pblendvb pays the copy out of xmm0 there.
#include <gtest/gtest.h>

#include <string>

#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc {
namespace {

SynthOptions without_stages(const char* target) {
  SynthOptions o{*isa::find_target(target), find_cpu("skylake")};
  o.budget_ms = 5000;
  o.stages = false;
  return o;
}

// The instructions' ids, in order.
std::vector<std::string> names(const Program& p) {
  std::vector<std::string> n;
  for (const Program::Step& s : p.steps) n.emplace_back(s.instr->id);
  return n;
}

// Without the stages, the search answers `mask` with three instructions at `cost`, optimal: a
// shift, `blend`, `lookup`.
void expect_blend_then_lookup(const char* target, const char* mask, double cost, const char* blend, const char* lookup) {
  auto r = synthesize(*parse_one(mask), without_stages(target));
  ASSERT_TRUE(r) << target << " " << mask;
  EXPECT_NEAR(r->cost, cost, 1e-5) << target << " " << mask;
  EXPECT_TRUE(r->optimal) << target << " " << mask;
  const auto n = names(r->program);
  ASSERT_EQ(n.size(), 3u) << print_program(r->program);
  EXPECT_EQ(n[1], blend) << print_program(r->program);
  EXPECT_EQ(n[2], lookup) << print_program(r->program);
}

TEST(BlendThenLookup, AVariableBlendOfAShiftedInputIsFoundAndProven) {
  // Two vpshufb and a vpor cost 2.33; one input shifted by vpsllq (0.5), a vpblendvb (2/3) that
  // keeps every wanted byte somewhere, then one vpshufb (1): 2.17, proven.
  expect_blend_then_lookup("avx2", "v16i8:9,16,18,17,30,3,18,2,u,23,u,5,2,12,12,5", 13.0 / 6, "vpblendvb", "vpshufb");
}

TEST(BlendThenLookup, AFixedBlendIsTakenWhereItsElementsAllow) {
  // Words 1 and 5 of b clash with a's; b shifted up by a word (psllq), blendps of dwords, pshufb:
  // 0.5 + 1/3 + 1 = 1.83.
  expect_blend_then_lookup("sse4.1", "v8i16:9,1,1,13,5,10,5,9", 11.0 / 6, "blendps", "pshufb");
}

TEST(BlendThenLookup, PblendvbPaysItsCopyOutOfXmm0) {
  // psllq, pblendvb, pshufb is 2.17 without the copy of a out of xmm0 and 2.5 with it: the
  // answer stays two pshufb and a por (2.33), still proven (offered at 2.17, it would have
  // stood as cheaper without its copy and blocked the proof).
  auto r = synthesize(*parse_one("v16i8:16,19,21,3,1,1,9,u,u,0,0,11,28,24,11,12"), without_stages("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 7.0 / 3, 1e-5);
  EXPECT_TRUE(r->optimal);
  EXPECT_NEAR(r->lower_bound, r->cost, 1e-5);
}

TEST(BlendThenLookup, ABlendAfterTheLookupTakesBlocksInPlace) {
  // a and b blended by vpblendvb, vpshufb, then vblendps takes b's dword 1 (words 10, 11 in
  // place): 2/3 + 1 + 1/3 = 2.0, where two lookups and an or cost 2.33.
  auto r = synthesize(*parse_one("v8i16:3,1,10,11,15,8,13,1"), without_stages("avx2"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 2.0, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal);
  EXPECT_EQ(names(r->program), (std::vector<std::string>{"vpblendvb", "vpshufb", "vblendps"})) << print_program(r->program);
  // The block from a shifted input: psllq a (0.5) is the first blend's argument and the last
  // one's, paid once; or only the last one's, the first blending a and b. 2.17 on both.
  for (const char* target : {"sse4.1", "avx2"})
    for (const char* mask : {"v8i16:0,0,1,2,0,11,5,13", "v8i16:8,6,7,13,8,2,u,5"}) {
      auto r = synthesize(*parse_one(mask), without_stages(target));
      ASSERT_TRUE(r);
      EXPECT_NEAR(r->cost, 13.0 / 6, 1e-5) << target << " " << mask << "\n" << print_program(r->program);
      EXPECT_TRUE(r->optimal) << target << " " << mask;
      const auto n = names(r->program);
      ASSERT_EQ(n.size(), 4u) << print_program(r->program);
      EXPECT_EQ(n.back(), std::string(target) == "avx2" ? "vblendps" : "blendps") << print_program(r->program);
    }
}

TEST(BlendThenLookup, AVariableBlendLastTakesAShiftedInputsBytesInPlace) {
  // a0 and a1 in place after vpsllq a by a word; vpshufb of b alone makes the rest, vpblendvb
  // takes the shifted a's words 1 and 2: 0.5 + 1 + 2/3 = 2.17 where two vpshufb and a vpor
  // (or vpsllq, vpand, vpshufb, vpor) take 2.33. Proven.
  auto r = synthesize(*parse_one("v8i16:9,0,1,13,u,11,15,10"), without_stages("avx2"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 13.0 / 6, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal) << print_program(r->program);
  EXPECT_EQ(names(r->program).back(), "vpblendvb") << print_program(r->program);
}

TEST(BlendThenLookup, AnOrOrAVariableBlendAfterTheLookup) {
  // An or with a content zero where the lookup makes the goal: a0 alone in place after psllq a by
  // 7 bytes (blendps, pshufb, psllq, por: 2.17, proven), or a's word 6 in place under a mask
  // (blendps, pshufb, pand, por: 2.17 where two lookups and an or cost 2.33).
  auto r = synthesize(*parse_one("v16i8:7,5,u,15,12,6,u,0,18,11,u,8,u,16,u,u"), without_stages("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 13.0 / 6, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal);
  EXPECT_EQ(names(r->program).back(), "por") << print_program(r->program);
  r = synthesize(*parse_one("v8i16:8,14,10,4,10,8,6,14"), without_stages("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 13.0 / 6, 1e-5) << print_program(r->program);
  EXPECT_EQ(names(r->program), (std::vector<std::string>{"blendps", "pshufb", "pand", "por"})) << print_program(r->program);
  // On AVX2 the same word from a by vpblendvb (2/3, no copy): 2.0, proven.
  r = synthesize(*parse_one("v8i16:8,14,10,4,10,8,6,14"), without_stages("avx2"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 2.0, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal);
  EXPECT_EQ(names(r->program).back(), "vpblendvb") << print_program(r->program);
}

TEST(BlendThenLookup, TwoBlendsAndAMoverBeforeTheLookup) {
  // a3 a7 a1 a6 a3 a2 b2 a4 on SSE4.1: blendps of b and a, psrlq by a word, blendps with a (a1
  // and b2 share dword 0), pshufb: 1/3 + 0.5 + 1/3 + 1 = 2.17 where two pshufb and a por take
  // 2.33; proven.
  auto r = synthesize(*parse_one("v8i16:3,7,1,6,3,2,10,4"), without_stages("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 13.0 / 6, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal);
  EXPECT_EQ(names(r->program), (std::vector<std::string>{"blendps", "psrlq", "blendps", "pshufb"})) << print_program(r->program);
  // The blend of the inputs blended with a shifted input (AVX2): vblendps, vpsrlq b, vblendps,
  // vpshufb, 2.17, proven.
  r = synthesize(*parse_one("v8i16:3,2,3,5,5,10,9,14"), without_stages("avx2"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 13.0 / 6, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal);
  EXPECT_EQ(names(r->program).back(), "vpshufb") << print_program(r->program);
  EXPECT_EQ(names(r->program).size(), 4u) << print_program(r->program);
}

}  // namespace
}  // namespace shufc
