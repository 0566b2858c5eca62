// A canonical mask with just the operand facts the analyses need.
#pragma once
#include <span>

#include "shufc/shuffle_vector.h"

namespace shufc {

// Entries: an index into concat(v1, v2) (each n wide), kUndef, or kZero. Selections of a
// zeroinitializer v2 are the index n (canonical form), so is_zero() asks both.
struct MaskView {
  std::span<const int> mask;
  unsigned n = 0;
  bool v1_splat = false;  // v1 is a constant splat (canonical index 0)
  bool v2_splat = false;  // v2 is a constant splat, zeroinitializer included (canonical index n)
  bool v2_zero = false;   // v2 is zeroinitializer

  unsigned m() const { return unsigned(mask.size()); }
  bool is_zero(int e) const { return e == kZero || (v2_zero && e >= int(n)); }

  // The view of a canonical shufflevector.
  static MaskView of(const ShuffleVector& canonical);
};

}  // namespace shufc
