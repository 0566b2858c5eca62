// Canonical form of a shufflevector (seed 000).
#pragma once
#include "shufc/shuffle_vector.h"

namespace shufc {

struct CanonOptions {
  // Widen the operands to the next power of two (seed 000). Off for lowering back to real IR.
  bool widen = true;
};

// Rewrites operands and mask into canonical form without changing the result:
//  - constant vectors that are all +0 become zeroinitializer, all-equal ones a splat;
//  - lanes that select undef/poison (operand or element) become undef;
//  - an operand no lane selects becomes undef; both operands the same value: v2 becomes undef;
//  - operand order: undef second; else zeroinitializer second; else a constant second against a
//    value; else the first defined selector picks from v1;
//  - selections from a constant splat use its first element (index 0 for v1, n for v2);
//  - zero lanes (kZero) become selections of a zeroinitializer v2 when v2 is otherwise unused;
//  - (widen) n grows to the next power of two: mask'[i] = (mask[i] mod n) + (mask[i] div n) * n'.
// Idempotent. A scalable shuffle keeps its zeroinitializer/undef mask.
ShuffleVector canonicalize(const ShuffleVector& sv, CanonOptions opts = {});

}  // namespace shufc
