// What the CLI prints for one shuffle: text lines and JSON objects.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "shufc/lower_ir.h"
#include "shufc/patterns.h"
#include "shufc/shuffle_vector.h"

namespace shufc::cli {

nlohmann::ordered_json canonical_json(const ShuffleVector& canonical);
nlohmann::ordered_json classification_json(const Classification& c);
nlohmann::ordered_json pattern_json(const PatternMatch& p, const ShuffleVector& canonical);

// "rotate(lanes=2, amount=1)"
std::string pattern_text(const PatternMatch& p, const ShuffleVector& canonical);
// "v8i32:1,2,3,0,5,6,7,4 | lanes 2 x [1,2,3,0] | signature (1, [1, 1, -3, 5, 1, 1, -3]) | rotate(lanes=2, amount=1)"
std::string classification_text(const ShuffleVector& canonical, const Classification& c);

}  // namespace shufc::cli
