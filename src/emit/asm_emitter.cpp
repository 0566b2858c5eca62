// emit_asm: a Program as an instruction sequence with registers allocated (see emit.h).
//
// Conventions of the output (also written into its header comment):
//  - Input k arrives in vector register k (xmm/ymm/zmm k by its width on x86, vk on AArch64);
//    outputs are left in registers, named in the header (an operand or result narrower than its
//    register is its low part, as the ABIs pass <2 x float>). An input beyond the register file
//    arrives in the spill area. A constant input is no argument (k counts the others): it is
//    loaded from its constant where first read, like a control vector.
//  - Registers: linear scan over the SSA, lowest free register first. x86 uses 16 registers; with
//    AVX-512, 16..31 too, but only for values that EVEX instructions alone touch (SSE and VEX
//    encodings cannot name them). When a destructive template ("punpcklbw {0}, {1}") destroys an
//    input that is still live, the input is copied first (movdqa / movaps / movapd, v-forms under
//    AVX, vmovdqa64 under EVEX; AArch64 mov); when the input dies there, the result takes its
//    register.
//  - Control vectors are constants after the code (`.p2align` + label + `.byte`/`.short`/`.long`/
//    `.quad`, no section switch, identical constants shared), each loaded right before its use
//    into a scratch register (x86 `movdqu xmm2, xmmword ptr [rip + .LCPI0_0]`, AArch64 literal
//    `ldr q2, .LCPI0_0`); a fixed register (`{c:xmm0}` of SSE4.1 blendv) is vacated first. AVX-512
//    k-mask controls are loaded into k1 (`kmovw k1, word ptr [rip + .LCPI0_1]`). llvm-mca ignores
//    the data directives and counts each load.
//  - Register pressure beyond the file spills to a stack area at [rsp] / [sp] (64 / 16 bytes a
//    slot, named in the header); a value is stored at most once (SSA values never change).
//  - AArch64 register lists (tbl2 .. tbl4: `{ {0}.16b, .. {3}.16b }`) name consecutive registers
//    (modulo 32): a value that a later list reads is allocated beside the list's other values
//    where that register is free (a chained tbl2 without a copy); arguments not in place are
//    copied into the window that spills least, then copies least.
//  - Each line carries an LLVM-style lane comment ("xmm0 = xmm0[0],xmm1[0],..." at the record's
//    element width, "zero" for zero lanes; value-changing steps as "sat_s8(xmm0[0..7],...)", with
//    lanes that move unchanged outside the op: xtn2's "v0[0..7],trunc8(v1[0..7])").
//  - x86 is written in Intel syntax (first line `.intel_syntax noprefix`) or AT&T (operands
//    reversed, % registers, $ immediates, disp(%base) memory); AArch64 keeps the template text.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <stdexcept>

#include "emit_common.h"
#include "shufc/emit.h"

namespace shufc {

namespace {

using emit_detail::DestSpec;

// ---- AT&T from Intel ----

std::string trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return std::string(s);
}

std::vector<std::string> split_operands(std::string_view s) {
  std::vector<std::string> out;
  int depth = 0;
  size_t b = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '[' || s[i] == '{') ++depth;
    else if (s[i] == ']' || s[i] == '}') --depth;
    else if (s[i] == ',' && depth == 0) {
      out.push_back(trim(s.substr(b, i - b)));
      b = i + 1;
    }
  }
  if (b < s.size()) out.push_back(trim(s.substr(b)));
  return out;
}

bool is_number(std::string_view s) {
  if (s.empty()) return false;
  if (s[0] == '-' || s[0] == '+') s.remove_prefix(1);
  if (s.starts_with("0x") || s.starts_with("0X")) return s.size() > 2 && std::all_of(s.begin() + 2, s.end(), ::isxdigit);
  return !s.empty() && std::all_of(s.begin(), s.end(), ::isdigit);
}

// "xmmword ptr [rip + .LCPI0_0]" -> ".LCPI0_0(%rip)", "[rsp + 64]" -> "64(%rsp)",
// "[rax + rcx*4 + 8]" -> "8(%rax,%rcx,4)".
std::string att_memory(std::string_view op) {
  const size_t lb = op.find('['), rb = op.rfind(']');
  std::string inner(op.substr(lb + 1, rb - lb - 1));
  std::string base, index, scale, disp;
  size_t i = 0;
  char sign = '+';
  while (i <= inner.size()) {
    size_t j = i;
    while (j < inner.size() && inner[j] != '+' && inner[j] != '-') ++j;
    const std::string term = trim(std::string_view(inner).substr(i, j - i));
    if (!term.empty()) {
      if (const size_t star = term.find('*'); star != std::string::npos) {
        index = trim(term.substr(0, star));
        scale = trim(term.substr(star + 1));
      } else if (is_number(term) || term[0] == '.' || (!base.empty() && index.empty() && !std::isalpha(term[0]))) {
        disp += (disp.empty() && sign == '+' ? "" : std::string(1, sign)) + term;
      } else if (base.empty() && (term == "rip" || term == "rsp" || term == "rbp" || term[0] == 'r' || term[0] == 'e')) {
        base = term;
      } else if (index.empty() && !base.empty() && (term[0] == 'r' || term[0] == 'e')) {
        index = term;
        scale = "1";
      } else {
        disp += (disp.empty() && sign == '+' ? "" : std::string(1, sign)) + term;
      }
    }
    if (j >= inner.size()) break;
    sign = inner[j];
    i = j + 1;
  }
  std::string r = disp + "(";
  if (!base.empty()) r += "%" + base;
  if (!index.empty()) r += ",%" + index + "," + scale;
  return r + ")";
}

std::string att_operand(const std::string& op) {
  if (op.find('[') != std::string::npos) return att_memory(op);
  // A register or an immediate, maybe followed by decorators ({k1} {z}).
  std::string out;
  size_t i = 0;
  bool first = true;
  while (i < op.size()) {
    if (op[i] == ' ') { ++i; continue; }
    size_t j = i;
    if (op[i] == '{') {
      j = op.find('}', i);
      j = j == std::string::npos ? op.size() : j + 1;
      std::string d = op.substr(i, j - i);
      if (d.size() > 2 && d[1] == 'k') d = "{%" + d.substr(1);
      out += (out.empty() ? "" : " ") + d;
    } else {
      while (j < op.size() && op[j] != ' ' && op[j] != '{') ++j;
      const std::string t = op.substr(i, j - i);
      out += (out.empty() ? "" : " ") + ((first && is_number(t)) ? "$" + t : "%" + t);
      first = false;
    }
    i = j;
  }
  return out;
}

std::string to_att(const std::string& intel) {
  const size_t sp = intel.find(' ');
  if (sp == std::string::npos) return intel;
  const std::string mn = intel.substr(0, sp);
  std::vector<std::string> ops = split_operands(std::string_view(intel).substr(sp + 1));
  std::string r = mn + " ";
  for (size_t k = ops.size(); k-- > 0;) r += att_operand(ops[k]) + (k ? ", " : "");
  return r;
}

// An EVEX-only instruction (any AVX-512 feature): it alone can name registers 16..31.
bool is_evex(const isa::Instruction& in) {
  using F = isa::Feature;
  for (F f : {F::avx512f, F::avx512bw, F::avx512dq, F::avx512vl, F::avx512vbmi, F::avx512vbmi2})
    if (in.needs.has(f)) return true;
  return false;
}

// Integer arithmetic in an operand ("8 * 3", from a template's "8 * {imm}") folded to its value.
std::optional<int64_t> eval_expr(std::string_view e) {
  // sum of products of integers
  int64_t sum = 0, prod = 1;
  char pending = '+';
  bool any_op = false, expect_num = true;
  size_t i = 0;
  while (i < e.size()) {
    if (e[i] == ' ') { ++i; continue; }
    if (expect_num) {
      size_t j = i;
      while (j < e.size() && std::isdigit(static_cast<unsigned char>(e[j]))) ++j;
      if (j == i) return std::nullopt;
      const int64_t v = std::stoll(std::string(e.substr(i, j - i)));
      prod *= v;
      i = j;
      expect_num = false;
    } else {
      const char op = e[i++];
      if (op != '*' && op != '+' && op != '-') return std::nullopt;
      any_op = true;
      if (op != '*') {
        sum += pending == '-' ? -prod : prod;
        prod = 1;
        pending = op;
      }
      expect_num = true;
    }
  }
  if (expect_num || !any_op) return std::nullopt;
  return sum + (pending == '-' ? -prod : prod);
}

// The cost table ids of what an instruction's template writes: its own id, or for a record of
// several instructions (lines: pand.blend) each line's mnemonic, which scripts/gen_costs.py gives
// an entry of its own.
std::vector<std::string> line_cost_ids(const isa::Instruction& in) {
  std::vector<std::string> ids = isa::line_mnemonics(in);
  if (ids.empty()) ids.push_back(in.id);
  return ids;
}

std::string fold_constants(const std::string& text) {
  const size_t sp = text.find(' ');
  if (sp == std::string::npos) return text;
  std::vector<std::string> ops = split_operands(std::string_view(text).substr(sp + 1));
  std::string r = text.substr(0, sp) + " ";
  for (size_t k = 0; k < ops.size(); ++k) {
    if (auto v = eval_expr(ops[k])) ops[k] = std::to_string(*v);
    r += (k ? ", " : "") + ops[k];
  }
  return r;
}

// ---- lane comments ----

const char* op_name(isa::ValueOp v) {
  switch (v) {
    case isa::ValueOp::SignedSat: return "sat_s";
    case isa::ValueOp::UnsignedSat: return "sat_u";     // a signed value to unsigned
    case isa::ValueOp::UnsignedSatU: return "usat_u";
    case isa::ValueOp::BitOr: return "or";   // an unsigned value to unsigned
    case isa::ValueOp::Truncate: return "trunc";
    case isa::ValueOp::SignExtend: return "sext";
    case isa::ValueOp::ZeroExtend: return "zext";
    case isa::ValueOp::Move: break;
  }
  return "";
}

// "xmm1[0,1],zero,xmm2[3]" (moves) or "xmm0[0..7],xmm1[0..7]" (ranges, for value ops).
std::string lane_list(const std::vector<isa::LaneSrc>& map, const std::vector<std::string>& src, bool ranges) {
  std::string s;
  size_t i = 0;
  while (i < map.size()) {
    if (!s.empty()) s += ",";
    if (map[i].is_zero()) {
      s += "zero";
      ++i;
      continue;
    }
    const int in = map[i].input;
    const std::string& reg = size_t(in) < src.size() ? src[size_t(in)] : std::string("?");
    size_t j = i + 1;
    if (ranges) {
      while (j < map.size() && map[j].input == in && map[j].elem == map[j - 1].elem + 1) ++j;
      s += j - i > 1 ? fmt::format("{}[{}..{}]", reg, map[i].elem, map[j - 1].elem) : fmt::format("{}[{}]", reg, map[i].elem);
    } else {
      while (j < map.size() && map[j].input == in) ++j;
      s += reg + "[";
      for (size_t k = i; k < j; ++k) s += fmt::format("{}{}", k > i ? "," : "", map[k].elem);
      s += "]";
    }
    i = j;
  }
  return s;
}

// A value-changing step's lanes: "sat_s8(xmm0[0..7],xmm1[0..7])". Lanes read from an input as
// wide as the output move unchanged (xtn2's kept half) and stand outside the op:
// "v0[0..7],trunc8(v1[0..7])". A zero lane goes with the lanes before it (the first ones with
// the lanes after them).
std::string value_lanes(const isa::Instruction& in, const std::vector<isa::LaneSrc>& map, const std::vector<std::string>& src) {
  if (in.value == isa::ValueOp::BitOr) return fmt::format("{} | {}", src.at(0), src.at(1));
  std::vector<bool> conv(map.size(), true);
  int first = -1;
  for (size_t i = 0; i < map.size(); ++i) {
    if (map[i].is_zero()) {
      if (i) conv[i] = conv[i - 1];
    } else {
      conv[i] = in.converts(unsigned(map[i].input));
      if (first < 0) first = int(i);
    }
  }
  for (int i = 0; i < first; ++i) conv[size_t(i)] = conv[size_t(first)];
  std::string s;
  for (size_t i = 0; i < map.size();) {
    size_t j = i;
    while (j < map.size() && conv[j] == conv[i]) ++j;
    const std::string part = lane_list(std::vector<isa::LaneSrc>(map.begin() + long(i), map.begin() + long(j)), src, true);
    s += (s.empty() ? "" : ",") + (conv[i] ? fmt::format("{}{}({})", op_name(in.value), in.elem_bits, part) : part);
    i = j;
  }
  return s;
}

// ---- the allocator and emitter ----

struct Constant {
  std::string label;
  unsigned elem_bits;
  std::vector<uint64_t> values;
  unsigned align;
};

class AsmWriter {
 public:
  // costs_only: the instructions' cost ids, no text (the search prices each answer it offers).
  // share_controls: a control constant still in a register from an earlier instruction is read
  // there, not loaded again (asm_cost_ids).
  AsmWriter(const Program& p, AsmSyntax syn, bool costs_only = false, bool share_controls = true)
      : p_(p), syn_(syn), x86_(p.arch == isa::Arch::x86), costs_only_(costs_only), share_controls_(share_controls) {
    for (const Program::Step& s : p.steps) need_.bits |= s.instr->needs.bits;
    for (const Program::Step& s : p.steps) avx512_ = avx512_ || is_evex(*s.instr);
    // (A result zero past its register is written by a VEX instruction, a copy too.)
    vex_ = avx512_ || need_.has(isa::Feature::avx) || need_.has(isa::Feature::avx2) || p.out_zeroed;
    nregs_ = x86_ ? (avx512_ ? 32 : 16) : 32;
    const unsigned nv = p.num_values(), k = unsigned(p.inputs.size());
    last_ = emit_detail::last_uses(p);
    uses_.assign(nv, {});
    evex_ok_.assign(nv, avx512_);
    for (size_t j = 0; j < p.steps.size(); ++j) {
      const bool evex = is_evex(*p.steps[j].instr);
      for (unsigned a : p.steps[j].args) {
        uses_[a].push_back(int(j));
        if (!evex) evex_ok_[a] = false;
      }
      if (!evex) evex_ok_[k + j] = false;
    }
    for (unsigned o : p.outputs) uses_[o].push_back(int(p.steps.size()));
    reg_.assign(nv, -1);
    slot_.assign(nv, -1);
    occ_.assign(nregs_, -1);
    holds_.assign(nregs_, {});
    for (const Program::Step& s : p.steps) ctl_key_.push_back(share_controls_ ? control_key(s) : std::string());
  }

  std::string run();
  // The cost table id of every instruction run() wrote, in order.
  std::vector<std::string> cost_ids() const {
    std::vector<std::string> ids;
    for (const auto& l : lines_) ids.push_back(l.cost);
    return ids;
  }

 private:
  // ---- registers ----
  unsigned limit(unsigned v) const { return x86_ ? (evex_ok_[v] ? nregs_ : 16) : nregs_; }
  std::string rname(int r, unsigned bits) const {
    if (!x86_) return fmt::format("v{}", r);
    return fmt::format("{}mm{}", bits >= 512 ? 'z' : bits == 256 ? 'y' : 'x', r);
  }
  const char* mem_size(unsigned bits) const {
    return bits >= 512 ? "zmmword" : bits == 256 ? "ymmword" : bits == 128 ? "xmmword" : "qword";
  }
  std::string mov(char fam, bool aligned, unsigned bits, bool evex) const {
    if (evex || bits >= 512) {
      if (fam == 'i') return aligned ? "vmovdqa64" : "vmovdqu64";
      return std::string("vmov") + (aligned ? "a" : "u") + (fam == 'd' ? "pd" : "ps");
    }
    const std::string v = (vex_ || bits == 256) ? "v" : "";
    if (fam == 'i') return v + (aligned ? "movdqa" : "movdqu");
    return v + "mov" + (aligned ? "a" : "u") + (fam == 'd' ? "pd" : "ps");
  }
  static char family(const isa::Instruction& in) {
    std::string_view t = in.spell.ctype;
    return t.ends_with("i") ? 'i' : t.ends_with("d") ? 'd' : 's';
  }
  // Whether register r is the fixed control register of an instruction after step j that runs
  // while value v, made at j, is still read (v would have to move out of it first).
  bool wanted_fixed(int r, unsigned v, int j) const {
    const int last = std::min<int>(last_[v], int(p_.steps.size()) - 1);
    for (int k = j + 1; k <= last; ++k)
      if (fixed_control_register(*p_.steps[size_t(k)].instr) == r) return true;
    return false;
  }
  // A vector control's constant as a key (its element width and values, padded to the register;
  // empty for a step without one, a k-mask or one in a fixed register).
  static std::string control_key(const Program::Step& s) {
    const isa::Instruction& in = *s.instr;
    const std::string_view tpl = in.spell.assembly;
    if (!in.programmable() || tpl.find("{c:") != std::string_view::npos) return {};
    std::vector<uint64_t> enc = in.control.encode ? in.control.encode(s.control, in.n()) : std::vector<uint64_t>{};
    while (enc.size() * in.control.ctl_elem_bits < in.reg_bits) enc.push_back(0);
    return fmt::format("{}:{}:{}", in.reg_bits, in.control.ctl_elem_bits, fmt::join(enc, ","));
  }
  // Whether register r holds a control constant a step after j reads (kept there: not the first
  // choice for anything else).
  bool kept(unsigned r, int j) const {
    if (holds_[r].empty()) return false;
    for (size_t k = size_t(j) + 1; k < ctl_key_.size(); ++k)
      if (ctl_key_[k] == holds_[r]) return true;
    return false;
  }
  int next_use(unsigned v, int j) const {
    for (int u : uses_[v])
      if (u > j) return u;
    return INT_MAX;
  }

  // One instruction and what it costs (cost table id: see asm_cost_ids in emit.h).
  void line(std::string text, std::string comment, std::string cost) {
    lines_.push_back({std::move(text), std::move(comment), std::move(cost)});
  }

  // A register below `lim` that is free and not pinned; spills the live value used farthest
  // away when there is none.
  int alloc(unsigned lim, const std::vector<bool>& pinned, int j) {
    for (unsigned r = 0; r < lim; ++r)
      if (occ_[r] < 0 && !pinned[r] && !kept(r, j)) return int(r);
    for (unsigned r = 0; r < lim; ++r)
      if (occ_[r] < 0 && !pinned[r]) return int(r);
    int best = -1, best_use = -1;
    for (unsigned r = 0; r < lim; ++r) {
      if (pinned[r] || occ_[r] < 0) continue;
      const unsigned v = unsigned(occ_[r]);
      const int u = next_use(v, j) + (slot_[v] >= 0 ? 1 : 0);  // an already stored value is cheaper
      if (u > best_use) best_use = u, best = int(r);
    }
    if (best < 0) throw std::runtime_error("emit_asm: every vector register is pinned by one instruction");
    spill(best);
    return best;
  }
  std::string slot_mem(int s, unsigned bits) const {
    const int off = s * (x86_ ? 64 : 16);
    if (x86_) return fmt::format("{} ptr [rsp{}]", mem_size(bits), off ? fmt::format(" + {}", off) : "");
    return fmt::format("[sp, #{}]", off);
  }
  // A spill slot as the header names it: "[rsp + 64]", "[sp + 16]".
  std::string slot_where(int s) const { return fmt::format("[{} + {}]", x86_ ? "rsp" : "sp", s * (x86_ ? 64 : 16)); }
  std::string neon_scalar(int r, unsigned bits) const { return fmt::format("{}{}", bits >= 128 ? 'q' : 'd', r); }
  void spill(int r) {
    const unsigned v = unsigned(occ_[r]);
    if (slot_[v] < 0) {
      slot_[v] = nslots_++;
      const unsigned bits = p_.bits_of(v);
      if (x86_) line(fmt::format("{} {}, {}", mov('i', false, bits, r >= 16), slot_mem(slot_[v], bits), rname(r, bits)),
                     fmt::format("spill {}", p_.name_of(v)), fmt::format("store.{}", bits));
      else line(fmt::format("str {}, {}", neon_scalar(r, bits), slot_mem(slot_[v], bits)), fmt::format("spill {}", p_.name_of(v)),
                fmt::format("store.{}", bits));
    }
    occ_[r] = -1;
    reg_[v] = -1;
  }
  void reload(unsigned v, int r) {
    const unsigned bits = p_.bits_of(v);
    holds_[size_t(r)].clear();
    if (v < p_.inputs.size() && p_.inputs[v].is_constant() && slot_[v] < 0) {  // its first load: from the constant
      const std::string& label = in_where_[v];
      std::vector<uint64_t> bytes(p_.inputs[v].constant.begin(), p_.inputs[v].constant.end());
      if (x86_) line(fmt::format("{} {}, {} ptr [rip + {}]", mov('i', false, bits, r >= 16), rname(r, bits), mem_size(bits), label),
                     fmt::format("{} = {}", rname(r, bits), const_comment(bytes)), fmt::format("load.{}", bits));
      else line(fmt::format("ldr {}, {}", neon_scalar(r, bits), label), fmt::format("{} = {}", rname(r, bits), const_comment(bytes)),
                fmt::format("load.{}", bits));
      occ_[r] = int(v);
      reg_[v] = r;
      return;
    }
    if (x86_) line(fmt::format("{} {}, {}", mov('i', false, bits, r >= 16), rname(r, bits), slot_mem(slot_[v], bits)),
                   fmt::format("reload {}", p_.name_of(v)), fmt::format("reload.{}", bits));
    else line(fmt::format("ldr {}, {}", neon_scalar(r, bits), slot_mem(slot_[v], bits)), fmt::format("reload {}", p_.name_of(v)),
              fmt::format("reload.{}", bits));
    occ_[r] = int(v);
    reg_[v] = r;
  }
  void copy(int dst, int src, unsigned bits, char fam) {
    holds_[size_t(dst)].clear();
    if (x86_) line(fmt::format("{} {}, {}", mov(fam, true, bits, dst >= 16 || src >= 16), rname(dst, bits), rname(src, bits)),
                   fmt::format("{} = {}", rname(dst, bits), rname(src, bits)), fmt::format("copy.{}", bits));
    else {
      const char* arr = bits >= 128 ? "16b" : "8b";
      line(fmt::format("mov v{}.{}, v{}.{}", dst, arr, src, arr), fmt::format("v{} = v{}", dst, src), fmt::format("copy.{}", bits >= 128 ? 128 : 64));
    }
  }
  std::string constant(unsigned elem_bits, std::vector<uint64_t> values, unsigned bytes) {
    while (values.size() * elem_bits < bytes * 8) values.push_back(0);
    for (const Constant& c : consts_)
      if (c.elem_bits == elem_bits && c.values == values) return c.label;
    consts_.push_back({fmt::format(".LCPI0_{}", consts_.size()), elem_bits, std::move(values), std::max(bytes, 2u)});
    return consts_.back().label;
  }
  std::string const_comment(const std::vector<uint64_t>& v) const {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += fmt::format("{}{}", i ? "," : "", v[i]);
    return s + "]";
  }

  // The arguments an AArch64 register list (`{ {0}.16b, {1}.16b }`) names, in its order.
  static std::vector<unsigned> register_list(std::string_view tpl) {
    std::vector<unsigned> list;
    const size_t lo = tpl.find("{ ");
    if (lo == std::string_view::npos) return list;
    const size_t hi = tpl.find(" }", lo);
    for (size_t i = lo + 2; i + 2 < hi; ++i)
      if (tpl[i] == '{' && tpl[i + 2] == '}')
        if (auto k = emit_detail::input_key(tpl.substr(i + 1, 1))) list.push_back(*k);
    return list;
  }
  // Registers that put value v, made at step j, where the register list of its next use wants
  // it beside the values already in registers there (a chained tbl2: the first one's result
  // just below the third input), so that no copy builds the list.
  std::vector<int> list_hints(unsigned v, int j) const {
    std::vector<int> hints;
    if (x86_) return hints;
    const int u = next_use(v, j);
    if (u >= int(p_.steps.size())) return hints;
    const Program::Step& s = p_.steps[size_t(u)];
    const std::vector<unsigned> list = register_list(s.instr->spell.assembly);
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i] >= s.args.size() || s.args[list[i]] != v) continue;
      for (size_t k = 0; k < list.size(); ++k)
        if (list[k] < s.args.size() && s.args[list[k]] != v && reg_[s.args[list[k]]] >= 0)
          hints.push_back(((reg_[s.args[list[k]]] - (int(k) - int(i))) % 32 + 32) % 32);
    }
    return hints;
  }

  void step(int j);
  // Step s's line: the instruction as written and its lanes as a comment.
  void write(const Program::Step& s, const isa::Instruction& in, const std::vector<int>& op, int dest, std::string_view tpl,
             const std::string& kreg, int ctl);
  std::string finish();

  const Program& p_;
  AsmSyntax syn_;
  bool x86_, costs_only_, share_controls_, avx512_ = false, vex_ = false;
  isa::FeatureSet need_;
  unsigned nregs_ = 16;
  std::vector<int> last_;
  std::vector<std::vector<int>> uses_;
  std::vector<bool> evex_ok_;
  std::vector<int> reg_, slot_, occ_;
  // Per register, the control constant it holds (control_key; empty: none or not known), and
  // per step, the one it reads: a later step with the same reads it there.
  std::vector<std::string> holds_, ctl_key_;
  int nslots_ = 0;
  struct Line {
    std::string text, comment, cost;
  };
  std::vector<Line> lines_;
  std::vector<Constant> consts_;
  std::vector<std::string> in_where_;
};

void AsmWriter::step(int j) {
  const Program::Step& s = p_.steps[size_t(j)];
  const isa::Instruction& in = *s.instr;
  const unsigned v = unsigned(p_.inputs.size()) + unsigned(j);
  const bool evex = is_evex(in);
  const unsigned tmp_lim = x86_ ? (evex && avx512_ ? nregs_ : 16) : nregs_;
  const std::string_view tpl = in.spell.assembly;
  const DestSpec dspec = emit_detail::dest_of(tpl);
  std::vector<bool> pinned(nregs_, false);

  // A fixed control register ({c:xmm0}).
  const bool kmask = tpl.find("{c:k}") != std::string_view::npos;
  const int fixed = fixed_control_register(in);
  if (fixed >= 0) {
    pinned[size_t(fixed)] = true;
    if (occ_[size_t(fixed)] >= 0) {  // vacate it: the value lives on elsewhere
      const unsigned u = unsigned(occ_[size_t(fixed)]);
      const int r = alloc(limit(u), pinned, j);
      copy(r, fixed, p_.bits_of(u), 'i');
      occ_[size_t(fixed)] = -1;
      occ_[size_t(r)] = int(u);
      reg_[u] = r;
    }
  }

  // Arguments in registers: pin those already there, then reload the rest.
  for (unsigned a : s.args)
    if (reg_[a] >= 0) pinned[size_t(reg_[a])] = true;
  for (unsigned a : s.args)
    if (reg_[a] < 0) {
      const int r = alloc(limit(a), pinned, j);
      reload(a, r);
      pinned[size_t(r)] = true;
    }
  std::vector<int> op(s.args.size());
  for (size_t k = 0; k < s.args.size(); ++k) op[k] = reg_[s.args[k]];
  std::vector<int> temps;  // registers that only this instruction uses

  // AArch64 register lists `{ {0}.16b, {1}.16b }` name consecutive registers.
  if (!x86_) {
    if (const std::vector<unsigned> list = register_list(tpl); !list.empty()) {
      bool consecutive = true;
      for (size_t i = 1; i < list.size(); ++i)
        if (op[list[i]] != (op[list[0]] + int(i)) % 32) consecutive = false;
      if (list.size() > 1 && !consecutive) {
        // The window (up to four registers: tbl4) whose registers are free or already hold the
        // right value: fewest spills (a store, 4), then fewest copies (1); the lowest on a tie.
        int best = -1, best_cost = INT_MAX;
        for (int b = 0; b < 32; ++b) {
          int cost = 0;
          for (size_t i = 0; i < list.size() && cost < INT_MAX; ++i) {
            const int r = (b + int(i)) % 32;
            if (r == op[list[i]]) continue;
            if (pinned[size_t(r)] || (occ_[size_t(r)] >= 0 && std::find(s.args.begin(), s.args.end(), unsigned(occ_[size_t(r)])) != s.args.end()))
              cost = INT_MAX;
            else cost += occ_[size_t(r)] >= 0 ? 4 : 1;
          }
          if (cost < best_cost) best_cost = cost, best = b;
        }
        if (best < 0) throw std::runtime_error("emit_asm: no consecutive registers for a table list");
        for (size_t i = 0; i < list.size(); ++i) {
          const int r = (best + int(i)) % 32;
          if (r == op[list[i]]) { pinned[size_t(r)] = true; continue; }
          if (occ_[size_t(r)] >= 0) spill(r);
          copy(r, op[list[i]], in.in_bits(list[i]), 'i');
          op[list[i]] = r;
          pinned[size_t(r)] = true;
          temps.push_back(r);
        }
      }
    }
  }

  // The control: a k-mask into k1, or a vector into a scratch (or the fixed) register.
  int ctl = -1;
  std::string kreg;
  if (in.programmable()) {
    const std::vector<uint64_t> enc = in.control.encode ? in.control.encode(s.control, in.n()) : std::vector<uint64_t>{};
    if (kmask) {
      const unsigned mb = std::max(16u, in.control.ctl_elem_bits);
      const uint64_t m = enc.empty() ? 0 : enc[0];
      const std::string label = constant(mb, {m}, mb / 8);
      const char* sz = mb == 16 ? "word" : mb == 32 ? "dword" : "qword";
      const char sfx = mb == 16 ? 'w' : mb == 32 ? 'd' : 'q';
      kreg = "k1";
      line(fmt::format("kmov{} k1, {} ptr [rip + {}]", sfx, sz, label), fmt::format("k1 = {:#x}", m), fmt::format("load.k{}", mb));
    } else {
      const unsigned bytes = in.reg_bits / 8;
      const std::string label = constant(in.control.ctl_elem_bits, enc, bytes);
      const std::string& key = ctl_key_[size_t(j)];
      bool held = false;  // (loaded for an earlier step, and still there)
      if (fixed >= 0) {
        ctl = fixed;
      } else {
        for (unsigned r = 0; r < tmp_lim && !held && !key.empty(); ++r)
          if (holds_[r] == key && occ_[r] < 0 && !pinned[r]) ctl = int(r), held = true;
        if (!held) ctl = alloc(tmp_lim, pinned, j);
        pinned[size_t(ctl)] = true;
        temps.push_back(ctl);
      }
      holds_[size_t(ctl)] = key;
      const std::string cname = rname(ctl, in.reg_bits);
      if (held) {
      } else if (costs_only_) {
        line({}, {}, fmt::format("load.{}", in.reg_bits));
      } else if (x86_) {
        const char fam = in.control.kind == isa::Control::Kind::Table ? 'i' : family(in);
        line(fmt::format("{} {}, {} ptr [rip + {}]", mov(fam, false, in.reg_bits, ctl >= 16), cname,
                         mem_size(in.reg_bits), label),
             fmt::format("{} = {}", cname, const_comment(enc)), fmt::format("load.{}", in.reg_bits));
      } else {
        line(fmt::format("ldr {}, {}", neon_scalar(ctl, in.reg_bits), label), fmt::format("{} = {}", cname, const_comment(enc)),
             fmt::format("load.{}", in.reg_bits));
      }
    }
  }

  // The destination.
  auto dies = [&](unsigned a) { return last_[a] == j; };
  int dest = -1;
  if (dspec.kind == DestSpec::Input && dspec.input < s.args.size()) {
    const unsigned a = s.args[dspec.input];
    const int r = op[dspec.input];
    const bool own = std::find(temps.begin(), temps.end(), r) != temps.end();
    if ((dies(a) && r != fixed && unsigned(r) < limit(v)) || own) {
      dest = r;
    } else {
      dest = alloc(limit(v), pinned, j);
      copy(dest, r, in.in_bits(dspec.input), family(in));
      op[dspec.input] = dest;
    }
  } else if (dspec.kind == DestSpec::Control && ctl >= 0) {
    dest = ctl;
  } else {
    // Free registers, or ones this instruction reads for the last time.
    std::vector<bool> reusable(nregs_, false);
    for (size_t k = 0; k < s.args.size(); ++k)
      if (dies(s.args[k])) reusable[size_t(op[k])] = reusable[size_t(reg_[s.args[k]])] = true;  // (a list copies, both)
    for (int t : temps) reusable[size_t(t)] = true;
    if (fixed >= 0) reusable[size_t(fixed)] = false;
    auto usable = [&](int r) { return r >= 0 && unsigned(r) < limit(v) && ((occ_[size_t(r)] < 0 && !pinned[size_t(r)]) || reusable[size_t(r)]); };
    // Not, where another will do, the fixed control register of a later instruction while the
    // result still lives there (SSE4.1's pblendvb after pshuflw of input 0: pshuflw into xmm0
    // would be copied out again for the blend's control), nor a register holding a control a
    // later instruction reads.
    for (const bool avoid : {true, false}) {
      for (int r : list_hints(v, j))
        if (dest < 0 && usable(r) && !(avoid && (wanted_fixed(r, v, j) || kept(unsigned(r), j)))) dest = r;
      for (unsigned r = 0; r < limit(v) && dest < 0; ++r)
        if (((occ_[r] < 0 && !pinned[r]) || reusable[r]) && !(avoid && (wanted_fixed(int(r), v, j) || kept(r, j)))) dest = int(r);
    }
    if (dest < 0) dest = alloc(limit(v), pinned, j);
  }

  // A record of several instructions (pand.blend) reads its other inputs after writing its
  // destination: one of them in that register (a value blended with itself) is copied there first.
  if (tpl.find('\n') != std::string_view::npos)
    for (size_t k = 0; k < op.size(); ++k)
      if (op[k] == dest && !(dspec.kind == DestSpec::Input && k == dspec.input)) {
        const int r = alloc(limit(v), pinned, j);
        copy(r, dest, in.in_bits(unsigned(k)), family(in));
        pinned[size_t(r)] = true;
        temps.push_back(r);
        op[k] = r;
      }

  // The instruction.
  // (The search prices every answer it offers this way: a record of one line is its own id.)
  if (costs_only_ && tpl.find('\n') == std::string_view::npos) line({}, {}, in.id);
  else if (costs_only_)
    for (const std::string& id : line_cost_ids(in)) line({}, {}, id);
  else write(s, in, op, dest, tpl, kreg, ctl);

  // Bookkeeping: the arguments that die here and the scratch registers leave.
  for (size_t k = 0; k < s.args.size(); ++k) {
    const unsigned a = s.args[k];
    if (dies(a) && reg_[a] >= 0) {
      occ_[size_t(reg_[a])] = -1;
      reg_[a] = -1;
    }
  }
  for (int t : temps) occ_[size_t(t)] = -1;
  if (occ_[size_t(dest)] >= 0) {  // a live value's register was taken as the destination: impossible by construction
    throw std::logic_error("emit_asm: destination register still holds a live value");
  }
  occ_[size_t(dest)] = int(v);
  reg_[v] = dest;
  holds_[size_t(dest)].clear();
  if (last_[v] < 0) {  // nobody reads it
    occ_[size_t(dest)] = -1;
    reg_[v] = -1;
  }
}

void AsmWriter::write(const Program::Step& s, const isa::Instruction& in, const std::vector<int>& op, int dest, std::string_view tpl,
                      const std::string& kreg, int ctl) {
  std::vector<std::string> src(s.args.size());
  for (size_t k = 0; k < s.args.size(); ++k) src[k] = rname(op[k], in.in_bits(unsigned(k)));
  const std::string dname = rname(dest, in.reg_bits);
  const std::string text = emit_detail::fill(tpl, [&](std::string_view key) -> std::optional<std::string> {
    if (key == "d") return dname;
    if (auto k = emit_detail::input_key(key)) return *k < src.size() ? std::optional<std::string>(src[*k]) : std::nullopt;
    // (AArch64's scalar forms name the 64-bit register: d3 for v3.)
    if (key == "d:d") return neon_scalar(dest, 64);
    if (key == "0:d" && !op.empty()) return neon_scalar(op[0], 64);
    if (auto imm = emit_detail::imm_key(key, in, s.imm)) return std::to_string(*imm);
    if (key == "c:k") return kreg;
    if (key == "c" || key.starts_with("c:")) return ctl >= 0 ? rname(ctl, in.reg_bits) : std::string("?");
    return std::nullopt;
  });
  const std::vector<isa::LaneSrc> map = isa::index_map(in, s.params());
  std::string comment;
  if (in.moves_only()) comment = fmt::format("{} = {}", dname, lane_list(map, src, false));
  else comment = fmt::format("{} = {}", dname, value_lanes(in, map, src));
  // (A record of several instructions: a line each, the lanes beside the last.)
  const std::vector<std::string> ids = line_cost_ids(in);
  size_t at = 0;
  for (size_t k = 0; k < ids.size(); ++k) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string one = text.substr(at, end - at);
    line(x86_ ? fold_constants(one) : one, k + 1 == ids.size() ? comment : std::string(), ids[k]);
    at = end + 1;
  }
}

std::string AsmWriter::run() {
  // Inputs: register k (the k-th the caller passes), or the spill area past the register file;
  // a constant is loaded where it is first read.
  const unsigned k = unsigned(p_.inputs.size());
  for (unsigned i = 0, passed = 0; i < k; ++i) {
    const unsigned bits = p_.inputs[i].bits;
    if (p_.inputs[i].is_constant()) {
      const std::vector<uint8_t>& c = p_.inputs[i].constant;
      in_where_.push_back(constant(8, std::vector<uint64_t>(c.begin(), c.end()), unsigned(c.size())));
      continue;
    }
    const unsigned at = passed++;
    if (at < limit(i)) {
      in_where_.push_back(rname(int(at), bits));
      if (last_[i] >= 0) {
        occ_[at] = int(i);
        reg_[i] = int(at);
      }
    } else {
      slot_[i] = nslots_++;
      in_where_.push_back(slot_where(slot_[i]));
    }
  }
  for (int j = 0; j < int(p_.steps.size()); ++j) step(j);
  // Outputs still in the spill area come back into registers.
  std::vector<bool> pinned(nregs_, false);
  for (unsigned o : p_.outputs)
    if (reg_[o] >= 0) pinned[size_t(reg_[o])] = true;
  // (Without a free register an output stays in the spill area; the header says where.)
  for (unsigned o : p_.outputs)
    if (reg_[o] < 0)
      for (unsigned r = 0; r < limit(o); ++r)
        if (occ_[r] < 0 && !pinned[r]) {
          reload(o, int(r));
          pinned[r] = true;
          break;
        }
  // A result zero past its register: an input passed through is written once (a VEX copy to
  // itself zeroes the rest of its zmm); any step's result already is.
  if (p_.out_zeroed && !p_.outputs.empty())
    if (const unsigned o = p_.outputs.back(); o < k && reg_[o] >= 0) copy(reg_[o], reg_[o], p_.bits_of(o), 'i');
  return costs_only_ ? std::string() : finish();
}

std::string AsmWriter::finish() {
  const bool intel = syn_ == AsmSyntax::intel || !x86_;
  const char* cc = x86_ ? "#" : "//";
  std::string o;
  if (x86_ && syn_ == AsmSyntax::intel) o += ".intel_syntax noprefix\n";
  std::string features;
  for (unsigned f = 0; f < isa::kNumFeatures; ++f)
    if (need_.has(isa::Feature(f))) features += (features.empty() ? "" : ", ") + std::string(isa::name(isa::Feature(f)));
  size_t instructions = 0;  // (the steps' lines: pand.blend writes three)
  for (const Program::Step& s : p_.steps) instructions += line_cost_ids(*s.instr).size();
  o += fmt::format("{} shufc: {} instruction(s), {}{}{}\n", cc, instructions, x86_ ? "x86-64" : "AArch64",
                   features.empty() ? "" : " (" + features + ")",
                   x86_ ? (syn_ == AsmSyntax::intel ? ", Intel syntax" : ", AT&T syntax") : "");
  std::string ins, outs;
  for (size_t i = 0; i < p_.inputs.size(); ++i)
    ins += fmt::format("{}{} = {}{}{}", i ? ", " : "", p_.inputs[i].name, in_where_[i],
                       p_.inputs[i].held ? fmt::format(" (low {} bits)", p_.inputs[i].held) : "", last_[i] < 0 ? " (unused)" : "");
  for (size_t i = 0; i < p_.outputs.size(); ++i) {
    const unsigned v = p_.outputs[i];
    outs += fmt::format("{}{} = {}{}", i ? ", " : "", p_.name_of(v), reg_[v] >= 0 ? rname(reg_[v], p_.bits_of(v)) : slot_where(slot_[v]),
                        p_.output_held(unsigned(i)) ? fmt::format(" (low {} bits)", p_.output_held(unsigned(i)))
                        : i + 1 == p_.outputs.size() && p_.out_zeroed && reg_[v] >= 0
                            ? fmt::format(" ({} past it zero)", rname(reg_[v], p_.out_zeroed))
                            : "");
  }
  o += fmt::format("{} inputs:  {}\n{} outputs: {}\n", cc, ins, cc, outs);
  if (!consts_.empty())
    o += fmt::format("{} {}: {} after the code, each loaded before its use\n", cc,
                     p_.passed_inputs().size() < p_.inputs.size() ? "constants" : "control constants",
                     consts_.size() == 1 ? consts_[0].label : consts_[0].label + " .. " + consts_.back().label);
  if (nslots_ > 0)
    o += fmt::format("{} spill area: {} bytes at [{}]\n", cc, nslots_ * (x86_ ? 64 : 16), x86_ ? "rsp" : "sp");
  for (const auto& [text, comment, cost] : lines_) {
    std::string t = (x86_ && !intel) ? to_att(text) : text;
    t = "  " + t;
    if (!comment.empty()) {
      if (t.size() < 44) t.resize(44, ' ');
      else t += "  ";
      t += std::string(cc) + " " + comment;
    }
    o += t + "\n";
  }
  for (const Constant& c : consts_) {
    unsigned align = 0;
    while ((1u << align) < std::min(c.align, 64u)) ++align;
    o += fmt::format("  .p2align {}\n{}:\n", align, c.label);
    const char* dir = c.elem_bits == 8 ? ".byte" : c.elem_bits == 16 ? ".short" : c.elem_bits == 32 ? ".long" : ".quad";
    const size_t per_line = c.elem_bits == 8 ? 16 : 8;
    for (size_t i = 0; i < c.values.size(); i += per_line) {
      std::string vals;
      for (size_t k = i; k < std::min(c.values.size(), i + per_line); ++k) vals += fmt::format("{}{}", k > i ? "," : "", c.values[k]);
      o += fmt::format("  {} {}\n", dir, vals);
    }
  }
  return o;
}

}  // namespace

std::string emit_asm(const Program& p, AsmSyntax syntax) { return AsmWriter(p, syntax).run(); }

bool overwrites_an_operand(const isa::Instruction& in) {
  return emit_detail::dest_of(in.spell.assembly).kind != emit_detail::DestSpec::Fresh;
}

int fixed_control_register(const isa::Instruction& in) {
  const std::string_view tpl = in.spell.assembly;
  const size_t at = tpl.find("{c:");
  if (at == std::string_view::npos || tpl.find("{c:k}") != std::string_view::npos) return -1;  // (k1: a mask register)
  size_t d = at + 3;
  while (d < tpl.size() && !std::isdigit(static_cast<unsigned char>(tpl[d]))) ++d;
  return std::atoi(std::string(tpl.substr(d)).c_str());
}

std::vector<std::string> asm_cost_ids(const Program& p, bool share_controls) {
  AsmWriter w(p, AsmSyntax::intel, true, share_controls);
  w.run();
  return w.cost_ids();
}

}  // namespace shufc
