#include "stages.h"

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <numeric>

#include "goal.h"
#include "place_matching.h"
#include "program_build.h"
#include "through_words.h"
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/sim.h"

namespace shufc::synth {

namespace {

// What a stage may cost where the whole may cost `cost` and the rest costs `spent`: its search's
// cap (SynthOptions::cost_cap), which ends it early where nothing is that cheap.
SynthOptions capped(const SynthOptions& sub, double cost, double spent) {
  SynthOptions o = sub;
  if (cost < kInf) o.cost_cap = std::max(0.0, cost - spent) + kTie;
  return o;
}

// `first`, then `second` reading its result.
Program followed_by(const Program& first, const Program& second) {
  Program prog = first;
  prog.outputs = {append(prog, second, {prog.outputs.at(0)})};
  finish(prog);
  return prog;
}

// A stage after `first` (of first_cost): `goal` in terms of first's result ("t": label(0, byte)),
// searched and appended. nullopt when the whole is dearer than `cost`.
std::optional<Program> stage_after(const Program& first, double first_cost, const std::vector<int>& goal, unsigned bits,
                                   const SynthOptions& sub, double cost) {
  auto second = synth_goal(goal, bits, {"t"}, capped(sub, cost, first_cost), true);
  if (!second || first_cost + second->cost > cost + kTie) return std::nullopt;
  return followed_by(first, second->program);
}

// The second stage's goal where the first leaves `made` (a label per byte, kAnyByte where it
// leaves none wanted): each goal byte from its nearest copy, in place, else in its 8-byte group,
// else in its 16-byte block, else anywhere. nullopt when a goal byte is not there.
std::optional<std::vector<int>> second_goal_of(const std::vector<int>& goal, const std::vector<int>& made) {
  std::vector<int> second_goal(goal.size(), kAnyByte);
  for (unsigned j = 0; j < goal.size(); ++j) {
    if (goal[j] < 0) {
      second_goal[j] = goal[j];
      continue;
    }
    auto distance = [&](unsigned p) { return p == j ? 0 : p / 8 == j / 8 ? 1 : p / 16 == j / 16 ? 2 : 3; };
    unsigned at = unsigned(goal.size());
    for (unsigned p = 0; p < goal.size(); ++p)
      if (made[p] == goal[j] && (at == goal.size() || distance(p) < distance(at))) at = p;
    if (at == goal.size()) return std::nullopt;
    second_goal[j] = int(label(0, int(at)));
  }
  return second_goal;
}

// Two stages, each searched on its own, the second reading the first one's result ("t"): the
// first makes `first` (a relaxation of the goal), the second puts each wanted byte where the goal
// wants it, from where the first left it. Clang lowers shuffles this way; the search's levels do
// not reach these shapes when the first stage ends in, or the second needs, four or more
// instructions or a programmable one in the middle. Correct by construction (synth_goal checks the
// whole Program), not proven optimal. nullopt when not cheaper than `cost`.
// second_stage: the second after a first one (searched, or built: shifted_merge) of first_cost;
// `known`, a second stage already searched for some goal (two_stages), is taken where the goal
// is the same.
std::optional<Program> second_stage(const std::vector<int>& goal, const Program& first, double first_cost, unsigned bits,
                                    const SynthOptions& sub, double cost,
                                    const std::pair<std::vector<int>, SynthResult>* known = nullptr) {
  const auto made = simulate_labels(first);
  if (!made || made->size() != 1) return std::nullopt;
  std::vector<int> labels(goal.size(), kAnyByte);
  for (unsigned p = 0; p < goal.size(); ++p)
    if (const ByteLabel l = (*made)[0][p]; l.input >= 0) labels[p] = int(label(l.input, l.byte));
  const auto second_goal = second_goal_of(goal, labels);
  if (!second_goal) return std::nullopt;
  if (!known || known->first != *second_goal) return stage_after(first, first_cost, *second_goal, bits, sub, cost);
  if (first_cost + known->second.cost > cost + kTie) return std::nullopt;
  return followed_by(first, known->second.program);
}

// The second stage is searched first, on `first` as laid out: what it costs caps the first
// stage's search (most layouts cannot be made cheaply enough: the cap ends that search early).
// `searched`, where given, keeps the second stage searched (for a built first stage of the same
// layout: second_stage's `known`).
using KnownStage = std::optional<std::pair<std::vector<int>, SynthResult>>;
std::optional<Program> two_stages(const std::vector<int>& goal, const std::vector<int>& first_goal, unsigned bits,
                                  const std::vector<std::string>& names, const SynthOptions& sub, double cost,
                                  KnownStage* searched = nullptr) {
  KnownStage local;
  KnownStage& known = searched ? *searched : local;
  if (cost < kInf)
    if (auto second_goal = second_goal_of(goal, first_goal))
      if (auto second = synth_goal(*second_goal, bits, {"t"}, capped(sub, cost, 0), true))
        known.emplace(std::move(*second_goal), std::move(*second));
  auto first = synth_goal(first_goal, bits, names, capped(sub, cost, known ? known->second.cost : 0), false);
  if (!first || first->cost > cost + kTie) return std::nullopt;
  return second_stage(goal, first->program, first->cost, bits, sub, cost, known ? &*known : nullptr);
}

// The target's byte table lookups and variable byte blends of one register of `bits`.
struct ByteRecords {
  bool lookup = false;    // a lookup of one register's bytes (pshufb, vpshufb, tbl), in blocks or not
  bool spanning = false;  // one that reads the whole register (not AVX2's vpshufb at 256 bits)
  bool select = false;    // a variable blend of bytes (pblendvb)
  const isa::Instruction* in_blocks = nullptr;  // the cheapest lookup within 16-byte blocks
};
ByteRecords byte_records(const SynthOptions& opts, unsigned bits) {
  ByteRecords r;
  double in_blocks = kInf;
  for (const isa::Instruction* in : isa::instructions_for(opts.target)) {
    const auto c = instr_cost(*opts.cpu, in->id);
    if (!c) continue;
    r.select |= in->control.kind == isa::Control::Kind::Select && in->num_inputs == 2 && in->elem_bits == 8 && in->reg_bits == bits;
    if (in->control.kind == isa::Control::Kind::Table && in->num_inputs == 1 && in->moves_only() && in->elem_bits == 8 &&
        in->reg_bits == bits && in->in_bits(0) == bits && in->control.block_elems != 1) {
      r.lookup = true;
      r.spanning |= in->control.block_elems == 0 || in->control.block_elems * 8 >= bits;
      if (in->control.block_elems == 16 && c->rthroughput < in_blocks) r.in_blocks = in, in_blocks = c->rthroughput;
    }
  }
  return r;
}

// Each part (a goal with zeros where the other parts' bytes go) searched alone, spliced, and the
// results or-ed in order; nullopt where they cost more than `cost` together. `cap`: each part's
// search capped by what the parts before it leave; `zeros_last`: a part with zeros tried with
// them last too (where no byte lookup makes zeros as it places bytes).
std::optional<Program> or_of_parts(const std::vector<std::vector<int>>& parts, unsigned bits, const std::vector<std::string>& names,
                                   const SynthOptions& opts, const SynthOptions& sub, double cost, bool cap, bool zeros_last) {
  const Chosen orr = cheapest_or(opts, bits);
  if (!orr.in) return std::nullopt;
  // Each part's Programs: the one searched, and the one with its zeros last where cheaper alone.
  std::vector<std::vector<Program>> ways(parts.size());
  double spent = 0;
  for (size_t k = 0; k < parts.size(); ++k) {
    auto made = synth_goal(parts[k], bits, names, cap ? capped(sub, cost, spent) : sub, false);
    double least = made ? made->cost : kInf;
    if (made) ways[k].push_back(std::move(made->program));
    // A part's zeros may come last (its bytes placed, then a mask: SSE2's pshuflw, punpcklwd,
    // pand for a broadcast word beside the other input's), as the whole goal's stages try; not
    // where a byte lookup makes zeros as it places bytes (!zeros_last), nor where it loads the busiest ports
    // more than the part searched whole (more shuffles for fewer masks: a lower sum, more cycles
    // in llvm-mca).
    if (zeros_last && std::find(parts[k].begin(), parts[k].end(), kZeroByte) != parts[k].end()) {
      std::vector<int> free = parts[k];
      std::replace(free.begin(), free.end(), kZeroByte, kAnyByte);
      auto busiest = [&](const Program& p) { return program_cost(p, *opts.cpu).port_rthroughput; };
      if (auto z = two_stages(parts[k], free, bits, names, sub, std::min(least, cost - spent) - kTie))
        if (const double c = objective_cost(*z, opts);
            ways[k].empty() || (c < least - kTie && busiest(*z) <= busiest(ways[k][0]) + kTie)) {
          ways[k].push_back(std::move(*z));
          least = std::min(least, c);
        }
    }
    if (ways[k].empty() || (spent += least) > cost + kTie) return std::nullopt;
  }
  // Spliced, each way of each part (the copies a part's steps need depend on what the others
  // read: a part cheaper alone may cost more beside them), the cheapest kept.
  std::optional<Program> best;
  double best_cost = kInf;
  std::vector<size_t> pick(parts.size(), 0);
  for (;;) {
    std::vector<unsigned> inputs(names.size());
    std::iota(inputs.begin(), inputs.end(), 0u);
    Program prog = inputs_only(opts, names, bits);
    unsigned acc = 0;
    for (size_t k = 0; k < parts.size(); ++k) {
      const unsigned v = append(prog, ways[k][pick[k]], inputs);
      if (k > 0) prog.steps.push_back({"", orr.in, {acc, v}, orr.imm, {}});
      acc = k > 0 ? prog.num_values() - 1 : v;
    }
    prog.outputs = {acc};
    finish(prog);
    if (std::any_of(ways.begin(), ways.end(), [](const auto& w) { return w.size() > 1; })) {
      order_for_copies(prog);
      commute_for_copies(prog);
    }
    if (const double c = objective_cost(prog, opts); c < best_cost - kTie) best_cost = c, best = std::move(prog);
    size_t k = 0;
    while (k < parts.size() && ++pick[k] == ways[k].size()) pick[k++] = 0;
    if (k == parts.size()) break;
  }
  return best;
}

// By input: each input's bytes searched alone (zeros where the other's go), then or-ed: clang's
// SSE2 select of two shuffled inputs (pshufd, pshuflw on each, then pand / pandn / por). Undefined
// bytes are left to the first part (the second makes zeros there: no two bytes are or-ed).
std::optional<Program> by_input(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                const SynthOptions& opts, const SynthOptions& sub, double cost, bool zeros_last) {
  std::vector<std::vector<int>> parts = {goal, goal};
  for (size_t j = 0; j < goal.size(); ++j)
    for (int k = 0; k < 2; ++k) {
      int& g = parts[size_t(k)][j];
      if (g >= 0 ? g / 256 != k : g == kAnyByte && k == 1) g = kZeroByte;
    }
  return or_of_parts(parts, bits, names, opts, sub, cost, false, zeros_last);
}

// A blend that takes, byte by byte in place, the bytes `taken` from its patch argument and the
// rest from the other: a two-register record whose byte map keeps every byte in place (vpblendd,
// vpblendw, blendps by immediate), or a variable blend (vpblendvb, its control per element).
struct PatchBlend {
  const isa::Instruction* in;
  uint64_t imm;
  bool patch_first;          // the patch is the record's first argument
  std::vector<char> taken;   // bytes taken from the patch
  std::vector<int> control;  // a variable blend's
  double cost;               // the record alone under the objective (for pruning)
};

// The blends that take every byte of `miss` from the patch, each set of bytes taken once (at its
// cheapest), the fewest bytes first.
std::vector<PatchBlend> patch_blends(const std::vector<char>& miss, unsigned bits, const SynthOptions& opts) {
  const unsigned n = unsigned(miss.size());
  std::vector<PatchBlend> blends;
  for (const isa::Instruction* in : isa::instructions_for(opts.target)) {
    const auto c = instr_cost(*opts.cpu, in->id);
    if (!c || in->num_inputs != 2 || in->reg_bits != bits || in->in_bits(0) != bits || in->in_bits(1) != bits) continue;
    const double own = opts.objective == Objective::latency ? c->latency : opts.objective == Objective::count ? 1 : c->rthroughput;
    if (in->control.kind == isa::Control::Kind::Select) {
      const unsigned eb = in->elem_bits / 8;
      if (eb == 0 || n % eb || !instr_cost(*opts.cpu, control_load_id(*in))) continue;
      // (A select's control names each element's source: e from the first argument, elements
      // + e from the second, the patch.)
      const int elements = int(n / eb);
      std::vector<char> taken(n, 0);
      std::vector<int> control(size_t(elements), 0);
      for (int e = 0; e < elements; ++e) {
        bool patch = false;
        for (unsigned b = 0; b < eb; ++b) patch |= miss[unsigned(e) * eb + b] != 0;
        control[size_t(e)] = patch ? elements + e : e;
        for (unsigned b = 0; b < eb; ++b) taken[unsigned(e) * eb + b] = char(patch);
      }
      blends.push_back({in, 0, false, std::move(taken), std::move(control), own});
      continue;
    }
    if (in->programmable() || !isa::is_bytewise(*in) || in->value != isa::ValueOp::Move) continue;
    for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm) {
      const std::vector<isa::LaneSrc> m = isa::byte_map(*in, {imm, {}});
      if (m.size() != n) break;
      for (const bool patch_first : {false, true}) {
        const int patch = patch_first ? 0 : 1;
        std::vector<char> taken(n, 0);
        bool blend = true;
        for (unsigned j = 0; j < n && blend; ++j) {
          blend = m[j].elem == int(j) && (m[j].input == 0 || m[j].input == 1);
          taken[j] = char(blend && m[j].input == patch);
          blend &= taken[j] || !miss[j];
        }
        if (blend) blends.push_back({in, imm, patch_first, std::move(taken), {}, own});
      }
    }
  }
  auto bytes_taken = [](const PatchBlend& b) { return std::count(b.taken.begin(), b.taken.end(), 1); };
  std::stable_sort(blends.begin(), blends.end(), [&](const PatchBlend& x, const PatchBlend& y) {
    const auto tx = bytes_taken(x), ty = bytes_taken(y);
    return tx != ty ? tx < ty : x.cost < y.cost;
  });
  std::vector<PatchBlend> distinct;
  for (PatchBlend& b : blends)
    if (std::none_of(distinct.begin(), distinct.end(), [&](const PatchBlend& d) { return d.taken == b.taken; }))
      distinct.push_back(std::move(b));
  return distinct;
}

// Near-identity goals: input k holds most goal bytes in place; the others are patched in, each
// patch made by a search of its own and blended over what holds the rest: clang's vextracti128,
// vpsllq and vpblendvb for a v32i8 that takes one byte across lanes (2.17 on Skylake, where a
// mask, a lane permute, a lookup and an or take 2.83). Each blend's patch must hold the goal at
// every byte the blend takes (whole blocks for vpblendd), so each distinct set taken is a search
// (the fewest bytes first, three at most). The bytes input k misses are patched at once, or, where
// they come from both inputs (or zeros), one patch per source after another (vpermq b and a
// blend, then vextracti128 a, vpsllq and a blend: two one-input patches where the one of both
// inputs costs 4.17).
std::optional<Program> patched(const std::vector<int>& goal, unsigned k, unsigned bits, const std::vector<std::string>& names,
                               const SynthOptions& opts, const SynthOptions& sub, double cost) {
  const unsigned n = unsigned(goal.size());
  std::vector<int> source(n, -2);  // what input k misses at each byte: its input, -1 a zero; -2 none
  unsigned misses = 0, kept = 0;
  for (unsigned j = 0; j < n; ++j) {
    if (goal[j] == kAnyByte) continue;
    if (goal[j] == int(label(int(k), int(j)))) {
      ++kept;
      continue;
    }
    source[j] = goal[j] == kZeroByte ? -1 : goal[j] / 256;
    ++misses;
  }
  if (misses == 0 || kept < misses) return std::nullopt;  // not near input k
  std::vector<int> sources;
  for (int x : source)
    if (x != -2 && std::find(sources.begin(), sources.end(), x) == sources.end()) sources.push_back(x);
  std::vector<std::vector<int>> plans = {{-3}};  // -3: every byte k misses, at once
  if (sources.size() > 1) plans.push_back(sources);
  std::vector<unsigned> inputs(names.size());
  std::iota(inputs.begin(), inputs.end(), 0u);
  std::optional<Program> best;
  double best_cost = cost;
  for (const std::vector<int>& plan : plans) {
    Program prog = inputs_only(opts, names, bits);
    unsigned base = k;  // the value holding the goal where it is not patched yet
    double spent = 0;
    std::vector<char> done(n, 0);
    bool ok = true;
    for (size_t step = 0; step < plan.size() && ok; ++step) {
      std::vector<char> miss(n, 0);
      for (unsigned j = 0; j < n; ++j) miss[j] = source[j] != -2 && !done[j] && (plan[step] == -3 || source[j] == plan[step]);
      // The later patches' bytes are not this one's: the blend may take them or not.
      std::optional<Program> made_best;
      double made_cost = kInf;
      const PatchBlend* chosen = nullptr;
      const std::vector<PatchBlend> blends = patch_blends(miss, bits, opts);
      for (size_t b = 0; b < blends.size() && b < 3; ++b) {
        const PatchBlend& bl = blends[b];
        if (spent + bl.cost >= std::min(best_cost, spent + made_cost) - kTie) continue;
        std::vector<int> part(n, kAnyByte);
        for (unsigned j = 0; j < n; ++j)
          if (bl.taken[j]) part[j] = done[j] || source[j] == -2 || miss[j] ? goal[j] : kAnyByte;
        // (A byte taken from the patch that a later patch makes is left to it: any byte will do.)
        auto made = synth_goal(part, bits, names, capped(sub, best_cost, spent + bl.cost), false);
        if (!made || spent + made->cost + bl.cost > best_cost + kTie || made->cost + bl.cost >= made_cost - kTie) continue;
        made_cost = made->cost + bl.cost, made_best = std::move(made->program), chosen = &bl;
      }
      if (!chosen) {
        ok = false;
        break;
      }
      const unsigned t = append(prog, *made_best, inputs);
      const std::vector<unsigned> args = chosen->patch_first ? std::vector<unsigned>{t, base} : std::vector<unsigned>{base, t};
      prog.steps.push_back({"", chosen->in, args, chosen->imm, chosen->control});
      base = prog.num_values() - 1;
      spent += made_cost;
      for (unsigned j = 0; j < n; ++j) done[j] |= miss[j];
    }
    if (!ok) continue;
    prog.outputs = {base};
    finish(prog);
    if (wrong_byte(prog, goal)) continue;  // (built, not searched: checked before it is kept)
    const double c = objective_cost(prog, opts);
    if (c < best_cost - kTie || !best) best_cost = std::min(best_cost, c), best = std::move(prog);
  }
  return best;
}

// By displacement: the goal's bytes grouped by how far each moves (its place less its source
// place), each group a goal of its own (zeros where the others go), searched, then or-ed. Where
// the groups are few, each is one element shift of something cheap: SSE4.1's word swap in dwords
// with words of b blended in is `psrld b` (the high words down) or-ed with `pslld` of a `blendps`
// (the low words up), 1.67, where a variable blend and a lookup take 2.0. At most kMostGroups.
std::optional<Program> by_displacement(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                       const SynthOptions& opts, const SynthOptions& sub, double cost, bool zeros_last) {
  constexpr size_t kMostGroups = 3;
  std::vector<int> moves;  // the groups' displacements, in the order first met
  for (size_t j = 0; j < goal.size(); ++j)
    if (goal[j] >= 0) {
      const int d = int(j) - goal[j] % 256;
      if (std::find(moves.begin(), moves.end(), d) == moves.end()) moves.push_back(d);
    }
  if (moves.size() < 2) return std::nullopt;
  // Past kMostGroups, the bytes in place (a mask) and the rest (SSE2's broadcast byte beside a
  // few kept in place: the rest placed, masked, or-ed).
  const bool in_place_apart = moves.size() > kMostGroups;
  if (in_place_apart && std::find(moves.begin(), moves.end(), 0) == moves.end()) return std::nullopt;
  // (Zero bytes are the first group's, the others make zeros there too; so are undefined bytes:
  // two parts' bytes or-ed there would be no byte at all.)
  std::vector<std::vector<int>> parts(in_place_apart ? 2 : moves.size(), goal);
  for (size_t k = 0; k < parts.size(); ++k)
    for (size_t j = 0; j < goal.size(); ++j) {
      const int g = goal[j];
      const int d = g >= 0 ? int(j) - g % 256 : 0;
      if (g >= 0 ? (in_place_apart ? (d == 0) != (k == 0) : d != moves[k]) : g == kAnyByte && k > 0) parts[k][j] = kZeroByte;
    }
  return or_of_parts(parts, bits, names, opts, sub, cost, true, zeros_last);
}

// A mover last: the goal pulled back through an element shift (each byte from its place in the
// shift's argument, zeros where the shift fills them), searched, then the shift. For 128-bit
// goals whose bytes all stay in their 8-byte halves, where the shift's one instruction serves
// bytes of several parts: `psllw a`, a mask of b, `por`, then `psrlq` brings a2 and b4 to the
// first two places (LLVM's `<16 x i8> <2, 20, poison...>`), where shifting each part apart takes
// two shifts more. The shifts the goal's bytes' moves ask for, cheapest first.
std::optional<Program> mover_last(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                  const SynthOptions& opts, const SynthOptions& sub, double cost) {
  if (bits != 128 || goal.size() != 16 || cost >= kInf) return std::nullopt;  // (uncapped: a search per shift)
  std::vector<int> moves;  // the displacements of the goal's bytes
  for (unsigned j = 0; j < 16; ++j)
    if (const int g = goal[j]; g >= 0) {
      if (unsigned(g % 256) / 8 != j / 8) return std::nullopt;  // (crossing: one_crossing's)
      moves.push_back(int(j) - g % 256);
    }
  struct Mover {
    Chosen c;
    std::vector<isa::LaneSrc> map;
    double cost;
  };
  std::vector<Mover> movers;
  for (const isa::Instruction* in : isa::instructions_for(opts.target)) {
    if (in->num_inputs != 1 || in->programmable() || in->reg_bits != bits || in->in_bits(0) != bits || !isa::is_bytewise(*in)) continue;
    for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm) {
      std::vector<isa::LaneSrc> map = isa::byte_map(*in, {imm, {}});
      // A shift: every byte from its own 8-byte group, all by one displacement, zeros filling.
      int d = 0;
      bool shift = map.size() == 16, fills = false;
      for (unsigned j = 0; j < 16 && shift; ++j) {
        if (map[j].is_zero()) {
          fills = true;
          continue;
        }
        const int at = int(j) - map[j].elem;
        shift = unsigned(map[j].elem) / 8 == j / 8 && (d == 0 || at == d) && at != 0;
        d = at;
      }
      if (!shift || !fills || std::find(moves.begin(), moves.end(), d) == moves.end()) continue;
      Program one = inputs_only(opts, {"t"}, bits);
      one.steps.push_back({"", in, {0}, imm, {}});
      one.outputs = {1};
      const double c = objective_cost(one, opts);
      if (c >= cost) continue;
      auto same = std::find_if(movers.begin(), movers.end(), [&](const Mover& m) { return m.map == map; });
      if (same == movers.end()) movers.push_back({{in, imm}, std::move(map), c});
      else if (c < same->cost) *same = {{in, imm}, std::move(map), c};
    }
  }
  std::stable_sort(movers.begin(), movers.end(), [](const Mover& x, const Mover& y) { return x.cost < y.cost; });
  std::optional<Program> best;
  for (const Mover& m : movers) {
    if (m.cost >= cost || past_deadline(opts)) continue;
    std::vector<int> pulled(16, kAnyByte);
    bool ok = true;
    for (unsigned j = 0; j < 16 && ok; ++j) {
      const int g = goal[j];
      if (g == kAnyByte) continue;
      if (m.map[j].is_zero()) {
        ok = g == kZeroByte;
        continue;
      }
      int& p = pulled[size_t(m.map[j].elem)];
      ok = p == kAnyByte || p == g;
      p = g;
    }
    if (!ok || pulled == goal) continue;
    auto first = synth_goal(pulled, bits, names, capped(sub, cost, m.cost), false);
    if (!first || first->cost + m.cost > cost - kTie) continue;
    Program prog = first->program;
    prog.steps.push_back({"", m.c.in, {prog.outputs.at(0)}, m.c.imm, {}});
    prog.outputs = {prog.num_values() - 1};
    finish(prog);
    cost = first->cost + m.cost;
    best = std::move(prog);
  }
  return best;
}

// The inputs' wanted elements in one register, for a one-input shuffle to finish: each in place,
// and where both inputs want one position, the second one moved to a free position of its 8-byte
// group (an element shift away: psrlq, ushr), else to any free one. Elements are the widest the
// goal moves whole (a dword shuffle's dwords). nullopt when there are not enough positions.
std::optional<std::vector<int>> placed_merge(const std::vector<int>& goal) {
  const unsigned bytes = unsigned(goal.size());
  unsigned width = 8;  // the element size in bytes
  for (; width > 1; width /= 2) {
    bool whole = true;
    for (unsigned c = 0; c < bytes && whole; c += width) {
      int base = -1;  // the source element's first byte, as a label
      for (unsigned i = 0; i < width && whole; ++i) {
        const int g = goal[c + i];
        if (g < 0) continue;
        if ((g % 256) % int(width) != int(i)) whole = false;
        else if (base < 0) base = g - int(i);
        else whole = g - int(i) == base;
      }
    }
    if (whole) break;
  }
  const unsigned n = bytes / width;
  std::vector<int> at(n, -1);  // position -> source element label (its first byte)
  std::vector<int> later;
  for (unsigned c = 0; c < bytes; c += width) {
    int base = -1;
    for (unsigned i = 0; i < width && base < 0; ++i)
      if (goal[c + i] >= 0) base = goal[c + i] - int(i);
    if (base < 0 || std::find(at.begin(), at.end(), base) != at.end() ||
        std::find(later.begin(), later.end(), base) != later.end())
      continue;
    int& home = at[unsigned(base % 256) / width];
    if (home < 0) home = base;
    else later.push_back(base);
  }
  if (later.empty()) return std::nullopt;
  for (int base : later) {
    const unsigned e = unsigned(base % 256) / width, per_qword = std::max(1u, 8 / width);
    int slot = -1;
    for (unsigned p = e / per_qword * per_qword; p < (e / per_qword + 1) * per_qword && slot < 0; ++p)
      if (p < n && at[p] < 0) slot = int(p);
    for (unsigned p = 0; p < n && slot < 0; ++p)
      if (at[p] < 0) slot = int(p);
    if (slot < 0) return std::nullopt;
    at[size_t(slot)] = base;
  }
  std::vector<int> first(bytes, kAnyByte);
  for (unsigned p = 0; p < n; ++p)
    if (at[p] >= 0)
      for (unsigned i = 0; i < width; ++i) first[p * width + i] = at[p] + int(i);
  return first;
}

// For a lookup within 16-byte blocks (AVX2's vpshufb) to finish: each block of one register
// holds every byte the goal takes in that block. A byte stays at its own place where that is in
// the block, a byte of another block goes to its own offset in this one (a lane swap or
// broadcast and a blend bring it: clang's vpermq, vpblendvb, vpshufb, 2.67 on Skylake where two
// lookups, a lane permute and an or take 3.33), else to any free place of the block; nullopt
// where no byte crosses blocks or a block has too few places.
std::optional<std::vector<int>> block_layout(const std::vector<int>& goal) {
  const unsigned bytes = unsigned(goal.size());
  if (bytes <= 16 || bytes > 64) return std::nullopt;
  bool crosses = false;
  for (unsigned j = 0; j < bytes; ++j) crosses |= goal[j] >= 0 && unsigned(goal[j] % 256) / 16 != j / 16;
  if (!crosses) return std::nullopt;
  // Each (byte, block) wanted is its own entry (a byte wanted in two blocks sits in each).
  for (const bool anywhere : {false, true}) {
    PlaceMatching m;
    for (unsigned j = 0; j < bytes; ++j) {
      const int g = goal[j];
      if (g < 0) continue;
      const unsigned block = j / 16, home = unsigned(g % 256);
      const uint64_t in_block = (bytes - 16 * block >= 16 ? uint64_t(0xFFFF) : 0) << (16 * block);
      const uint64_t at = uint64_t(1) << (16 * block + home % 16);
      m.add(g + 4096 * int(block), anywhere && home / 16 != block ? in_block : at);
    }
    if (auto layout = m.places(bytes)) {
      for (int& l : *layout)
        if (l >= 0) l %= 4096;
      return layout;
    }
  }
  return std::nullopt;
}

// The inputs' wanted bytes in one register where one input goes through an element shift: the
// other's bytes in place, the shifted one's where the shift puts them, at distinct places (a
// PlaceMatching). A shift and a variable blend make such a register, and one lookup finishes:
// vpsllq, vpblendvb, vpshufb (2.17 on Skylake) where two lookups and an or cost 2.33. The
// one-crossing argument found that a Program of this shape may be cheaper on 38 of the 62 AVX2
// byte shuffles (of 600 random ones) it left unproven. At most `most` layouts.
std::vector<std::vector<int>> shifted_blends(const std::vector<int>& goal, size_t most) {
  const unsigned bytes = unsigned(goal.size());
  std::vector<int> labels;
  for (int g : goal)
    if (g >= 0 && g < 2 * 256 && std::find(labels.begin(), labels.end(), g) == labels.end()) labels.push_back(g);
  std::vector<std::vector<int>> out;
  for (unsigned e : {8u, 4u, 2u})
    for (unsigned k = 1; k < e; ++k)
      for (int dir : {1, -1})
        for (int shifted = 0; shifted < 2 && out.size() < most; ++shifted) {
          // Each byte in place, or, for the shifted input, where the shift moves it within its
          // element (nowhere when it leaves the element).
          PlaceMatching m;
          for (int g : labels) {
            const int s = g % 256, to = s + dir * int(k);
            if (g / 256 != shifted) m.add(g, uint64_t(1) << s);
            else m.add(g, to / int(e) == s / int(e) && to >= 0 && to < int(bytes) ? uint64_t(1) << to : 0);
          }
          static_assert(kAnyByte == -1);  // (a place without a byte is free)
          if (auto layout = m.places(bytes)) out.push_back(std::move(*layout));
        }
  return out;
}

// For a two-input goal past one 16-byte block where lookups stay within blocks (AVX2's vpshufb):
// the inputs' wanted bytes merged into one register first, each in its own block, then a
// one-input shuffle finishes (vpshufb, vperm2f128, vpshufb, vpor: 5.67 on Skylake where each
// input's lane-crossing lookups, or-ed, take 7). The merge is built directly (a sub-search does
// not reach it): a lookup of each input, or a mask of one whose bytes stay at their places, and
// an or. The layouts: one input's bytes in place and the other's anywhere in their blocks
// (vpand, vpshufb, vpor: 5.17), else every byte at the goal's offset in its own block (a lane
// swap and a blend may then finish), else all anywhere in their blocks. Empty where no block
// has room for its bytes, or without `lookup` (the target's cheapest within 16-byte blocks).
std::vector<Program> blocks_merged(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                   const SynthOptions& opts, const isa::Instruction* lookup) {
  const unsigned bytes = unsigned(goal.size());
  if (names.size() != 2 || bytes <= 16 || bytes > 64) return {};
  const Chosen orr = cheapest_or(opts, bits);
  const isa::Instruction* mask = cheapest_byte_mask(opts, bits).in;
  if (!lookup || !orr.in) return {};
  // A layout: per goal label, where it may sit. at_offset: at a goal place's offset in its own
  // block; in_place (input 0 or 1): that input's bytes at their own places.
  auto layout_of = [&](bool at_offset, int in_place) {
    PlaceMatching m;
    for (unsigned j = 0; j < bytes; ++j) {
      const int g = goal[j];
      if (g < 0) continue;
      const unsigned s = unsigned(g % 256), block = s / 16;
      m.add(g, g / 256 == in_place ? uint64_t(1) << s
               : at_offset         ? uint64_t(1) << (16 * block + j % 16)
                                   : uint64_t(0xFFFF) << (16 * block));
    }
    return m.places(bytes);
  };
  // (The cheaper merges first: what they cost caps the searches after them. The goal's offsets
  // only where neither input's bytes can stay in place: on 180 random 256-bit AVX2 masks they
  // made no answer cheaper beside them.)
  std::vector<std::vector<int>> layouts;
  for (int k : {0, 1})
    if (auto l = mask ? layout_of(false, k) : std::nullopt) layouts.push_back(std::move(*l));
  if (layouts.empty())
    if (auto l = layout_of(true, -1)) layouts.push_back(std::move(*l));
  if (layouts.empty())
    if (auto l = layout_of(false, -1)) layouts.push_back(std::move(*l));
  std::vector<Program> out;
  for (const std::vector<int>& layout : layouts) {
    Program prog = inputs_only(opts, names, bits);
    int acc = -1;
    for (unsigned k = 0; k < 2 && acc != -2; ++k) {
      std::vector<int> control(bytes, -1);
      bool any = false, in_place = true;
      for (unsigned p = 0; p < bytes; ++p)
        if (const int l = layout[p]; l >= 0 && l / 256 == int(k)) {
          control[p] = l % 256;
          any = true;
          in_place &= l % 256 == int(p);
        }
      if (!any) {  // (one input: the one-input stages' shapes)
        acc = -2;
        break;
      }
      if (in_place && mask) {
        for (unsigned p = 0; p < bytes; ++p) control[p] = control[p] >= 0 ? int(p) : -1;
        prog.steps.push_back({"", mask, {k}, 0, control});
      } else {
        prog.steps.push_back({"", lookup, {k}, 0, control});
      }
      const unsigned v = prog.num_values() - 1;
      if (acc >= 0) prog.steps.push_back({"", orr.in, {unsigned(acc), v}, orr.imm, {}});
      acc = int(prog.num_values() - 1);
    }
    if (acc < 0) continue;
    prog.outputs = {unsigned(acc)};
    finish(prog);
    out.push_back(std::move(prog));
  }
  return out;
}

// placed_merge's register built directly: each input's wanted bytes, shifted within their 8-byte
// group by an element shift where they were moved (psrlq, ushr), masked to zero where another
// part's bytes go (pand with a constant), all or-ed: logic and shift ports, no shuffle port.
// nullopt when a byte changes 8-byte group or the target lacks the shift, the mask or the or.
std::optional<Program> shifted_merge(const std::vector<int>& first, unsigned bits, const std::vector<std::string>& names,
                                     const SynthOptions& opts) {
  const unsigned bytes = unsigned(first.size());
  std::map<std::pair<int, int>, std::vector<unsigned>> parts;  // (input, shift in bytes) -> positions
  for (unsigned j = 0; j < bytes; ++j)
    if (const int g = first[j]; g >= 0) {
      const int s = g % 256;
      if (unsigned(s) / 8 != j / 8) return std::nullopt;
      parts[{g / 256, int(j) - s}].push_back(j);
    }
  const Chosen orr = cheapest_or(opts, bits);
  const isa::Instruction* mask = cheapest_byte_mask(opts, bits).in;
  if (!orr.in || !mask) return std::nullopt;
  Program prog = inputs_only(opts, names, bits);
  int acc = -1;
  for (const auto& [key, positions] : parts) {
    const auto [input, d] = key;
    // The shift: out byte j <- in byte j - d within its 8-byte group, zero coming in.
    std::vector<isa::LaneSrc> moved(bytes);
    for (unsigned j = 0; j < bytes; ++j) {
      const int s = int(j) - d;
      moved[j] = s >= 0 && unsigned(s) / 8 == j / 8 ? isa::LaneSrc::from(0, s) : isa::LaneSrc::zero();
    }
    unsigned v = unsigned(input);
    if (d != 0) {
      const Chosen sh = cheapest_record(opts, [&](const isa::Instruction& in, uint64_t imm) {
        return in.num_inputs == 1 && in.reg_bits == bits && in.in_bits(0) == bits && moves_as(in, imm, moved);
      });
      if (!sh.in) return std::nullopt;
      prog.steps.push_back({"", sh.in, {v}, sh.imm, {}});
      v = prog.num_values() - 1;
    }
    // Masked where another part's byte goes, and where no byte is wanted but in the first part
    // (two or-ed bytes have no label), unless this part's content is zero there already.
    std::vector<int> control(bytes);
    bool needed = false;
    for (unsigned j = 0; j < bytes; ++j) {
      const bool mine = std::find(positions.begin(), positions.end(), j) != positions.end();
      control[j] = mine || (first[j] < 0 && acc < 0) ? int(j) : -1;
      needed |= control[j] < 0 && !moved[j].is_zero();
    }
    if (needed) {
      prog.steps.push_back({"", mask, {v}, 0, control});
      v = prog.num_values() - 1;
    }
    if (acc >= 0) {
      prog.steps.push_back({"", orr.in, {unsigned(acc), v}, orr.imm, {}});
      v = prog.num_values() - 1;
    }
    acc = int(v);
  }
  if (acc < int(names.size())) return std::nullopt;  // one input in place: nothing to merge
  prog.outputs = {unsigned(acc)};
  finish(prog);
  return prog;
}

// A 128-bit goal of whole words of one input: that input, the words themselves (whole_elements)
// and per result half the input words it reads (bit w: word w) and the dwords they lie in (bit d).
// nullopt for any other goal.
struct HalfWords {
  int input = -1;
  std::vector<int> words;
  std::array<unsigned, 2> need{}, dwords{};
};
std::optional<HalfWords> half_words(const std::vector<int>& goal, unsigned bits) {
  const auto words = whole_elements(goal, 2);
  if (bits != 128 || !words) return std::nullopt;
  HalfWords h;
  h.words = *words;
  for (unsigned e = 0; e < 8; ++e) {
    const int w = h.words[e];
    if (w < 0) continue;
    if (h.input >= 0 && w / 256 != h.input) return std::nullopt;
    h.input = w / 256;
    h.need[e / 4] |= 1u << (w % 256 / 2);
    h.dwords[e / 4] |= 1u << (w % 256 / 4);
  }
  if (h.input < 0) return std::nullopt;
  return h;
}

// SSE2's one-input word shuffle where each result half takes words of at most two input dwords:
// a dword shuffle brings those dwords into that half, then one word shuffle per half places the
// words (pshufd, pshuflw, pshufhw: LLVM's lowering of such v8i16 shuffles), zero words by a mask
// after. Built, each step the cheapest record of its byte map: the levels find it only at their
// third, past a stage's nodes (a blend, then this, where a stage's search took four shuffles).
// nullopt where a half takes words of three dwords (words_pairs_words) or a record is missing.
std::optional<Program> dwords_then_words(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                         const SynthOptions& opts) {
  const auto hw = half_words(goal, bits);
  if (!hw || std::popcount(hw->dwords[0]) > 2 || std::popcount(hw->dwords[1]) > 2) return std::nullopt;
  const std::vector<int>& words = hw->words;
  std::array<std::vector<unsigned>, 2> dwords;  // per result half: the input dwords it reads, as first read
  for (unsigned e = 0; e < 8; ++e)
    if (const int w = words[e]; w >= 0) {
      auto& d = dwords[e / 4];
      if (std::find(d.begin(), d.end(), unsigned(w % 256 / 4)) == d.end()) d.push_back(unsigned(w % 256 / 4));
    }
  // The steps as byte maps (input 0 of each), the fewest first: per half, its dwords in either
  // order at its two places (a free place keeps its own dword); a step that moves nothing is left out.
  using Map = std::vector<isa::LaneSrc>;
  Map identity(16);
  for (unsigned j = 0; j < 16; ++j) identity[j] = isa::LaneSrc::from(0, int(j));
  std::optional<std::array<Map, 3>> best;
  size_t best_steps = 4;
  for (unsigned order = 0; order < 4; ++order) {
    std::array<int, 4> at = {0, 1, 2, 3};  // result dword -> input dword
    for (unsigned h = 0; h < 2; ++h) {
      std::vector<unsigned> d = dwords[h];
      if (order >> h & 1) std::reverse(d.begin(), d.end());
      for (size_t i = 0; i < d.size(); ++i) at[2 * h + i] = int(d[i]);
      if (d.size() == 1 && (order >> h & 1)) at[2 * h] = 2 * int(h), at[2 * h + 1] = int(d[0]);  // (the other place)
    }
    std::array<Map, 3> maps = {identity, identity, identity};
    for (unsigned j = 0; j < 16; ++j) maps[0][j] = isa::LaneSrc::from(0, at[j / 4] * 4 + int(j % 4));
    bool ok = true;
    for (unsigned e = 0; e < 8 && ok; ++e) {
      const int w = words[e];
      if (w < 0) continue;
      const unsigned half = e / 4;
      int from = -1;  // the word of the half after the dword step
      for (unsigned p = 2 * half; p < 2 * half + 2; ++p)
        if (at[p] == w % 256 / 4) from = int(p) * 2 + (w % 256 / 2) % 2;
      ok = from >= 0;
      for (unsigned k = 0; k < 2 && ok; ++k) maps[1 + half][e * 2 + k] = isa::LaneSrc::from(0, from * 2 + int(k));
    }
    if (!ok) continue;
    size_t steps = 0;
    for (const Map& m : maps) steps += m != identity;
    if (steps < best_steps) best_steps = steps, best = maps;
  }
  if (!best || best_steps < 2) return std::nullopt;  // (one step: the levels' own)
  Program prog = inputs_only(opts, names, bits);
  unsigned v = unsigned(hw->input);
  for (const Map& m : *best) {
    if (m == identity) continue;
    const Chosen c = cheapest_record(opts, [&](const isa::Instruction& in, uint64_t imm) {
      return in.num_inputs == 1 && in.reg_bits == bits && in.in_bits(0) == bits && moves_as(in, imm, m);
    });
    if (!c.in) return std::nullopt;
    prog.steps.push_back({"", c.in, {v}, c.imm, {}});
    v = prog.num_values() - 1;
  }
  prog.outputs = {v};
  if (std::find(goal.begin(), goal.end(), kZeroByte) != goal.end() && !mask_zeros(prog, goal, opts, bits)) return std::nullopt;
  finish(prog);
  return prog;
}

// Words within halves, then pairs of words, then words within halves: clang's SSE2 one-input
// word shuffle (pshuflw / pshufhw, pshufd, pshuflw / pshufhw), for 128-bit goals of whole words
// where a result half needs words of more than two input dwords (the levels' pshufd, then
// pshuflw and pshufhw, do the rest). The first stage pairs each input half's words as the result
// halves need them, the middle moves those pairs (dwords) whole, the last places the words; each
// searched. nullopt when no pairing serves or the whole is not cheaper than `cost`.
std::optional<Program> words_pairs_words(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                         const SynthOptions& sub, double cost) {
  const auto hw = half_words(goal, bits);
  if (!hw || (std::popcount(hw->dwords[0]) <= 2 && std::popcount(hw->dwords[1]) <= 2)) return std::nullopt;
  const int input = hw->input;
  const std::array<unsigned, 2>& need = hw->need;  // per result half: the source words it needs (bit w: word w)
  // Each input half's four words as two ordered pairs (of its words, maybe twice one); the four
  // pairs must cover each result half's words two at a time. The fewest halves rearranged, first
  // and last: a result half whose two pairs come in its order needs no last shuffle (LLVM's
  // pshuflw, pshufhw, pshufd, pshuflw where the last stage rearranges one half).
  std::vector<std::pair<unsigned, unsigned>> pairs;  // words (x, y) within a half, in that order
  for (unsigned x = 0; x < 4; ++x)
    for (unsigned y = 0; y < 4; ++y) pairs.push_back({x, y});
  // The goal's words per result half as input-half words (-1 free).
  std::array<std::array<int, 4>, 2> want{};
  for (unsigned e = 0; e < 8; ++e) want[e / 4][e % 4] = hw->words[e] < 0 ? -1 : hw->words[e] % 256 / 2;
  const std::pair<unsigned, unsigned> identity[2] = {{0u, 1u}, {2u, 3u}};
  // The score: halves rearranged first and last, then (a tie) first: the fewest searched stages.
  int best_score = 15;  // (3 x halves + first halves: 14 at most)
  std::array<std::pair<unsigned, unsigned>, 4> chosen{};  // pair p of the first stage's result (dword p)
  std::array<unsigned, 4> middle{};                       // result dword -> first-stage dword
  const size_t np = pairs.size();
  for (size_t a0 = 0; a0 < np; ++a0)
    for (size_t b0 = 0; b0 < np; ++b0) {
      const int changed0 = int(pairs[a0] != identity[0] || pairs[b0] != identity[1]);
      for (size_t a1 = 0; a1 < np; ++a1)
        for (size_t b1 = 0; b1 < np; ++b1) {
          const std::array<std::pair<unsigned, unsigned>, 4> p = {pairs[a0], pairs[b0], pairs[a1], pairs[b1]};
          const int changed = changed0 + int(p[2] != identity[0] || p[3] != identity[1]);
          int score = 4 * changed;
          if (score >= best_score) continue;
          std::array<unsigned, 4> words{};  // as source-word bits
          std::array<std::array<unsigned, 2>, 4> word_at{};  // each dword's two source words, in order
          for (unsigned d = 0; d < 4; ++d) {
            word_at[d] = {d / 2 * 4 + p[d].first, d / 2 * 4 + p[d].second};
            words[d] = 1u << word_at[d][0] | 1u << word_at[d][1];
          }
          std::array<unsigned, 4> mid{};
          bool ok = true;
          for (unsigned h = 0; h < 2 && ok; ++h) {
            int fix = 2;  // (2: no two dwords cover the half; 1: they do, out of order; 0: in order)
            for (unsigned x = 0; x < 4 && fix > 0; ++x)
              for (unsigned y = 0; y < 4 && fix > 0; ++y) {
                if ((need[h] & ~(words[x] | words[y])) != 0) continue;
                const unsigned at[4] = {word_at[x][0], word_at[x][1], word_at[y][0], word_at[y][1]};
                bool in_order = true;
                for (unsigned k = 0; k < 4; ++k) in_order &= want[h][k] < 0 || unsigned(want[h][k]) == at[k];
                if (int(!in_order) < fix) fix = int(!in_order), mid[2 * h] = x, mid[2 * h + 1] = y;
              }
            ok = fix < 2;
            score += 3 * fix;
          }
          if (ok && score < best_score) best_score = score, chosen = p, middle = mid;
        }
    }
  if (best_score == 15) return std::nullopt;
  const bool changed_first = chosen[0] != identity[0] || chosen[1] != identity[1] || chosen[2] != identity[0] ||
                             chosen[3] != identity[1];
  // The first stage's goal (the pairs), the middle's (the pairs where the result halves want them).
  std::vector<int> first(16), mid(16);
  auto word = [&](unsigned w) { return int(label(input, int(2 * w))); };
  for (unsigned d = 0; d < 4; ++d) {
    const unsigned x = d / 2 * 4 + chosen[d].first, y = d / 2 * 4 + chosen[d].second;
    first[4 * d] = word(x), first[4 * d + 1] = word(x) + 1, first[4 * d + 2] = word(y), first[4 * d + 3] = word(y) + 1;
  }
  for (unsigned d = 0; d < 4; ++d)
    for (unsigned k = 0; k < 4; ++k) mid[4 * d + k] = int(label(0, int(4 * middle[d] + k)));  // dwords whole
  Program start = inputs_only(sub, names, bits);
  start.outputs = {unsigned(input)};
  double start_cost = 0;
  if (changed_first) {
    auto r = synth_goal(first, bits, names, sub, false);
    if (!r || r->cost > cost + kTie) return std::nullopt;
    start = std::move(r->program), start_cost = r->cost;
  }
  auto paired = stage_after(start, start_cost, mid, bits, sub, cost);
  if (!paired) return std::nullopt;
  // The last stage places words within halves; zero words are masked after it (a pand), which
  // keeps that stage two instructions (pshuflw, pshufhw) the levels prove at once.
  const bool zeros = std::find(goal.begin(), goal.end(), kZeroByte) != goal.end();
  std::vector<int> placed = goal;
  std::replace(placed.begin(), placed.end(), kZeroByte, kAnyByte);
  auto prog = second_stage(placed, *paired, objective_cost(*paired, sub), bits, sub, cost);
  if (!prog || !zeros) return prog;
  if (!mask_zeros(*prog, goal, sub, bits)) return std::nullopt;
  finish(*prog);
  if (objective_cost(*prog, sub) > cost + kTie) return std::nullopt;
  return prog;
}

// Elements first: where each element of `width` bytes of the result takes its bytes from one
// element of that width of the inputs, in another order (a byte reverse, a byte swap in words),
// the first stage moves those elements whole, in their own byte order, to where the result's go
// (pshufd, pshuflw, pshufhw); the second then moves bytes within elements (psrlw, psllw, por).
// nullopt where the goal moves its elements whole already or some element gathers two.
std::optional<std::vector<int>> elements_first(const std::vector<int>& goal, unsigned width) {
  std::vector<int> first(goal.size(), kAnyByte);
  bool reordered = false;
  for (size_t c = 0; c < goal.size(); c += width) {
    int base = -1;  // the source element's first byte, as a label
    bool zeros = false;
    for (size_t i = 0; i < width; ++i) {
      const int g = goal[c + i];
      zeros |= g == kZeroByte;
      if (g < 0) continue;
      const int b = g - g % 256 % int(width);
      if (base >= 0 && b != base) return std::nullopt;
      base = b;
      reordered |= g != b + int(i);
    }
    for (size_t i = 0; i < width; ++i)  // (an element of zeros only stays zero)
      first[c + i] = base >= 0 ? base + int(i) : zeros ? kZeroByte : kAnyByte;
  }
  if (!reordered) return std::nullopt;
  return first;
}

}  // namespace

std::optional<Program> staged(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                              const SynthOptions& opts, const Program& found, double cost, double spent_ms,
                              bool by_block, bool proven) {
  if (spent_ms >= opts.budget_ms || past_deadline(opts)) return std::nullopt;
  SynthOptions sub = opts;
  sub.budget_ms = std::max(1u, unsigned((opts.budget_ms - spent_ms) / 6));  // up to six searches
  // A stage is a smaller shuffle than the whole, and only an answer is wanted of it, not a proof:
  // a hundredth of the nodes (the levels that prove take most of a search's time).
  sub.node_budget = std::max<uint64_t>(1, opts.node_budget / 100);
  sub.unprovable_nodes = sub.one_input_unprovable_nodes = opts.unprovable_nodes / 8;
  sub.last_resort_unprovable_nodes = opts.last_resort_unprovable_nodes / 8;
  std::optional<Program> best;
  // Cheaper under the objective, or as cheap and lighter on the busiest port group (an and, an
  // or and a pshufb spread over three ports where two pshufb queue on one).
  auto ports_of = [&](const Program& p) {
    const ProgramCost pc = program_cost(p, *opts.cpu);
    return by_block ? pc.block_rthroughput : pc.port_rthroughput;
  };
  double ports = cost < kInf && !found.outputs.empty() ? ports_of(found) : kInf;  // (none found: only a cap)
  auto keep = [&](std::optional<Program> p) {
    if (!p) return;
    // (Spliced parts run in the order of the fewest copies, as the search's answers do.)
    order_for_copies(*p);
    commute_for_copies(*p);
    const double c = objective_cost(*p, opts), q = ports_of(*p);
    const bool better = by_block ? q < ports - kTie || (q <= ports + kTie && c < cost - kTie)
                                 : c < cost - kTie || (c <= cost + kTie && q < ports - kTie);
    if (better) cost = c, ports = q, best = std::move(p);
  };
  // What a staged answer may cost (summed): under block throughput or latency (a critical path)
  // a dearer sum may cost less, so no cap.
  auto limit = [&] { return by_block || opts.objective == Objective::latency ? kInf : cost; };
  auto consider = [&](const std::vector<int>& first_goal) { keep(two_stages(goal, first_goal, bits, names, sub, limit())); };
  // Where one byte table lookup over the whole register (pshufb, vpermb, tbl) makes any
  // one-input part, the search's or step has tried the shapes by input (not AVX2's vpshufb at
  // 256 bits, in-lane, nor a pand with a constant, a table of blocks of one byte); with none at
  // all (SSE2), bytes move through words or within elements after them.
  const ByteRecords records = byte_records(opts, bits);
  const bool lookup = records.lookup, spanning_lookup = records.spanning, byte_select = records.select;
  // A second stage is a one-input shuffle: without a byte lookup (SSE2) its bytes go well only by
  // the stages' shapes (words, elements first: a byte reverse after a blend, 6.0 where its
  // bytes' masked parts or-ed take 32.7), so it runs them, once (their searches run none).
  sub.in_stage = true;
  sub.stages = opts.stages && !opts.in_stage && !lookup;
  if (!lookup) {
    for (unsigned width = 2; width < 16 && width < bits / 8; width *= 2)
      if (auto first = elements_first(goal, width)) consider(*first);
    keep(through_words(goal, bits, names, sub, limit()));
    keep(dwords_then_words(goal, bits, names, opts));
    keep(words_pairs_words(goal, bits, names, sub, limit()));
  }
  // (One input's bytes: with both, the blocks' bytes come from four places, not two.)
  const auto first_byte = std::find_if(goal.begin(), goal.end(), [](int g) { return g >= 0; });
  const bool one_source =
      std::all_of(goal.begin(), goal.end(), [&](int g) { return g < 0 || g / 256 == *first_byte / 256; });
  if (lookup && !spanning_lookup && one_source && !proven)
    if (auto layout = block_layout(goal)) consider(*layout);
  if (std::find(goal.begin(), goal.end(), kZeroByte) != goal.end()) {
    std::vector<int> free = goal;
    std::replace(free.begin(), free.end(), kZeroByte, kAnyByte);
    consider(free);
  }
  if (names.size() == 2) {
    std::vector<int> merged(goal.size(), kAnyByte);
    bool used[2] = {false, false}, clash = false;
    for (int g : goal)
      if (g >= 0) {
        int& m = merged[size_t(g % 256)];
        used[g / 256] = true;
        clash |= m >= 0 && m != g;
        m = g;
      }
    if (used[0] && used[1] && !clash) consider(merged);
    // Where positions clash and a variable blend of bytes exists: one input shifted, blended
    // with the other, one lookup after.
    if (used[0] && used[1] && clash && byte_select)
      for (const std::vector<int>& layout : shifted_blends(goal, 1)) consider(layout);
    // Also where positions clash: a few masked inputs, an element shift and an or on other ports
    // than the one shuffle after them (by block throughput), or blends and a shift before one
    // vpermd (summed: AVX2's v8i32:10,13,6,13,0,1,1,5, 2.17 where two vpermd and a blend take
    // 2.33; not on SSE2, where the one-input shuffle after is several, each on the shuffle port:
    // a lower sum, more cycles in llvm-mca; nor beside a proven answer, where only a tie could come
    // of it, for a search or two).
    // (Past 128 bits these merges' stages get a quarter of a stage's nodes each: five searches of
    // 256-bit one-input goals at 20,000 nodes doubled AVX2's p99.)
    SynthOptions merge_sub = sub;
    if (bits > 128) merge_sub.node_budget = std::max<uint64_t>(1, sub.node_budget / 4);
    if (used[0] && used[1] && clash && (by_block || (lookup && !proven)))
      if (auto placed = placed_merge(goal)) {
        KnownStage known;  // (the layout's second stage, searched once for both first stages)
        keep(two_stages(goal, *placed, bits, names, merge_sub, limit(), &known));
        if (auto built = shifted_merge(*placed, bits, names, opts))
          keep(second_stage(goal, *built, objective_cost(*built, opts), bits, merge_sub, limit(), known ? &*known : nullptr));
      }
    if (used[0] && used[1] && lookup && !spanning_lookup)
      for (const Program& merged_first : blocks_merged(goal, bits, names, opts, records.in_blocks))
        keep(second_stage(goal, merged_first, objective_cost(merged_first, opts), bits, merge_sub, limit()));
    // (Under latency also beside a whole-register lookup: the parts run side by side, so two
    // lookups and an or take two cycles where vpermt2b takes three.)
    if (used[0] && used[1] && (!spanning_lookup || opts.objective == Objective::latency))
      keep(by_input(goal, bits, names, opts, sub, limit(), !lookup));
  }
  // (Not beside a proven answer, where only a tie on lighter ports could come of them: a search
  // each, for little. Near-identity goals are not few among small masks: v2i64:0,3 is one.)
  if (!proven) {
    for (unsigned k = 0; k < names.size(); ++k) keep(patched(goal, k, bits, names, opts, sub, limit()));
    keep(by_displacement(goal, bits, names, opts, sub, limit(), !lookup));
    keep(mover_last(goal, bits, names, opts, sub, limit()));
  }
  return best;
}

}  // namespace shufc::synth
