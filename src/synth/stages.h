// Two stages where the search's levels end (docs/synth.md, step 6): shapes clang uses that the
// levels do not reach, each stage searched on its own.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// The two-stage shapes tried when the search proved nothing, sharing what is left of the budget:
// - zeros last: the goal with its zero bytes free, then a blend with the zero register or an and
//   (vblendps, vpermps, then vblendps with zeros);
// - inputs merged first: where no byte position is wanted from both inputs, a blend of the two
//   that keeps each wanted byte in place, then a one-input shuffle of it (clang's AVX2 lowering of
//   two-input byte shuffles across lanes: vpblendvb, then vpshufb, vpermq, vpshufb, vpor);
// - by input, then or-ed (where no byte table lookup spans the register);
// - two inputs past 128 bits merged in their own 16-byte blocks first (a mask or a lookup of each,
//   an or), then a one-input shuffle, where the lookup works within blocks (AVX2's vpshufb);
// - where `found` is not proven: near-identity goals patched (the bytes an input misses searched
//   and blended in), one-input goals past 128 bits laid out per 16-byte block for an in-block
//   lookup, the bytes grouped by how far they move (past three groups, those in place apart from
//   the rest), each group searched, then or-ed, and (with a byte lookup) merges with clashing
//   positions moved aside.
// An or's parts are each searched whole and, without a byte lookup, with their zeros last; and
// there (SSE2) a second stage runs these stages once more (SynthOptions::in_stage).
// The cheapest Program found, when cheaper than `cost` (the search's answer `found`). By block
// throughput (the ports objective): the one lightest on the busiest ports (then the cheapest
// summed), when lighter than `found`; the stages then take answers of any summed cost, and
// merges with clashing positions moved aside are tried beside proven answers too.
std::optional<Program> staged(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                              const SynthOptions& opts, const Program& found, double cost, double spent_ms,
                              bool by_block = false, bool proven = false);

}  // namespace shufc::synth
