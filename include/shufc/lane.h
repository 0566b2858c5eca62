// Where one output lane comes from.
#pragma once
#include <cstdint>

namespace shufc {

struct Lane {
  enum class Kind : uint8_t { Input, Zero, Undef, Const };
  Kind kind = Kind::Undef;
  uint32_t vec = 0;    // Input: which input vector; Const: index into Permutation::constants
  uint32_t index = 0;  // Input: element index within that vector

  static Lane input(uint32_t vec, uint32_t index) { return {Kind::Input, vec, index}; }
  static Lane zero() { return {Kind::Zero, 0, 0}; }
  static Lane undef() { return {Kind::Undef, 0, 0}; }
  static Lane constant(uint32_t id) { return {Kind::Const, id, 0}; }
  bool operator==(const Lane&) const = default;
};

}  // namespace shufc
