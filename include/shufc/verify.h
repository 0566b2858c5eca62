// Self-checks run before anything is printed: shufc never reports a wrong answer.
#pragma once
#include "shufc/patterns.h"
#include "shufc/shuffle_vector.h"

namespace shufc {

// Do `a` and `b` compute the same result wherever `a` is defined? Lanes are compared by what they
// hold (input name and element, a constant, zero), so operand order, splat indices and widening
// do not matter. `b` may only be undefined where `a` is.
bool same_result(const ShuffleVector& a, const ShuffleVector& b);

// Does the mask a match describes agree with the canonical mask `v` on every lane?
bool reproduces(const PatternMatch& p, const MaskView& v);

}  // namespace shufc
