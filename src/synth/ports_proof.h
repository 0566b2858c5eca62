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
// two instructions of a group with room for one below B, the search runs again with that
// group's instructions dear (the sum, weighted alike, then counts them: any weights keep the
// inequality).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

struct PortsProof {
  bool proven = false;             // no Program's block throughput is below `block`
  std::optional<Program> lighter;  // a Program below it, verified, where the search found one
};

// S for `block` on the options' CPU (every cost table entry counts: a relaxation).
double summed_below(const CpuModel& cpu, double block);

// For a goal (synth_goal's) whose best answer, `answer`, has block throughput `block`: nothing is
// tried where that answer is itself in the catalog below `block` and costs S or less summed (the
// search would find it or cheaper, and prove nothing: SSE4.1's two pshufb and a por at 2 cycles,
// 3.33 summed against S = 5.67 on Skylake). The search gets a tenth of the options' nodes and
// a quarter of their time (the deadline holds).
PortsProof ports_proof(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                       const SynthOptions& opts, const Program& answer, double block);

}  // namespace shufc::synth
