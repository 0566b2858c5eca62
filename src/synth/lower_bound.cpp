// The lower bound is the cheapest Program the search did not try: each untried shape contains at
// least one instruction of the class the goal needs and otherwise at least its cheapest ones.
#include "lower_bound.h"

#include <algorithm>

namespace shufc::synth {

double lower_bound(const BoundInputs& in, unsigned levels) {
  const double m = in.min_cost, need = std::max(in.need, in.min_cost);
  // A programmable instruction and a needed-class one: the same instruction or two.
  const double prog_need = std::max(in.min_programmable, need);
  switch (levels) {
    case 0: return need;
    case 1: return m + need;  // two instructions or more
    case 2:                   // three or more; or two programmable ones
      return std::min(2 * m + need, 2 * in.min_programmable);
    default:                  // four or more; three with a programmable one; two programmable
      return std::min({3 * m + need, prog_need + 2 * m, 2 * in.min_programmable});
  }
}

}  // namespace shufc::synth
