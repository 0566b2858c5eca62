// Level 4 (three instructions with one one-input programmable instruction), its bound, and an
// independent check of "proven" against the exhaustive 4-lane table.
#include <gtest/gtest.h>

#include "../../../src/synth/goal.h"
#include "../../../src/synth/lower_bound.h"
#include "../../../src/synth/program_build.h"
#include "shufc/cost.h"
#include "shufc/emit.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/sim.h"
#include "shufc/synth.h"
#include "shufc/table.h"

namespace shufc {
namespace {

SynthOptions options(const char* target, const char* cpu) {
  SynthOptions o{*isa::find_target(target), find_cpu(cpu)};
  o.budget_ms = 5000;
  return o;
}

Expected<SynthResult> synth(const std::string& mask, const SynthOptions& o) { return synthesize(*parse_one(mask), o); }

// SSSE3 on Skylake as the bound sees it: ors 0.33, pshufd / shufps 1, element shifts 0.5,
// pshufb with its load 1 (a whole lookup), pand with its load 0.5 (a byte mask).
synth::BoundInputs ssse3_like() {
  using namespace synth;
  BoundInputs b;
  b.cheapest[kJoins] = 1.0 / 3;
  b.cheapest[kMovesInBlock] = 1;
  b.cheapest[kMovesInBlock | kJoins] = 1;
  b.cheapest[kMovesInQword | kMakesZero] = 0.5;
  b.cheapest_programmable[kMovesInBlock | kMakesZero] = 1;
  b.cheapest_programmable[kMakesZero] = 0.5;
  b.cheapest_kind[BoundInputs::kLookup][kMovesInBlock | kMakesZero] = 1;
  b.cheapest_kind[BoundInputs::kMask][kMakesZero] = 0.5;
  b.whole_lookup = 1;
  b.programmable_pair = 2;  // pshufb + pshufb; level 4 leaves no pair (one whole lookup does both)
  return b;
}

TEST(Level4, BoundLeavesOneLookupAndTwoCheapInstructions) {
  using namespace synth;
  BoundInputs b = ssse3_like();
  b.need = kMovesInBlock | kJoins;  // a two-input dword shuffle
  // Level 3 leaves pshufb and two ors (1.67); level 4 tries those. Four instructions cost 2 (a
  // shuffle and three ors), and pand + pshufb + por is dominated for a goal without zeros.
  EXPECT_NEAR(lower_bound(b, 3), 1 + 2.0 / 3, 1e-9);
  EXPECT_NEAR(uncovered_triples(b), 2, 1e-9);  // pand, pand and a shuffle
  EXPECT_NEAR(lower_bound(b, 4), 2, 1e-9);
  // With zero lanes a mask last is not dominated: pand + pshufb + por stays (1.83).
  b.need |= kMakesZero;
  EXPECT_NEAR(lower_bound(b, 4), 1 + 0.5 + 1.0 / 3, 1e-9);
  // Without a whole lookup as cheap as the lookup, the triple stays too.
  b.need &= ~kMakesZero;
  b.whole_lookup = BoundInputs::inf;
  EXPECT_NEAR(lower_bound(b, 4), 1 + 0.5 + 1.0 / 3, 1e-9);
  // A two-input programmable instruction is not level 4's: pblendvb (0.67) and two blends.
  b = ssse3_like();
  b.need = kJoins;
  b.cheapest_kind[BoundInputs::kTwoInputs][kJoins] = 2.0 / 3;
  EXPECT_NEAR(uncovered_triples(b), 2.0 / 3 + 2.0 / 3, 1e-9);
}

// Dword shuffles answered by two port-5 shuffles on SSSE3 (2.0) were left at the 1.67 bound; on
// SSE4.1 the full third level finds psrlq + blendps + pshufd (1.83), which level 4 proves.
TEST(Level4, ProvesDwordShufflesOfThreeInstructions) {
  for (const char* m : {"v4i32:7,5,1,5", "v4i32:5,5,5,1", "v4i32:0,3,3,6"}) {
    auto r = synth(m, options("ssse3", "skylake"));
    ASSERT_TRUE(r) << r.error().str();
    EXPECT_TRUE(r->optimal) << m << " bound " << r->lower_bound;
    EXPECT_EQ(r->levels, 4u) << m;
    EXPECT_NEAR(r->cost, 2, 1e-5) << m;
  }
  for (const char* m : {"v4i32:7,5,1,5", "v4i32:5,5,5,1"}) {
    auto r = synth(m, options("sse4.1", "skylake"));
    ASSERT_TRUE(r) << r.error().str();
    EXPECT_TRUE(r->optimal) << m << " bound " << r->lower_bound;
    EXPECT_NEAR(r->cost, 1 + 0.5 + 1.0 / 3, 1e-5) << m;
    EXPECT_EQ(r->program.steps.size(), 3u) << m;
  }
}

// An answer whose emitted code needs a register copy is not proven while a cheaper content
// without copies was offered: palignr + blendps with a copy (1.67), where blendps + shufps needs
// none (1.33).
TEST(Level4, AnswersWithCopiesAreProvenOnlyWithoutCheaperCopyFreeOnes) {
  auto r = synth("v4i32:3,4,6,7", options("sse4.1", "skylake"));
  ASSERT_TRUE(r) << r.error().str();
  if (r->cost > 1.34) {
    EXPECT_FALSE(r->optimal);
    EXPECT_LT(r->lower_bound, r->cost - 0.1);
  }
}

// A blend whose overwritten argument is read later is emitted with its arguments swapped (and
// the mirror immediate) instead of a copy.
TEST(Level4, CommutedBlendDropsACopy) {
  const isa::Target t = *isa::find_target("sse4.1");
  const isa::Instruction* blendps = nullptr;
  const isa::Instruction* shufps = nullptr;
  for (const isa::Instruction* in : isa::instructions_for(t)) {
    if (std::string(in->id) == "blendps") blendps = in;
    if (std::string(in->id) == "shufps") shufps = in;
  }
  ASSERT_TRUE(blendps && shufps);
  Program p;
  p.inputs = {{"a", 128}, {"b", 128}};
  p.steps.push_back({"t0", blendps, {0, 1}, 12, {}});  // a's dwords 0, 1, b's 2, 3; overwrites a
  p.steps.push_back({"r", shufps, {0, 2}, 60, {}});    // reads a again
  p.outputs = {3};
  auto copies = [](const Program& q) {
    int n = 0;
    for (const std::string& id : asm_cost_ids(q)) n += allocator_added(id);
    return n;
  };
  const auto before = simulate_labels(p);
  ASSERT_EQ(copies(p), 1);
  synth::commute_for_copies(p);
  EXPECT_EQ(copies(p), 0);
  EXPECT_EQ(p.steps[0].args, (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(p.steps[0].imm, 3u);
  EXPECT_EQ(simulate_labels(p), before);
}

// Independent of the search: LLVM-style exhaustive 4-lane tables (every Program of their
// instances, table lookups as any arrangement) never beat an answer shufc calls proven, costed
// as shufc costs its own (emitted copies included, a control load beside its instruction).
TEST(Level4, ProvenAnswersAreNoDearerThanTheExhaustiveTable) {
  for (const char* target : {"ssse3", "sse4.1", "avx2"}) {
    TableOptions to{*isa::find_target(target), 32, TableSet::full, find_cpu("skylake")};
    auto table = build_table(to);
    ASSERT_TRUE(table) << table.error().str();
    const SynthOptions o = options(target, "skylake");
    int proven = 0, level4 = 0;
    for (unsigned i = 0; i < kTableMasks; i += 17) {
      const TableEntry& e = table->entries[i];
      const std::string m = "v4i32:" + mask_text(e.mask);
      auto r = synth(m, o);
      ASSERT_TRUE(r) << m;
      if (!r->optimal) continue;
      ++proven;
      level4 += r->levels == 4;
      EXPECT_LE(r->cost, synth::objective_cost(e.program, o) + 1e-5) << target << " " << m << " proven, but the table has\n"
                                                                    << print_program(e.program);
    }
    EXPECT_GT(proven, 250) << target;
    if (std::string(target) != "avx2") {
      EXPECT_GT(level4, 0) << target;
    }
  }
}

}  // namespace
}  // namespace shufc
