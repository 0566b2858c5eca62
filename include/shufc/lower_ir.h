// Simpler LLVM IR for shuffles that are simpler operations (seed 000's point).
#pragma once
#include <optional>
#include <string>

#include "shufc/patterns.h"
#include "shufc/shuffle_vector.h"

namespace shufc {

struct Lowering {
  PatternKind pattern;       // the pattern the IR implements
  std::string ir;            // instruction lines using the shuffle's operand names, defining its result
  std::string declarations;  // intrinsic declarations the lines need ("" if none)
};

// The equivalent simpler IR of `sv` (any shuffle; canonicalized inside without widening), or
// nullopt when no pattern has a simpler form. Shifts become bitcast + shl/lshr on a wide integer,
// zero-extend zext, blend a select with a constant condition, rotate llvm.fshr, splat
// insertelement + zero-mask shuffle, reverse llvm.vector.reverse, and so on. Lowerings that
// reinterpret bits first freeze the input: a bitcast of a vector with one poison element is all
// poison, while the shuffle keeps the other lanes defined.
std::optional<Lowering> lower_ir(const ShuffleVector& sv);

}  // namespace shufc
