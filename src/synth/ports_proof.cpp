// The ports objective's proof by a search over the instructions below the answer (ports_proof.h).
#include "ports_proof.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "goal.h"
#include "shufc/cost.h"
#include "shufc/emit.h"

namespace shufc::synth {

namespace {

// A port group's most load below `block` (the largest sum of its reciprocal throughputs below it,
// each any number of times) and its least reciprocal throughput.
struct GroupLoad {
  std::string_view ports;
  double most, least;
};

std::vector<GroupLoad> group_loads(const CpuModel& cpu, double block) {
  const double below = block - 1e-9;
  std::map<std::string_view, std::set<double>> groups;  // each port group's reciprocal throughputs below `block`
  for (const CostEntry& e : cpu.table)
    if (!e.cost.ports.empty() && e.cost.rthroughput > 0 && e.cost.rthroughput < below) groups[e.cost.ports].insert(e.cost.rthroughput);
  std::vector<GroupLoad> loads;
  for (const auto& [ports, rts] : groups) {
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
    loads.push_back({ports, many ? block : double(*sums.rbegin()) * 1e-9, *rts.begin()});
  }
  return loads;
}

// S under the weights (ports_proof.h): each group's most load times its factor, the zero idiom's
// token once (a Program needs no second).
double weighted_sum(const std::vector<GroupLoad>& loads, const std::vector<std::pair<std::string, double>>& weights) {
  double s = kPortlessCost;
  for (const GroupLoad& g : loads) {
    double w = 1;
    for (const auto& [group, f] : weights)
      if (group == g.ports) w = f;
    s += w * g.most;
  }
  return s;
}

}  // namespace

double summed_below(const CpuModel& cpu, double block) { return weighted_sum(group_loads(cpu, block), {}); }

PortsProof ports_proof(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                       const SynthOptions& opts, const Program& answer, double block) {
  PortsProof out;
  if (!opts.cpu || !(block > 0) || past_deadline(opts)) return out;
  const std::vector<GroupLoad> loads = group_loads(*opts.cpu, block);
  const double s = weighted_sum(loads, {});
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
  o.node_budget = std::max<uint64_t>(1, opts.node_budget / 10);
  o.budget_ms = std::max(1u, opts.budget_ms / 4);
  o.bound_at_cap = true;
  o.unprovable_nodes = o.one_input_unprovable_nodes = o.last_resort_unprovable_nodes = UINT64_MAX;
  // Anything within S is an answer (lighter on the ports or not); for the rest the levels run to
  // their end below it and the argument is made at it. Where that answer holds two instructions
  // of a group that has room for one below `block` (two vpshufb at 0.5 below 1 on Ice Lake), the
  // search runs again with that group's instructions dear: K times their throughput, K such that
  // two of them cost more than one and every other group's most (the sum then says "at most one").
  std::vector<std::pair<std::string, double>> weights;
  for (int attempt = 0; attempt < 3 && !past_deadline(opts); ++attempt) {
    o.port_weights = weights;
    const double cap = weighted_sum(loads, weights);
    o.cost_cap = cap + 2e-5;
    const SynthResult r = search_goal(goal, bits, names, o);
    if (r.cost == kInf || wrong_byte(r.program, goal)) {
      // (The bound of a search that found nothing keeps the tie-break's share: taken off.)
      constexpr double kTieBreakShare = 1e-6;
      out.proven = r.lower_bound * (1 - kTieBreakShare) > cap + 1e-5;
      return out;
    }
    if (program_cost(r.program, *opts.cpu).block_rthroughput < block - 1e-5) {
      out.lighter = r.program;
      return out;
    }
    // The group the answer takes twice that has room for one (not one made dear already).
    std::map<std::string_view, unsigned> taken;  // the answer's instructions per port group
    for (const std::string& id : asm_cost_ids(r.program))
      if (const auto c = instr_cost(*opts.cpu, id)) ++taken[c->ports];
    const GroupLoad* twice = nullptr;
    for (const GroupLoad& g : loads)
      if (g.most < 2 * g.least - 1e-9 && taken[g.ports] >= 2 &&
          std::none_of(weights.begin(), weights.end(), [&](const auto& w) { return w.first == g.ports; }))
        twice = &g;
    if (!twice) return out;
    const double rest = s - twice->most;
    weights = {{std::string(twice->ports), 1 + rest / (2 * twice->least - twice->most)}};
  }
  return out;
}

}  // namespace shufc::synth
