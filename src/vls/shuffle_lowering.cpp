// Lowering one abstract shuffle (see shuffle_lowering.h).
#include "shufc/vls/shuffle_lowering.h"

#include <stdexcept>

#include <fmt/format.h>

#include "shufc/sim.h"
#include "shufc/synth.h"

namespace shufc::vls {

namespace {

constexpr unsigned kMaxDepth = 8;  // halving a 64-lane mask bottoms out long before this

ShuffleVector as_shuffle_vector(const ShuffleMask& m) {
  ShuffleVector sv;
  sv.type = VecType{ElementCount::fixed(m.type.num_elements), ElemType::i(m.type.element_bits)};
  sv.v1 = Operand::value("%a");
  sv.v2 = m.num_sources > 1 ? Operand::value("%b") : Operand::undef();
  sv.mask = m.mask;
  return sv;
}

Program identity_program(const ShuffleMask& m, isa::Arch arch) {
  Program p;
  p.arch = arch;
  p.inputs.push_back({"a", m.type.bits()});
  p.outputs.push_back(0);
  return p;
}

}  // namespace

unsigned splice(Program& dst, const Program& piece, const std::vector<unsigned>& args) {
  if (args.size() != piece.inputs.size()) throw std::logic_error("vls splice: argument count");
  std::vector<unsigned> value(piece.num_values());
  for (size_t k = 0; k < args.size(); ++k) value[k] = args[k];
  for (size_t j = 0; j < piece.steps.size(); ++j) {
    Program::Step st = piece.steps[j];
    for (unsigned& a : st.args) a = value.at(a);
    st.name = fmt::format("t{}", dst.steps.size());
    value[piece.inputs.size() + j] = dst.num_values();
    dst.steps.push_back(std::move(st));
  }
  return value.at(piece.outputs.at(0));
}

bool computes(const Program& p, const ShuffleMask& m) {
  const auto labels = simulate_labels(p);
  if (!labels || labels->size() != 1) return false;
  const unsigned w = m.type.num_elements, eb = m.type.element_bytes();
  if ((*labels)[0].size() != size_t(w) * eb) return false;
  for (unsigned i = 0; i < w; ++i) {
    if (m.mask[i] < 0) continue;
    const unsigned src = unsigned(m.mask[i]) / w, elem = unsigned(m.mask[i]) % w;
    for (unsigned k = 0; k < eb; ++k) {
      const ByteLabel l = (*labels)[0][i * eb + k];
      if (l.input != int(src) || l.byte != elem * eb + k) return false;
    }
  }
  return true;
}

ShuffleLowering::ShuffleLowering(isa::Target target, const CpuModel& cpu, unsigned budget_ms)
    : target_(std::move(target)), cpu_(cpu), budget_ms_(budget_ms) {}

double ShuffleLowering::cost(const Program& p) const { return program_cost(p, cpu_).rthroughput; }

const Expected<Program>& ShuffleLowering::lower(const ShuffleMask& m) {
  const auto key = std::make_pair(m.num_sources, fmt::format("{}x{}:{}", m.type.num_elements, m.type.element_bits, m.str()));
  auto it = cache_.find(key);
  if (it == cache_.end()) it = cache_.emplace(key, build(m, 0)).first;
  return it->second;
}

Expected<Program> ShuffleLowering::build(const ShuffleMask& m, unsigned depth) {
  const unsigned w = m.type.num_elements;
  if (m.mask.size() != w) return Error{"vls: a mask of the wrong length"};
  if (m.num_sources == 1 && m.is_identity()) return identity_program(m, target_.arch);
  SynthOptions so{target_, &cpu_};
  so.budget_ms = budget_ms_;
  so.loads_beside = false;  // sequences are costed by their summed reciprocal throughputs
  so.stages = false;        // the outputs' Programs share contents
  so.split_registers = false;  // one result from the operands, as spliced below
  // The synthesiser checks its own answer and throws when it cannot; that shuffle is then
  // decomposed like one it found nothing for, and the failure is kept for --debug.
  auto r = [&]() -> Expected<SynthResult> {
    try {
      return synthesize(as_shuffle_vector(m), so);
    } catch (const std::logic_error& e) {
      synth_failures_.push_back(fmt::format("{}: {}", as_shuffle_vector(m).compact(), e.what()));
      return Error{fmt::format("no result from synth ({})", e.what())};
    }
  }();
  if (r) return r->program;
  // Only a search that came back empty is worth decomposing; a width the target lacks is not.
  const std::string why = r.error().str();
  if (depth >= kMaxDepth || (why.find("no ") != 0)) return r.error();
  ++decomposed_;
  // The lanes of each part, undefined elsewhere.
  auto part = [&](auto take) {
    ShuffleMask p{m.type, 1, std::vector<int>(w, -1)};
    for (unsigned i = 0; i < w; ++i)
      if (m.mask[i] >= 0 && take(i)) p.mask[i] = m.mask[i] % int(w);
    return p;
  };
  ShuffleMask lo, hi;
  if (m.num_sources == 2) {
    lo = part([&](unsigned i) { return m.mask[i] < int(w); });
    hi = part([&](unsigned i) { return m.mask[i] >= int(w); });
  } else {
    std::vector<unsigned> defined;
    for (unsigned i = 0; i < w; ++i)
      if (m.mask[i] >= 0) defined.push_back(i);
    if (defined.size() < 2) return r.error();
    const unsigned split = defined[defined.size() / 2];
    lo = part([&](unsigned i) { return i < split; });
    hi = part([&](unsigned i) { return i >= split; });
  }
  ShuffleMask blend{m.type, 2, std::vector<int>(w, -1)};
  for (unsigned i = 0; i < w; ++i)
    if (lo.mask[i] >= 0) blend.mask[i] = int(i);
    else if (hi.mask[i] >= 0) blend.mask[i] = int(w + i);
  auto plo = build(lo, depth + 1);
  if (!plo) return plo.error();
  auto phi = build(hi, depth + 1);
  if (!phi) return phi.error();
  auto pb = build(blend, depth + 1);
  if (!pb) return pb.error();
  Program p;
  p.arch = target_.arch;
  p.inputs.push_back({"a", m.type.bits()});
  if (m.num_sources == 2) p.inputs.push_back({"b", m.type.bits()});
  const unsigned a = splice(p, *plo, {0});
  const unsigned b = splice(p, *phi, {m.num_sources == 2 ? 1u : 0u});
  p.outputs.push_back(splice(p, *pb, {a, b}));
  if (!computes(p, m)) throw std::logic_error(fmt::format("vls: the decomposition of {} is wrong", m.str()));
  return p;
}

}  // namespace shufc::vls
