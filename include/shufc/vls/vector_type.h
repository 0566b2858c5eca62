// OVLSType: a vector as <#elements> x <element bits>; the server knows nothing else about it.
#pragma once
#include <string>

#include <fmt/format.h>

namespace shufc::vls {

struct VectorType {
  unsigned num_elements = 0;
  unsigned element_bits = 0;

  unsigned bits() const { return num_elements * element_bits; }
  unsigned element_bytes() const { return element_bits / 8; }
  std::string str() const { return fmt::format("<{} x {}>", num_elements, element_bits); }  // "<4 x 64>"
  bool operator==(const VectorType&) const = default;
};

}  // namespace shufc::vls
