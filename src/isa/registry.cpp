#include "shufc/isa/registry.h"

#include <string_view>
#include <unordered_map>

namespace shufc::isa {

std::span<const Instruction> all_instructions() {
  static const std::vector<Instruction> all = [] {
    std::vector<Instruction> v;
    for (auto table : {x86_sse_instructions(), x86_vex128_instructions(), x86_avx_instructions(), x86_avx512_instructions(), neon_instructions()})
      v.insert(v.end(), table.begin(), table.end());
    return v;
  }();
  return all;
}

const Instruction* find_instruction(std::string_view id) {
  static const std::unordered_map<std::string_view, const Instruction*> index = [] {
    std::unordered_map<std::string_view, const Instruction*> m;
    for (const Instruction& in : all_instructions()) m.emplace(in.id, &in);
    return m;
  }();
  auto it = index.find(id);
  return it == index.end() ? nullptr : it->second;
}

std::vector<const Instruction*> instructions_for(const Target& t) {
  std::vector<const Instruction*> out;
  for (const Instruction& in : all_instructions()) {
    const bool arch_ok = (in.feature == Feature::neon) == (t.arch == Arch::aarch64);
    // An AVX target writes the VEX form of an SSE instruction (x86_vex128.cpp), not the legacy one.
    const bool superseded = has_vex_form(in) && t.features.has(Feature::avx);
    if (arch_ok && !superseded && t.features.contains(in.needs) && in.reg_bits <= t.max_reg_bits) out.push_back(&in);
  }
  return out;
}

}  // namespace shufc::isa
