// emit_ir: a Program as one LLVM IR function (see emit.h).
//
// `define void @NAME(ptr %a, ptr %b, ptr %r)` (several outputs: `(ptr %in, ptr %out)`, the
// vectors one after another). Every value is an integer vector; a step bitcasts its operands to
// <n x iW> at the record's element width (the source width for value-changing steps):
//  - data movement is one shufflevector from the index map: one input with zero lanes shuffles
//    against zeroinitializer; two inputs and zeros shuffle, then select against zeroinitializer;
//    three or more inputs (tbl3, tbl4) are first concatenated pairwise. Operands of different
//    widths (vinserti128) are widened with a poison shuffle.
//  - packs gather their sources at the wide width, clamp with llvm.smax / llvm.smin (signed
//    saturation to [-2^(w-1), 2^(w-1)-1], unsigned to [0, 2^w-1], the source read as signed) and
//    trunc; unsigned saturation of an unsigned source (uqxtn, vpmovus*) is llvm.umin with 2^w-1
//    and trunc; extensions gather and sext / zext; truncation gathers and truncs.
//  - a value-changing record whose lanes also come from an input as wide as the output (xtn2
//    keeps its destination's low half) converts the other lanes as above, gathers those at the
//    output width, and merges the two with one shufflevector.
// A constant input is a constant vector (bitcast to its first reader's width), no parameter.
// Loads and stores are `align 1`; an operand or result narrower than its register (`in a : 128
// low 64`) is loaded or stored as it is, widened with poison lanes or its low lanes taken.
#include <fmt/format.h>

#include <map>
#include <set>

#include "emit_common.h"
#include "shufc/emit.h"

namespace shufc {

namespace {

std::string vty(unsigned n, unsigned w) { return fmt::format("<{} x i{}>", n, w); }

std::string llvm_name(const std::string& n) {
  // Names from emit_detail::Names are [A-Za-z0-9_]+ and never start with a digit.
  return "%" + n;
}

class IrWriter {
 public:
  IrWriter(const Program& p, bool packed) : p_(p), packed_(packed) {}
  std::string run(std::string_view name);

 private:
  struct Val {
    std::string ssa;  // "%t"
    unsigned w = 8;   // element width of that SSA value
    unsigned bits = 128;
  };

  std::string emit(const std::string& want, const std::string& rhs) {
    const std::string n = llvm_name(names_.make(want));
    body_ += fmt::format("  {} = {}\n", n, rhs);
    return n;
  }
  // Value v as <bits/w x iw>.
  std::string as(unsigned v, unsigned w) {
    Val& x = vals_[v];
    if (x.w == w) return x.ssa;
    auto key = std::make_pair(v, w);
    if (auto it = casts_.find(key); it != casts_.end()) return it->second;
    const std::string r = emit(fmt::format("{}.v{}i{}", p_.name_of(v), x.bits / w, w),
                               fmt::format("bitcast {} {} to {}", vty(x.bits / x.w, x.w), x.ssa, vty(x.bits / w, w)));
    casts_[key] = r;
    return r;
  }
  // Argument k of step s as <in_bits/w x iw>: the low part of a wider value when the instruction
  // reads a narrower register (vpbroadcastb ymm, xmm reads the low half of a ymm value).
  std::string arg(const Program::Step& s, unsigned k, unsigned w) {
    const unsigned v = s.args[k], bits = s.instr->in_bits(k);
    const std::string x = as(v, w);
    if (vals_[v].bits <= bits) return x;
    std::vector<int> idx(bits / w);
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = int(i);
    return emit(fmt::format("{}.lo", p_.name_of(v)),
                fmt::format("shufflevector {} {}, {} poison, {}", vty(vals_[v].bits / w, w), x, vty(vals_[v].bits / w, w), mask(idx)));
  }
  static std::string mask(const std::vector<int>& idx) {
    std::string s = fmt::format("<{} x i32> <", idx.size());
    for (size_t i = 0; i < idx.size(); ++i)
      s += fmt::format("{}i32 {}", i ? ", " : "", idx[i] < 0 ? std::string("poison") : std::to_string(idx[i]));
    return s + ">";
  }
  // The elements the map names, as <n x iw> (zero lanes zero, lanes marked in `poison` poison: the
  // caller does not read them); `final` names the last instruction.
  std::string gather(const Program::Step& s, const std::vector<isa::LaneSrc>& map, unsigned w, const std::string& final,
                     const std::vector<bool>& poison = {});
  std::string splat(unsigned n, unsigned w, int64_t v) const {
    std::string s = "<";
    for (unsigned i = 0; i < n; ++i) s += fmt::format("{}i{} {}", i ? ", " : "", w, v);
    return s + ">";
  }
  std::string minmax(const char* op, unsigned n, unsigned w, const std::string& x, int64_t c, const std::string& want) {
    const std::string fn = fmt::format("@llvm.{}.v{}i{}", op, n, w);
    decls_.insert(fmt::format("declare {} {}({}, {})", vty(n, w), fn, vty(n, w), vty(n, w)));
    return emit(want, fmt::format("call {} {}({} {}, {} {})", vty(n, w), fn, vty(n, w), x, vty(n, w), splat(n, w, c)));
  }

  const Program& p_;
  bool packed_;
  emit_detail::Names names_;
  std::vector<Val> vals_;
  std::map<std::pair<unsigned, unsigned>, std::string> casts_;
  std::set<std::string> decls_;
  std::string body_;
};

std::string IrWriter::gather(const Program::Step& s, const std::vector<isa::LaneSrc>& map, unsigned w, const std::string& final,
                             const std::vector<bool>& poison) {
  const isa::Instruction& in = *s.instr;
  const unsigned n = unsigned(map.size());
  const std::string rt = vty(n, w);
  auto dead = [&](unsigned i) { return i < poison.size() && poison[i]; };
  std::set<int> used;
  bool zeros = false;
  for (unsigned i = 0; i < n; ++i) {
    if (dead(i)) continue;
    if (map[i].is_zero()) zeros = true;
    else used.insert(map[i].input);
  }
  if (used.empty()) {
    std::vector<int> idx(n, 0);
    return emit(final, fmt::format("shufflevector {} zeroinitializer, {} poison, {}", rt, rt, mask(idx)));
  }
  if (used.size() == 1) {
    const int u = *used.begin();
    const unsigned len = in.in_bits(unsigned(u)) / w;
    const std::string x = arg(s, unsigned(u), w);
    std::vector<int> idx(n);
    for (unsigned i = 0; i < n; ++i) idx[i] = dead(i) ? -1 : map[i].is_zero() ? int(len) : map[i].elem;
    const std::string t = vty(len, w);
    return emit(final, fmt::format("shufflevector {} {}, {} {}, {}", t, x, t, zeros ? "zeroinitializer" : "poison", mask(idx)));
  }
  // Operands of one length: widen the shorter ones with poison.
  unsigned len = 0;
  for (unsigned k = 0; k < in.num_inputs; ++k) len = std::max(len, in.in_bits(k) / w);
  std::vector<std::string> ops;
  for (unsigned k = 0; k < in.num_inputs; ++k) {
    const unsigned lk = in.in_bits(k) / w;
    std::string x = arg(s, k, w);
    if (lk < len) {
      std::vector<int> idx(len, -1);
      for (unsigned i = 0; i < lk; ++i) idx[i] = int(i);
      x = emit(s.name + ".wide", fmt::format("shufflevector {} {}, {} poison, {}", vty(lk, w), x, vty(lk, w), mask(idx)));
    }
    ops.push_back(x);
  }
  if (used.size() == 2) {
    const int u0 = *used.begin(), u1 = *used.rbegin();
    std::vector<int> idx(n);
    for (unsigned i = 0; i < n; ++i)
      idx[i] = dead(i) || map[i].is_zero() ? -1 : map[i].input == u0 ? map[i].elem : int(len) + map[i].elem;
    const std::string t = vty(len, w);
    const std::string sh = fmt::format("shufflevector {} {}, {} {}, {}", t, ops[size_t(u0)], t, ops[size_t(u1)], mask(idx));
    if (!zeros) return emit(final, sh);
    const std::string x = emit(s.name + ".sh", sh);
    std::string sel = "<";
    for (unsigned i = 0; i < n; ++i) sel += fmt::format("{}i1 {}", i ? ", " : "", !dead(i) && map[i].is_zero() ? "false" : "true");
    sel += ">";
    return emit(final, fmt::format("select <{} x i1> {}, {} {}, {} zeroinitializer", n, sel, rt, x, rt));
  }
  // Three or more: concatenate pairwise (input k at k * len), then one shuffle.
  std::vector<std::string> level = ops;
  unsigned cur = len;
  while (level.size() > 1) {
    std::vector<std::string> next;
    for (size_t i = 0; i < level.size(); i += 2) {
      std::vector<int> idx(2 * cur);
      for (unsigned e = 0; e < 2 * cur; ++e) idx[e] = i + 1 < level.size() || e < cur ? int(e) : -1;
      next.push_back(emit(s.name + ".cat", fmt::format("shufflevector {} {}, {} {}, {}", vty(cur, w), level[i], vty(cur, w),
                                                       i + 1 < level.size() ? level[i + 1] : std::string("poison"), mask(idx))));
    }
    level = std::move(next);
    cur *= 2;
  }
  std::vector<int> idx(n);
  for (unsigned i = 0; i < n; ++i) idx[i] = dead(i) ? -1 : map[i].is_zero() ? int(cur) : map[i].input * int(len) + map[i].elem;
  return emit(final, fmt::format("shufflevector {} {}, {} {}, {}", vty(cur, w), level[0], vty(cur, w),
                                 zeros ? "zeroinitializer" : "poison", mask(idx)));
}

std::string IrWriter::run(std::string_view name) {
  const bool multi = packed_ || p_.outputs.size() != 1;
  names_.reserve("entry");
  if (multi) names_.reserve("in"), names_.reserve("out");
  else names_.reserve("r");
  std::string fn = names_.make(name.empty() ? "shufc_kernel" : name);
  std::vector<std::string> params;
  std::string sig;
  if (multi) {
    sig = "ptr %in, ptr %out";
  } else {
    for (const auto& i : p_.inputs) {
      params.push_back(i.is_constant() ? std::string() : llvm_name(names_.make(i.name)));
      if (!i.is_constant()) sig += "ptr " + params.back() + ", ";
    }
    sig += "ptr %r";
  }
  // The element width each input is first read at (fewer bitcasts).
  const unsigned k = unsigned(p_.inputs.size());
  std::vector<unsigned> first_w(k, 8);
  std::vector<bool> seen(k, false);
  for (const Program::Step& s : p_.steps)
    for (unsigned j = 0; j < s.args.size(); ++j)
      if (const unsigned a = s.args[j]; a < k && !seen[a]) seen[a] = true, first_w[a] = s.instr->in_elem_bits(j);
  vals_.resize(p_.num_values());
  const std::vector<int> last = emit_detail::last_uses(p_);
  unsigned off = 0;
  for (unsigned i = 0; i < k; ++i) {
    const unsigned bits = p_.inputs[i].bits, w = first_w[i];
    if (p_.inputs[i].is_constant()) {  // a constant vector (no parameter, nothing in %in)
      if (last[i] < 0) continue;
      std::string elems;
      for (size_t b = 0; b < p_.inputs[i].constant.size(); ++b) elems += fmt::format("{}i8 {}", b ? ", " : "", p_.inputs[i].constant[b]);
      vals_[i] = {emit(p_.inputs[i].name + "_v", fmt::format("bitcast {} <{}> to {}", vty(bits / 8, 8), elems, vty(bits / w, w))), w, bits};
      continue;
    }
    if (last[i] < 0) {  // nobody reads it
      off += p_.input_bytes(i);
      continue;
    }
    std::string ptr = multi ? "%in" : params[i];
    if (multi && off) ptr = emit(p_.inputs[i].name + ".p", fmt::format("getelementptr inbounds i8, ptr %in, i64 {}", off));
    off += p_.input_bytes(i);
    if (const unsigned held = p_.inputs[i].held) {
      // A narrower operand: loaded as it is, widened to the register with poison lanes.
      const unsigned lw = held % w ? 8 : w, n = held / lw;
      const std::string narrow = emit(p_.inputs[i].name + "_n", fmt::format("load {}, ptr {}, align 1", vty(n, lw), ptr));
      std::vector<int> idx(bits / lw, -1);
      for (unsigned e = 0; e < n; ++e) idx[e] = int(e);
      vals_[i] = {emit(p_.inputs[i].name + "_v", fmt::format("shufflevector {} {}, {} poison, {}", vty(n, lw), narrow, vty(n, lw), mask(idx))),
                  lw, bits};
      continue;
    }
    vals_[i] = {emit(p_.inputs[i].name + "_v", fmt::format("load {}, ptr {}, align 1", vty(bits / w, w), ptr)), w, bits};
  }
  for (size_t j = 0; j < p_.steps.size(); ++j) {
    const Program::Step& s = p_.steps[j];
    const isa::Instruction& in = *s.instr;
    const unsigned v = k + unsigned(j);
    const std::vector<isa::LaneSrc> map = isa::index_map(in, s.params());
    const unsigned n = unsigned(map.size()), ws = in.src_elem_bits, w = in.elem_bits;
    // In a value-changing record, lanes read from an input as wide as the output move unchanged
    // (`keep`); the converted values leave those lanes poison, the kept ones the others.
    std::vector<bool> keep(n, false);
    bool mixed = false;
    if (!in.moves_only() && in.value != isa::ValueOp::BitOr)
      for (unsigned i = 0; i < n; ++i)
        if (!map[i].is_zero() && !in.converts(unsigned(map[i].input))) keep[i] = mixed = true;
    std::vector<bool> conv_dead = mixed ? keep : std::vector<bool>{}, keep_dead(n);
    for (unsigned i = 0; i < n; ++i) keep_dead[i] = !keep[i];
    const std::string conv_name = mixed ? s.name + ".cv" : s.name;
    std::string r;
    using isa::ValueOp;
    switch (in.value) {
      case ValueOp::Move: r = gather(s, map, w, s.name); break;
      case ValueOp::BitOr:
        r = emit(s.name, fmt::format("or {} {}, {}", vty(n, w), as(s.args[0], w), as(s.args[1], w)));
        break;
      case ValueOp::SignExtend:
      case ValueOp::ZeroExtend: {
        const std::string g = gather(s, map, ws, s.name + ".src", conv_dead);
        r = emit(conv_name, fmt::format("{} {} {} to {}", in.value == ValueOp::SignExtend ? "sext" : "zext", vty(n, ws), g, vty(n, w)));
        break;
      }
      case ValueOp::Truncate: {
        const std::string g = gather(s, map, ws, s.name + ".src", conv_dead);
        r = emit(conv_name, fmt::format("trunc {} {} to {}", vty(n, ws), g, vty(n, w)));
        break;
      }
      case ValueOp::SignedSat:
      case ValueOp::UnsignedSat: {
        const std::string g = gather(s, map, ws, s.name + ".src", conv_dead);
        const bool sgn = in.value == ValueOp::SignedSat;
        const int64_t lo = sgn ? -(int64_t(1) << (w - 1)) : 0;
        const int64_t hi = sgn ? (int64_t(1) << (w - 1)) - 1 : int64_t((uint64_t(1) << w) - 1);
        const std::string a = minmax("smax", n, ws, g, lo, s.name + ".lo");
        const std::string b = minmax("smin", n, ws, a, hi, s.name + ".hi");
        r = emit(conv_name, fmt::format("trunc {} {} to {}", vty(n, ws), b, vty(n, w)));
        break;
      }
      case ValueOp::UnsignedSatU: {
        const std::string g = gather(s, map, ws, s.name + ".src", conv_dead);
        const std::string b = minmax("umin", n, ws, g, int64_t((uint64_t(1) << w) - 1), s.name + ".hi");
        r = emit(conv_name, fmt::format("trunc {} {} to {}", vty(n, ws), b, vty(n, w)));
        break;
      }
    }
    if (mixed) {
      // The unchanged lanes at the output width (the input itself when they stay in place, as in
      // xtn2), then lane i from them or from the converted ones.
      int in_place = -1;
      for (unsigned i = 0; i < n; ++i)
        if (keep[i]) {
          const int u = map[i].input;
          in_place = (in_place == -1 || in_place == u) && map[i].elem == int(i) && in.in_bits(unsigned(u)) == in.reg_bits ? u : -2;
        }
      const std::string k = in_place >= 0 ? arg(s, unsigned(in_place), w) : gather(s, map, w, s.name + ".keep", keep_dead);
      std::vector<int> idx(n);
      for (unsigned i = 0; i < n; ++i) idx[i] = keep[i] ? int(i) : int(n + i);
      r = emit(s.name, fmt::format("shufflevector {} {}, {} {}, {}", vty(n, w), k, vty(n, w), r, mask(idx)));
    }
    vals_[v] = {r, w, in.reg_bits};
  }
  off = 0;
  for (unsigned oi = 0; oi < p_.outputs.size(); ++oi) {
    const unsigned o = p_.outputs[oi];
    const Val& x = vals_[o];
    std::string ptr = multi ? "%out" : "%r";
    if (multi && off) ptr = emit(p_.name_of(o) + ".q", fmt::format("getelementptr inbounds i8, ptr %out, i64 {}", off));
    off += p_.output_bytes(oi);
    if (const unsigned held = p_.output_held(oi)) {
      // A narrower result: the register's low lanes.
      const unsigned lw = held % x.w ? 8 : x.w, n = held / lw;
      const std::string v = as(o, lw);
      std::vector<int> idx(n);
      for (unsigned e = 0; e < n; ++e) idx[e] = int(e);
      const std::string low = emit(p_.name_of(o) + ".low", fmt::format("shufflevector {} {}, {} poison, {}", vty(x.bits / lw, lw), v,
                                                                         vty(x.bits / lw, lw), mask(idx)));
      body_ += fmt::format("  store {} {}, ptr {}, align 1\n", vty(n, lw), low, ptr);
      continue;
    }
    body_ += fmt::format("  store {} {}, ptr {}, align 1\n", vty(x.bits / x.w, x.w), x.ssa, ptr);
  }
  // A result zero past its register (Program::out_zeroed): the zeros stored after it.
  if (p_.out_zeroed && !p_.outputs.empty()) {
    const std::string ptr = emit("zeros.ptr", fmt::format("getelementptr inbounds i8, ptr {}, i64 {}", multi ? "%out" : "%r", off));
    const unsigned last = p_.output_bytes(unsigned(p_.outputs.size() - 1));
    body_ += fmt::format("  store <{} x i8> zeroinitializer, ptr {}, align 1\n", p_.out_zeroed / 8 - last, ptr);
  }
  std::string o = fmt::format("; Generated by shufc: {} step(s).\n", p_.steps.size());
  o += fmt::format("define void @{}({}) {{\nentry:\n", fn, sig);
  o += body_;
  o += "  ret void\n}\n";
  for (const std::string& d : decls_) o += "\n" + d + "\n";
  return o;
}

}  // namespace

std::string emit_ir(const Program& p, std::string_view name, bool packed) { return IrWriter(p, packed).run(name); }

}  // namespace shufc
