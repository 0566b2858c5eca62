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

#include <fmt/format.h>

#include "counted_programs.h"
#include "goal.h"
#include "shufc/cost.h"
#include "shufc/emit.h"
#include "shufc/isa/registry.h"

namespace shufc::synth {

namespace {

// A port group's most load below `block` (the largest sum of its reciprocal throughputs below it,
// each any number of times), its least reciprocal throughput, and how many instructions of it
// fit below `block` (at the least).
struct GroupLoad {
  std::string_view ports;
  double most, least;
  unsigned room = 0;
};

// (Below `block` by more than the tables' rounding: three instructions at 0.333333 on three
// ports are one cycle, not below it.)
// How many instructions taking `least` each fit below `below`, at most `most`.
unsigned fitting_below(double least, double below, unsigned most) {
  unsigned k = 0;
  while (k < most && double(k + 1) * least < below) ++k;
  return k;
}

std::vector<GroupLoad> group_loads(const CpuModel& cpu, double block, const std::set<std::string>* ids) {
  const double below = block - 1e-5;
  std::map<std::string_view, std::set<double>> groups;  // each port group's reciprocal throughputs below `block`
  for (const CostEntry& e : cpu.table)
    if (!e.cost.ports.empty() && e.cost.rthroughput > 0 && e.cost.rthroughput < below && (!ids || ids->count(std::string(e.id))))
      groups[e.cost.ports].insert(e.cost.rthroughput);
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
    GroupLoad g{ports, many ? block : double(*sums.rbegin()) * 1e-9, *rts.begin()};
    g.room = fitting_below(g.least, below, 64);
    loads.push_back(g);
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

// The cost ids a search over the target's `bits`-bit instructions may count: the instructions
// (Search::build_catalog takes no others), their control loads, the register copies.
std::set<std::string> catalog_ids(const isa::Target& target, unsigned bits) {
  std::set<std::string> ids = {fmt::format("copy.{}", bits)};
  for (const isa::Instruction* in : isa::instructions_for(target)) {
    if (in->reg_bits != bits || in->num_inputs > 2) continue;
    ids.insert(in->id);
    if (in->programmable()) ids.insert(control_load_id(*in));
  }
  return ids;
}

// A Program's instructions (its constant loads and copies too) per port group.
std::map<std::string_view, unsigned> per_group(const Program& p, const CpuModel& cpu) {
  std::map<std::string_view, unsigned> taken;
  for (const std::string& id : asm_cost_ids(p))
    if (const auto c = instr_cost(cpu, id)) ++taken[c->ports];
  return taken;
}

}  // namespace

double summed_below(const CpuModel& cpu, double block, const isa::Target* target, unsigned bits) {
  if (!target) return weighted_sum(group_loads(cpu, block, nullptr), {});
  const std::set<std::string> ids = catalog_ids(*target, bits);
  return weighted_sum(group_loads(cpu, block, &ids), {});
}

unsigned most_uops(double block, unsigned dispatch) {
  unsigned u = 0;
  while (double(u + 1) < (block - 1e-5) * double(dispatch) && u < MostCounts::kAny) ++u;
  return u;
}

MostCounts most_counts(const std::map<std::string, GroupUse>& groups, double block, unsigned dispatch) {
  auto room = [&](const GroupUse& g) { return fitting_below(g.least, block - 1e-5, MostCounts::kAny); };
  unsigned crossing = 0, movers = 0, lights = 0, others = 0, controls = 0;
  for (const auto& [ports, g] : groups) {
    const unsigned r = room(g);
    crossing += g.crossing ? r : 0;
    movers += g.mover ? r : 0;
    lights += g.light ? r : 0;
    others += g.mover || g.light ? r : 0;
    controls += g.controls ? r : 0;
  }
  MostCounts m;
  auto capped = [](unsigned n) { return std::min(n, MostCounts::kAny); };
  m.crossing = capped(crossing);
  m.movers_alone = capped(movers), m.lights_alone = capped(lights), m.others_alone = capped(others);
  m.controls = capped(controls);
  // Beside a crossing instruction: its group has one fewer for the rest (the most over its groups).
  m.movers = m.lights = m.others = 0;
  for (const auto& [ports, g] : groups)
    if (g.crossing && room(g) > 0) {
      m.movers = std::max(m.movers, capped(movers - (g.mover ? 1 : 0)));
      m.lights = std::max(m.lights, capped(lights - (g.light ? 1 : 0)));
      m.others = std::max(m.others, capped(others - (g.mover || g.light ? 1 : 0)));
    }
  if (dispatch > 0) {
    const unsigned u = most_uops(block, dispatch);
    m.uops = u;
    // Each instruction takes a uop at least, each control load one more (beside its instruction).
    m.crossing = std::min(m.crossing, u), m.controls = std::min(m.controls, u / 2);
    m.movers_alone = std::min(m.movers_alone, u), m.lights_alone = std::min(m.lights_alone, u);
    m.others_alone = std::min(m.others_alone, u);
    const unsigned beside = u > 0 ? u - 1 : 0;  // beside a crossing instruction
    m.movers = std::min(m.movers, beside), m.lights = std::min(m.lights, beside), m.others = std::min(m.others, beside);
  }
  return m;
}

namespace {

// The searches below the answer (ports_proof.h).
PortsProof search_rounds(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                         const SynthOptions& opts, const Program& answer, double block) {
  PortsProof out;
  const std::set<std::string> ids = catalog_ids(opts.target, bits);
  const std::vector<GroupLoad> loads = group_loads(*opts.cpu, block, &ids);
  const double s = weighted_sum(loads, {});
  const ProgramCost pc = program_cost(answer, *opts.cpu);
  bool below = pc.complete;
  for (const std::string& id : asm_cost_ids(answer))
    if (const auto c = instr_cost(*opts.cpu, id); !c || c->rthroughput >= block - 1e-5) below = false;
  // (Where the answer takes more of a group than it has room for below `block`, that group made
  // dear puts it past S: SSE4.1's psllq a and blendps with a, and the copy of a, two on ports
  // 0/1/5 with room for one.)
  const std::map<std::string_view, unsigned> in_answer = per_group(answer, *opts.cpu);
  // (Not a group whose sums below `block` were too many to list: its most is `block`.)
  auto countable = [&](const GroupLoad& g) { return double(g.room + 1) * g.least - g.most > 1e-6; };
  auto over = [&](const GroupLoad& g, const std::map<std::string_view, unsigned>& taken) {
    const auto t = taken.find(g.ports);
    return countable(g) && t != taken.end() && t->second > g.room;
  };
  const auto answer_over = std::find_if(loads.begin(), loads.end(), [&](const GroupLoad& g) { return over(g, in_answer); });
  // Where the answer is itself within S (SSE4.1's two pshufb and a por at 2 cycles: 3.33 summed
  // against S = 5.67), the search finds it or cheaper and proves nothing: it runs once, briefly,
  // for a cheaper Program lighter on the ports (AVX-512's vprolq, vblendps and vpshufd at 0.5
  // below two blends, a shift and vpshufb at 0.83).
  const bool within = below && pc.rthroughput <= s + 1e-5 && answer_over == loads.end();
  SynthOptions o = opts;
  o.objective = Objective::throughput;
  o.loads_beside = false;  // (a control load in its own group: added, as S counts it)
  o.rthroughput_below = block;
  o.stages = false;
  // (Nodes bound each round, so that what it finds does not depend on the machine's load; a
  // quarter of the time budget for every round together, the deadline kept, is the backstop.)
  o.node_budget = std::max<uint64_t>(1, opts.node_budget / 20);
  o.budget_ms = std::max(1u, opts.budget_ms / 4);
  o.deadline = std::min(opts.deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(o.budget_ms));
  o.bound_at_cap = true;
  o.unprovable_nodes = o.one_input_unprovable_nodes = o.last_resort_unprovable_nodes = UINT64_MAX;
  // Anything within S is an answer (lighter on the ports or not); for the rest the levels run to
  // their end below it and the argument is made at it. Where that answer holds more instructions
  // of a group than it has room for below `block` (two vpshufb at 0.5 below 1 on Ice Lake; three
  // logic instructions at 1/3), the search runs again with that group's instructions dear: K
  // times their throughput, K such that one more than its room costs more than its most and
  // every other group's most (the sum then counts them). Where it found nothing and proved
  // nothing, the sum let in Programs the argument cannot rule out, perhaps with two of a group
  // with room for one (SSE4.1's dword swap below 1 cycle: psrlq, psllq and por within S): the
  // next such group is made dear.
  std::vector<std::pair<std::string, double>> weights;
  std::set<std::string_view> tried;  // the groups made dear so far
  auto room_for_one = [&](const GroupLoad& g) { return g.room == 1 && countable(g) && !tried.count(g.ports); };
  auto make_dear = [&](const GroupLoad& g) {
    weights = {{std::string(g.ports), 1 + (s - g.most) / (double(g.room + 1) * g.least - g.most)}};
    tried.insert(g.ports);
  };
  // The groups with room for one in the order they are made dear where a search finds nothing:
  // those of crossing instructions first, and the first of them from the start. A Program that
  // moves bytes between halves holds one of those, and the search (and the one-crossing
  // argument) then rules out the rest of the group beside it (on Ice Lake below 1 cycle, vpshufb
  // and vpshuflw on ports 1/5: 250 ms unproven, or 1 ms proven).
  const std::map<std::string, GroupUse> uses = catalog_groups(bits, o);
  auto crossing = [&](const GroupLoad& g) {
    const auto u = uses.find(std::string(g.ports));
    return u != uses.end() && u->second.crossing;
  };
  std::vector<GroupLoad> order;
  for (const GroupLoad& g : loads)
    if (room_for_one(g)) order.push_back(g);
  std::stable_partition(order.begin(), order.end(), crossing);
  if (answer_over != loads.end()) make_dear(*answer_over);
  else if (!order.empty() && crossing(order[0])) make_dear(order[0]);
  for (int attempt = 0; attempt < (within ? 1 : 3) && !past_deadline(o); ++attempt) {
    o.port_weights = weights;
    const double cap = weighted_sum(loads, weights);
    o.cost_cap = cap + 2e-5;
    const SynthResult r = search_goal(goal, bits, names, o);
    if (r.cost == kInf || wrong_byte(r.program, goal)) {
      // (The bound of a search that found nothing keeps the tie-break's share: taken off.)
      constexpr double kTieBreakShare = 1e-6;
      out.proven = r.lower_bound * (1 - kTieBreakShare) > cap + 1e-5;
      const auto next = std::find_if(order.begin(), order.end(), room_for_one);
      if (out.proven || next == order.end()) return out;
      make_dear(*next);
      continue;
    }
    if (program_cost(r.program, *opts.cpu).block_rthroughput < block - 1e-5) {
      out.lighter = r.program;
      return out;
    }
    // A group the answer takes more of than it has room for (not one made dear already).
    const std::map<std::string_view, unsigned> taken = per_group(r.program, *opts.cpu);
    const auto again =
        std::find_if(loads.begin(), loads.end(), [&](const GroupLoad& g) { return !tried.count(g.ports) && over(g, taken); });
    if (again == loads.end()) return out;
    make_dear(*again);
  }
  return out;
}

}  // namespace

PortsProof ports_proof(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                       const SynthOptions& opts, const Program& answer, double block) {
  if (!opts.cpu || !(block > 0) || past_deadline(opts)) return {};
  PortsProof out = search_rounds(goal, bits, names, opts, answer, block);
  // Where the searches neither found a lighter Program nor proved none, the Programs below the
  // block may be few enough to enumerate (counted_programs.h).
  if (!out.proven && !out.lighter && !past_deadline(opts) && most_uops(block, opts.cpu->dispatch_width) <= kMostCountedUops) {
    SynthOptions o = opts;
    o.objective = Objective::throughput;
    o.rthroughput_below = block;
    o.stages = false;
    // (Its steps tried by the node budget, each much cheaper than a search node: about 0.2 s; half
    // the time budget the backstop, not reached on a machine twice as loaded.)
    o.deadline = std::min(opts.deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(1u, opts.budget_ms / 2)));
    const auto may = counted_below(goal, bits, o, block, opts.node_budget);
    out.proven = may.has_value() && !*may;
  }
  return out;
}

}  // namespace shufc::synth
