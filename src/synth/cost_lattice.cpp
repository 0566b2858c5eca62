#include "cost_lattice.h"

#include <algorithm>
#include <cmath>

#include "goal.h"

namespace shufc::synth {

namespace {
// The tables give six digits (0.333333): an entry within kDigits of a multiple of 1/D is one, and
// differs from it by kRounding at most.
constexpr double kDigits = 2e-6, kRounding = 5e-7;
}  // namespace

unsigned cost_denominator(const CpuModel& cpu, unsigned most) {
  for (unsigned d = 1; d <= most; ++d) {
    bool all = true;
    for (const CostEntry& e : cpu.table) {
      const double x = e.cost.rthroughput * d;
      all &= std::abs(x - std::round(x)) <= kDigits * d;
      if (!all) break;
    }
    if (all) return d;
  }
  return 0;
}

double on_cost_lattice(double bound, double answer, const CpuModel& cpu) {
  const unsigned d = cost_denominator(cpu);
  if (d == 0 || !(bound > 0) || !std::isfinite(answer)) return bound;
  const double g = 1.0 / d;
  // The least entry a step with ports costs (a multiple of g, so g at least), and how many
  // portless steps a Program within `answer` holds: one zero idiom (two are one value), and a
  // copy per other step, of which there are at most answer / g.
  const unsigned steps = unsigned(std::ceil(answer / g + kDigits));
  const unsigned most_portless = 1 + steps;
  // (The tables' six digits: k entries of 0.333333 sum to a little below k / 3.)
  const double slack = kRounding * (steps + 1);
  double least = answer;
  for (unsigned m = 0; m <= most_portless; ++m) {
    const double rest = bound - m * kPortlessCost;
    const double k = rest <= 0 ? 0 : std::ceil(rest / g - slack / g);
    least = std::min(least, k * g + m * kPortlessCost);
  }
  return std::max(bound, least - slack);
}

}  // namespace shufc::synth
