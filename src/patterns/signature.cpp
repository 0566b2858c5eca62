#include "shufc/signature.h"

namespace shufc {

std::vector<std::optional<int>> pattern_diff(std::span<const int> p, unsigned m, unsigned k) {
  std::vector<std::optional<int>> d;
  if (m > p.size()) m = unsigned(p.size());
  if (k >= m) return d;
  d.reserve(m - k);
  for (unsigned i = 0; i + k < m; ++i) {
    if (p[i] < 0 || p[i + k] < 0) d.push_back(std::nullopt);
    else d.push_back(p[i + k] - p[i]);
  }
  return d;
}

Signature pattern_signature(std::span<const int> p) {
  Signature s;
  if (!p.empty() && p[0] >= 0) s.first = p[0];
  s.diff = pattern_diff(p, unsigned(p.size()), 1);
  return s;
}

}  // namespace shufc
