// Every pattern's index formula, written once more independently of the matcher: the mask a
// match describes. The property tests check expand(classify(M)) reproduces M.
#include <algorithm>

#include "shufc/patterns.h"

namespace shufc {

namespace {

// The mask of one lane: inputs nl wide, ml outputs; zero lanes are `z`.
std::vector<int> lane_mask(const PatternMatch& p, int nl, int ml, int z) {
  std::vector<int> x(size_t(ml), kUndef);
  const int base = p.source * nl;
  for (int i = 0; i < ml; ++i) {
    int& e = x[size_t(i)];
    switch (p.kind) {
      case PatternKind::identity: e = i; break;
      case PatternKind::splat: e = base + p.index; break;
      case PatternKind::reverse: e = base + nl - 1 - i; break;
      case PatternKind::rotate: e = base + (i + p.amount) % nl; break;
      case PatternKind::shift_left: e = i < p.amount ? z : i - p.amount; break;
      case PatternKind::shift_right: e = i < nl - p.amount ? i + p.amount : z; break;
      case PatternKind::zero_extend: e = i % p.factor == 0 ? p.index + i / p.factor : z; break;
      case PatternKind::merge: e = (i % 2 ? nl : 0) + p.index + i / 2; break;
      case PatternKind::pack: e = 2 * i + p.index; break;
      case PatternKind::blend: e = p.list[size_t(i)] ? nl + i : i; break;
      case PatternKind::parallel_extract: e = size_t(i) < p.list.size() ? p.list[size_t(i)] : z; break;
      case PatternKind::parallel_deposit: {
        auto it = std::find(p.list.begin(), p.list.end(), i);
        e = it == p.list.end() ? z : int(it - p.list.begin());
        break;
      }
      case PatternKind::transpose: e = (i % 2 ? nl : 0) + (i & ~1) + p.index; break;
      case PatternKind::splice: e = p.index + i; break;
      case PatternKind::extract_subvector: e = base + p.index + i; break;
      case PatternKind::insert_subvector: {
        const bool inside = i >= p.index && i < p.index + p.length;
        e = inside ? p.source * nl + (i - p.index) : (1 - p.source) * nl + i;
        break;
      }
      case PatternKind::concat: e = i; break;
      case PatternKind::replicate: e = i / p.factor; break;
      case PatternKind::interleave: {
        const int s = p.list[size_t(i % p.factor)];
        e = s < 0 ? kUndef : s + i / p.factor;
        break;
      }
      case PatternKind::deinterleave: e = p.factor * i + p.index; break;
    }
  }
  return x;
}

}  // namespace

std::vector<int> expand(const PatternMatch& p, unsigned n, unsigned m, bool v2_zero) {
  const int lanes = int(p.lanes), nl = int(n) / lanes, ml = int(m) / lanes;
  const std::vector<int> one = lane_mask(p, nl, ml, v2_zero ? nl : kZero);
  std::vector<int> out;
  out.reserve(m);
  for (int j = 0; j < lanes; ++j)
    for (int e : one) {
      if (e < 0) out.push_back(e);
      else if (e >= nl) out.push_back(v2_zero ? int(n) : int(n) + j * nl + (e - nl));
      else out.push_back(j * nl + e);
    }
  return out;
}

}  // namespace shufc
