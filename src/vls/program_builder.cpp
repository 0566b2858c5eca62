// A sequence as a verified shufc Program (see program_builder.h).
#include "shufc/vls/program_builder.h"

#include <map>
#include <optional>
#include <tuple>
#include <stdexcept>

#include <fmt/format.h>

#include "shufc/sim.h"

namespace shufc::vls {

namespace {

// The same instruction on the same values twice (two shuffles lowered to a shared first step, as
// vunpcklpd for both halves of an interleave) is computed once; steps that no output needs go.
Program without_duplicates(const Program& p) {
  Program q;
  q.arch = p.arch;
  q.inputs = p.inputs;
  const unsigned k = unsigned(p.inputs.size());
  std::vector<unsigned> value(p.num_values());
  for (unsigned i = 0; i < k; ++i) value[i] = i;
  std::map<std::tuple<const isa::Instruction*, std::vector<unsigned>, uint64_t, std::vector<int>>, unsigned> seen;
  // Which steps an output needs, backwards.
  std::vector<bool> live(p.num_values(), false);
  for (unsigned o : p.outputs) live[o] = true;
  for (size_t j = p.steps.size(); j-- > 0;)
    if (live[k + j])
      for (unsigned a : p.steps[j].args) live[a] = true;
  for (size_t j = 0; j < p.steps.size(); ++j) {
    if (!live[k + j]) continue;
    Program::Step st = p.steps[j];
    for (unsigned& a : st.args) a = value[a];
    auto key = std::make_tuple(st.instr, st.args, st.imm, st.control);
    if (auto it = seen.find(key); it != seen.end()) {
      value[k + j] = it->second;
      continue;
    }
    st.name = fmt::format("t{}", q.steps.size());
    value[k + j] = q.num_values();
    seen.emplace(key, value[k + j]);
    q.steps.push_back(std::move(st));
  }
  for (unsigned o : p.outputs) q.outputs.push_back(value[o]);
  return q;
}

}  // namespace

Expected<Program> to_program(const Group& g, const Sequence& s, ShuffleLowering& lowering) {
  const unsigned w = s.type.num_elements, eb = s.type.element_bytes();
  Program p;
  p.arch = lowering.target().arch;
  std::map<unsigned, unsigned> value;  // abstract value -> Program value
  for (size_t k = 0; k < s.inputs.size(); ++k) {
    value[s.inputs[k]] = unsigned(k);
    p.inputs.push_back({fmt::format("{}{}", s.load ? "ld" : "val", k), s.type.bits()});
  }
  for (const Instruction& in : s.instructions) {
    if (in.kind != Instruction::Kind::Shuffle) continue;
    const ShuffleMask m{s.type, unsigned(in.sources.size()), in.mask};
    const Expected<Program>& piece = lowering.lower(m);
    if (!piece) return Error{fmt::format("no {} instructions for the shuffle %{} {}: {}", lowering.target().name, in.value, m.str(),
                                         piece.error().str())};
    std::vector<unsigned> args;
    for (unsigned src : in.sources) args.push_back(value.at(src));
    args.resize(piece->inputs.size());
    value[in.value] = splice(p, *piece, args);
  }
  for (unsigned r : s.results) p.outputs.push_back(value.at(r));
  p = without_duplicates(p);
  // The proof: every byte every result needs, from the right input byte.
  const auto labels = simulate_labels(p);
  if (!labels || labels->size() != p.outputs.size()) throw std::logic_error("vls: the Program does not simulate");
  auto expect = [&](unsigned out, unsigned lane, unsigned input, unsigned elem) {
    for (unsigned k = 0; k < eb; ++k) {
      const ByteLabel l = (*labels)[out].at(lane * eb + k);
      if (l.input != int(input) || l.byte != elem * eb + k)
        throw std::logic_error(fmt::format("vls: byte {} of lane {} of result {} is wrong", k, lane, out));
    }
  };
  for (unsigned a = 0; a < g.size(); ++a)
    for (unsigned i = 0; i < w; ++i) {
      const ElementPlace pl = s.places[a][i];
      if (s.load) expect(a, i, pl.chunk, pl.elem);
      else expect(pl.chunk, pl.elem, a, i);
    }
  return p;
}

}  // namespace shufc::vls

namespace shufc::vls {

Program join_programs(const std::vector<const Program*>& parts) {
  Program whole;
  std::vector<unsigned> first_input;  // of each part in `whole`
  for (const Program* p : parts) {
    whole.arch = p->arch;
    first_input.push_back(unsigned(whole.inputs.size()));
    for (const auto& in : p->inputs) {
      // ld0 of the second group becomes ld2 when the first had two loads.
      const std::string stem = in.name.substr(0, in.name.find_first_of("0123456789"));
      whole.inputs.push_back({fmt::format("{}{}", stem, whole.inputs.size()), in.bits});
    }
  }
  for (size_t k = 0; k < parts.size(); ++k) {
    const Program& p = *parts[k];
    std::vector<unsigned> value(p.num_values());
    for (unsigned i = 0; i < p.inputs.size(); ++i) value[i] = first_input[k] + i;
    for (size_t j = 0; j < p.steps.size(); ++j) {
      Program::Step st = p.steps[j];
      for (unsigned& a : st.args) a = value[a];
      st.name = fmt::format("t{}", whole.steps.size());
      value[p.inputs.size() + j] = whole.num_values();
      whole.steps.push_back(std::move(st));
    }
    for (unsigned o : p.outputs) whole.outputs.push_back(value[o]);
  }
  // Each output of the whole holds what the part's output held, from the part's inputs.
  const auto all = simulate_labels(whole);
  if (!all) throw std::logic_error("vls: the joined Program does not simulate");
  size_t out = 0;
  for (size_t k = 0; k < parts.size(); ++k) {
    const auto own = simulate_labels(*parts[k]);
    if (!own) throw std::logic_error("vls: a part of the joined Program does not simulate");
    for (const auto& bytes : *own) {
      for (size_t b = 0; b < bytes.size(); ++b) {
        ByteLabel want = bytes[b];
        if (want.input >= 0) want.input = int16_t(want.input + int(first_input[k]));
        if ((*all).at(out).at(b) != want) throw std::logic_error(fmt::format("vls: output {} of the joined Program is wrong", out));
      }
      ++out;
    }
  }
  return whole;
}

Expected<CompiledGroup> compile_group(const Group& g, CostClient& client, ShuffleLowering& lowering, Strategy strategy,
                                      Trace* trace) {
  std::vector<Strategy> tries = {strategy};
  if (strategy == Strategy::Best) {
    tries = {Strategy::Direct, Strategy::Radix2};
    if (merge_is_affordable(g)) tries.insert(tries.begin(), Strategy::SplitMerge);
    else if (trace) trace->line(2, "split/merge skipped: too many intermediate nodes or lanes");
  }
  std::optional<CompiledGroup> best;
  std::optional<Error> first_error;
  for (Strategy st : tries) {
    const bool merge = st == Strategy::SplitMerge;
    // The seed's trace is the split/merge one; the direct one is summarised.
    auto seq = get_sequence(g, client, st, merge || tries.size() == 1 ? trace : nullptr);
    std::optional<Expected<Program>> prog;
    if (seq) prog.emplace(to_program(g, *seq, lowering));
    const char* name = vls::name(st);
    if (!seq || !*prog) {
      const Error e = !seq ? seq.error() : prog->error();
      if (!first_error) first_error = e;
      if (trace) trace->line(2, "{}: none ({})", name, e.str());
      continue;
    }
    CompiledGroup c{std::move(*seq), std::move(**prog), 0, 0, {}};
    for (const Instruction& in : c.sequence.instructions) {
      if (in.kind == Instruction::Kind::Load) c.memory_cost += client.load_cost(in.type, in.masked());
      if (in.kind == Instruction::Kind::Store) c.memory_cost += client.store_cost(in.type, in.masked());
    }
    c.shuffle_cost = lowering.cost(c.program);
    const std::string line = fmt::format("{}: {} shuffle instructions, cost {:.2f}", name, c.program.steps.size(), c.cost());
    if (trace) trace->line(2, "{}", line);
    std::vector<std::string> considered = best ? best->considered : std::vector<std::string>{};
    considered.push_back(line);
    // Ties keep the seed's split/merge.
    if (!best || c.cost() < best->cost() - 1e-9) best = std::move(c);
    best->considered = std::move(considered);
  }
  if (!best) return *first_error;
  if (trace && tries.size() > 1)
    trace->line(2, "kept: {}", name(best->sequence.strategy));
  return std::move(*best);
}

}  // namespace shufc::vls
