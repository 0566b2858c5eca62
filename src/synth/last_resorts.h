// The last resorts, where the search found no sequence at the result's width: correct by
// construction, not optimal.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// The result from its two halves, each a shuffle of the inputs' halves (of up to four: then two
// searches, or-ed), put together with inserts (AVX has no 256-bit integer shuffle; AVX-512BW no
// byte shuffle across 128-bit lanes). The half searches share what is left of the budget.
std::optional<Program> halves(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                              const SynthOptions& opts, double spent_ms);

// A table lookup that yields a register of `bits` from tables twice as wide, each an input
// widened by the target's cheapest record that keeps all its bytes (NEON: uxtl.8h, then tbl2.8b
// for a 64-bit byte shuffle: tbl reads 128-bit tables only).
std::optional<Program> widened_table(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                     const SynthOptions& opts);

}  // namespace shufc::synth
