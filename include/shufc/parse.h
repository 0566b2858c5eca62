// Front ends: one shufflevector instruction, the compact mask form, types, stride notation.
#pragma once
#include <string_view>

#include "shufc/expected.h"
#include "shufc/shuffle_vector.h"

namespace shufc {

// An LLVM vector type: "<4 x i32>", "<vscale x 2 x double>".
Expected<VecType> parse_ir_vec_type(std::string_view text);
// A compact type: "v8i16", "v4f32", "nxv4i32".
Expected<VecType> parse_compact_type(std::string_view text);

// One shufflevector instruction, with or without "%r =", fixed or scalable. Trailing
// metadata (", !dbg !7") and a trailing comment are ignored. Errors carry the column (line 1).
Expected<ShuffleVector> parse_shufflevector(std::string_view text);

// The compact form "v8i16:0,8,1,9,2,10,3,11": entries index concat(%a, %b), `u` is undef, `z` a zero lane.
Expected<ShuffleVector> parse_compact(std::string_view text);

// Either of the two above, told apart by their first token.
Expected<ShuffleVector> parse_one(std::string_view text);

// A stride permutation L^N_k: "L 64 8", "L^64_8", "L^{64}_{8}" or "64 8" (size N, then stride k).
struct StrideSpec {
  unsigned size = 0, stride = 0;
};
Expected<StrideSpec> parse_stride(std::string_view text);

}  // namespace shufc
