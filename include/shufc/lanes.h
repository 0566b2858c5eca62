// Lane detection (seed 000): can the shuffle be seen as the same operation in 2^k lanes?
#pragma once
#include <optional>
#include <vector>

#include "shufc/mask_view.h"

namespace shufc {

struct LaneInfo {
  unsigned count = 1;     // number of lanes (a power of two)
  std::vector<int> mask;  // the shuffle within one lane: m/count entries indexing concat of two
                          // n/count-wide lane operands (a zero/splat v2 keeps its index, n/count)
};

// One binary split: if the two halves of `v` are the same operation on the matching halves of
// both inputs (undef lanes are wildcards; selections of a splat or zero are lane-independent),
// returns the merged half-width mask (over inputs n/2 wide). Needs even m and n.
std::optional<std::vector<int>> split_lanes(const MaskView& v);

// Repeated binary splitting until it fails. A scalable shuffle has one lane.
LaneInfo detect_lanes(const MaskView& v);

}  // namespace shufc
