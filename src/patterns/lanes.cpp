// Lane detection (seed 000): recursive binary splitting of the mask.
//
// The seed's test, m[h + i] - m[i] = h (or both the splat index), assumes m == n and does not
// check that a lane reads only its own part of each input: [2,3,4,5] on 4-wide inputs passes it
// although lane 0 reads the upper half of v1. Here a split needs, for every position i of the
// lower half, that entry i and entry h_out + i select the same element of the matching half of
// the same input (undef is a wildcard, a zero or splat selection fits any lane), which for
// m == n is the seed's condition plus that lane check.
#include "shufc/lanes.h"

namespace shufc {

namespace {

// Entry e of output half `half`, rewritten relative to that half (inputs n/2 wide).
// Returns false when e reads outside the matching half of its input.
bool to_half(const MaskView& v, int e, unsigned half, int& out) {
  const int n = int(v.n), h = n / 2;
  if (e < 0) {
    out = e;
    return true;
  }
  if (v.is_zero(e) || (e >= n && v.v2_splat)) {
    out = h;  // the half-width operand's canonical splat index
    return true;
  }
  if (e < n && v.v1_splat) {
    out = 0;
    return true;
  }
  const int src = e < n ? 0 : 1, idx = e - src * n;
  if (idx / h != int(half)) return false;
  out = src * h + idx % h;
  return true;
}

}  // namespace

std::optional<std::vector<int>> split_lanes(const MaskView& v) {
  const unsigned m = v.m();
  if (m < 2 || m % 2 || v.n < 2 || v.n % 2) return std::nullopt;
  const unsigned hm = m / 2;
  std::vector<int> out(hm);
  for (unsigned i = 0; i < hm; ++i) {
    int lo, hi;
    if (!to_half(v, v.mask[i], 0, lo) || !to_half(v, v.mask[hm + i], 1, hi)) return std::nullopt;
    if (lo == kUndef) out[i] = hi;
    else if (hi == kUndef || hi == lo) out[i] = lo;
    else return std::nullopt;
  }
  return out;
}

LaneInfo detect_lanes(const MaskView& v) {
  LaneInfo info;
  info.mask.assign(v.mask.begin(), v.mask.end());
  MaskView cur = v;
  unsigned n = v.n;
  while (auto half = split_lanes(cur)) {
    info.count *= 2;
    info.mask = std::move(*half);
    n /= 2;
    cur.mask = info.mask;
    cur.n = n;
  }
  return info;
}

}  // namespace shufc
