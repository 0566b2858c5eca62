#include "register_split.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "goal.h"
#include "program_build.h"
#include "shared_values.h"
#include "shufc/emit.h"
#include "shufc/isa/registry.h"
#include "shufc/sim.h"

namespace shufc::synth {

namespace {
constexpr unsigned kMaxRegisters = 8;  // per operand and in the result
constexpr unsigned kMaxParts = 4;      // of a result register reading more than two input registers

// Registers of reg_bits an operand or result of `bits` takes (the last one's low part may do).
unsigned registers_for(uint64_t bits, unsigned reg_bits) { return std::max(1u, unsigned((bits + reg_bits - 1) / reg_bits)); }

// Per result register, the input registers it reads (global ids: operand * per_operand + r).
std::vector<std::vector<unsigned>> result_reads(const std::vector<int>& goal, unsigned in_bits, unsigned out_bits,
                                                unsigned reg_bits) {
  const unsigned rb = reg_bits / 8, per_operand = registers_for(in_bits, reg_bits), outs = registers_for(out_bits, reg_bits);
  std::vector<std::vector<unsigned>> reads(outs);
  for (unsigned o = 0; o < outs; ++o) {
    for (unsigned j = 0; j < rb && o * rb + j < goal.size(); ++j)  // (past a narrower result: free)
      if (const int l = goal[o * rb + j]; l >= 0) reads[o].push_back(unsigned(l / 256) * per_operand + unsigned(l % 256) / rb);
    std::sort(reads[o].begin(), reads[o].end());
    reads[o].erase(std::unique(reads[o].begin(), reads[o].end()), reads[o].end());
  }
  return reads;
}
}  // namespace

bool split_fits(const std::vector<int>& goal, unsigned in_bits, unsigned out_bits, unsigned reg_bits, const SynthOptions& opts) {
  if (registers_for(in_bits, reg_bits) > kMaxRegisters || registers_for(out_bits, reg_bits) > kMaxRegisters) return false;
  for (const auto& r : result_reads(goal, in_bits, out_bits, reg_bits))
    if (r.size() > kMaxParts * 2 || (r.size() > 2 && !cheapest_or(opts, reg_bits).in)) return false;
  return true;
}

Expected<SynthResult> synth_registers(const std::vector<int>& whole_goal, unsigned in_bits, unsigned out_bits, unsigned reg_bits,
                                      const std::vector<std::string>& names, const SynthOptions& opts) {
  // An operand or result narrower than the register is its low part, and so is the rest of an
  // operand or result past its whole registers (a <24 x i8> load in xmm: 128 bits and the low 64
  // of the next); the rest of the result is free.
  const unsigned rb = reg_bits / 8, per_operand = registers_for(in_bits, reg_bits), outs = registers_for(out_bits, reg_bits);
  std::vector<int> goal = whole_goal;
  goal.resize(size_t(outs) * rb, kAnyByte);
  auto held_of = [&](unsigned reg) { return reg % per_operand == per_operand - 1 ? in_bits % reg_bits : 0u; };
  if (per_operand > kMaxRegisters || outs > kMaxRegisters)
    return Error{fmt::format("synth splits a shuffle into at most {} registers of {} bits per operand and result; this one "
                             "has operands of {} bits and a result of {}",
                             kMaxRegisters, reg_bits, in_bits, out_bits)};
  auto reg_of = [&](int l) { return unsigned(l / 256) * per_operand + unsigned(l % 256) / rb; };
  const std::vector<std::vector<unsigned>> reads = result_reads(goal, in_bits, out_bits, reg_bits);
  std::vector<unsigned> all;
  for (unsigned o = 0; o < outs; ++o) {
    if (reads[o].size() > kMaxParts * 2)
      return Error{fmt::format("result register {} (bytes {}..{}) reads {} input registers of {} bits; synth makes a register from "
                               "at most {}",
                               o, o * rb, (o + 1) * rb - 1, reads[o].size(), reg_bits, kMaxParts * 2)};
    all.insert(all.end(), reads[o].begin(), reads[o].end());
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (all.empty()) return Error{"the shuffle reads no input value: it is a constant"};
  auto name_of = [&](unsigned reg) { return register_input_name(names[reg / per_operand], reg % per_operand, per_operand); };
  // The Program's inputs are input registers (by name): each holds what its operand has there.
  auto narrow = [&](Program& p) {
    for (Program::Input& i : p.inputs)
      for (unsigned reg : all)
        if (name_of(reg) == i.name) i.held = held_of(reg);
    p.out_held = out_bits % reg_bits;
  };
  auto index_in = [](const std::vector<unsigned>& regs, unsigned reg) {
    return unsigned(std::find(regs.begin(), regs.end(), reg) - regs.begin());
  };
  const Chosen orr = cheapest_or(opts, reg_bits);
  // Objectives whose costs add up over a Program's parts (the tree's caps, below), and the least an
  // instruction of two registers costs under them.
  const bool additive = opts.objective == Objective::throughput || opts.objective == Objective::count;
  double least = opts.objective == Objective::count ? 1 : 0;
  if (opts.objective == Objective::throughput)
    if (const Chosen two = cheapest_record(opts, [&](const isa::Instruction& in, uint64_t) { return in.num_inputs == 2 && in.reg_bits == reg_bits; }); two.in)
      if (const auto c = instr_cost(*opts.cpu, two.in->id)) least = c->rthroughput;

  // Searches per result register: one, or one per part and grouping when it reads more than two
  // registers (below: three groupings of two parts for three registers, else one of pairs).
  unsigned searches = 0;
  for (unsigned o = 0; o < outs; ++o) {
    const unsigned k = unsigned(reads[o].size());
    searches += k <= 2 ? 1 : k == 3 ? 6 : (k + 1) / 2;
  }
  std::vector<std::string> all_names;
  for (unsigned reg : all) all_names.push_back(name_of(reg));
  Program whole = inputs_only(opts, all_names, reg_bits);
  SynthResult r;
  r.levels = ~0u;
  auto tally = [&](const SynthResult& s) { add_search_stats(r, s); };
  // Each search's budgets: an equal share of what the searches before it left (most end early).
  // The merge's and the join's searches (below) come on top of the count, with the share of one
  // more: they are tried after the parts, which then had their budgets.
  SynthOptions sub = opts;
  unsigned searches_left = searches;
  double parts_ms = 0;  // the parts' searches so far (part), and how many
  unsigned parts_done = 0;
  // Whether what is left of the budget is spent, beside what the parts still to come will take
  // (as long as those so far did, each): the alternatives (other groupings, the merge, the join)
  // then stop, and the parts every result register needs keep their time.
  auto spent = [&] {
    const double reserve = parts_done ? parts_ms / parts_done * searches_left : 0;
    return double(opts.budget_ms) - r.ms - reserve < 1 || past_deadline(opts);
  };
  auto share = [&](bool counted = true) -> const SynthOptions& {
    const unsigned n = counted ? std::max(1u, searches_left) : searches_left + 1;
    searches_left -= counted && searches_left > 0;
    sub.budget_ms = unsigned(std::max(1.0, (double(opts.budget_ms) - r.ms) / n));
    sub.node_budget = std::max<uint64_t>(1, (opts.node_budget - std::min(opts.node_budget, r.nodes)) / n);
    return sub;
  };
  // A group of input registers as a search's input names, and as values of `whole`.
  auto names_of = [&](const std::vector<unsigned>& group) {
    std::vector<std::string> n;
    for (unsigned reg : group) n.push_back(name_of(reg));
    return n;
  };
  auto values_of = [&](const std::vector<unsigned>& group) {
    std::vector<unsigned> v;
    for (unsigned reg : group) v.push_back(index_in(all, reg));
    return v;
  };
  // A search's options for result register o from the registers of `group`, placed in the whole
  // Program: its inputs in their registers there (the whole's inputs arrive in order), and the
  // registers of inputs a later result register reads held (SynthOptions::input_registers).
  // Not where an instruction takes its control in a fixed register (SSE4.1's pblendvb in xmm0):
  // the search prices moving input 0 out of it as where input 0 arrives there, and its bounds
  // count on that.
  const auto& target_instrs = isa::instructions_for(opts.target);
  const bool embeds = std::none_of(target_instrs.begin(), target_instrs.end(),
                                   [](const isa::Instruction* in) { return fixed_control_register(*in) >= 0; });
  auto embedded_in_whole = [&](const SynthOptions& o_share, unsigned o, const std::vector<unsigned>& group) {
    SynthOptions e = o_share;
    if (!embeds) return e;
    e.input_registers = values_of(group);
    e.held_registers.clear();
    for (unsigned later = o + 1; later < outs; ++later)
      for (unsigned reg : reads[later])
        if (const unsigned at = index_in(all, reg); !std::count(group.begin(), group.end(), reg) && !std::count(e.held_registers.begin(), e.held_registers.end(), at))
          e.held_registers.push_back(at);
    return e;
  };
  // Result register o's bytes from the registers of `group`, searched over those registers and
  // appended to `into`: its value there. A part to be or-ed (`others`) is zero where another
  // part's bytes go, and, but for the first part, where the result is undefined (an or of two
  // input bytes has no label for the simulator to check).
  auto part = [&](Program& into, unsigned o, const std::vector<unsigned>& group, bool others,
                  bool first) -> Expected<std::pair<unsigned, SynthResult>> {
    std::vector<int> want(rb);
    for (unsigned j = 0; j < rb; ++j) {
      const int l = goal[o * rb + j];
      const bool mine = l >= 0 && std::count(group.begin(), group.end(), reg_of(l));
      if (mine) want[j] = int(label(int(index_in(group, reg_of(l))), int(unsigned(l % 256) % rb)));
      else want[j] = others && (l >= 0 || (l == kAnyByte && !first)) ? kZeroByte : l;
    }
    auto s = synth_goal(want, reg_bits, names_of(group), embedded_in_whole(share(), o, group));
    if (!s) return Error{fmt::format("result register {}: {}", o, s.error().message)};
    parts_ms += s->ms, ++parts_done;
    return std::pair{append(into, s->program, values_of(group)), std::move(*s)};
  };
  // One search of the alternatives to or-ed parts (the merge, the join, the tree) on a share of
  // what is left beside the parts still to come, its work tallied: nullopt once that is spent
  // (unless `required`) or where nothing answers within `cap`.
  auto alternative = [&](const std::vector<int>& want, const std::vector<std::string>& names, double cap = kInf,
                         bool required = false) -> std::optional<SynthResult> {
    if (!required && spent()) return std::nullopt;
    SynthOptions o = share(false);
    o.cost_cap = std::min(o.cost_cap, cap);
    auto s = synth_goal(want, reg_bits, names, o);
    if (!s) return std::nullopt;
    tally(*s);
    return std::move(*s);
  };
  // Result register o from its registers merged in place, when their wanted bytes sit at distinct
  // places: each register blended into the merge of those before it (the wanted bytes where they
  // are, the rest free), then one shuffle of the merge (LLVM's two vblendps and a vpermps for a
  // stride-3 extract of floats, where parts of two registers take two shuffles and an or).
  auto merged = [&](const Program& from, unsigned o) -> std::optional<std::pair<Program, unsigned>> {
    const std::vector<unsigned>& regs = reads[o];
    std::vector<int> at_place(rb, -1);  // the register whose wanted byte sits at each place
    for (unsigned j = 0; j < rb; ++j)
      if (const int l = goal[o * rb + j]; l >= 0) {
        const unsigned q = unsigned(l % 256) % rb;
        if (at_place[q] >= 0 && at_place[q] != int(reg_of(l))) return std::nullopt;
        at_place[q] = int(reg_of(l));
      }
    Program trial = from;
    unsigned acc = index_in(all, regs[0]);
    for (unsigned i = 1; i < regs.size(); ++i) {
      std::vector<int> want(rb, kAnyByte);
      for (unsigned q = 0; q < rb; ++q)
        if (at_place[q] >= 0 && index_in(regs, unsigned(at_place[q])) <= i)
          want[q] = int(label(index_in(regs, unsigned(at_place[q])) == i ? 1 : 0, int(q)));
      auto s = alternative(want, {"m", name_of(regs[i])});
      if (!s) return std::nullopt;
      acc = append(trial, s->program, {acc, index_in(all, regs[i])});
    }
    std::vector<int> want(rb);
    for (unsigned j = 0; j < rb; ++j) {
      const int l = goal[o * rb + j];
      want[j] = l < 0 ? l : int(label(0, int(unsigned(l % 256) % rb)));
    }
    auto s = alternative(want, {"m"});
    if (!s) return std::nullopt;
    const unsigned value = append(trial, s->program, {acc});
    return std::pair{std::move(trial), value};
  };
  // Result register o from three or four registers as one two-input shuffle of two values, each
  // made of a pair of them (or one): the pair's wanted bytes in the order the result has them,
  // packed from byte 0 (LLVM's unpacks of two pairs and an unpack of those for a 4-way word
  // interleave; the pairs' values then serve the other result registers too: shared_values).
  auto joined = [&](const Program& from, unsigned o) -> std::optional<std::pair<Program, unsigned>> {
    const std::vector<unsigned>& regs = reads[o];
    const std::vector<std::vector<unsigned>> groups = {{regs[0], regs[1]}, std::vector<unsigned>(regs.begin() + 2, regs.end())};
    Program trial = from;
    std::vector<int> last(rb);
    unsigned value[2];
    for (unsigned j = 0; j < rb; ++j) last[j] = std::min(goal[o * rb + j], -1);
    for (unsigned g = 0; g < 2; ++g) {
      std::vector<int> want(rb, kAnyByte);
      unsigned n = 0;
      for (unsigned j = 0; j < rb; ++j) {
        const int l = goal[o * rb + j];
        if (l < 0 || !std::count(groups[g].begin(), groups[g].end(), reg_of(l))) continue;
        const int mine = int(label(int(index_in(groups[g], reg_of(l))), int(unsigned(l % 256) % rb)));
        const unsigned at = unsigned(std::find(want.begin(), want.begin() + n, mine) - want.begin());
        if (at == n) want[n++] = mine;
        last[j] = int(label(int(g), int(at)));
      }
      auto s = alternative(want, names_of(groups[g]));
      if (!s) return std::nullopt;
      value[g] = append(trial, s->program, values_of(groups[g]));
    }
    auto s = alternative(last, {"p", "q"});
    if (!s) return std::nullopt;
    const unsigned v = append(trial, s->program, {value[0], value[1]});
    return std::pair{std::move(trial), v};
  };
  // Result register o from its registers in a tree, every value at the result's places (the rest
  // of it free): each pair's part, then those parts and a register left over joined in twos,
  // each join one two-input shuffle that keeps the first value's bytes where they are (LLVM's
  // AVX-512 stride-5 extract: vpermi2d of two pairs, a masked move of the two, vpermi2d with the
  // fifth register). Each search is capped at what the best answer so far (`below`) leaves it,
  // less the least the searches after it add: it ends early where the tree cannot do better.
  // `required`: the register has no other answer (a target without an or at this width, the
  // budget spent before the merge found one): each search runs however little budget is left,
  // falling back as searches do (halves of a 256-bit goal), so the register still gets a Program.
  // (A chain, each register joined to the first pair's part as it is, took as long again on
  // AVX2's 4-way byte interleave and was never cheaper on the kernels.)
  auto joined_in_place = [&](const Program& from, unsigned o, double below, bool required) -> std::optional<std::pair<Program, unsigned>> {
    const std::vector<unsigned>& regs = reads[o];
    // What a value of the tree holds: the registers whose bytes it has at their result places
    // (the first value's line holds regs[0], and the result's zeros there too).
    struct Held {
      std::vector<unsigned> regs;
      unsigned value;
      bool placed;  // false: an input register as it is
    };
    Program trial = from;
    auto mine = [&](const std::vector<unsigned>& group, int l) { return l >= 0 && std::count(group.begin(), group.end(), reg_of(l)); };
    // Each search's answer joins two registers: one instruction at least, `least` or more.
    unsigned searches = unsigned(regs.size() / 2 + (regs.size() + 1) / 2 - 1);
    double left = below;  // (less the searches' costs so far)
    auto search = [&](const std::vector<int>& want, const std::vector<std::string>& names) -> std::optional<SynthResult> {
      const double cap = left - double(--searches) * least;
      if (!required && cap < least + kTie) return std::nullopt;
      auto s = alternative(want, names, cap, required);
      if (s) left -= s->cost;
      return s;
    };
    std::vector<Held> held;
    for (size_t i = 0; i < regs.size(); i += 2) {
      if (i + 1 == regs.size()) {
        held.push_back({{regs[i]}, index_in(all, regs[i]), false});
        break;
      }
      const std::vector<unsigned> group = {regs[i], regs[i + 1]};
      std::vector<int> want(rb, kAnyByte);
      for (unsigned j = 0; j < rb; ++j) {
        const int l = goal[o * rb + j];
        if (mine(group, l)) want[j] = int(label(int(index_in(group, reg_of(l))), int(unsigned(l % 256) % rb)));
        else if (i == 0 && l == kZeroByte) want[j] = kZeroByte;
      }
      auto s = search(want, names_of(group));
      if (!s) return std::nullopt;
      held.push_back({group, append(trial, s->program, values_of(group)), true});
    }
    while (held.size() > 1) {
      std::vector<Held> next;
      for (size_t i = 0; i < held.size(); i += 2) {
        if (i + 1 == held.size()) {
          next.push_back(held[i]);
          break;
        }
        const Held& x = held[i];
        const Held& y = held[i + 1];
        std::vector<int> want(rb, kAnyByte);
        for (unsigned j = 0; j < rb; ++j) {
          const int l = goal[o * rb + j];
          if (mine(x.regs, l) || (i == 0 && l == kZeroByte)) want[j] = int(label(0, int(j)));
          else if (mine(y.regs, l)) want[j] = int(label(1, int(y.placed ? j : unsigned(l % 256) % rb)));
        }
        auto s = search(want, {"m", y.placed ? "p" : name_of(y.regs[0])});
        if (!s) return std::nullopt;
        Held joined{x.regs, append(trial, s->program, {x.value, y.value}), true};
        joined.regs.insert(joined.regs.end(), y.regs.begin(), y.regs.end());
        next.push_back(std::move(joined));
      }
      held = std::move(next);
    }
    return std::pair{std::move(trial), held[0].value};
  };
  for (unsigned o = 0; o < outs; ++o) {
    if (reads[o].size() <= 2) {
      // A register of zero and undefined bytes reads nothing: it is made from the first input.
      auto made = part(whole, o, reads[o].empty() ? std::vector<unsigned>{all[0]} : reads[o], false, true);
      if (!made) return made.error();
      if (outs == 1) {
        narrow(made->second.program);
        return std::move(made->second);
      }
      whole.outputs.push_back(made->first);
      tally(made->second);
      r.lower_bound = std::max(r.lower_bound, made->second.lower_bound);
      r.port_bound = std::max(r.port_bound, made->second.port_bound);
      continue;
    }
    // More than two: parts of at most two registers each, zero where the others' bytes go, or-ed
    // (a stride-3 extract: RGB planes). The cheapest grouping of the registers in order, pairs
    // first, and for three registers also each one alone beside the other two; or the merge, the
    // join or the tree above, whichever costs least beside the registers before it. Not proven.
    std::optional<Program> best;
    double best_cost = 0;
    auto keep_cheaper = [&](Program trial, unsigned value) {
      trial.outputs.push_back(value);
      Program so_far = trial;  // (its cost beside the registers before it: values they share count once)
      finish(so_far);
      const double c = objective_cost(so_far, opts);
      if (!best || c < best_cost - kTie) best = std::move(trial), best_cost = c;
    };
    const std::vector<unsigned>& regs = reads[o];
    std::vector<std::vector<unsigned>> pairs;
    for (size_t i = 0; i < regs.size(); i += 2)
      pairs.emplace_back(regs.begin() + long(i), regs.begin() + long(std::min(i + 2, regs.size())));
    std::vector<std::vector<std::vector<unsigned>>> groupings = {pairs};
    if (regs.size() == 3) {
      groupings.push_back({{regs[0], regs[2]}, {regs[1]}});
      groupings.push_back({{regs[1], regs[2]}, {regs[0]}});
    }
    for (const auto& grouping : groupings) {
      if (!orr.in || (&grouping != &groupings[0] && spent())) break;
      Program trial = whole;
      unsigned acc = 0;
      for (size_t gi = 0; gi < grouping.size(); ++gi) {
        auto made = part(trial, o, grouping[gi], true, gi == 0);
        if (!made) return made.error();
        tally(made->second);
        if (gi == 0) acc = made->first;
        else trial.steps.push_back({"", orr.in, {acc, made->first}, orr.imm, {}}), acc = trial.num_values() - 1;
      }
      keep_cheaper(std::move(trial), acc);
    }
    if (auto m = merged(whole, o)) keep_cheaper(std::move(m->first), m->second);
    {
      // (Under latency its parts run side by side, and the busiest port group of the whole is
      // not the sum of the parts': no caps.)
      double below = kInf;
      if (best && additive) {
        Program before = whole;  // (the registers before this one)
        if (!before.steps.empty()) finish(before);
        below = best_cost - (before.steps.empty() ? 0.0 : objective_cost(before, opts));
      }
      if (auto m = joined_in_place(whole, o, below, false)) keep_cheaper(std::move(m->first), m->second);
    }
    if (regs.size() <= 4)
      if (auto m = joined(whole, o)) keep_cheaper(std::move(m->first), m->second);
    if (!best)
      if (auto m = joined_in_place(whole, o, kInf, true)) keep_cheaper(std::move(m->first), m->second);
    if (!best)
      return Error{fmt::format("result register {} reads {} input registers and {} has no or", o, reads[o].size(), opts.target.name)};
    whole = std::move(*best);  // (not proven: no bound for an or of parts)
  }
  finish(whole);
  // Registers made from one another's values, on what the searches above left of the budgets.
  {
    std::vector<std::vector<int>> goals(outs, std::vector<int>(rb));
    for (unsigned o = 0; o < outs; ++o)
      for (unsigned j = 0; j < rb; ++j) {
        const int l = goal[o * rb + j];
        goals[o][j] = l < 0 ? l : int(label(int(index_in(all, reg_of(l))), int(unsigned(l % 256) % rb)));
      }
    share_values(whole, goals, reg_bits, opts, double(opts.budget_ms) - r.ms,
                 opts.node_budget - std::min(opts.node_budget, r.nodes), r);
  }
  // The whole's own copies, which no register's search saw: a value one register's steps
  // overwrite that another register's output also is (SSE4.1's xorps and blendps into the zero
  // register both outputs hold: blendps into the input instead). Steps reordered and commuted
  // where that drops them.
  order_for_copies(whole);
  commute_for_copies(whole);
  // Never print an unverified Program: each output's bytes are the goal's.
  const auto labels = simulate_labels(whole);
  if (!labels || labels->size() != outs) throw std::logic_error("synth: the split Program does not simulate");
  for (unsigned o = 0; o < outs; ++o)
    for (unsigned j = 0; j < rb; ++j) {
      const int g = goal[o * rb + j];
      const ByteLabel l = (*labels)[o][j];
      const bool ok = g == kAnyByte || (g == kZeroByte ? l.input < 0
                                                       : l.input >= 0 && unsigned(l.input) == index_in(all, reg_of(g)) &&
                                                             l.byte == int(unsigned(g % 256) % rb));
      if (!ok) throw std::logic_error(fmt::format("synth: byte {} of result register {} is wrong", j, o));
    }
  narrow(whole);
  r.program = std::move(whole);
  r.cost = objective_cost(r.program, opts);
  // Any Program holds one for each output: none costs less than the dearest output alone (the
  // outputs of one or two registers; an or of parts has no bound).
  r.optimal = r.cost <= r.lower_bound + 1e-5;
  r.lower_bound = std::min(r.lower_bound, r.cost);
  return r;
}

std::string register_input_name(const std::string& base, unsigned r, unsigned per_operand) {
  return per_operand == 1 ? base : fmt::format("{}_{}", base, r);
}

SynthResult cheaper_of(SynthResult a, SynthResult b) {
  const double bound = std::min(a.lower_bound, b.lower_bound), port_bound = std::min(a.port_bound, b.port_bound);
  const uint64_t nodes = a.nodes + b.nodes, values = a.values + b.values;
  const double ms = a.ms + b.ms, cpu_ms = a.cpu_ms + b.cpu_ms, catalog_ms = std::max(a.catalog_ms, b.catalog_ms);
  const bool exhausted = a.budget_exhausted || b.budget_exhausted;
  const unsigned levels = std::min(a.levels, b.levels);
  SynthResult r = b.cost < a.cost - 1e-9 ? std::move(b) : std::move(a);
  r.lower_bound = std::min(bound, r.cost);
  r.port_bound = port_bound;
  r.optimal = r.optimal && r.cost <= bound + 1e-5;  // (proven in its registers, and no cheaper in the others)
  r.nodes = nodes, r.values = values, r.ms = ms, r.cpu_ms = cpu_ms, r.catalog_ms = catalog_ms;
  r.budget_exhausted = exhausted;
  r.levels = levels;
  return r;
}

}  // namespace shufc::synth
