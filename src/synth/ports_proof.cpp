// The ports objective's proof by a search over the instructions below the answer (ports_proof.h).
#include "ports_proof.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <map>
#include <set>
#include <string_view>

#include "goal.h"
#include "shufc/cost.h"
#include "shufc/emit.h"

namespace shufc::synth {

double summed_below(const CpuModel& cpu, double block) {
  const double below = block - 1e-9;
  std::map<std::string_view, std::set<double>> groups;  // each port group's reciprocal throughputs below `block`
  for (const CostEntry& e : cpu.table)
    if (!e.cost.ports.empty() && e.cost.rthroughput > 0 && e.cost.rthroughput < below) groups[e.cost.ports].insert(e.cost.rthroughput);
  double s = kPortlessCost;  // (the zero idiom, once: a Program needs no second)
  for (const auto& [ports, rts] : groups) {
    // The sums of the group's throughputs below `block`, each any number of times; the largest.
    constexpr size_t kMostSums = 4096;
    std::set<long long> sums = {0};  // in units of 1e-9
    std::vector<long long> frontier = {0};
    bool many = false;
    while (!frontier.empty() && !many) {
      std::vector<long long> next;
      for (long long x : frontier)
        for (double rt : rts) {
          const long long y = x + std::llround(rt * 1e9);
          if (double(y) * 1e-9 < below && sums.insert(y).second) next.push_back(y);
        }
      frontier = std::move(next);
      many = sums.size() > kMostSums;
    }
    // (Too many sums to list: the group's load is below `block`, which is what the bound needs.)
    s += many ? block : double(*sums.rbegin()) * 1e-9;
  }
  return s;
}

PortsProof ports_proof(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                       const SynthOptions& opts, const Program& answer, double block) {
  PortsProof out;
  if (!opts.cpu || !(block > 0) || past_deadline(opts)) return out;
  const double s = summed_below(*opts.cpu, block);
  const ProgramCost pc = program_cost(answer, *opts.cpu);
  bool below = pc.complete;
  for (const std::string& id : asm_cost_ids(answer))
    if (const auto c = instr_cost(*opts.cpu, id); !c || c->rthroughput >= block - 1e-9) below = false;
  if (below && pc.rthroughput <= s + 1e-5) return out;
  SynthOptions o = opts;
  o.objective = Objective::throughput;
  o.loads_beside = false;  // (a control load in its own group: added, as S counts it)
  o.rthroughput_below = block;
  o.stages = false;
  // Anything as cheap as S is an answer (lighter on the ports or not); for the rest the levels
  // run to their end below it and the argument is made at it.
  o.cost_cap = s + 2e-5;
  o.node_budget = std::max<uint64_t>(1, opts.node_budget / 10);
  o.budget_ms = std::max(1u, opts.budget_ms / 4);
  o.bound_at_cap = true;
  o.unprovable_nodes = o.one_input_unprovable_nodes = o.last_resort_unprovable_nodes = UINT64_MAX;
  const SynthResult r = search_goal(goal, bits, names, o);
  if (r.cost < kInf && !wrong_byte(r.program, goal) &&
      program_cost(r.program, *opts.cpu).block_rthroughput < block - 1e-5) {
    out.lighter = r.program;
    return out;
  }
  // (The bound of a search that found nothing keeps the tie-break's share: taken off.)
  constexpr double kTieBreakShare = 1e-6;
  out.proven = r.lower_bound * (1 - kTieBreakShare) > s + 1e-5;
  return out;
}

}  // namespace shufc::synth
