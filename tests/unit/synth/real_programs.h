// Random Programs of real instructions, for the tests that hold shufc's proofs against Programs
// it did not make (random_programs_test.cpp, counted_programs_test.cpp).
#pragma once
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "shufc/isa/registry.h"
#include "shufc/program.h"

namespace shufc::testing {

// The instructions a random Program draws from: of `bits`, reading one or two registers of that
// width, moving bytes (with zeros) or or-ing them, or programmable (a lookup, a byte mask, a
// variable blend).
inline std::vector<const isa::Instruction*> real_catalog(const isa::Target& t, unsigned bits) {
  std::vector<const isa::Instruction*> out;
  for (const isa::Instruction* in : isa::instructions_for(t)) {
    if (in->reg_bits != bits || in->num_inputs == 0 || in->num_inputs > 2) continue;
    bool whole = true;
    for (unsigned k = 0; k < in->num_inputs; ++k) whole = whole && in->in_bits(k) == bits;
    if (whole && (isa::is_bytewise(*in) || in->programmable() || in->value == isa::ValueOp::BitOr)) out.push_back(in);
  }
  return out;
}

// Draws the steps: each instruction on random earlier values, a random immediate and control.
class ProgramDraw {
 public:
  explicit ProgramDraw(unsigned seed) : rng_(seed) {}

  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

  // Appends `in` as step `s` of `p`, reading earlier values (`reads` counts each value's
  // readers); false where no random control the instruction accepts was found.
  bool add(Program& p, const isa::Instruction* in, unsigned s, std::vector<unsigned>& reads) {
    Program::Step st{"t" + std::to_string(s), in, {}, 0, {}};
    for (unsigned k = 0; k < in->num_inputs; ++k) {
      st.args.push_back(unsigned(pick(p.num_values())));
      ++reads[st.args.back()];
    }
    if (in->imm_count) st.imm = pick(in->imm_count);
    if (in->programmable() && !control(*in, st.control)) return false;
    p.steps.push_back(std::move(st));
    reads.push_back(0);
    return true;
  }

  // Every value but the inputs and the last is read by a later step.
  static bool all_read(const std::vector<unsigned>& reads, unsigned inputs) {
    for (size_t v = inputs; v + 1 < reads.size(); ++v)
      if (!reads[v]) return false;
    return true;
  }

 private:
  // A random control the instruction accepts: a variable blend's sides, a byte mask's kept bytes,
  // a lookup's sources (zeros among them where it zeroes).
  bool control(const isa::Instruction& in, std::vector<int>& c) {
    const unsigned n = in.n();
    for (int attempt = 0; attempt < 8; ++attempt) {
      c.assign(n, 0);
      for (unsigned i = 0; i < n; ++i) {
        if (in.control.kind == isa::Control::Kind::Select) c[i] = int(pick(2));
        else if (in.byte_mask()) c[i] = pick(2) ? int(i) : -1;
        else if (in.control.zeroing && pick(4) == 0) c[i] = -1;
        else if (const unsigned block = in.control.block_elems) c[i] = int(i / block * block + pick(block));  // (its own block)
        else c[i] = int(pick(in.control.table_inputs * (in.in_bits(0) / in.src_elem_bits)));
      }
      if (isa::accepts(in, c)) return true;
    }
    return false;
  }
  std::mt19937 rng_;
};

}  // namespace shufc::testing
