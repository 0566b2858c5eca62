// The rewriting system (12)-(22) of seed 002 with its dynamic programming search: every rule with
// every factorisation, memoised per subformula I_l (x) L^M_s (x) I_r; the cycle between (14) and
// (16) broken as the seed does, by two DPs (one without each) whose better answer is taken.
#pragma once
#include <optional>

#include "shufc/stride/base_library.h"

namespace shufc::stride {

struct Vectorized {
  FormulaPtr formula;  // a vectorized matrix formula equal to the permutation
  double cost = 0;     // Cost_{ISA,ν} of (5)-(11)
  unsigned memo_entries = 0;  // subformulas the two DPs solved
};

// The cheapest vectorized formula for I_l (x) L^M_s (x) I_r, or nullopt when the rules reach none
// (5). l*M*r must be a multiple of ν.
std::optional<Vectorized> vectorize(const BaseLibrary& lib, unsigned l, unsigned M, unsigned s, unsigned r);

}  // namespace shufc::stride
