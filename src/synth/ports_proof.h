// A proof under the ports objective (llvm-mca's Block RThroughput: the busiest port group) beyond
// the dearest instruction every Program needs (docs/synth.md, "The ports objective").
//
// A Program whose block throughput is below B holds no instruction whose reciprocal throughput
// is B or more (it alone loads its port group that much), and loads each port group g with less
// than B: at most M_g, the largest sum of the group's reciprocal throughputs below B. Its summed
// throughput (every instruction and control load added, each in exactly one group, and the zero
// idiom's token once) is then at most S = sum of M_g, plus the token. So a search over the
// catalog of instructions below B, under the summed objective with control loads added (not
// beside), that proves no Program costs S or less proves no Program is below B. On Skylake a
// goal that moves bytes between 8-byte halves needs a port-5 shuffle (1 cycle): below 1 the
// catalog has none, and the search proves nothing makes it. What that search answers is also a
// Program; where it is below B on the ports, it is a better answer. Where it is not, and takes
// more instructions of a group than it has room for below B, the search runs again with that
// group's instructions dear (the sum, weighted alike, then counts them: any weights keep the
// inequality). A sum counts one group at a time; the one-crossing argument the search makes at
// S also counts each kind of instruction by the room of its groups (MostCounts): one shuffle on
// ports 1/5 and one constant below 1 cycle on Ice Lake.
#pragma once
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "one_crossing.h"

#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// What a catalog's instructions on one port group do (by their byte maps, one_crossing.h), the
// least reciprocal throughput among them, and whether control loads run there.
struct GroupUse {
  bool crossing = false, mover = false, light = false, controls = false;
  double least = std::numeric_limits<double>::infinity();
};

// The most instructions of each kind a Program below `block` holds: a group whose instructions
// take at least `least` each has room for k of them where k * least < block (within the tables'
// rounding); each kind has the room of every group one of its instructions is on (the catalog
// keeps one instruction per byte map, and a Program may use another on other ports).
// The most uops a Program below `block` holds on a CPU that dispatches `dispatch` a cycle.
unsigned most_uops(double block, unsigned dispatch);

// And no more uops than fit below `block` on `dispatch` ports (0: not counted).
MostCounts most_counts(const std::map<std::string, GroupUse>& groups, double block, unsigned dispatch = 0);

// The port groups of the catalog a search of `bits`-bit goals under `o` draws on (synth.cpp).
std::map<std::string, GroupUse> catalog_groups(unsigned bits, const SynthOptions& o);

// counted_programs_may over that catalog (synth.cpp): whether a Program below `block` may make
// the goal; nullopt where it cannot tell (128-bit goals only).
std::optional<bool> counted_below(const std::vector<int>& goal, unsigned bits, const SynthOptions& o, double block,
                                  uint64_t node_budget);

struct PortsProof {
  bool proven = false;             // no Program's block throughput is below `block`
  std::optional<Program> lighter;  // a Program below it, verified, where the search found one
};

// S for `block` on the CPU: every cost table entry counts, or, given a target, those a search
// over its `bits`-bit instructions may count (their control loads and register copies too).
double summed_below(const CpuModel& cpu, double block, const isa::Target* target = nullptr, unsigned bits = 0);

// For a goal (synth_goal's) whose best answer, `answer`, has block throughput `block`. Where that
// answer is itself in the catalog below `block` and costs S or less summed, the search would find
// it or cheaper and prove nothing (SSE4.1's two pshufb and a por at 2 cycles, 3.33 summed against
// S = 5.67 on Skylake): it runs once, only for a lighter Program. Otherwise in up to three
// rounds. Each search gets a twentieth of the options' nodes; a quarter of the time for every
// round together is the backstop (the deadline holds).
PortsProof ports_proof(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                       const SynthOptions& opts, const Program& answer, double block);

}  // namespace shufc::synth
