// A sequence as a shufc Program: inputs are the loaded chunks (load group) or each member's
// value (store group); outputs are each member's vector (load group) or each chunk to store
// (store group); every abstract shuffle lowered to target instructions. The Program is run on
// labels and checked against the group's layout before it is returned.
#pragma once
#include <string>
#include <vector>

#include "shufc/cost.h"
#include "shufc/expected.h"
#include "shufc/program.h"
#include "shufc/vls/group.h"
#include "shufc/vls/sequence.h"
#include "shufc/vls/shuffle_lowering.h"

namespace shufc::vls {

Expected<Program> to_program(const Group& g, const Sequence& s, ShuffleLowering& lowering);

// A group compiled for a target: the seed's split/merge sequence (where affordable), the direct
// one and the radix-2 one (where it applies) are all lowered, and the one whose Program plus
// loads/stores costs least on the CPU is kept (the abstract costs cannot see steps two shuffles
// share). `strategy` other than Best forces one.
struct CompiledGroup {
  Sequence sequence;
  Program program;
  double memory_cost = 0;   // loads / stores, as the client costs them
  double shuffle_cost = 0;  // program_cost(program).rthroughput
  double cost() const { return memory_cost + shuffle_cost; }
  std::vector<std::string> considered;  // "direct: 4 shuffle instructions, cost 5.00", one per strategy tried
};
// Several groups' Programs as one (all inputs first, in order, then every step, then all outputs),
// checked with simulate_labels against the parts: what a client emits as one function.
Program join_programs(const std::vector<const Program*>& parts);

Expected<CompiledGroup> compile_group(const Group& g, CostClient& client, ShuffleLowering& lowering,
                                      Strategy strategy = Strategy::Best, Trace* trace = nullptr);

}  // namespace shufc::vls
