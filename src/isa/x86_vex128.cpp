// x86 VEX-encoded 128-bit forms of the SSE records (vpshufb xmm, vshufps xmm, ...): what an AVX
// target writes at 128 bits. Same lane function, control, intrinsic and (on the modelled CPUs)
// cost as the SSE form, but non-destructive (a destination of its own: no register copy before an
// instruction whose input lives on) and without the SSE/AVX transition penalties of mixing legacy
// SSE into AVX code. Derived, not written out: the VEX form of an SSE template is a rule of the
// encoding, "v" + mnemonic and the destination first:
//   shufps {0}, {1}, {imm}        ->  vshufps {d}, {0}, {1}, {imm}
//   pshufd {d}, {0}, {imm}        ->  vpshufd {d}, {0}, {imm}
//   pxor {d}, {d}                 ->  vpxor {d}, {d}, {d}          (the zero idiom)
//   pblendvb {0}, {1}, {c:xmm0}   ->  vpblendvb {d}, {0}, {1}, {c}  (the control in any register)
#include <deque>
#include <string>

#include "shufc/isa/registry.h"

namespace shufc::isa {

std::string vex_template(std::string_view sse) {
  const size_t sp = sse.find(' ');
  const std::string_view mnemonic = sse.substr(0, sp);
  std::string ops = sp == std::string_view::npos ? std::string() : std::string(sse.substr(sp + 1));
  if (ops == "{d}, {d}") ops = "{d}, {d}, {d}";
  else if (ops.starts_with("{0}")) ops = "{d}, " + ops;
  if (const size_t c = ops.find("{c:xmm0}"); c != std::string::npos) ops.replace(c, 8, "{c}");
  return "v" + std::string(mnemonic) + (ops.empty() ? "" : " " + ops);
}

namespace {

// The records' strings, kept for the life of the process (records hold const char*).
const char* keep(std::string s) {
  static std::deque<std::string> strings;
  return strings.emplace_back(std::move(s)).c_str();
}

}  // namespace

std::span<const Instruction> x86_vex128_instructions() {
  static const std::vector<Instruction> table = [] {
    std::vector<Instruction> v;
    for (const Instruction& sse : x86_sse_instructions()) {
      // (A record of several instructions, pand.blend, has none: AVX blends with vpblendvb.)
      if (std::string_view(sse.spell.assembly).find('\n') != std::string_view::npos) continue;
      Instruction in = sse;
      in.id = keep(std::string("v") + sse.id);
      in.feature = Feature::avx;
      in.needs = sse.needs.with(Feature::avx);
      in.spell.assembly = keep(vex_template(sse.spell.assembly));
      v.push_back(in);
    }
    return v;
  }();
  return table;
}

bool has_vex_form(const Instruction& in) {
  switch (in.feature) {
    case Feature::sse2:
    case Feature::sse3:
    case Feature::ssse3:
    case Feature::sse41: return true;
    default: return false;
  }
}

}  // namespace shufc::isa
