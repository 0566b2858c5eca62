// Stride notation: "L 64 8", "L^64_8", "L^{64}_{8}", "64 8" (the size, then the stride).
#include <fmt/format.h>

#include "shufc/parse.h"

namespace shufc {

Expected<StrideSpec> parse_stride(std::string_view s) {
  const std::string shown(s.substr(0, 80));
  auto usage = [&] { return fmt::format("'{}': expected a stride permutation like 'L 64 8' or 'L^64_8' (size, then stride)", shown); };
  size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  if (i < s.size() && (s[i] == 'L' || s[i] == 'l')) ++i;
  std::vector<unsigned> nums;
  bool in_num = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      if (!in_num) nums.push_back(0);
      in_num = true;
      if (nums.back() > (1u << 20)) return Error{fmt::format("'{}': the number is too large", shown), 1, unsigned(i + 1)};
      nums.back() = nums.back() * 10 + unsigned(c - '0');
    } else if (c == ' ' || c == '^' || c == '_' || c == '{' || c == '}' || c == ',') {
      in_num = false;
    } else {
      return Error{fmt::format("{}; unexpected '{}'", usage(), c), 1, unsigned(i + 1)};
    }
  }
  if (nums.size() != 2) return Error{usage()};
  for (unsigned v : nums)
    if (v > (1u << 20)) return Error{fmt::format("'{}': the number is too large", shown)};
  return StrideSpec{nums[0], nums[1]};
}

}  // namespace shufc
