#include "program_build.h"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "goal.h"
#include "shufc/cost.h"
#include "shufc/emit.h"
#include "shufc/isa/registry.h"

namespace shufc::synth {

Chosen cheapest_record(const SynthOptions& o, const std::function<bool(const isa::Instruction&, uint64_t)>& fits) {
  Chosen best;
  double best_cost = kInf;
  for (const isa::Instruction* in : isa::instructions_for(o.target)) {
    const auto c = instr_cost(*o.cpu, in->id);
    if (!c || in->programmable() || c->rthroughput >= best_cost) continue;
    for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm)
      if (fits(*in, imm)) {
        best = {in, imm}, best_cost = c->rthroughput;
        break;
      }
  }
  return best;
}

Chosen cheapest_or(const SynthOptions& o, unsigned bits) {
  return cheapest_record(o, [&](const isa::Instruction& in, uint64_t) {
    return in.value == isa::ValueOp::BitOr && in.reg_bits == bits && in.num_inputs == 2 && in.in_bits(0) == bits && in.in_bits(1) == bits;
  });
}

Chosen cheapest_byte_mask(const SynthOptions& o, unsigned bits) {
  Chosen best;
  double best_cost = kInf;
  for (const isa::Instruction* in : isa::instructions_for(o.target)) {
    const auto c = instr_cost(*o.cpu, in->id);
    if (c && in->byte_mask() && in->num_inputs == 1 && in->reg_bits == bits && in->elem_bits == 8 && c->rthroughput < best_cost)
      best = {in, 0}, best_cost = c->rthroughput;
  }
  return best;
}

Program inputs_only(const SynthOptions& o, const std::vector<std::string>& names, unsigned bits) {
  Program p;
  p.arch = o.target.arch;
  for (const std::string& n : names) p.inputs.push_back({n, bits});
  return p;
}

bool mask_zeros(Program& p, const std::vector<int>& goal, const SynthOptions& o, unsigned bits) {
  const Chosen mask = cheapest_byte_mask(o, bits);
  if (!mask.in) return false;
  std::vector<int> control(goal.size());
  for (size_t j = 0; j < goal.size(); ++j) control[j] = goal[j] == kZeroByte ? -1 : int(j);
  p.steps.push_back({"", mask.in, {p.outputs.at(0)}, 0, control});
  p.outputs = {p.num_values() - 1};
  return true;
}

bool moves_as(const isa::Instruction& in, uint64_t imm, const std::vector<isa::LaneSrc>& want) {
  return isa::is_bytewise(in) && isa::byte_map(in, {imm, {}}) == want;
}

namespace {

// Drops the steps no output reads, and a step that repeats an earlier one (the same instruction
// on the same values: two spliced parts that each made the zero register) for that one.
void drop_dead_and_repeated_steps(Program& p) {
  const unsigned k = unsigned(p.inputs.size());
  std::vector<char> live(p.num_values(), 0);
  for (unsigned o : p.outputs) live[o] = 1;
  for (size_t j = p.steps.size(); j-- > 0;)
    if (live[k + j])
      for (unsigned a : p.steps[j].args) live[a] = 1;
  std::vector<unsigned> id(p.num_values());
  for (unsigned i = 0; i < k; ++i) id[i] = i;
  std::vector<Program::Step> kept;
  for (size_t j = 0; j < p.steps.size(); ++j) {
    if (!live[k + j]) continue;
    Program::Step st = std::move(p.steps[j]);
    for (unsigned& a : st.args) a = id[a];
    const auto same = std::find_if(kept.begin(), kept.end(), [&](const Program::Step& q) {
      return q.instr == st.instr && q.args == st.args && q.imm == st.imm && q.control == st.control;
    });
    if (same != kept.end()) {
      id[k + j] = unsigned(k + (same - kept.begin()));
      continue;
    }
    id[k + j] = unsigned(k + kept.size());
    kept.push_back(std::move(st));
  }
  p.steps = std::move(kept);
  for (unsigned& o : p.outputs) o = id[o];
}

}  // namespace

namespace {

size_t copies(const Program& p) {
  const auto ids = asm_cost_ids(p);
  return size_t(std::count_if(ids.begin(), ids.end(), [](const std::string& id) { return allocator_added(id); }));
}

// The immediate that makes `in` do with its arguments swapped what `imm` does (nullopt: none).
// Remembered per thread: finding it tries every immediate (256 of blendps's, shufps's), and the
// exact two- and three-step Programs ask for the same few thousands of times a search.
std::optional<uint64_t> mirror(const isa::Instruction& in, uint64_t imm) {
  if (in.value == isa::ValueOp::BitOr) return imm;
  if (in.programmable() || !in.moves_only() || in.imm_count == 0) return std::nullopt;
  thread_local std::map<std::pair<const isa::Instruction*, uint64_t>, std::optional<uint64_t>> known;
  const auto [it, fresh] = known.try_emplace({&in, imm});
  if (!fresh) return it->second;
  std::vector<isa::LaneSrc> want = isa::byte_map(in, {imm, {}});
  if (want.empty()) return std::nullopt;
  for (isa::LaneSrc& s : want)
    if (!s.is_zero()) s = isa::LaneSrc::from(1 - s.input, s.elem);
  for (uint64_t m = 0; m < in.imm_count; ++m)
    if (moves_as(in, m, want)) return it->second = m;
  return std::nullopt;
}

}  // namespace

void commute_for_copies(Program& p) {
  // (Nothing to swap without a step of two registers that overwrites one: no emitting to see.)
  if (std::none_of(p.steps.begin(), p.steps.end(), [](const Program::Step& st) {
        return st.args.size() == 2 && st.args[0] != st.args[1] && overwrites_an_operand(*st.instr);
      }))
    return;
  size_t now = copies(p);
  for (size_t s = 0; s < p.steps.size() && now > 0; ++s) {
    Program::Step& st = p.steps[s];
    if (st.args.size() != 2 || st.args[0] == st.args[1] || st.instr->num_inputs != 2 || !overwrites_an_operand(*st.instr)) continue;
    const auto m = mirror(*st.instr, st.imm);
    if (!m) continue;
    const Program::Step old = st;
    std::swap(st.args[0], st.args[1]);
    st.imm = *m;
    if (const size_t after = copies(p); after < now) now = after;
    else st = old;
  }
}

namespace {

// The longest Program whose every order fewest_copies_order tries (5! = 120 orders).
constexpr size_t kExactOrderSteps = 5;

// p with its steps in `order` (indices of p's steps, each after what it reads), the names kept by
// position.
Program reordered(const Program& p, const std::vector<size_t>& order) {
  const size_t k = p.inputs.size(), n = p.steps.size();
  std::vector<unsigned> id(p.num_values());
  for (unsigned v = 0; v < k; ++v) id[v] = v;
  for (size_t j = 0; j < n; ++j) id[k + order[j]] = unsigned(k + j);
  Program q = p;
  for (size_t j = 0; j < n; ++j) {
    q.steps[j] = p.steps[order[j]];
    q.steps[j].name = p.steps[j].name;
    for (unsigned& a : q.steps[j].args) a = id[a];
  }
  for (unsigned& o : q.outputs) o = id[o];
  return q;
}

// Every order the steps of a short Program may run in, each with its arguments swapped where that
// drops a copy (commute_for_copies), the one with the fewest copies kept (`now`: p's). The greedy
// order above misses some: `psrld b` and `blendps b, a` both overwrite b, which the other reads;
// only the blend first, swapped to `blendps a, b`, needs no copy.
void fewest_copies_order(Program& p, size_t now) {
  const size_t k = p.inputs.size(), n = p.steps.size();
  std::vector<size_t> order;
  std::vector<char> done(n, 0);
  std::optional<Program> best;
  auto ready = [&](const Program::Step& st) {
    return std::all_of(st.args.begin(), st.args.end(), [&](unsigned v) { return v < k || done[v - k]; });
  };
  auto visit = [&](auto&& self) -> void {
    if (now == 0) return;
    if (order.size() == n) {
      Program q = reordered(p, order);
      commute_for_copies(q);
      if (const size_t c = copies(q); c < now) now = c, best = std::move(q);
      return;
    }
    for (size_t s = 0; s < n; ++s) {
      if (done[s] || !ready(p.steps[s])) continue;
      done[s] = 1;
      order.push_back(s);
      self(self);
      order.pop_back();
      done[s] = 0;
    }
  };
  visit(visit);
  if (best) p = std::move(*best);
}

}  // namespace

void order_for_copies(Program& p) {
  const size_t k = p.inputs.size(), n = p.steps.size();
  // (Only a step that overwrites what a later step reads can be moved after that reader.)
  bool later = false;
  for (size_t s = 0; s < n && !later; ++s) {
    const Program::Step& st = p.steps[s];
    if (st.args.empty() || !overwrites_an_operand(*st.instr)) continue;
    for (size_t t = s + 1; t < n && !later; ++t)
      later = std::find(p.steps[t].args.begin(), p.steps[t].args.end(), st.args[0]) != p.steps[t].args.end();
  }
  if (!later || n < 2) return;
  const size_t before = copies(p);
  if (before == 0) return;
  // Pending readers of each value (a step reading it twice counts once).
  std::vector<unsigned> readers(p.num_values(), 0);
  auto each_arg = [&](const Program::Step& st, auto&& f) {
    for (size_t i = 0; i < st.args.size(); ++i)
      if (std::find(st.args.begin(), st.args.begin() + long(i), st.args[i]) == st.args.begin() + long(i)) f(st.args[i]);
  };
  for (const Program::Step& st : p.steps) each_arg(st, [&](unsigned v) { ++readers[v]; });
  for (unsigned o : p.outputs) ++readers[o];
  std::vector<char> done(n, 0);
  std::vector<size_t> order;
  auto ready = [&](const Program::Step& st) {
    return std::all_of(st.args.begin(), st.args.end(), [&](unsigned v) { return v < k || done[v - k]; });
  };
  while (order.size() < n) {
    size_t pick = n, first = n;
    for (size_t s = 0; s < n && pick == n; ++s) {
      if (done[s] || !ready(p.steps[s])) continue;
      if (first == n) first = s;
      const Program::Step& st = p.steps[s];
      // (What it overwrites no other pending step reads: no copy to keep it.)
      if (!overwrites_an_operand(*st.instr) || st.args.empty() || readers[st.args[0]] <= 1) pick = s;
    }
    if (pick == n) pick = first;
    done[pick] = 1;
    order.push_back(pick);
    each_arg(p.steps[pick], [&](unsigned v) { --readers[v]; });
  }
  size_t now = before;
  if (Program q = reordered(p, order); copies(q) < before) {
    p = std::move(q);
    now = copies(p);
  }
  if (now > 0 && n <= kExactOrderSteps) fewest_copies_order(p, now);
}

void finish(Program& p) {
  drop_dead_and_repeated_steps(p);
  for (size_t j = 0; j < p.steps.size(); ++j) p.steps[j].name = fmt::format("t{}", j);
  if (!p.steps.empty()) p.steps.back().name = "r";
}

unsigned append(Program& p, const Program& part, const std::vector<unsigned>& inputs) {
  const unsigned k = unsigned(part.inputs.size()), base = p.num_values();
  auto value = [&](unsigned v) { return v < k ? inputs.at(v) : base + v - k; };
  for (Program::Step st : part.steps) {
    for (unsigned& a : st.args) a = value(a);
    p.steps.push_back(std::move(st));
  }
  return value(part.outputs.at(0));
}

}  // namespace shufc::synth
