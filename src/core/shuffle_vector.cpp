#include "shufc/shuffle_vector.h"

#include <fmt/format.h>

namespace shufc {

bool Operand::elem_is_undef(unsigned i) const {
  if (is_undef()) return true;
  if (kind != Kind::Constant || i >= elems.size()) return false;
  return elems[i] == "undef" || elems[i] == "poison";
}

std::string Operand::ir(const ElemType& elem) const {
  switch (kind) {
    case Kind::Value: return name;
    case Kind::Undef: return "undef";
    case Kind::Poison: return "poison";
    case Kind::Zero: return "zeroinitializer";
    case Kind::Splat: return fmt::format("splat ({} {})", elem.ir(), splat);
    case Kind::Constant: {
      std::string s = "<";
      for (size_t i = 0; i < elems.size(); ++i) {
        if (i) s += ", ";
        s += elem.ir() + " " + elems[i];
      }
      return s + ">";
    }
  }
  return "?";
}

namespace {

std::string mask_ir(const std::vector<int>& mask, bool scalable, bool zero_as_poison) {
  const unsigned m = unsigned(mask.size());
  const std::string ty = scalable ? fmt::format("<vscale x {} x i32>", m) : fmt::format("<{} x i32>", m);
  if (scalable) return ty + (m && mask[0] == 0 ? " zeroinitializer" : " poison");
  bool all_undef = true, all_zero = m > 0;
  for (int e : mask) {
    all_undef &= e < 0;
    all_zero &= e == 0;
  }
  if (m && all_undef) return ty + " poison";
  if (all_zero) return ty + " zeroinitializer";
  std::string s = ty + " <";
  for (unsigned i = 0; i < m; ++i) {
    if (i) s += ", ";
    int e = mask[i];
    s += (e == kUndef || (e == kZero && zero_as_poison)) ? std::string("i32 poison") : fmt::format("i32 {}", e);
  }
  return s + ">";
}

}  // namespace

std::string ShuffleVector::ir() const {
  const std::string res = result.empty() ? std::string() : result;
  bool has_zero_lane = false;
  for (int e : mask) has_zero_lane |= e == kZero;
  auto shuffle = [&](const std::string& name) {
    return fmt::format("{}shufflevector {} {}, {} {}, {}", name.empty() ? "" : name + " = ", type.ir(),
                       v1.ir(type.elem), type.ir(), v2.ir(type.elem), mask_ir(mask, scalable(), true));
  };
  if (!has_zero_lane) return shuffle(res);
  // A zero lane next to two live operands needs a second instruction: select zeros in.
  const std::string tmp = (res.empty() ? std::string("%shuf") : res) + ".s";
  std::string cond = "<";
  for (unsigned i = 0; i < m(); ++i) {
    if (i) cond += ", ";
    cond += mask[i] == kZero ? "i1 false" : "i1 true";
  }
  cond += ">";
  const VecType rt = result_type();
  return fmt::format("{}\n{}select <{} x i1> {}, {} {}, {} zeroinitializer", shuffle(tmp),
                     res.empty() ? "" : res + " = ", m(), cond, rt.ir(), tmp, rt.ir());
}

bool ShuffleVector::compact_ok() const {
  auto fits = [](const Operand& op, const char* name) {
    return op.kind == Operand::Kind::Zero || op.is_undef() || (op.kind == Operand::Kind::Value && op.name == name);
  };
  return !scalable() && fits(v1, "%a") && fits(v2, "%b");
}

std::string ShuffleVector::compact() const {
  std::string s = type.compact() + ":";
  for (unsigned i = 0; i < m(); ++i) {
    if (i) s += ",";
    int e = mask[i];
    const bool zero = e == kZero || (e >= int(n()) && v2.kind == Operand::Kind::Zero) ||
                      (e >= 0 && e < int(n()) && v1.kind == Operand::Kind::Zero);
    if (e == kUndef) s += "u";
    else if (zero) s += "z";
    else s += fmt::format("{}", e);
  }
  return s;
}

}  // namespace shufc
