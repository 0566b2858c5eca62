// Canonical form of a shufflevector (seed 000); see canonicalize.h for the rules.
#include "shufc/canonicalize.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>

namespace shufc {

namespace {

using K = Operand::Kind;

}  // namespace

bool is_zero_literal(const ElemType& t, const std::string& lit) {
  if (lit.empty()) return false;
  if (t.is_ptr()) return lit == "null";
  if (t.is_int()) {
    if (lit == "false") return true;
    std::string_view s = lit;
    if (s[0] == '-' || s[0] == '+') s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c == '0'; });
  }
  // float: hex bit patterns (0x0000000000000000, 0xH0000, 0xR0000) or decimal.
  if (lit.size() > 2 && lit[0] == '0' && (lit[1] == 'x' || lit[1] == 'X')) {
    std::string_view s(lit);
    s.remove_prefix(2);
    if (!s.empty() && std::isalpha(static_cast<unsigned char>(s[0])) && !std::isxdigit(static_cast<unsigned char>(s[0])))
      s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c == '0'; });
  }
  if (lit[0] == '-') return false;
  char* end = nullptr;
  double v = std::strtod(lit.c_str(), &end);
  return end && *end == '\0' && v == 0.0;
}

namespace {

// Constant vectors that are really splats or zeroinitializer become so; splats of +0 become zero.
// Undef elements are ignored: lanes that select them were already made undef.
void normalize_constant(Operand& op, const ElemType& t) {
  if (op.kind == K::Splat && is_zero_literal(t, op.splat)) op = Operand::zero();
  if (op.kind != K::Constant) return;
  const std::string* first = nullptr;
  bool same = true;
  for (unsigned i = 0; i < op.elems.size(); ++i) {
    if (op.elem_is_undef(i)) continue;
    if (!first) first = &op.elems[i];
    else if (*first != op.elems[i]) same = false;
  }
  if (!first) op = Operand::poison();
  else if (same) op = is_zero_literal(t, *first) ? Operand::zero() : Operand::splat_of(*first);
}

bool uses(const std::vector<int>& mask, unsigned n, int which) {
  for (int e : mask)
    if (e >= 0 && (which == 0 ? e < int(n) : e >= int(n))) return true;
  return false;
}

void swap_operands(ShuffleVector& sv) {
  std::swap(sv.v1, sv.v2);
  const int n = int(sv.n());
  for (int& e : sv.mask)
    if (e >= 0) e = (e + n) % (2 * n);
}

// Seed 000's operand order; the last rule (first defined selector from v1) also settles the
// cases the seed leaves open (two different splats, two constant vectors).
bool should_swap(const ShuffleVector& sv) {
  const Operand &a = sv.v1, &b = sv.v2;
  if (a.is_undef() != b.is_undef()) return a.is_undef();
  if (b.is_undef()) return false;
  const bool az = a.kind == K::Zero, bz = b.kind == K::Zero;
  if (az != bz) return az;
  if (a.is_constant() != b.is_constant()) return a.is_constant();
  for (int e : sv.mask)
    if (e >= 0) return e >= int(sv.n());
  return false;
}

}  // namespace

ShuffleVector canonicalize(const ShuffleVector& in, CanonOptions opts) {
  ShuffleVector sv = in;
  const unsigned n = sv.n();
  // Lanes that select an undefined operand or element are undefined. Only undef/poison and
  // constant-vector operands have undefined elements, so the usual value operands skip the test.
  const bool check1 = sv.v1.is_undef() || sv.v1.kind == K::Constant;
  const bool check2 = sv.v2.is_undef() || sv.v2.kind == K::Constant;
  if (check1 || check2)
    for (int& e : sv.mask) {
      if (e < 0) continue;
      const bool first = e < int(n);
      if (!(first ? check1 : check2)) continue;
      const Operand& op = first ? sv.v1 : sv.v2;
      if (op.elem_is_undef(unsigned(e) % n)) e = kUndef;
    }
  normalize_constant(sv.v1, sv.type.elem);
  normalize_constant(sv.v2, sv.type.elem);

  // The same operand twice: everything comes from v1.
  if (!sv.v1.is_undef() && sv.v1 == sv.v2) {
    for (int& e : sv.mask)
      if (e >= int(n)) e -= int(n);
  }
  // Zero lanes go to a zeroinitializer operand when one is there or can be made.
  bool has_zero_lane = std::find(sv.mask.begin(), sv.mask.end(), kZero) != sv.mask.end();
  if (has_zero_lane) {
    if (sv.v2.kind != K::Zero && sv.v1.kind != K::Zero) {
      if (!uses(sv.mask, n, 1)) sv.v2 = Operand::zero();
      else if (!uses(sv.mask, n, 0)) sv.v1 = Operand::zero();
    }
    const int z = sv.v2.kind == K::Zero ? int(n) : sv.v1.kind == K::Zero ? 0 : kZero;
    for (int& e : sv.mask)
      if (e == kZero) e = z;
  }
  // Operands no lane selects are irrelevant.
  if (!uses(sv.mask, n, 0)) sv.v1 = Operand::poison();
  if (!uses(sv.mask, n, 1)) sv.v2 = Operand::poison();
  if (should_swap(sv)) swap_operands(sv);
  // Selections from a splat use its first element.
  for (int& e : sv.mask) {
    if (e < 0) continue;
    if (e < int(n) && sv.v1.is_splat()) e = 0;
    if (e >= int(n) && sv.v2.is_splat()) e = int(n);
  }
  if (opts.widen && !sv.scalable() && !std::has_single_bit(n)) {
    const unsigned w = std::bit_ceil(n);
    for (int& e : sv.mask)
      if (e >= 0) e = e % int(n) + (e / int(n)) * int(w);
    for (Operand* op : {&sv.v1, &sv.v2})
      if (op->kind == K::Constant) op->elems.resize(w, "poison");
    sv.type = sv.type.with_count(w);
    if (sv.widened_from == 0) sv.widened_from = n;
  }
  return sv;
}

}  // namespace shufc
