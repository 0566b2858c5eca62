// Element and vector types, fixed and scalable (seed 004: ElementCount {Min, Scalable}).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace shufc {

// A scalar element type: iN (any N >= 1), half, bfloat, float, double, or ptr.
struct ElemType {
  enum class Kind : uint8_t { Int, Half, BFloat, Float, Double, Ptr };
  Kind kind = Kind::Int;
  unsigned bits = 32;  // for Ptr: 64 (the usual data layout; shufc never needs more)

  static ElemType i(unsigned bits) { return {Kind::Int, bits}; }
  static ElemType f16() { return {Kind::Half, 16}; }
  static ElemType bf16() { return {Kind::BFloat, 16}; }
  static ElemType f32() { return {Kind::Float, 32}; }
  static ElemType f64() { return {Kind::Double, 64}; }
  static ElemType ptr() { return {Kind::Ptr, 64}; }

  bool is_int() const { return kind == Kind::Int; }
  bool is_float() const { return kind == Kind::Half || kind == Kind::BFloat || kind == Kind::Float || kind == Kind::Double; }
  bool is_ptr() const { return kind == Kind::Ptr; }

  std::string ir() const;       // "i32", "float", "ptr"
  std::string compact() const;  // "i32", "f32", "bf16", "p0"
  bool operator==(const ElemType&) const = default;
};

// Number of elements: min, times vscale when scalable.
struct ElementCount {
  unsigned min = 0;
  bool scalable = false;

  static ElementCount fixed(unsigned n) { return {n, false}; }
  static ElementCount vscaled(unsigned n) { return {n, true}; }
  bool operator==(const ElementCount&) const = default;
};

// A size in bits that may be a multiple of vscale.
struct TypeSize {
  uint64_t min_bits = 0;
  bool scalable = false;

  // Known only when fixed; a scalable size depends on vscale, so say "unknown" instead of guessing.
  std::optional<uint64_t> fixed_bits() const {
    if (scalable) return std::nullopt;
    return min_bits;
  }
  // a < b, when it can be decided for every vscale >= 1; nullopt when it depends on vscale.
  static std::optional<bool> known_lt(TypeSize a, TypeSize b);
  std::string str() const;  // "128" or "vscale x 128"
  bool operator==(const TypeSize&) const = default;
};

struct VecType {
  ElementCount count;
  ElemType elem;

  TypeSize size() const { return {uint64_t(count.min) * elem.bits, count.scalable}; }
  std::string ir() const;       // "<4 x i32>", "<vscale x 4 x i32>"
  std::string compact() const;  // "v4i32", "nxv4i32"
  VecType with_count(unsigned n) const { return {{n, count.scalable}, elem}; }
  bool operator==(const VecType&) const = default;
};

// Largest vector shufc accepts (elements per operand, min count for scalable).
inline constexpr unsigned kMaxElements = 1u << 16;

}  // namespace shufc
