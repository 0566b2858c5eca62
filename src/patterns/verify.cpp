#include "shufc/verify.h"

#include "lane_match.h"
#include "shufc/permutation.h"

namespace shufc {

namespace {

// What one lane holds, independent of how the shuffle is written.
struct Held {
  enum class Kind { Undef, Zero, Input, Const } kind;
  std::string what;  // input name or constant literal
  uint32_t index = 0;
  bool operator==(const Held&) const = default;
};

Held held(const Permutation& p, const Lane& l, const ElemType& t) {
  switch (l.kind) {
    case Lane::Kind::Undef: return {Held::Kind::Undef, {}, 0};
    case Lane::Kind::Zero: return {Held::Kind::Zero, {}, 0};
    case Lane::Kind::Input: return {Held::Kind::Input, p.input_names[l.vec], l.index};
    case Lane::Kind::Const: {
      const std::string& lit = p.constants[l.vec];
      if (is_zero_literal(t, lit)) return {Held::Kind::Zero, {}, 0};
      return {Held::Kind::Const, lit, 0};
    }
  }
  return {Held::Kind::Undef, {}, 0};
}

}  // namespace

bool same_result(const ShuffleVector& a, const ShuffleVector& b) {
  if (a.m() != b.m() || !(a.type.elem == b.type.elem) || a.scalable() != b.scalable()) return false;
  const Permutation pa = to_permutation(a), pb = to_permutation(b);
  for (unsigned i = 0; i < a.m(); ++i) {
    const Held ha = held(pa, pa.outputs[0][i], a.type.elem), hb = held(pb, pb.outputs[0][i], b.type.elem);
    if (ha.kind == Held::Kind::Undef) continue;
    if (!(ha == hb)) return false;
  }
  return true;
}

bool reproduces(const PatternMatch& p, const MaskView& v) {
  const std::vector<int> x = expand(p, v.n, v.m(), v.v2_zero);
  if (x.size() != v.m()) return false;
  for (unsigned i = 0; i < x.size(); ++i) {
    const int e = v.mask[i];
    // A splat v1 (only next to a constant or undef v2) reads the same value from every index.
    const bool v1_splat_ok = v.v1_splat && e >= 0 && e < int(v.n) && x[i] >= 0 && x[i] < int(v.n);
    if (!detail::agrees(v, e, x[i]) && !v1_splat_ok) return false;
  }
  return true;
}

}  // namespace shufc
