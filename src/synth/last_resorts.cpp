#include "last_resorts.h"

#include <algorithm>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "goal.h"
#include "program_build.h"
#include "shufc/isa/registry.h"

namespace shufc::synth {

// The result from its two halves, each a shuffle of the inputs' halves (of up to four: then two
// searches, or-ed), put together with inserts: the last resort where no sequence at the full
// width was found (AVX has no 256-bit integer shuffle; AVX-512BW no byte shuffle across 128-bit
// lanes). The half searches share what is left of the budget; extracts, inserts and the or are the
// target's cheapest records that move those bytes. Correct by construction, not optimal.
std::optional<Program> halves(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                              const SynthOptions& opts, double spent_ms) {
  const unsigned h = bits / 2, hb = h / 8, k = unsigned(names.size());
  std::vector<isa::LaneSrc> hi_map, or_map;
  for (unsigned j = 0; j < hb; ++j) hi_map.push_back(isa::LaneSrc::from(0, int(hb + j)));
  const Chosen extract = cheapest_record(opts, [&](const isa::Instruction& in, uint64_t imm) {
    return in.reg_bits == h && in.num_inputs == 1 && in.in_bits(0) == bits && moves_as(in, imm, hi_map);
  });
  Chosen insert[2];
  for (unsigned q = 0; q < 2; ++q) {
    std::vector<isa::LaneSrc> m;
    for (unsigned j = 0; j < 2 * hb; ++j)
      m.push_back(j / hb == q ? isa::LaneSrc::from(1, int(j % hb)) : isa::LaneSrc::from(0, int(j)));
    insert[q] = cheapest_record(opts, [&](const isa::Instruction& in, uint64_t imm) {
      return in.reg_bits == bits && in.num_inputs == 2 && in.in_bits(0) == bits && in.in_bits(1) == h && moves_as(in, imm, m);
    });
  }
  const Chosen orr = cheapest_or(opts, h);
  if (!extract.in || !insert[0].in || !insert[1].in || !orr.in) return std::nullopt;

  Program prog = inputs_only(opts, names, bits);
  // Input i's half q as a value: the input itself for its low half (an instruction on h bits
  // reads the low part of a wider register), an extract for its high half.
  std::map<std::pair<unsigned, unsigned>, unsigned> source_value;
  auto source = [&](unsigned i, unsigned q) {
    if (q == 0) return i;
    auto [it, fresh] = source_value.try_emplace({i, q}, 0);
    if (fresh) {
      prog.steps.push_back({"", extract.in, {i}, extract.imm, {}});
      it->second = prog.num_values() - 1;
    }
    return it->second;
  };
  auto splice = [&](const Program& sub, const std::vector<unsigned>& args) {
    std::vector<unsigned> id(sub.num_values());
    for (size_t i = 0; i < sub.inputs.size(); ++i) id[i] = args[i];
    for (size_t j = 0; j < sub.steps.size(); ++j) {
      Program::Step st = sub.steps[j];
      for (unsigned& a : st.args) a = id[a];
      prog.steps.push_back(std::move(st));
      id[sub.inputs.size() + j] = prog.num_values() - 1;
    }
    return id[sub.outputs.at(0)];
  };
  // Each half: its sources in order of first use, in pairs (one search per pair).
  struct Part {
    std::vector<int> goal;
    std::vector<std::pair<unsigned, unsigned>> sources;
  };
  std::vector<Part> parts[2];
  for (unsigned q = 0; q < 2; ++q) {
    std::vector<std::pair<unsigned, unsigned>> used;
    bool any_fixed = false;
    for (unsigned j = 0; j < hb; ++j) {
      const int g = goal[q * hb + j];
      any_fixed |= g != kAnyByte;
      if (g < 0) continue;
      const std::pair<unsigned, unsigned> src{unsigned(g / 256), unsigned(g % 256) / hb};
      if (std::find(used.begin(), used.end(), src) == used.end()) used.push_back(src);
    }
    if (!any_fixed) continue;  // a free half
    if (used.empty()) used.push_back({0, 0});  // zeros only: any source will do
    for (size_t first = 0; first < used.size(); first += 2) {
      Part p;
      p.sources.assign(used.begin() + long(first), used.begin() + long(std::min(used.size(), first + 2)));
      for (unsigned j = 0; j < hb; ++j) {
        const int g = goal[q * hb + j];
        if (g < 0) {
          p.goal.push_back(g == kAnyByte && first == 0 ? kAnyByte : kZeroByte);
          continue;
        }
        const std::pair<unsigned, unsigned> src{unsigned(g / 256), unsigned(g % 256) / hb};
        const auto it = std::find(p.sources.begin(), p.sources.end(), src);
        p.goal.push_back(it == p.sources.end() ? kZeroByte : int(label(int(it - p.sources.begin()), g % 256 % int(hb))));
      }
      parts[q].push_back(std::move(p));
    }
  }
  const size_t searches = parts[0].size() + parts[1].size();
  SynthOptions sub = opts;
  sub.budget_ms = unsigned(std::max(1.0, (double(opts.budget_ms) - spent_ms) / double(std::max<size_t>(1, searches))));
  sub.node_budget = std::max<uint64_t>(1, opts.node_budget / std::max<size_t>(1, searches));
  int half_value[2] = {-1, -1};
  for (unsigned q = 0; q < 2; ++q) {
    for (const Part& p : parts[q]) {
      std::vector<std::string> sub_names;
      std::vector<unsigned> args;
      for (const auto& [i, part] : p.sources) {
        sub_names.push_back(fmt::format("{}_{}", names[i], part));
        args.push_back(source(i, part));
      }
      const Expected<SynthResult> r = synth_goal(p.goal, h, sub_names, sub);
      if (!r) return std::nullopt;
      const unsigned v = splice(r->program, args);
      if (half_value[q] < 0) {
        half_value[q] = int(v);
      } else {
        prog.steps.push_back({"", orr.in, {unsigned(half_value[q]), v}, orr.imm, {}});
        half_value[q] = int(prog.num_values() - 1);
      }
    }
  }
  // The low half into a full register, then the high half into it; an input whose low half is
  // already the result's needs no insert.
  unsigned acc = half_value[0] >= 0 && unsigned(half_value[0]) < k ? unsigned(half_value[0]) : 0;
  if (half_value[0] >= 0 && unsigned(half_value[0]) >= k) {
    prog.steps.push_back({"", insert[0].in, {acc, unsigned(half_value[0])}, insert[0].imm, {}});
    acc = prog.num_values() - 1;
  }
  if (half_value[1] >= 0) {
    prog.steps.push_back({"", insert[1].in, {acc, unsigned(half_value[1])}, insert[1].imm, {}});
    acc = prog.num_values() - 1;
  }
  if (acc < k) return std::nullopt;  // nothing to do: the search would have found it
  prog.outputs.push_back(acc);
  finish(prog);
  return prog;
}

// A table lookup that yields a register of `bits` from tables twice as wide, each an input
// widened by the target's cheapest record that keeps all its bytes (NEON: uxtl.8h, then tbl2.8b
// for a 64-bit byte shuffle: tbl reads 128-bit tables only). The last resort below the widest
// registers; correct by construction, not optimal.
std::optional<Program> widened_table(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                     const SynthOptions& opts) {
  const unsigned k = unsigned(names.size()), bytes = bits / 8;
  // The widening: every input byte lands somewhere in the wide register.
  auto places = [&](const isa::Instruction& in, uint64_t imm) {
    std::vector<int> at(bytes, -1);
    const std::vector<isa::LaneSrc> m = isa::byte_map(in, {imm, {}});
    for (size_t p = 0; p < m.size(); ++p)
      if (!m[p].is_zero() && at[size_t(m[p].elem)] < 0) at[size_t(m[p].elem)] = int(p);
    return at;
  };
  const Chosen widen = cheapest_record(opts, [&](const isa::Instruction& in, uint64_t imm) {
    if (in.reg_bits != 2 * bits || in.num_inputs != 1 || in.in_bits(0) != bits || !isa::is_bytewise(in)) return false;
    const std::vector<int> at = places(in, imm);
    return std::count(at.begin(), at.end(), -1) == 0;
  });
  if (!widen.in) return std::nullopt;
  const std::vector<int> place = places(*widen.in, widen.imm);
  // The inputs the goal reads, each widened once and given to the table in that order.
  std::vector<int> slot(k, -1);
  std::vector<unsigned> used;
  for (int g : goal)
    if (g >= 0 && slot[size_t(g / 256)] < 0) slot[size_t(g / 256)] = int(used.size()), used.push_back(unsigned(g / 256));
  if (used.empty()) return std::nullopt;  // zeros only: a search answers those
  const unsigned t = unsigned(used.size());
  const bool zeros = std::count(goal.begin(), goal.end(), kZeroByte) > 0;
  const isa::Instruction* table = nullptr;
  double best = kInf;
  for (const isa::Instruction* in : isa::instructions_for(opts.target)) {
    if (in->control.kind != isa::Control::Kind::Table || in->reg_bits != bits || in->num_inputs != t ||
        in->control.table_inputs != t || in->elem_bits != 8 || in->src_elem_bits != 8 || (zeros && !in->control.zeroing))
      continue;
    bool wide = true;
    for (unsigned i = 0; i < t; ++i) wide &= in->in_bits(i) == 2 * bits;
    const auto c = instr_cost(*opts.cpu, in->id);
    if (wide && c && c->rthroughput < best) table = in, best = c->rthroughput;
  }
  if (!table) return std::nullopt;
  std::vector<int> control(bytes);
  for (unsigned i = 0; i < bytes; ++i) {
    const int g = goal[i];
    control[i] = g == kZeroByte ? -1 : g == kAnyByte ? (table->control.zeroing ? -1 : 0)
                                                     : slot[size_t(g / 256)] * int(2 * bytes) + place[size_t(g % 256)];
  }
  if (!isa::accepts(*table, control)) return std::nullopt;
  Program prog = inputs_only(opts, names, bits);
  Program::Step r{"r", table, {}, 0, control};
  for (unsigned i : used) {
    prog.steps.push_back({fmt::format("t{}", prog.steps.size()), widen.in, {i}, widen.imm, {}});
    r.args.push_back(prog.num_values() - 1);
  }
  prog.steps.push_back(std::move(r));
  prog.outputs.push_back(prog.num_values() - 1);
  return prog;
}

}  // namespace shufc::synth
