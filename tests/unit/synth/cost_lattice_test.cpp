// Bounds on the summed throughput rise to the next sum of the CPU table's entries (cost_lattice.h).
#include <gtest/gtest.h>

#include "../../../src/synth/cost_lattice.h"
#include "../../../src/synth/goal.h"

namespace shufc::synth {
namespace {

TEST(CostLattice, EachTableHasItsDenominator) {
  EXPECT_EQ(cost_denominator(*find_cpu("skylake")), 6u);  // 0.166667, 0.333333, 0.5, 1
  EXPECT_EQ(cost_denominator(*find_cpu("znver4")), 12u);  // 0.25 beside 0.333333
  EXPECT_EQ(cost_denominator(*find_cpu("neoverse-n1")), 2u);
}

TEST(CostLattice, ABoundRisesToTheNextSum) {
  const CpuModel& skx = *find_cpu("skylake");
  // A pshufb and a load less the zero idiom's token: nothing costs between 4/3 + a token and 1.5.
  EXPECT_NEAR(on_cost_lattice(1.5 - kPortlessCost, 1.5, skx), 1.5, 1e-5);
  EXPECT_NEAR(on_cost_lattice(1.2, 2.0, skx), 4.0 / 3, 1e-5);
  // A sum with one zero idiom is a lattice point too: 1 + the token stays.
  EXPECT_NEAR(on_cost_lattice(1.0 + kPortlessCost, 2.0, skx), 1.0 + kPortlessCost, 1e-5);
  EXPECT_LE(on_cost_lattice(1.0 + kPortlessCost / 2, 2.0, skx), 1.0 + kPortlessCost + 1e-9);
  // On the lattice already (within the tables' six digits): unchanged.
  EXPECT_NEAR(on_cost_lattice(0.999999, 1.0, skx), 1.0, 1e-5);
  EXPECT_LE(on_cost_lattice(1.0, 1.0, skx), 1.0 + 1e-9);
  // Never below the bound, never above the answer.
  for (double b = 0.05; b < 3; b += 0.07) {
    const double r = on_cost_lattice(b, 3.0, skx);
    EXPECT_GE(r, b);
    EXPECT_LE(r, 3.0);
  }
  // Quarters on Zen 4: 0.7 rises to 0.75.
  EXPECT_NEAR(on_cost_lattice(0.7, 1.0, *find_cpu("znver4")), 0.75, 1e-5);
}

}  // namespace
}  // namespace shufc::synth
