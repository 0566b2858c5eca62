// What every fuzz target asserts about a shuffle that parsed: the analyses accept it,
// canonicalization is idempotent, and a constant operand's bytes are read or refused (never a
// crash), all of them. __builtin_trap() makes a violation a libFuzzer crash.
#pragma once
#include "shufc/canonicalize.h"
#include "shufc/constant_bytes.h"
#include "shufc/patterns.h"

namespace shufc::fuzz {

inline void check_shuffle(const ShuffleVector& sv) {
  for (const Operand* op : {&sv.v1, &sv.v2})
    if (op->is_constant() && sv.type.elem.bits % 8 == 0 && !sv.scalable() && sv.n() <= 4096)
      if (auto b = operand_bytes(*op, sv.type.elem, sv.n()); b && b->size() != size_t(sv.n()) * (sv.type.elem.bits / 8)) __builtin_trap();
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
