// The stride engine end to end: L^N_k -> vectorized formula (DP) -> Program -> simulator check.
#include "shufc/stride/generate.h"

#include <chrono>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "shufc/synth.h"

namespace shufc::stride {

namespace {

constexpr unsigned kMaxVectors = 256;

bool power_of_two(unsigned v) { return v && !(v & (v - 1)); }

// What section 4.3 asks of the ISA for a solution to exist, as found in this mode.
std::string existence_report(const BaseLibrary& lib) {
  const unsigned nu = lib.set.mode.nu();
  auto has = [&](unsigned l, unsigned M, unsigned s, unsigned r) { return vectorize(lib, l, M, s, r).has_value(); };
  std::string s = fmt::format("L^{}_2: {}", 2 * nu, has(1, 2 * nu, 2, 1) ? "yes" : "no");
  if (nu >= 4) s += fmt::format(", L^{}_2: {}", nu, has(1, nu, 2, 1) ? "yes" : "no");
  if (nu >= 2) s += fmt::format(", L^4_2 (x) I_{}: {}", nu / 2, has(1, 4, 2, nu / 2) ? "yes" : "no");
  return s;
}

// No formula: every output vector as one synthesized shuffle of the (at most two) input vectors
// it reads, the pieces joined into one Program.
Expected<Program> by_synthesis(const Mode& mode, const std::vector<int>& perm, const CpuModel* cpu) {
  const unsigned nu = mode.nu(), n = unsigned(perm.size()) / nu;
  if (!cpu) cpu = find_cpu(mode.target.arch == isa::Arch::x86 ? "icelake-server" : "neoverse-n1");
  Program p;
  p.arch = mode.target.arch;
  for (unsigned i = 0; i < n; ++i) p.inputs.push_back({fmt::format("x{}", i), mode.reg_bits});
  const ElemType elem = ElemType::i(mode.elem_bits);
  for (unsigned o = 0; o < n; ++o) {
    std::vector<unsigned> regs;
    std::vector<int> mask;
    for (unsigned e = 0; e < nu; ++e) {
      const unsigned src = unsigned(perm[o * nu + e]), reg = src / nu;
      auto it = std::find(regs.begin(), regs.end(), reg);
      if (it == regs.end()) {
        if (regs.size() == 2) return Error{fmt::format("output vector {} reads more than two input vectors", o)};
        it = regs.insert(regs.end(), reg);
      }
      mask.push_back(int(it - regs.begin()) * int(nu) + int(src % nu));
    }
    bool identity = regs.size() == 1;
    for (unsigned e = 0; e < nu && identity; ++e) identity = mask[e] == int(e);
    if (identity) {
      p.outputs.push_back(regs[0]);
      continue;
    }
    ShuffleVector sv;
    sv.type = VecType{ElementCount::fixed(nu), elem};
    sv.v1 = Operand::value("%a");
    sv.v2 = regs.size() == 2 ? Operand::value("%b") : Operand::undef();
    sv.mask = mask;
    SynthOptions so{mode.target, cpu};
    so.loads_beside = false;  // the formula's pieces are costed by their summed reciprocal throughputs
    so.stages = false;
    so.split_registers = false;  // one output vector, spliced as one result of regs
    auto r = synthesize(sv, so);
    if (!r) return Error{fmt::format("output vector {}: {}", o, r.error().message)};
    // Splice: the piece's inputs are regs, its steps follow ours.
    const unsigned base = p.num_values(), k = unsigned(r->program.inputs.size());
    auto value = [&](unsigned v) { return v < k ? regs[v] : base + (v - k); };
    for (Program::Step s : r->program.steps) {
      for (unsigned& a : s.args) a = value(a);
      p.steps.push_back(std::move(s));
    }
    p.outputs.push_back(value(r->program.outputs[0]));
  }
  for (size_t i = 0; i < p.steps.size(); ++i) p.steps[i].name = fmt::format("t{}", i);
  return p;
}

}  // namespace

Expected<StrideResult> generate_stride(const BaseLibrary& lib, unsigned size, unsigned stride, const CpuModel* fallback_cpu) {
  const Mode& mode = lib.set.mode;
  const unsigned nu = mode.nu();
  if (size == 0 || stride == 0) return Error{"L^N_k needs N >= 1 and k >= 1"};
  if (size % stride) return Error{fmt::format("L^{}_{}: the stride {} does not divide the size {}", size, stride, stride, size)};
  if (size % nu)
    return Error{fmt::format("L^{}_{}: {} elements do not fill whole {}-way vectors ({} elements of {} bits in {}-bit registers)",
                             size, stride, size, nu, nu, mode.elem_bits, mode.reg_bits)};
  if (size / nu > kMaxVectors)
    return Error{fmt::format("L^{}_{} spans {} vectors; shufc generates stride permutations of at most {} vectors", size, stride,
                             size / nu, kMaxVectors)};
  const auto start = std::chrono::steady_clock::now();
  StrideResult r;
  r.size = size;
  r.stride = stride;
  r.vectors = size / nu;
  const std::vector<int> perm = evaluate(*L(size, stride));
  if (auto v = vectorize(lib, 1, size, stride, 1)) {
    r.formula = v->formula;
    r.cost = v->cost;
    r.memo_entries = v->memo_entries;
    r.program = to_program(*r.formula, mode, r.vectors);
  } else {
    const std::string why = fmt::format("no vectorized formula for L^{}_{} in {} from rules (12)-(22); section 4.3's "
                                        "conditions in this mode: {}",
                                        size, stride, mode.name(), existence_report(lib));
    auto p = by_synthesis(mode, perm, fallback_cpu);
    if (!p) return Error{fmt::format("{}. The synthesiser fallback failed too: {}", why, p.error().message)};
    r.program = std::move(*p);
    r.fallback = why;
    for (const auto& s : r.program.steps) r.cost += lib.set.c_of(*s.instr, s.instr->programmable());
  }
  if (auto wrong = check_program(r.program, perm, mode))
    throw std::logic_error(fmt::format("stride: the Program for L^{}_{} is wrong: {}", size, stride, *wrong));
  r.shuffles = unsigned(r.program.steps.size());
  for (const auto& s : r.program.steps) r.constants += s.instr->programmable();
  r.loads = r.stores = r.vectors;
  // Every output vector that is not an input vector needs an instruction of its own.
  unsigned moved = 0;
  for (unsigned o = 0; o < r.vectors; ++o) {
    const int first = perm[o * nu];
    bool same = first % int(nu) == 0;
    for (unsigned e = 1; e < nu && same; ++e) same = perm[o * nu + e] == first + int(e);
    moved += !same;
  }
  r.lower_bound = moved;
  r.bound = "one instruction per output vector that is no input vector";
  // Floyd (seed 002 (24)): L^{2ν}_k >= 2 for k != 1, 2ν; L_ν^{ν²} >= ν log2 ν, for
  // instructions of at most two vector inputs (all the stride engine uses).
  if (size == nu * nu && stride == nu && power_of_two(nu) && nu >= 2) {
    const unsigned floyd = nu * unsigned(std::log2(nu));
    if (floyd > r.lower_bound) {
      r.lower_bound = floyd;
      r.bound = "Floyd: nu log2 nu for L_nu^{nu^2} (seed 002 (24))";
    }
  }
  r.search_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace shufc::stride
