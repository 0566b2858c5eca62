// What every fuzz target asserts about a shuffle that parsed: the analyses accept it and
// canonicalization is idempotent. __builtin_trap() makes a violation a libFuzzer crash.
#pragma once
#include "shufc/canonicalize.h"
#include "shufc/patterns.h"

namespace shufc::fuzz {

inline void check_shuffle(const ShuffleVector& sv) {
  for (bool widen : {true, false}) {
    CanonOptions opts;
    opts.widen = widen;
    ShuffleVector c = canonicalize(sv, opts);
    if (!(canonicalize(c, opts) == c)) __builtin_trap();
    Classification k = classify(c);
    (void)k;
  }
}

}  // namespace shufc::fuzz
