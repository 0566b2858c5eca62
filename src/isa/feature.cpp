#include "shufc/isa/feature.h"

namespace shufc::isa {

std::string_view name(Feature f) {
  static constexpr std::string_view names[kNumFeatures] = {
      "sse2", "sse3", "ssse3", "sse4.1", "avx", "avx2", "avx512f", "avx512bw", "avx512dq", "avx512vl",
      "avx512vbmi", "avx512vbmi2", "neon"};
  return names[unsigned(f)];
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all = [] {
    using F = Feature;
    std::vector<Target> t;
    FeatureSet s = FeatureSet{}.with(F::sse2);
    t.push_back({"sse2", Arch::x86, s, 128});
    s = s.with(F::sse3);
    t.push_back({"sse3", Arch::x86, s, 128});
    s = s.with(F::ssse3);
    t.push_back({"ssse3", Arch::x86, s, 128});
    s = s.with(F::sse41);
    t.push_back({"sse4.1", Arch::x86, s, 128});
    s = s.with(F::avx);
    t.push_back({"avx", Arch::x86, s, 256});
    s = s.with(F::avx2);
    t.push_back({"avx2", Arch::x86, s, 256});
    s = s.with(F::avx512f).with(F::avx512bw).with(F::avx512dq).with(F::avx512vl);
    t.push_back({"avx512", Arch::x86, s, 512});
    s = s.with(F::avx512vbmi);
    t.push_back({"avx512vbmi", Arch::x86, s, 512});
    s = s.with(F::avx512vbmi2);
    t.push_back({"avx512vbmi2", Arch::x86, s, 512});
    t.push_back({"neon", Arch::aarch64, FeatureSet{}.with(F::neon), 128});
    return t;
  }();
  return all;
}

std::optional<Target> find_target(std::string_view name) {
  for (const Target& t : targets())
    if (t.name == name) return t;
  if (name == "sse41") return find_target("sse4.1");
  return std::nullopt;
}

}  // namespace shufc::isa
