#include "through_words.h"

#include <algorithm>
#include <numeric>

#include "goal.h"
#include "program_build.h"

namespace shufc::synth {

std::optional<Program> through_words(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                     const SynthOptions& sub, double cost) {
  const unsigned bytes = bits / 8, half = bytes / 2;
  int input = -1;
  bool used[2] = {false, false};  // the input's halves the goal reads
  for (int g : goal) {
    if (g < 0) continue;
    if (input >= 0 && g / 256 != input) return std::nullopt;
    input = g / 256;
    used[unsigned(g % 256) / half] = true;
  }
  if (input < 0) return std::nullopt;
  // A goal of whole words (each its source word, in place) is a word shuffle already: going
  // through words would make it twice.
  if (whole_elements(goal, 2)) return std::nullopt;
  // The narrowing: out byte k <- word k's low byte of the first argument, out byte half + k <-
  // the second's, where the bytes it drops (the high ones) are zero.
  std::vector<isa::LaneSrc> packed(bytes);
  for (unsigned k = 0; k < bytes; ++k) packed[k] = isa::LaneSrc::from(int(k / half), int(2 * (k % half)));
  const Chosen pack = cheapest_record(sub, [&](const isa::Instruction& in, uint64_t imm) {
    if (in.num_inputs != 2 || in.reg_bits != bits || in.in_bits(0) != bits || in.in_bits(1) != bits) return false;
    const isa::ConditionalByteMap m = isa::conditional_byte_map(in, {imm, {}});
    if (!m.moves_bytes() || m.bytes != packed || !m.must_be_sign.empty()) return false;
    for (const isa::LaneSrc& z : m.must_be_zero)
      if (z.elem % 2 == 0) return false;  // it may rely on the high bytes only
    return true;
  });
  if (!pack.in) return std::nullopt;

  // Where every wanted byte sits at an even place (or every one at an odd place), one register
  // of words holds them all (pand with 0x00ff, or psrlw by 8: word k is byte 2k or 2k + 1),
  // else the input's two halves widened (punpcklbw / punpckhbw with the zero register: half q's
  // byte k in word k). LLVM's SSE2 byte broadcasts of even bytes: pand, word shuffles, packuswb.
  int parity = -1;
  for (int g : goal)
    if (g >= 0) parity = parity < 0 || parity == g % 2 ? g % 2 : 2;
  std::optional<Program> best;
  for (const bool by_parity : {false, true}) {
    if (by_parity && parity > 1) continue;
    Program prog = inputs_only(sub, names, bits);
    std::vector<unsigned> inputs(names.size());
    std::iota(inputs.begin(), inputs.end(), 0u);
    double spent = 0;
    auto search = [&](const std::vector<int>& g, const std::vector<std::string>& in_names,
                      const std::vector<unsigned>& args) -> std::optional<unsigned> {
      auto r = synth_goal(g, bits, in_names, sub, false);
      if (!r || (spent += r->cost) > cost + kTie) return std::nullopt;
      return append(prog, r->program, args);
    };
    // The widened registers (their words' high bytes zero), and where each input byte is in them.
    std::vector<std::string> wide_names;
    std::vector<unsigned> wide;  // their values
    bool missing = false;
    auto widen = [&](const std::vector<int>& w, const char* name) {
      const auto v = search(w, names, inputs);
      missing |= !v;
      if (v) wide.push_back(*v), wide_names.push_back(name);
    };
    if (by_parity) {
      std::vector<int> w(bytes);
      for (unsigned k = 0; k < half; ++k) w[2 * k] = int(label(input, int(2 * k) + parity)), w[2 * k + 1] = kZeroByte;
      widen(w, "w");
    } else {
      for (unsigned q = 0; q < 2 && !missing; ++q) {
        if (!used[q]) continue;
        std::vector<int> w(bytes);
        for (unsigned k = 0; k < half; ++k) w[2 * k] = int(label(input, int(q * half + k))), w[2 * k + 1] = kZeroByte;
        widen(w, q ? "hi" : "lo");
      }
    }
    if (missing) continue;
    // Input byte s as a widened register's word: (register, word).
    auto word_of = [&](unsigned s) -> std::pair<unsigned, unsigned> {
      if (by_parity) return {0u, s / 2};
      return {used[0] && s / half == 1 ? 1u : 0u, s % half};
    };
    // Each half of the result as whole words of those (their high bytes come along: zero), then
    // the pack. Zero bytes either as zero words, or, when that costs less, free there and masked
    // after the pack (a pand with a constant).
    const Program widened = prog;
    const double widened_cost = spent;
    for (const bool zeros_last : {false, true}) {
      if (zeros_last && std::find(goal.begin(), goal.end(), kZeroByte) == goal.end()) continue;
      prog = widened, spent = widened_cost;
      int part[2] = {-1, -1};
      bool lost = false;
      for (unsigned h = 0; h < 2 && !lost; ++h) {
        std::vector<int> x(bytes, kAnyByte);
        bool wanted = false;
        for (unsigned k = 0; k < half; ++k) {
          const int g = goal[h * half + k];
          if (g == kZeroByte && !zeros_last) x[2 * k] = x[2 * k + 1] = kZeroByte;
          wanted |= x[2 * k] != kAnyByte || g >= 0;
          if (g < 0) continue;
          const auto [from, w] = word_of(unsigned(g % 256));
          x[2 * k] = int(label(int(from), int(2 * w)));
          x[2 * k + 1] = x[2 * k] + 1;
        }
        if (!wanted) continue;
        const auto v = search(x, wide_names, wide);
        lost = !v;
        if (v) part[h] = int(*v);
      }
      if (lost || (part[0] < 0 && part[1] < 0)) continue;
      for (unsigned h = 0; h < 2; ++h)
        if (part[h] < 0) part[h] = part[1 - h];  // a free half: any words will do
      prog.steps.push_back({"", pack.in, {unsigned(part[0]), unsigned(part[1])}, pack.imm, {}});
      prog.outputs = {prog.num_values() - 1};
      if (zeros_last && !mask_zeros(prog, goal, sub, bits)) continue;
      finish(prog);
      const double c = objective_cost(prog, sub);
      // Built from searched parts that each check their own goal; the whole is checked once more
      // (the pack's condition on the high bytes) before anyone relies on it.
      if (c > cost + kTie || wrong_byte(prog, goal)) continue;
      cost = c, best = prog;
    }
  }
  return best;
}

}  // namespace shufc::synth
