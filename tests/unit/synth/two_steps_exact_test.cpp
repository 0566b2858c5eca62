// Programs of two instructions by each derivation of their first step (Search::two_steps_exact),
// and of three after three levels (Search::three_steps_exact): the search keeps one derivation
// per content, and on SSE's two-operand forms another may need no register copy. Where copies
// block the proof, each such Program is tried with its copies.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "../../../src/synth/goal.h"
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/program.h"
#include "shufc/synth.h"
#include "shufc/table.h"

namespace shufc {
namespace {

SynthOptions on(const char* target) {
  SynthOptions o{*isa::find_target(target), find_cpu("skylake")};
  o.budget_ms = 5000;
  return o;
}

std::string ids(const Program& p) {
  std::string s;
  for (const Program::Step& st : p.steps) s += std::string(s.empty() ? "" : " ") + st.instr->id;
  return s;
}

TEST(TwoStepsExact, ADerivationWithoutACopyIsFoundAndProven) {
  // b1, b3, a1, b3: `shufps b, a` then `blendps` with b is 1.33 and a copy of b (1.67); `blendps`
  // of a and b then `shufps` needs none: 1.33, proven (level 2's bound is 1.33 with no copy).
  auto r = synthesize(*parse_one("v4i32:5,7,1,7"), on("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 4.0 / 3, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal) << print_program(r->program);
  EXPECT_EQ(ids(r->program), "blendps shufps");
}

TEST(TwoStepsExact, AnAnswerWithACopyIsProvenWhenNoneDoesWithout) {
  // b2, b1, b2, a2: `shufps b, a` and `blendps` with b need the copy of b (1.67); no Program of
  // two instructions does without, and three cost 1.67 or more.
  auto r = synthesize(*parse_one("v4i32:6,5,6,2"), on("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 5.0 / 3, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal) << print_program(r->program);
  // One shuffle beats a shift, a blend and the copy of a (0.83 + 0.33).
  auto one = synthesize(*parse_one("v4i32:0,0,2,3"), on("sse4.1"));
  ASSERT_TRUE(one);
  EXPECT_NEAR(one->cost, 1.0, 1e-5) << print_program(one->program);
  EXPECT_TRUE(one->optimal) << print_program(one->program);
}

TEST(TwoStepsExact, OnSsse3TheCopyFreeShuffleOrderIsTaken) {
  // a0, a2, a1, b0: `movss a, b` overwrites a, which `shufps` then reads (2.33 with the copy);
  // `shufps b, a` overwrites b, read nowhere after: 2.0, as the exhaustive 4-lane table has it.
  for (const char* mask : {"v4i32:0,2,1,4", "v4i32:0,7,3,2"}) {
    auto r = synthesize(*parse_one(mask), on("ssse3"));
    ASSERT_TRUE(r) << mask;
    EXPECT_NEAR(r->cost, 2.0, 1e-5) << mask << "\n" << print_program(r->program);
    EXPECT_GE(r->cost, r->lower_bound - 1e-5);
  }
}

TEST(TwoStepsExact, TheCopyFreeOrderFoundBeforeLevelThreeLetsLevelFourProveIt) {
  // b1, b0, a1, b2 on SSSE3: level 2 keeps palignr + shufps by a derivation with a copy (2.33);
  // the copy-free one (2.0) found right after level 2 gives level 3 its whole budget, and level
  // 4's bound (2.0) proves it. Found after level 3 instead, level 3 had stopped at its share.
  for (const char* mask : {"v4i32:5,4,1,6", "v4i32:2,0,1,4"}) {
    auto r = synthesize(*parse_one(mask), on("ssse3"));
    ASSERT_TRUE(r) << mask;
    EXPECT_NEAR(r->cost, 2.0, 1e-5) << print_program(r->program);
    EXPECT_TRUE(r->optimal) << mask << "\n" << print_program(r->program);
  }
}

TEST(TwoStepsExact, NoAnswerIsDearerThanTheExhaustiveTable) {
  // The 4-lane masks whose answers were dearer than the exhaustive table's (before two_steps_exact:
  // each needed a copy another derivation avoids), and a sample of the rest: no answer is dearer,
  // proven or not.
  const std::vector<std::pair<const char*, std::set<std::string>>> cases = {
      {"sse2", {"0,0,1,4", "0,2,1,6", "0,4,5,5", "1,4,2,0", "3,2,7,3", "3,5,6,4", "4,4,0,5", "4,6,5,2", "5,0,7,4", "7,1,2,0", "7,6,3,7"}},
      {"ssse3", {"0,2,1,4", "0,7,1,3", "1,6,5,4", "2,7,3,0", "4,3,5,7", "4,6,5,0", "5,2,1,0", "6,3,7,4", "7,4,5,0"}},
      {"sse4.1", {"3,4,6,7", "7,0,2,3", "7,5,1,7", "7,u,6,2"}},
  };
  for (const auto& [target, listed] : cases) {
    TableOptions to{*isa::find_target(target), 32, TableSet::full, find_cpu("skylake")};
    auto table = build_table(to);
    ASSERT_TRUE(table) << table.error().str();
    const SynthOptions o = on(target);
    size_t found = 0;
    for (size_t i = 0; i < table->entries.size(); ++i) {
      const TableEntry& e = table->entries[i];
      const std::string text = mask_text(e.mask);
      const bool is_listed = listed.count(text) > 0;
      if (!is_listed && i % 97 != 0) continue;
      found += is_listed;
      auto r = synthesize(*parse_one("v4i32:" + text), o);
      ASSERT_TRUE(r) << target << " " << text;
      EXPECT_LE(r->cost, synth::objective_cost(e.program, o) + 1e-5)
          << target << " v4i32:" << text << "\n" << print_program(r->program) << "the table has\n" << print_program(e.program);
    }
    EXPECT_EQ(found, listed.size()) << target;
  }
}

TEST(ThreeStepsExact, AThreeInstructionDerivationWithoutACopyIsFoundAndProven) {
  // b2, a2, a2, b3: punpckhdq b, a then blendps with b needed a copy (2.0); blendps of a and b,
  // punpckhdq, blendps needs none: 1.67, found among every three-instruction derivation and
  // proven (the one-crossing argument, not made while copies capped the bound, is made then).
  auto r = synthesize(*parse_one("v4f32:6,2,2,7"), on("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 5.0 / 3, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal) << print_program(r->program);
  EXPECT_EQ(r->program.steps.size(), 3u) << print_program(r->program);
}

TEST(ThreeStepsExact, AnAnswerWithACopyIsProvenOnceEveryDerivationIsPriced) {
  // shufps b, a and blendps with b: 1.33 and a copy of b. No Program of three instructions is
  // cheaper with its copies, and the rest cost 1.67 or more: proven.
  auto r = synthesize(*parse_one("v4i32:5,u,6,2"), on("sse4.1"));
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->cost, 5.0 / 3, 1e-5) << print_program(r->program);
  EXPECT_TRUE(r->optimal) << print_program(r->program);
}

}  // namespace
}  // namespace shufc
