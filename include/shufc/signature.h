// pattern_diff and pattern_signature, exactly as seed 000 defines them.
#pragma once
#include <optional>
#include <span>
#include <vector>

namespace shufc {

// [P[i + k] - P[i] for i in range(0, m - k)]; an entry is nullopt when either side is undefined
// (negative: undef or a kZero lane).
std::vector<std::optional<int>> pattern_diff(std::span<const int> p, unsigned m, unsigned k);

struct Signature {
  std::optional<int> first;                // P[0]
  std::vector<std::optional<int>> diff;    // pattern_diff(P, len(P), 1)
  bool operator==(const Signature&) const = default;
};

// (P[0], pattern_diff(P, len(P), 1))
Signature pattern_signature(std::span<const int> p);

}  // namespace shufc
