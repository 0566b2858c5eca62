// Result registers made from one another's values. A shuffle whose result spans several registers
// (a vectorizer's interleaved store: `<32 x i8> a, b` into `<64 x i8>`) is searched one register
// at a time, so each register pays for its own steps; but two registers often want the same
// intermediate values (both halves of a byte interleave are lane crossings of the same two
// in-lane unpacks: LLVM's four shuffles where two searches alone make seven instructions).
#pragma once
#include <vector>

#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// Tries to make each output of `p` anew from one or two values that `p` makes (or its inputs
// beside such a value), searching the register's bytes as they sit there, and keeps a new Program
// where it costs less under the objective (the steps only the old output read are dropped). `goals[o]` is output o's bytes: labels of
// p's inputs (input k's byte q as k * 256 + q), kAnyByte or kZeroByte. Each search has an equal
// share of `ms` and `nodes` (what the caller has left); the searches' statistics go into
// `stats`. `p` stays finished (program_build.h) and makes every goal.
void share_values(Program& p, const std::vector<std::vector<int>>& goals, unsigned reg_bits, const SynthOptions& opts, double ms,
                  uint64_t nodes, SynthResult& stats);

}  // namespace shufc::synth
