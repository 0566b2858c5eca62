#include "register_split.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "goal.h"
#include "program_build.h"
#include "shufc/sim.h"

namespace shufc::synth {

namespace {
constexpr unsigned kMaxRegisters = 8;  // per operand and in the result
}

Expected<SynthResult> synth_registers(const std::vector<int>& goal, unsigned in_bits, unsigned out_bits, unsigned reg_bits,
                                      const std::vector<std::string>& names, const SynthOptions& opts) {
  const unsigned rb = reg_bits / 8, per_operand = in_bits / reg_bits, outs = out_bits / reg_bits;
  if (per_operand > kMaxRegisters || outs > kMaxRegisters)
    return Error{fmt::format("synth splits a shuffle into at most {} registers of {} bits per operand and result; this one "
                             "has operands of {} bits and a result of {}",
                             kMaxRegisters, reg_bits, in_bits, out_bits)};
  // Input registers by global id (operand * per_operand + r); per result register, the ones it reads.
  auto reg_of = [&](int l) { return unsigned(l / 256) * per_operand + unsigned(l % 256) / rb; };
  std::vector<std::vector<unsigned>> reads(outs);
  std::vector<unsigned> all;
  for (unsigned o = 0; o < outs; ++o) {
    for (unsigned j = 0; j < rb; ++j)
      if (const int l = goal[o * rb + j]; l >= 0) reads[o].push_back(reg_of(l));
    std::sort(reads[o].begin(), reads[o].end());
    reads[o].erase(std::unique(reads[o].begin(), reads[o].end()), reads[o].end());
    if (reads[o].size() > 2)
      return Error{fmt::format("result register {} (bytes {}..{}) reads {} input registers of {} bits; synth makes a register from "
                               "at most two",
                               o, o * rb, (o + 1) * rb - 1, reads[o].size(), reg_bits)};
    all.insert(all.end(), reads[o].begin(), reads[o].end());
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (all.empty()) return Error{"the shuffle reads no input value: it is a constant"};
  auto name_of = [&](unsigned reg) {
    const std::string& base = names[reg / per_operand];
    return per_operand == 1 ? base : fmt::format("{}_{}", base, reg % per_operand);
  };
  auto index_in = [](const std::vector<unsigned>& regs, unsigned reg) {
    return unsigned(std::find(regs.begin(), regs.end(), reg) - regs.begin());
  };

  SynthOptions sub = opts;
  sub.budget_ms = std::max(1u, opts.budget_ms / outs);
  sub.node_budget = std::max<uint64_t>(1, opts.node_budget / outs);
  std::vector<std::string> all_names;
  for (unsigned reg : all) all_names.push_back(name_of(reg));
  Program whole = inputs_only(opts, all_names, reg_bits);
  SynthResult r;
  r.optimal = outs == 1;
  r.levels = ~0u;
  for (unsigned o = 0; o < outs; ++o) {
    // A register of zero and undefined bytes reads nothing: it is made from the first input.
    std::vector<unsigned> regs = reads[o].empty() ? std::vector<unsigned>{all[0]} : reads[o];
    std::vector<int> part(rb);
    for (unsigned j = 0; j < rb; ++j) {
      const int l = goal[o * rb + j];
      part[j] = l < 0 ? l : int(label(int(index_in(regs, reg_of(l))), int(unsigned(l % 256) % rb)));
    }
    std::vector<std::string> part_names;
    std::vector<unsigned> at;  // the part's inputs as values of `whole`
    for (unsigned reg : regs) part_names.push_back(name_of(reg)), at.push_back(index_in(all, reg));
    auto s = synth_goal(part, reg_bits, part_names, sub);
    if (!s) return Error{fmt::format("result register {}: {}", o, s.error().message)};
    if (outs == 1) return s;
    whole.outputs.push_back(append(whole, s->program, at));
    r.optimal = r.optimal && s->optimal;
    r.lower_bound = std::max(r.lower_bound, s->lower_bound);
    r.port_bound = std::max(r.port_bound, s->port_bound);
    r.nodes += s->nodes, r.values += s->values, r.ms += s->ms, r.cpu_ms += s->cpu_ms;
    r.catalog_ms = std::max(r.catalog_ms, s->catalog_ms);
    r.budget_exhausted |= s->budget_exhausted;
    r.levels = std::min(r.levels, s->levels);
  }
  finish(whole);
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
  r.program = std::move(whole);
  r.cost = objective_cost(r.program, opts);
  // Any Program holds one for each output: none costs less than the dearest output alone.
  r.optimal = r.optimal || r.cost <= r.lower_bound + 1e-5;
  r.lower_bound = std::min(r.lower_bound, r.cost);
  return r;
}

}  // namespace shufc::synth
