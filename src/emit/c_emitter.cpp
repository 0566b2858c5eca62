// emit_c: a Program as one self-contained C function of intrinsics (see emit.h).
//
// Conventions of the generated code:
//  - `void NAME(const void *a, const void *b, void *r)`, one pointer per input named after it,
//    or `void NAME(const void *in, void *out)` when there are several outputs (inputs, then
//    outputs, laid out one after another, each as many bytes as its register holds: an operand or
//    result narrower than the register is its low part, `in a : 128 low 64`; the rest of such an
//    input's register is zeroed, and nothing past a result's part is written).
//  - Loads and stores are memcpy (no alignment needed). An input takes the C type that its first
//    reader wants; every later use that wants another type gets a cast (x86 _mm*_cast*, NEON
//    vreinterpret*), which costs nothing.
//  - A constant input (`const c : 128 = [...]`) is no parameter: a `static const uint8_t` array
//    of its bytes, loaded with memcpy.
//  - A control vector is a `static const` array of its encoded elements, loaded with memcpy; an
//    AVX-512 mask-register control ({c:k}) is a __mmaskN literal; immediates are literals.
//  - x86 functions carry __attribute__((target("..."))) with every feature the records need, so
//    they compile without -m flags; AArch64 includes <arm_neon.h>.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "emit_common.h"
#include "shufc/emit.h"

namespace shufc {

namespace {

using emit_detail::Names;

// ---- C vector types ----

// x86: "__m128i" -> 'i', "__m256" -> 's' (single), "__m512d" -> 'd'.
char x86_family(std::string_view ctype) {
  if (ctype.ends_with("i")) return 'i';
  if (ctype.ends_with("d")) return 'd';
  return 's';
}
std::string x86_type(char fam, unsigned bits) {
  if (bits < 128) bits = 128;
  return fmt::format("__m{}{}", bits, fam == 'i' ? "i" : fam == 'd' ? "d" : "");
}
unsigned x86_bits(std::string_view type) {
  if (type.starts_with("__m512")) return 512;
  if (type.starts_with("__m256")) return 256;
  return 128;
}
// A cast between vector families, then to a narrower width (the low part: _mm256_castsi256_si128).
std::string x86_cast(const std::string& expr, const std::string& from, const std::string& to) {
  const unsigned bits = x86_bits(from), to_bits = x86_bits(to);
  const char ff = x86_family(from), tf = x86_family(to);
  const std::string prefix = bits == 128 ? "_mm" : fmt::format("_mm{}", bits);
  std::string r = expr;
  if (ff != tf) {
    auto tok = [&](char fam) { return fam == 'i' ? fmt::format("si{}", bits) : fam == 'd' ? std::string("pd") : std::string("ps"); };
    r = fmt::format("{}_cast{}_{}({})", prefix, tok(ff), tok(tf), r);
  }
  if (to_bits < bits) {
    auto tok = [&](unsigned b) { return fmt::format("{}{}", tf == 'i' ? "si" : tf == 'd' ? "pd" : "ps", b); };
    r = fmt::format("{}_cast{}_{}({})", prefix, tok(bits), tok(to_bits), r);
  }
  return r;
}

// NEON: "uint8x16_t" -> {uint, 8, 16}.
struct NeonType {
  std::string kind;  // int, uint, float, poly, bfloat, mfloat
  unsigned elem = 8, lanes = 16;
  unsigned bits() const { return elem * lanes; }
  std::string suffix() const {
    const std::string k = kind == "uint" ? "u" : kind == "int" ? "s" : kind == "float" ? "f" : kind == "poly" ? "p"
                          : kind == "bfloat" ? "bf" : "mf";
    return fmt::format("{}{}", k, elem);
  }
};
NeonType parse_neon(std::string_view t) {
  NeonType r;
  size_t i = 0;
  while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
  r.kind = std::string(t.substr(0, i));
  const size_t x = t.find('x', i);
  if (x == std::string_view::npos) return r;
  r.elem = unsigned(std::stoul(std::string(t.substr(i, x - i))));
  r.lanes = unsigned(std::stoul(std::string(t.substr(x + 1))));
  return r;
}
std::string neon_uint(unsigned elem, unsigned bits) { return fmt::format("uint{}x{}_t", elem, bits / elem); }
// A reinterpretation, then to the low half when `to` is narrower (vget_low_u8).
std::string neon_cast(const std::string& expr, const std::string& from, const std::string& to) {
  const NeonType f = parse_neon(from), t = parse_neon(to);
  std::string r = expr;
  if (f.kind != t.kind || f.elem != t.elem)
    r = fmt::format("vreinterpret{}_{}_{}({})", f.bits() == 128 ? "q" : "", t.suffix(), f.suffix(), r);
  if (t.bits() < f.bits()) r = fmt::format("vget_low_{}({})", t.suffix(), r);
  return r;
}

class CTypes {
 public:
  explicit CTypes(isa::Arch arch) : arch_(arch) {}
  bool x86() const { return arch_ == isa::Arch::x86; }

  // The type the intrinsic wants for input k (NEON: its own width and element width).
  std::string arg(const isa::Instruction& in, unsigned k) const {
    if (x86()) return x86_type(x86_family(in.spell.ctype), in.in_bits(k));
    if (in.in_bits(k) == in.reg_bits && in.in_elem_bits(k) == in.elem_bits) return in.spell.ctype;
    return neon_uint(in.in_elem_bits(k), in.in_bits(k));
  }
  std::string result(const isa::Instruction& in) const {
    if (x86()) return x86_type(x86_family(in.spell.ctype), in.reg_bits);
    return in.spell.ctype;
  }
  // The control vector's type: integer for tables (pshufb, vpermd even on floats), the data's
  // family for variable blends (blendvps takes __m128); NEON uint{ctl}xN_t.
  std::string control(const isa::Instruction& in) const {
    if (x86()) {
      const char fam = in.control.kind == isa::Control::Kind::Table ? 'i' : x86_family(in.spell.ctype);
      return x86_type(fam, in.reg_bits);
    }
    return neon_uint(in.control.ctl_elem_bits, in.reg_bits);
  }
  std::string fallback(unsigned bits) const { return x86() ? x86_type('i', bits) : neon_uint(8, bits); }
  // `type` at `bits` (an input first read through its low part is loaded whole).
  std::string widen(const std::string& type, unsigned bits) const {
    if (size_of(type) * 8 >= bits) return type;
    if (x86()) return x86_type(x86_family(type), bits);
    const NeonType t = parse_neon(type);
    return fmt::format("{}{}x{}_t", t.kind, t.elem, bits / t.elem);
  }
  unsigned size_of(const std::string& type) const {
    if (x86()) return x86_bits(type) / 8;
    return parse_neon(type).bits() / 8;
  }
  std::string cast(const std::string& expr, const std::string& from, const std::string& to) const {
    if (from == to) return expr;
    return x86() ? x86_cast(expr, from, to) : neon_cast(expr, from, to);
  }

 private:
  isa::Arch arch_;
};

const char* c_keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float",
    "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof", "static",
    "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "asm",
    "typeof", "alignas", "alignof", "static_assert", "thread_local", "nullptr", "constexpr", "main",
    // what the function body uses
    "memcpy", "memset", "size_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t", "int16_t", "int32_t",
    "int64_t", "sizeof", "NULL"};

std::string hex_literal(uint64_t v, unsigned bits) {
  switch (bits) {
    case 8: return fmt::format("0x{:02x}", v & 0xff);
    case 16: return fmt::format("0x{:04x}", v & 0xffff);
    case 32: return fmt::format("0x{:08x}u", v & 0xffffffffu);
    default: return fmt::format("0x{:016x}ull", v);
  }
}

// One step written the way the Program's text form writes it, for a comment.
std::string step_text(const Program& p, const Program::Step& s) {
  std::string t = fmt::format("{} = {}", s.name, s.instr->id);
  for (size_t a = 0; a < s.args.size(); ++a) t += (a ? ", " : " ") + p.name_of(s.args[a]);
  if (s.instr->imm_count) t += fmt::format(", {}", s.imm);
  if (s.instr->programmable()) {
    t += ", [";
    for (size_t k = 0; k < s.control.size(); ++k) t += (k ? "," : "") + (s.control[k] < 0 ? std::string("z") : std::to_string(s.control[k]));
    t += "]";
  }
  return t;
}

}  // namespace

std::string emit_c(const Program& p, std::string_view name, bool packed) {
  const CTypes types(p.arch);
  const bool x86 = types.x86();
  const bool multi = packed || p.outputs.size() != 1;
  const unsigned nv = p.num_values();
  const std::vector<int> last = emit_detail::last_uses(p);

  Names names;
  for (const char* k : c_keywords) names.reserve(k);
  if (multi) names.reserve("in"), names.reserve("out");
  else names.reserve("r");
  {
    std::set<std::string> ids;
    for (const Program::Step& s : p.steps) emit_detail::collect_identifiers(s.instr->spell.intrinsic, ids);
    for (const std::string& id : ids) names.reserve(id);
  }
  std::string fn = std::string(name);
  if (fn.empty() || names.taken(fn)) fn = names.make(fn.empty() ? "shufc_kernel" : fn + "_fn");
  else fn = names.make(fn);

  // Parameters: one pointer per input named after it (several outputs: in, out).
  std::vector<std::string> param(p.inputs.size());
  std::string out_param = "r";
  if (!multi) {
    for (size_t k = 0; k < p.inputs.size(); ++k)
      if (!p.inputs[k].is_constant()) param[k] = names.make(p.inputs[k].name);
  }

  // The C type of every value: a step's intrinsic result; an input's first reader's argument.
  std::vector<std::string> type(nv);
  for (size_t j = 0; j < p.steps.size(); ++j) type[p.inputs.size() + j] = types.result(*p.steps[j].instr);
  for (size_t k = 0; k < p.inputs.size(); ++k) {
    for (const Program::Step& s : p.steps) {
      for (unsigned a = 0; a < s.args.size() && type[k].empty(); ++a)
        if (s.args[a] == k) type[k] = types.widen(types.arg(*s.instr, a), p.inputs[k].bits);
      if (!type[k].empty()) break;
    }
    if (type[k].empty()) type[k] = types.fallback(p.inputs[k].bits);
  }
  std::vector<std::string> var(nv);
  for (size_t k = 0; k < p.inputs.size(); ++k) var[k] = names.make(p.inputs[k].name + "_v");
  for (size_t j = 0; j < p.steps.size(); ++j) var[p.inputs.size() + j] = names.make(p.steps[j].name);

  // Features for the target attribute.
  isa::FeatureSet need;
  for (const Program::Step& s : p.steps) need.bits |= s.instr->needs.bits;
  std::string features;
  if (x86)
    for (unsigned f = 0; f < isa::kNumFeatures; ++f)
      if (need.has(isa::Feature(f)) && isa::Feature(f) != isa::Feature::neon)
        features += (features.empty() ? "" : ",") + std::string(isa::name(isa::Feature(f)));

  std::string o;
  // Header.
  unsigned in_total = 0, out_total = 0;
  for (unsigned k : p.passed_inputs()) in_total += p.input_bytes(k);
  for (unsigned o = 0; o < p.outputs.size(); ++o) out_total += p.output_bytes(o);
  const unsigned zeros = p.out_zeroed && !p.outputs.empty() ? p.out_zeroed / 8 - p.output_bytes(unsigned(p.outputs.size() - 1)) : 0;
  out_total += zeros;
  o += fmt::format("/* Generated by shufc: {} step(s), {}{}. */\n", p.steps.size(), x86 ? "x86-64" : "AArch64 NEON",
                   features.empty() ? std::string() : " (" + features + ")");
  if (multi) {
    std::string ins, outs;
    unsigned off = 0;
    for (unsigned k : p.passed_inputs()) {
      ins += fmt::format("{}{} [{}, {})", ins.empty() ? "" : ", ", p.inputs[k].name, off, off + p.input_bytes(k));
      off += p.input_bytes(k);
    }
    off = 0;
    for (unsigned o = 0; o < p.outputs.size(); ++o) {
      outs += fmt::format("{}{} [{}, {})", outs.empty() ? "" : ", ", p.name_of(p.outputs[o]), off, off + p.output_bytes(o));
      off += p.output_bytes(o);
    }
    o += fmt::format("/* in ({} bytes): {}\n   out ({} bytes): {} */\n", in_total, ins, out_total, outs);
  } else {
    std::string ins;
    for (unsigned k : p.passed_inputs())
      ins += fmt::format("{}{}: {} bytes", ins.empty() ? "" : ", ", param[k], p.input_bytes(k));
    o += fmt::format("/* {}; r: {} ({} bytes) */\n", ins, p.name_of(p.outputs[0]), out_total);
  }
  o += x86 ? "#include <immintrin.h>\n" : "#include <arm_neon.h>\n";
  o += "#include <stdint.h>\n#include <string.h>\n\n";
  if (!features.empty()) o += fmt::format("__attribute__((target(\"{}\")))\n", features);
  if (multi) {
    o += fmt::format("void {}(const void *in, void *out) {{\n", fn);
  } else {
    std::string ps;
    for (unsigned k : p.passed_inputs()) ps += fmt::format("const void *{}, ", param[k]);
    o += fmt::format("void {}({}void *{}) {{\n", fn, ps, out_param);
  }

  // Loads (an input nobody reads or returns is only marked used; a constant from its array).
  unsigned off = 0;
  for (size_t k = 0; k < p.inputs.size(); ++k) {
    if (p.inputs[k].is_constant()) {
      if (last[k] < 0) continue;
      std::string elems;
      for (size_t i = 0; i < p.inputs[k].constant.size(); ++i)
        elems += (i ? (i % 16 ? ", " : ",\n      ") : "") + hex_literal(p.inputs[k].constant[i], 8);
      const std::string arr = names.make(p.inputs[k].name + "_bytes");
      o += fmt::format("  static const uint8_t {}[{}] = {{{}}};\n", arr, p.inputs[k].constant.size(), elems);
      o += fmt::format("  {} {};\n  memcpy(&{}, {}, sizeof {});\n", type[k], var[k], var[k], arr, var[k]);
      continue;
    }
    const unsigned bytes = p.input_bytes(unsigned(k));  // (a narrower operand: the rest zero)
    const std::string src = multi ? (off ? fmt::format("(const char *)in + {}", off) : std::string("in")) : param[k];
    off += bytes;
    if (last[k] < 0) {
      if (!multi) o += fmt::format("  (void){};\n", param[k]);
      continue;
    }
    o += fmt::format("  {} {};\n", type[k], var[k]);
    if (types.size_of(type[k]) > bytes) o += fmt::format("  memset(&{}, 0, sizeof {});\n", var[k], var[k]);
    o += fmt::format("  memcpy(&{}, {}, {});\n", var[k], src, bytes);
  }

  if (multi && std::none_of(p.inputs.begin(), p.inputs.end(), [&](const Program::Input& i) {
        return !i.is_constant() && last[size_t(&i - p.inputs.data())] >= 0;
      }))
    o += "  (void)in;\n";

  for (size_t j = 0; j < p.steps.size(); ++j) {
    const Program::Step& s = p.steps[j];
    const isa::Instruction& in = *s.instr;
    const unsigned v = unsigned(p.inputs.size() + j);
    o += fmt::format("  /* {} */\n", step_text(p, s));
    std::string ctl_var;
    const bool kmask = std::string_view(in.spell.intrinsic).find("{c:k}") != std::string_view::npos;
    if (in.programmable() && !kmask) {
      if (!in.control.encode) throw std::logic_error(fmt::format("{}: no control encoder", in.id));
      const std::vector<uint64_t> enc = in.control.encode(s.control, in.n());
      const std::string ct = types.control(in);
      const unsigned eb = in.control.ctl_elem_bits;
      const unsigned bytes = types.size_of(ct);
      const unsigned count = std::max<unsigned>(unsigned(enc.size()), bytes * 8 / eb);
      std::string elems;
      for (unsigned i = 0; i < count; ++i) {
        if (i) elems += i % 16 ? ", " : ",\n      ";
        elems += hex_literal(i < enc.size() ? enc[i] : 0, eb);
      }
      const std::string arr = names.make(s.name + "_ctl");
      ctl_var = names.make(s.name + "_c");
      o += fmt::format("  static const uint{}_t {}[{}] = {{{}}};\n", eb, arr, count, elems);
      o += fmt::format("  {} {};\n  memcpy(&{}, {}, sizeof {});\n", ct, ctl_var, ctl_var, arr, ctl_var);
    }
    const std::string call = emit_detail::fill(in.spell.intrinsic, [&](std::string_view key) -> std::optional<std::string> {
      if (auto k = emit_detail::input_key(key)) {
        if (*k >= s.args.size()) return std::nullopt;
        const unsigned a = s.args[*k];
        return types.cast(var[a], type[a], types.arg(in, *k));
      }
      if (auto imm = emit_detail::imm_key(key, in, s.imm)) return std::to_string(*imm);
      if (key == "c:k") {  // AVX-512: the control is one k-mask of ctl_elem_bits bits (see records.h)
        const unsigned mb = in.control.ctl_elem_bits;
        const std::vector<uint64_t> enc = in.control.encode ? in.control.encode(s.control, in.n()) : std::vector<uint64_t>{0};
        return fmt::format("(__mmask{}){}", mb, hex_literal(enc.empty() ? 0 : enc[0], std::max(16u, mb)));
      }
      if (key == "c" || key.starts_with("c:")) return ctl_var;
      return std::nullopt;
    });
    o += fmt::format("  const {} {} = {};\n", type[v], var[v], call);
    if (last[v] < 0) o += fmt::format("  (void){};\n", var[v]);
  }

  // Stores.
  off = 0;
  for (unsigned oi = 0; oi < p.outputs.size(); ++oi) {
    const unsigned v = p.outputs[oi], bytes = p.output_bytes(oi);
    const std::string dst = multi ? (off ? fmt::format("(char *)out + {}", off) : std::string("out")) : out_param;
    off += bytes;
    o += fmt::format("  memcpy({}, &{}, {});\n", dst, var[v], bytes);
  }
  // (A result zero past its register: x86's VEX write of an xmm zeroes the rest of the zmm.)
  if (zeros) o += fmt::format("  memset({}, 0, {});\n", multi ? fmt::format("(char *)out + {}", off) : fmt::format("(char *){} + {}", out_param, off), zeros);
  o += "}\n";
  return o;
}

}  // namespace shufc
