#include "shufc/patterns.h"

namespace shufc {

std::string_view name(PatternKind k) {
  static constexpr std::string_view names[kNumPatternKinds] = {
      "identity", "splat", "reverse", "rotate", "shift_left", "shift_right", "zero_extend",
      "merge", "pack", "blend", "parallel_extract", "parallel_deposit", "transpose", "splice",
      "extract_subvector", "insert_subvector", "concat", "replicate", "interleave", "deinterleave"};
  return names[unsigned(k)];
}

}  // namespace shufc
