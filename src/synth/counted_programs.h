// Every Program below a block throughput, instruction by instruction: a proof under the ports
// objective (ports_proof.h) where the CPU's port groups leave room for few instructions.
//
// A Program whose block throughput is below B loads each port group with less than B and holds
// fewer than B x the dispatch width uops, so it holds few instructions of each group (Skylake
// below 7/6 cycles: six uops; one port-5 shuffle, two shifts, three logic instructions, two
// loads). Those Programs are enumerated over a relaxation of what a register holds: per place,
// the set of what its byte may be (a goal label, a zero, or what a table lookup brings), each
// instruction acting place by place on sets:
// - a byte map reads its argument's set at the place it reads (a zero where it makes one; a sign
//   fill is a zero where its byte may be one, else nothing the goal wants);
// - an or: a label of one side where the other may be a zero, or one both may hold;
// - a mask or a table lookup within blocks: any of its block's sets, or a zero; a variable
//   blend: either side's;
// - a table lookup that crosses halves (pshufb): anything of its argument, or a zero (one mark,
//   "looked up"); where the result needs looked-up labels, they must sit in the argument at
//   places of their own (a matching).
// A label no goal byte wants is left out (no instruction makes a wanted one of it). Every byte a
// real Program's register holds is in its set, so where no enumerated Program's result holds
// the goal, no Program below B makes it. Instructions that do not read what the first crossing
// instruction made are taken before it (the same Program); a made value is read later (or the
// Program has a dead instruction: the same without it is below B too); a value whose sets are
// within another's is not made (what reads it could read the other); each state is searched
// once. The copy out of the register input 0
// arrives in, where a step reads its control there (SSE4.1's pblendvb: xmm0) and reads input 0
// or what one-register steps made of it in place, is paid once; other copies are not (a
// relaxation).
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "one_crossing.h"

namespace shufc::synth {

// The most uops of the Programs worth enumerating: four (Ice Lake below 5/6 cycles: a lookup and
// its load, two more) take up to 100,000 states; five took seconds.
constexpr unsigned kMostCountedUops = 4;

struct PortBudget {
  double block = 0;        // the Programs below it (by more than the tables' rounding)
  unsigned dispatch = 0;   // the CPU's dispatch width: uops below block x dispatch
  PortUse copy;            // a register copy, as the CPU's table counts it
};

// Whether some Program of the catalog's `steps` (their ports: CrossingStep::uses) below
// `budget.block` may make `goal` (16 labels of at most two inputs, kAnyByte, kZeroByte) under
// the relaxation above. false: none does. nullopt where it cannot tell: more than `node_budget`
// steps tried (an instruction on arguments, on a state) or the deadline passed; two table
// lookups that cross halves below the block; a step that may fit and is not modelled (a
// programmable step neither a table lookup nor a variable blend, one without ports); a goal of
// another size or more inputs, or one that keeps every byte in its 8-byte half (any crossing
// step may then come anywhere: too many Programs).
std::optional<bool> counted_programs_may(const std::vector<CrossingStep>& steps, const std::vector<int>& goal,
                                         const PortBudget& budget, uint64_t node_budget,
                                         std::chrono::steady_clock::time_point deadline);

}  // namespace shufc::synth
