#include "shufc/types.h"

#include <fmt/format.h>

namespace shufc {

std::string ElemType::ir() const {
  switch (kind) {
    case Kind::Int: return fmt::format("i{}", bits);
    case Kind::Half: return "half";
    case Kind::BFloat: return "bfloat";
    case Kind::Float: return "float";
    case Kind::Double: return "double";
    case Kind::Ptr: return "ptr";
  }
  return "?";
}

std::string ElemType::compact() const {
  switch (kind) {
    case Kind::Int: return fmt::format("i{}", bits);
    case Kind::Half: return "f16";
    case Kind::BFloat: return "bf16";
    case Kind::Float: return "f32";
    case Kind::Double: return "f64";
    case Kind::Ptr: return "p0";
  }
  return "?";
}

std::optional<bool> TypeSize::known_lt(TypeSize a, TypeSize b) {
  if (a.scalable == b.scalable) return a.min_bits < b.min_bits;
  // One side scales with vscale >= 1: decidable only where the fixed side is no larger.
  if (!a.scalable) {  // fixed a vs scalable b = b.min * vscale
    if (a.min_bits < b.min_bits) return true;
    return std::nullopt;
  }
  // scalable a vs fixed b: a >= a.min, so a < b is false once a.min >= b
  if (a.min_bits >= b.min_bits) return false;
  return std::nullopt;
}

std::string TypeSize::str() const {
  return scalable ? fmt::format("vscale x {}", min_bits) : fmt::format("{}", min_bits);
}

std::string VecType::ir() const {
  if (count.scalable) return fmt::format("<vscale x {} x {}>", count.min, elem.ir());
  return fmt::format("<{} x {}>", count.min, elem.ir());
}

std::string VecType::compact() const {
  return fmt::format("{}v{}{}", count.scalable ? "nx" : "", count.min, elem.compact());
}

}  // namespace shufc
