// Shuffles whose operands or result span several registers of the target: a vectorizer's
// interleaved load (`shufflevector <16 x float> %wide.vec, poison, <8 x i32> <0, 2, ...>`: two
// ymm in, one out on AVX2) or store (two registers in, a result of two). Each result register is
// one search over the (at most two) input registers it reads.
#pragma once
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/synth.h"

namespace shufc::synth {

// `goal` is the whole result's bytes (labels of operand k's byte q, kAnyByte, kZeroByte), each
// operand `in_bits` wide, the result `out_bits`; each a multiple of `reg_bits` or narrower than
// one register, which then holds it in its low part (`in a : 128 low 64`: x86's <2 x float>), or
// whole registers and the low part of one more (a <24 x i8> in xmm; a <24 x float> result in a
// zmm and the low half of another: `out t0, r low 256`). Operand k's
// register r is the Program input `names[k]_r` (its bytes [r, r + 1) x reg_bits / 8), present
// when some result byte reads it. The Program has one output per result register, in order. It
// is proven optimal only with one output (several outputs may share values: the bound is then
// the largest of theirs, and reached only where the Program costs no more).
// Whether registers of `reg_bits` can do it: at most eight per operand and result, each result
// register reading at most eight input registers, and an or at that width where one reads more
// than two (AVX1 has no 256-bit integer or: its RGB planes are split into xmm).
bool split_fits(const std::vector<int>& goal, unsigned in_bits, unsigned out_bits, unsigned reg_bits, const SynthOptions& opts);

Expected<SynthResult> synth_registers(const std::vector<int>& goal, unsigned in_bits, unsigned out_bits, unsigned reg_bits,
                                      const std::vector<std::string>& names, const SynthOptions& opts);

// The Program input of an operand's register r when the operand spans `per_operand` registers of
// the Program's width: `base_r`, or `base` when it spans one.
std::string register_input_name(const std::string& base, unsigned r, unsigned per_operand);

// The cheaper of two answers to one shuffle in registers of different widths (the first on a
// tie), with both searches' work: proven when neither search's bound is below it.
SynthResult cheaper_of(SynthResult a, SynthResult b);

}  // namespace shufc::synth
