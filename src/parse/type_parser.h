// Type parsing pieces shared by the instruction and compact parsers.
#pragma once
#include <optional>
#include <string_view>

#include "cursor.h"
#include "shufc/expected.h"
#include "shufc/types.h"

namespace shufc::detail {

std::optional<unsigned> to_uint(std::string_view s);
std::optional<ElemType> elem_from_ir(std::string_view w);
std::optional<ElemType> elem_from_compact(std::string_view w);
// Rejects empty and over-large vectors.
Expected<VecType> check_count(VecType t, Cursor& c, size_t at);
// "<4 x i32>" or "<vscale x 4 x i32>" at the cursor.
Expected<VecType> parse_vec_type(Cursor& c);

}  // namespace shufc::detail
