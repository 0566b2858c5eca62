// Building Programs outside the search (src/synth/program_build.h): ordering steps so that the
// emitted code needs fewer register copies, without changing what the Program makes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "../../../src/synth/program_build.h"
#include "shufc/emit.h"
#include "shufc/program.h"
#include "shufc/sim.h"

namespace shufc {
namespace {

size_t copies(const Program& p) {
  const auto ids = asm_cost_ids(p);
  return size_t(std::count_if(ids.begin(), ids.end(), [](const std::string& id) { return allocator_added(id); }));
}

Program parsed(const char* text) {
  auto p = parse_program(text);
  EXPECT_TRUE(p) << text;
  return *p;
}

TEST(ProgramBuild, AStepOverwritingAnInputGoesAfterItsOtherReader) {
  // pshufb overwrites a, which blendps reads after it: a copy of a. Ordered after the blend, none.
  Program p = parsed(
      "in a, b : 128\n"
      "t0 = pshufb a, [z,z,14,15,z,z,6,7,z,z,12,13,z,z,2,3]\n"
      "t1 = blendps b, a, 1\n"
      "t2 = psrld t1, 2\n"
      "r = por t0, t2\n"
      "out r\n");
  const auto before = simulate_labels(p);
  ASSERT_TRUE(before);
  EXPECT_EQ(copies(p), 1u);
  synth::order_for_copies(p);
  EXPECT_EQ(copies(p), 0u) << print_program(p);
  EXPECT_EQ(std::string(p.steps[0].instr->id), "blendps") << print_program(p);
  EXPECT_EQ(p.steps.back().name, "r");
  EXPECT_EQ(simulate_labels(p), before);
}

TEST(ProgramBuild, AnOrderWithoutCopiesIsKept) {
  Program p = parsed(
      "in a, b : 128\n"
      "t0 = blendps b, a, 1\n"
      "t1 = pshufb a, [z,z,14,15,z,z,6,7,z,z,12,13,z,z,2,3]\n"
      "t2 = psrld t0, 2\n"
      "r = por t1, t2\n"
      "out r\n");
  const std::string was = print_program(p);
  synth::order_for_copies(p);
  EXPECT_EQ(print_program(p), was);
}

}  // namespace
}  // namespace shufc
