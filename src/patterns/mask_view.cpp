#include "shufc/mask_view.h"

namespace shufc {

MaskView MaskView::of(const ShuffleVector& sv) {
  MaskView v;
  v.mask = sv.mask;
  v.n = sv.n();
  v.v1_splat = sv.v1.is_splat();
  v.v2_splat = sv.v2.is_splat();
  v.v2_zero = sv.v2.kind == Operand::Kind::Zero;
  return v;
}

}  // namespace shufc
