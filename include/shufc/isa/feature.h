// ISA extensions and the named targets shufc accepts (each includes the ones below it).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shufc::isa {

enum class Feature : uint8_t {
  sse2, sse3, ssse3, sse41, avx, avx2, avx512f, avx512bw, avx512dq, avx512vl, avx512vbmi, avx512vbmi2, neon,
};
inline constexpr unsigned kNumFeatures = unsigned(Feature::neon) + 1;
std::string_view name(Feature f);

enum class Arch : uint8_t { x86, aarch64 };

// A set of features, as a bit mask.
struct FeatureSet {
  uint32_t bits = 0;
  bool has(Feature f) const { return bits >> unsigned(f) & 1; }
  FeatureSet with(Feature f) const { return {bits | 1u << unsigned(f)}; }
  bool contains(FeatureSet o) const { return (bits & o.bits) == o.bits; }
  bool operator==(const FeatureSet&) const = default;
};

struct Target {
  std::string name;  // "avx2"
  Arch arch;
  FeatureSet features;
  unsigned max_reg_bits;  // widest vector register
};

// sse2, sse3, ssse3, sse4.1, avx, avx2, avx512 (F+BW+DQ+VL), avx512vbmi, avx512vbmi2, neon.
std::optional<Target> find_target(std::string_view name);
const std::vector<Target>& targets();

}  // namespace shufc::isa
