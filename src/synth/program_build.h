// Building Programs from the target's records outside the search: the cheapest record that
// moves bytes a given way, and splicing Programs together.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "shufc/isa/instruction.h"
#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// The cheapest non-programmable record the target has that passes `fits`, with the immediate it
// needs (the halves' extracts, inserts and ors).
struct Chosen {
  const isa::Instruction* in = nullptr;
  uint64_t imm = 0;
};
Chosen cheapest_record(const SynthOptions& o, const std::function<bool(const isa::Instruction&, uint64_t)>& fits);

// The cheapest or of two registers of `bits` (por, vpor, orr).
Chosen cheapest_or(const SynthOptions& o, unsigned bits);

// The cheapest byte mask of a register of `bits` (pand, vpand, and with a constant: keeps or zeroes
// each byte in place).
Chosen cheapest_byte_mask(const SynthOptions& o, unsigned bits);

// A Program of the named inputs, each of `bits`, and no steps yet.
Program inputs_only(const SynthOptions& o, const std::vector<std::string>& names, unsigned bits);

// Appends to `p` the target's cheapest byte mask on its output, zeroing the goal's zero bytes and
// keeping the rest, and makes it the output; false (p unchanged) when the target has none.
bool mask_zeros(Program& p, const std::vector<int>& goal, const SynthOptions& o, unsigned bits);

// Is `in` with `imm` a byte move with this byte map (input k's byte b as LaneSrc::from(k, b))?
bool moves_as(const isa::Instruction& in, uint64_t imm, const std::vector<isa::LaneSrc>& want);

// Swaps the arguments of steps that can take them either way (an or; a blend or shuffle whose
// immediate has a mirror: blendps b, a, ~imm) where that drops register copies from the emitted
// code (an SSE two-operand form overwrites its first argument). Same result, no more copies.
void commute_for_copies(Program& p);

// Orders the steps (each after what it reads) so that a step overwriting a value other steps
// still read comes after them where it can (`pshufb a` after `blendps b, a`): where that drops
// register copies from the emitted code. Same result.
void order_for_copies(Program& p);

// A built Program made ready to print: dead steps dropped, steps named t0, t1, ..., the last r.
void finish(Program& p);

// Appends `part`'s steps to `p`, part's input i reading p's value inputs[i]; returns the value of
// part's output in p.
unsigned append(Program& p, const Program& part, const std::vector<unsigned>& inputs);

}  // namespace shufc::synth
