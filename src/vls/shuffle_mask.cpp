#include "shufc/vls/shuffle_mask.h"

#include <fmt/format.h>

namespace shufc::vls {

bool ShuffleMask::is_identity() const {
  for (size_t i = 0; i < mask.size(); ++i)
    if (mask[i] >= 0 && mask[i] != int(i)) return false;
  return true;
}

std::string ShuffleMask::str() const {
  std::string s = "<";
  for (size_t i = 0; i < mask.size(); ++i) s += fmt::format("{}{}", i ? ", " : "", mask[i]);
  return s + ">";
}

}  // namespace shufc::vls
