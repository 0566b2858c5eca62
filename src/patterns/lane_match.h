// Does a mask entry agree with the index a pattern wants there? Shared by the classifier and
// the reconstruction check, so both read splats, zeros and undef lanes the same way.
#pragma once
#include "shufc/mask_view.h"

namespace shufc::detail {

// `want` is an index into concat(v1, v2), kZero or kUndef. Undef entries agree with anything.
// In canonical form every selection of a splat v2 (zeroinitializer included) is the index n,
// so such an entry agrees with any wanted index of v2; v1 selections must match exactly.
inline bool agrees(const MaskView& v, int e, int want) {
  if (e == kUndef || want == kUndef) return true;
  const int n = int(v.n);
  if (want == kZero) return v.is_zero(e);
  if (e == kZero) return v.is_zero(want);
  if (want >= n && v.v2_splat) return e >= n;
  return e == want;
}

}  // namespace shufc::detail
