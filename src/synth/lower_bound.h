// What a search that tried every Program up to some size proves about the cost of the rest.
#pragma once

namespace shufc::synth {

// Costs are under the search's objective; every instruction costs at least min_cost, every
// programmable one (with its control load) at least min_programmable.
struct BoundInputs {
  double min_cost;
  double min_programmable;  // infinity without programmable instructions
  // The cheapest instruction of the dearest class the goal needs (byte moves, moves across
  // 128-bit blocks, zeros): every Program contains one. At least min_cost.
  double need;
};

// The search's coverage after `levels` complete levels (see docs/synth.md, "optimal"):
//   1: every single instruction (programmable ones solved on the inputs);
//   2: and every two-instruction Program except a programmable instruction feeding another;
//   3: and every three-instruction Program without a programmable instruction.
// Returns the least cost a Program outside that coverage can have.
double lower_bound(const BoundInputs& in, unsigned levels);

}  // namespace shufc::synth
