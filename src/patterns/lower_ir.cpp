// Simpler IR for shuffles whose pattern is a simpler operation. Each lowering is checked for
// equivalence by executing both forms with lli-19 (tests/exec/lower_ir_lli.sh).
#include "shufc/lower_ir.h"

#include <cctype>

#include <fmt/format.h>

#include "shufc/canonicalize.h"

namespace shufc {

namespace {

// The name a local value reference spells: %x and %"x" are the same value.
std::string value_name(const std::string& ref) {
  if (ref.size() >= 3 && ref[1] == '"' && ref.back() == '"') return ref.substr(2, ref.size() - 3);
  return ref.empty() ? ref : ref.substr(1);
}

// Defines the shuffle's result (%r when it had none) through temporaries named after it: %r.0,
// %r.1, ...; %"x y".0 would not parse, so a quoted name gets %"x y.0", and so does a numbered
// one (%5.0 would not parse; %"5.0" is a name, which keeps the numbering of %5 intact). Names
// the shuffle's operands use (even one canonicalization dropped) are skipped, so the lines never
// redefine an input.
class Writer {
 public:
  Writer(const ShuffleVector& sv) : sv_(sv) {
    result_ = sv.result;
    for (unsigned k = 0; result_.empty(); ++k) {
      std::string cand = k ? fmt::format("%r{}", k) : std::string("%r");
      if (!is_operand(cand)) result_ = cand;
    }
    const bool quoted = result_.size() > 2 && result_[1] == '"' && result_.back() == '"';
    const bool numbered = result_.size() > 1 && std::isdigit(static_cast<unsigned char>(result_[1]));
    if (quoted) tmp_prefix_ = result_.substr(0, result_.size() - 1), tmp_suffix_ = "\"";
    else if (numbered) tmp_prefix_ = "%\"" + result_.substr(1), tmp_suffix_ = "\"";
    else tmp_prefix_ = result_;
  }

  std::string tmp() {
    std::string t;
    do t = fmt::format("{}.{}{}", tmp_prefix_, next_++, tmp_suffix_);
    while (is_operand(t));
    return t;
  }
  std::string emit(const std::string& rhs) {
    std::string t = tmp();
    line(t + " = " + rhs);
    return t;
  }
  void result(const std::string& rhs) { line(result_ + " = " + rhs); }
  void line(const std::string& l) { ir_ += (ir_.empty() ? "" : "\n") + l; }
  void declare(const std::string& d) { decls_ += (decls_.empty() ? "" : "\n") + d; }
  Lowering done(PatternKind k) { return {k, ir_, decls_}; }

 private:
  bool is_operand(const std::string& ref) const {
    for (const Operand* op : {&sv_.v1, &sv_.v2})
      if (op->kind == Operand::Kind::Value && value_name(op->name) == value_name(ref)) return true;
    return false;
  }

  const ShuffleVector& sv_;
  std::string result_;
  std::string tmp_prefix_, tmp_suffix_;  // a temporary is prefix.K suffix
  std::string ir_, decls_;
  unsigned next_ = 0;
};

std::string mangle(const VecType& t) { return (t.count.scalable ? "nx" : "") + fmt::format("v{}{}", t.count.min, t.elem.compact()); }

// The operand frozen and reinterpreted as an integer type `ity` (scalar or vector).
std::string as_int(Writer& w, const ShuffleVector& sv, const std::string& ity) {
  const std::string ty = sv.type.ir();
  const std::string f = w.emit(fmt::format("freeze {} {}", ty, sv.v1.ir(sv.type.elem)));
  return w.emit(fmt::format("bitcast {} {} to {}", ty, f, ity));
}

// "i128" for one lane, "<2 x i64>" for two.
std::string lane_int_type(unsigned lanes, unsigned bits) {
  return lanes == 1 ? fmt::format("i{}", bits) : fmt::format("<{} x i{}>", lanes, bits);
}

std::string lane_const(unsigned lanes, unsigned bits, uint64_t v) {
  return lanes == 1 ? fmt::format("{}", v) : fmt::format("splat (i{} {})", bits, v);
}

// `sv` is the canonical form of `in`; names come from `in`, whose operands all stay in scope.
std::optional<Lowering> lower_pattern(const ShuffleVector& in, const ShuffleVector& sv, const PatternMatch& p) {
  Writer w(in);
  const ElemType& el = sv.type.elem;
  const std::string ty = sv.type.ir(), rty = sv.result_type().ir();
  const unsigned n = sv.n(), m = sv.m(), bits = el.bits, L = p.lanes;
  const bool bit_ok = !el.is_ptr() && !sv.scalable();
  const std::string a = sv.v1.ir(el), b = sv.v2.ir(el);
  switch (p.kind) {
    case PatternKind::identity:
      if (L != 1) return std::nullopt;
      w.result(fmt::format("bitcast {} {} to {}", ty, a, ty));
      return w.done(p.kind);
    case PatternKind::splat: {
      if (L != 1) return std::nullopt;
      const std::string e = w.emit(fmt::format("extractelement {} {}, i64 {}", ty, p.source ? b : a, p.index));
      const std::string v = w.emit(fmt::format("insertelement {} poison, {} {}, i64 0", rty, el.ir(), e));
      const std::string mty = sv.scalable() ? fmt::format("<vscale x {} x i32>", m) : fmt::format("<{} x i32>", m);
      w.result(fmt::format("shufflevector {} {}, {} poison, {} zeroinitializer", rty, v, rty, mty));
      return w.done(p.kind);
    }
    case PatternKind::shift_left:
    case PatternKind::shift_right:
    case PatternKind::rotate: {
      // LLVM integers are at most 2^23 - 1 bits wide.
      if (!bit_ok || m != n || uint64_t(n) * bits / L >= (1u << 23)) return std::nullopt;
      const unsigned lane_bits = n * bits / L;
      const std::string ity = lane_int_type(L, lane_bits);
      const std::string x = as_int(w, sv, ity);
      const uint64_t amount = uint64_t(p.amount) * bits;
      std::string r;
      if (p.kind == PatternKind::rotate) {
        const std::string fn = fmt::format("llvm.fshr.{}", L == 1 ? fmt::format("i{}", lane_bits) : fmt::format("v{}i{}", L, lane_bits));
        w.declare(fmt::format("declare {} @{}({}, {}, {})", ity, fn, ity, ity, ity));
        r = w.emit(fmt::format("call {} @{}({} {}, {} {}, {} {})", ity, fn, ity, x, ity, x, ity, lane_const(L, lane_bits, amount)));
      } else {
        // Little-endian: element i sits at bits [i*w, (i+1)*w), so lshr moves element i+s to i.
        const char* op = p.kind == PatternKind::shift_right ? "lshr" : "shl";
        r = w.emit(fmt::format("{} {} {}, {}", op, ity, x, lane_const(L, lane_bits, amount)));
      }
      w.result(fmt::format("bitcast {} {} to {}", ity, r, ty));
      return w.done(p.kind);
    }
    case PatternKind::zero_extend: {
      // Per lane (L lanes of n/L inputs, m/L outputs): elements index .. index+k-1 of each lane,
      // gathered in order, widened f times; lane j's outputs are wide elements j*k .. j*k+k-1.
      if (!bit_ok || uint64_t(bits) * unsigned(p.factor) >= (1u << 23)) return std::nullopt;
      const unsigned f = unsigned(p.factor), k = m / L / f, nl = n / L;
      const VecType ivt{{n, false}, ElemType::i(bits)};
      const std::string fr = w.emit(fmt::format("freeze {} {}", ty, a));
      std::string x = el.is_int() ? fr : w.emit(fmt::format("bitcast {} {} to {}", ty, fr, ivt.ir()));
      const VecType kt{{k * L, false}, ElemType::i(bits)};
      if (k * L != n || p.index != 0) {
        std::string idx;
        for (unsigned j = 0; j < L; ++j)
          for (unsigned i = 0; i < k; ++i) idx += fmt::format("{}i32 {}", idx.empty() ? "" : ", ", j * nl + unsigned(p.index) + i);
        x = w.emit(fmt::format("shufflevector {} {}, {} poison, <{} x i32> <{}>", ivt.ir(), x, ivt.ir(), k * L, idx));
      }
      const VecType wide{{k * L, false}, ElemType::i(bits * f)};
      const std::string z = w.emit(fmt::format("zext {} {} to {}", kt.ir(), x, wide.ir()));
      w.result(fmt::format("bitcast {} {} to {}", wide.ir(), z, rty));
      return w.done(p.kind);
    }
    case PatternKind::blend: {
      std::string cond;
      for (unsigned i = 0; i < m; ++i)
        cond += fmt::format("{}i1 {}", i ? ", " : "", p.list[i % p.list.size()] ? "true" : "false");
      w.result(fmt::format("select <{} x i1> <{}>, {} {}, {} {}", m, cond, ty, b, ty, a));
      return w.done(p.kind);
    }
    case PatternKind::reverse: {
      if (L != 1) return std::nullopt;
      const std::string fn = "llvm.vector.reverse." + mangle(sv.type);
      w.declare(fmt::format("declare {} @{}({})", ty, fn, ty));
      w.result(fmt::format("call {} @{}({} {})", ty, fn, ty, a));
      return w.done(p.kind);
    }
    case PatternKind::extract_subvector: {
      if (L != 1 || sv.scalable() || unsigned(p.index) % m) return std::nullopt;
      const std::string fn = fmt::format("llvm.vector.extract.{}.{}", mangle(sv.result_type()), mangle(sv.type));
      w.declare(fmt::format("declare {} @{}({}, i64)", rty, fn, ty));
      w.result(fmt::format("call {} @{}({} {}, i64 {})", rty, fn, ty, a, p.index));
      return w.done(p.kind);
    }
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<Lowering> lower_ir(const ShuffleVector& in) {
  const ShuffleVector sv = canonicalize(in, {.widen = false});
  const Classification c = classify(sv);
  static constexpr PatternKind order[] = {PatternKind::identity, PatternKind::shift_right, PatternKind::shift_left,
                                          PatternKind::rotate, PatternKind::zero_extend, PatternKind::splat,
                                          PatternKind::blend, PatternKind::reverse, PatternKind::extract_subvector};
  // A zero-extend within lanes (a gathering shuffle + zext) comes last: when the mask is also a
  // blend with zero, one select says the same.
  auto per_lane_zext = [](const PatternMatch& p) { return p.kind == PatternKind::zero_extend && p.lanes > 1; };
  for (PatternKind k : order)
    for (const PatternMatch& p : c.patterns)
      if (p.kind == k && !per_lane_zext(p))
        if (auto l = lower_pattern(in, sv, p)) return l;
  for (const PatternMatch& p : c.patterns)
    if (per_lane_zext(p))
      if (auto l = lower_pattern(in, sv, p)) return l;
  return std::nullopt;
}

}  // namespace shufc
