// Byte shuffles through words, where no byte table lookup exists (SSE2): clang's and gcc's
// lowering, which the search's levels do not reach (ten instructions for a byte reverse).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// A one-input byte goal (input 0's bytes, zeros, free bytes) made as: the input's two halves
// widened to words with zero high bytes (punpcklbw / punpckhbw with the zero register), or, where
// every wanted byte is even (or every one odd), the input as words of those bytes (pand with
// 0x00ff, psrlw by 8), each
// half of the result a word shuffle of those (pshufd, pshuflw, pshufhw, ...: whole words move,
// so the high bytes stay zero), then the two narrowed into one register by a saturating pack
// (packuswb keeps each word's low byte where its high byte is zero). Each step is searched (the
// widening and the word shuffles) or the target's cheapest record (the pack); nullopt when a step
// is missing or the whole is not cheaper than `cost`. Correct by construction (synth_goal checks
// the Program), not proven optimal.
std::optional<Program> through_words(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                     const SynthOptions& sub, double cost);

}  // namespace shufc::synth
