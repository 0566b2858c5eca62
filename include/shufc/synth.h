// Shuffle synthesis: the cheapest Program the search can find for one shuffle on a target,
// verified by the simulator, with an honest statement of optimality.
#pragma once
#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "shufc/cost.h"
#include "shufc/expected.h"
#include "shufc/isa/feature.h"
#include "shufc/program.h"
#include "shufc/shuffle_vector.h"

namespace shufc {

// throughput: the summed reciprocal throughputs (a control load beside its instruction), the
// additive cost the search minimises and its proofs speak of. ports: llvm-mca's Block
// RThroughput (ProgramCost::block_rthroughput: the busiest port group, or the dispatch width):
// what independent shuffles in a loop cost when their instructions overlap on different ports.
// The search is guided by the summed cost; its answer and the two-stage shapes are then chosen
// by the busiest ports, proven when that reaches the dearest instruction every Program needs.
enum class Objective { throughput, latency, count, ports };

struct SynthOptions {
  isa::Target target;
  const CpuModel* cpu = nullptr;
  Objective objective = Objective::throughput;
  unsigned budget_ms = 1000;      // wall-clock budget of the search
  // When the whole synthesis must end (synthesize sets it from budget_ms): the searches it runs
  // within one another (stages, result registers, last resorts), each with its share of
  // budget_ms, also stop here, so their shares' roundings and the work between them do not add
  // up past the budget. A search's catalog, built once per process, moves it on by its own time.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  uint64_t node_budget = 2000000; // search nodes (last instructions, or last and middle pairs) at most
  // Level-3 nodes spent while even a complete third level could not prove the best answer
  // optimal (it then only looks for a cheaper answer).
  uint64_t unprovable_nodes = 8000;
  // The same for a goal that reads one input: its level is small (a few milliseconds on SSE2) and
  // holds the chains of three (pshufd, pshuflw, pshufhw) that a part of it may miss.
  uint64_t one_input_unprovable_nodes = 200000;
  // The same when nothing but the last resort (masked parts or-ed) answered before level 3
  // (SSE2's byte shuffles): level 3 is then where a cheaper answer comes from, but run to its end
  // with only that to prune against it took up to 15 ms.
  uint64_t last_resort_unprovable_nodes = 16000;
  // Throughput: a control load counts beside its instruction (the slower of the two, as they
  // issue on different ports), not on top of it. Callers that add up reciprocal throughputs of
  // several Programs sharing contents (vls, stride) turn it off to search under their own sum.
  bool loads_beside = true;
  // When the search proves nothing, also try two-stage shapes (docs/synth.md, step 6). Callers
  // that share contents between the Programs of several outputs (vls, stride) turn it off: a
  // staged answer that is cheaper alone may share less.
  bool stages = true;
  // Set on the searches the stages run (internal): their own stages, where they may run any
  // (stages.cpp: a second stage on a target without a byte lookup), go one level deep.
  bool in_stage = false;
  // Operands or a result of several registers are split into one search per result register
  // (register_split.h: inputs x_0, x_1, ..., an output per register). Callers that splice the
  // Program as one result from the operands' registers (vls, stride) turn it off: such a shuffle
  // is then an error, as before.
  bool split_registers = true;
  // Only answers costing at most this are wanted (a two-stage shape's stage: what the rest leaves
  // it). The search prunes at it as at an answer of that cost, and answers none where nothing is
  // as cheap (synth_goal then reports an error). Infinite: any answer.
  double cost_cap = std::numeric_limits<double>::infinity();
  // Only instructions and control loads whose reciprocal throughput on the CPU is below this
  // (internal: the ports objective's proof searches such a catalog, ports_proof.h). Infinite: all.
  double rthroughput_below = std::numeric_limits<double>::infinity();
  // Where nothing is as cheap as the cost cap, the one-crossing argument is made at the cap, so
  // the bound reaches the cap where the argument can show it; the search stops at its first
  // answer within the cap (internal: ports_proof.h asks whether any Program is that cheap).
  bool bound_at_cap = false;
  // Factors on the reciprocal throughputs of the instructions (and control loads, copies) of some
  // port groups, named as the CPU's table names them (internal: ports_proof.h makes one group's
  // instructions dear, so that a sum can say "at most one of them").
  std::vector<std::pair<std::string, double>> port_weights;
  // Where the search makes one register of a larger Program (internal: register_split.h), the
  // registers its inputs arrive in there (input k in input_registers[k]) and those other values
  // hold meanwhile: its answers are priced with the copies that code would need (NEON's tbl2
  // reads two consecutive registers, which a_0 in v0 and b_0 in v2 are not; an SSE
  // instruction that overwrites an input a later register still reads). Empty: the inputs in
  // registers 0, 1, ..., the rest free.
  std::vector<unsigned> input_registers, held_registers;
};

// Whether the synthesis's deadline has passed: what is only worth trying within the budget (a
// stage, a wider register, a search for shared values) is then not started.
inline bool past_deadline(const SynthOptions& o) { return std::chrono::steady_clock::now() > o.deadline; }

struct SynthResult {
  Program program;
  double cost = 0;            // under the objective
  bool optimal = false;       // proven: no cheaper Program exists within the modelled instructions
  double lower_bound = 0;     // a proven lower bound on the cost of any Program
  uint64_t nodes = 0;         // search nodes, the node budget's unit ("values expanded")
  uint64_t values = 0;        // distinct register contents reached
  double ms = 0;              // synthesis time: search, two stages, last resorts (wall clock; the budget's clock)
  double catalog_ms = 0;      // building the target's instance catalog, once per process (~0 when cached)
  double cpu_ms = 0;          // the search thread's CPU time (what other processes' load does not inflate)
  bool budget_exhausted = false;
  // The dearest instruction some Program for the goal must contain (one of each class it needs):
  // no Program's busiest port group is below it (the ports objective's bound).
  double port_bound = 0;
  unsigned levels = 0;        // search levels completed: every Program of that many instructions
                              // (docs/synth.md says which shapes) was tried
  // Proven past the levels: the Programs they leave ruled out by the one-crossing argument
  // (docs/synth.md, "What optimal: proven means").
  bool past_levels = false;
};

// Synthesizes one output vector from up to two input vectors. The shuffle's operands may be
// values, undef/poison, zeroinitializer or constants (inputs loaded from memory,
// Program::Input::constant; operand_goal.h); operands and result of several registers are split
// into registers (register_split.h), ones narrower than a register are its low part
// (Program::Input::held, Program::out_held). Errors (exit 1 material) say what is outside that.
// The returned Program has passed simulate_labels against the mask.
Expected<SynthResult> synthesize(const ShuffleVector& sv, const SynthOptions& opts);

}  // namespace shufc
