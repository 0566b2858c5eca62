#include "shufc/vls/group.h"

namespace shufc::vls {

std::string Group::access_mask() const {
  if (members.empty()) return {};
  const int64_t eb = type.element_bytes();
  const int64_t span = distances.back() + eb;
  std::string s(size_t(span), '0');
  for (int64_t d : distances)
    for (int64_t b = d; b < d + eb; ++b) s[size_t(span - 1 - b)] = '1';  // R to L: byte 0 rightmost
  return s;
}

}  // namespace shufc::vls
