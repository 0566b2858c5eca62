// Program -> LLVM IR (see program_to_ir.h).
#include "program_to_ir.h"

#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace shufc::vls {

llvm::Value* as_bytes(llvm::IRBuilder<>& b, llvm::Value* v) {
  auto* vt = llvm::cast<llvm::FixedVectorType>(v->getType());
  const unsigned bytes = unsigned(vt->getPrimitiveSizeInBits().getFixedValue() / 8);
  return b.CreateBitCast(v, llvm::FixedVectorType::get(b.getInt8Ty(), bytes));
}

namespace {

unsigned lanes(const llvm::Value* v) { return llvm::cast<llvm::FixedVectorType>(v->getType())->getNumElements(); }

// v padded with poison bytes to `len`.
llvm::Value* widen(llvm::IRBuilder<>& b, llvm::Value* v, unsigned len, const llvm::Twine& name) {
  const unsigned n = lanes(v);
  if (n == len) return v;
  std::vector<int> idx(len, -1);
  for (unsigned i = 0; i < n; ++i) idx[i] = int(i);
  return b.CreateShuffleVector(v, llvm::PoisonValue::get(v->getType()), idx, name);
}

// One data-movement step from its byte map.
llvm::Value* gather(llvm::IRBuilder<>& b, const std::vector<isa::LaneSrc>& map, const std::vector<llvm::Value*>& args,
                    const std::string& name) {
  const unsigned n = unsigned(map.size());
  std::set<int> used;
  bool zeros = false;
  for (const isa::LaneSrc& s : map) {
    if (s.is_zero()) zeros = true;
    else used.insert(s.input);
  }
  llvm::Type* i8 = b.getInt8Ty();
  if (used.empty()) return llvm::Constant::getNullValue(llvm::FixedVectorType::get(i8, n));
  // The used inputs side by side in one table (a concatenation when more than two).
  unsigned len = 0;
  for (int u : used) len = std::max(len, lanes(args[size_t(u)]));
  std::vector<llvm::Value*> ops;
  std::vector<unsigned> at(args.size(), 0);  // where input k starts in the table
  for (int u : used) {
    at[size_t(u)] = unsigned(ops.size()) * len;
    ops.push_back(widen(b, args[size_t(u)], len, name + ".wide"));
  }
  while (ops.size() > 2) {
    std::vector<llvm::Value*> next;
    for (size_t i = 0; i < ops.size(); i += 2) {
      const unsigned cur = lanes(ops[i]);
      llvm::Value* hi = i + 1 < ops.size() ? ops[i + 1] : llvm::PoisonValue::get(ops[i]->getType());
      std::vector<int> idx(2 * cur);
      for (unsigned e = 0; e < 2 * cur; ++e) idx[e] = int(e);
      next.push_back(b.CreateShuffleVector(ops[i], hi, idx, name + ".cat"));
    }
    ops = std::move(next);
  }
  const unsigned width = lanes(ops[0]);
  llvm::Value* second = ops.size() == 2 ? ops[1] : nullptr;
  std::vector<int> idx(n);
  for (unsigned i = 0; i < n; ++i)
    idx[i] = map[i].is_zero() ? -1 : int(at[size_t(map[i].input)]) + map[i].elem;
  if (!second) {
    // One table: zero bytes read the zero vector in the second operand.
    llvm::Value* z = llvm::Constant::getNullValue(ops[0]->getType());
    for (unsigned i = 0; i < n; ++i)
      if (map[i].is_zero()) idx[i] = int(width);
    return b.CreateShuffleVector(ops[0], zeros ? z : llvm::PoisonValue::get(ops[0]->getType()), idx, name);
  }
  llvm::Value* r = b.CreateShuffleVector(ops[0], second, idx, zeros ? name + ".sh" : name);
  if (!zeros) return r;
  std::vector<int> keep(n);
  for (unsigned i = 0; i < n; ++i) keep[i] = map[i].is_zero() ? int(n) : int(i);
  return b.CreateShuffleVector(r, llvm::Constant::getNullValue(r->getType()), keep, name);
}

}  // namespace

Expected<std::vector<llvm::Value*>> emit_program(llvm::IRBuilder<>& b, const Program& p,
                                                 const std::vector<llvm::Value*>& inputs) {
  std::vector<llvm::Value*> vals(inputs);
  for (const Program::Step& s : p.steps) {
    const isa::Instruction& in = *s.instr;
    std::vector<llvm::Value*> args;
    for (unsigned a : s.args) args.push_back(vals.at(a));
    const std::string name = "vls." + s.name;
    if (in.value == isa::ValueOp::BitOr) {
      if (args.size() != 2 || lanes(args[0]) != lanes(args[1]))
        return Error{fmt::format("step {} ({}): an or of unequal widths", s.name, in.id)};
      vals.push_back(b.CreateOr(args[0], args[1], name));
      continue;
    }
    // A saturating pack moves bytes where the bytes it drops are zero (unsigned) or sign fills
    // (signed); the Programs given here were checked on labels, so they are (the shuffle then
    // writes those low bytes). A sign extension's high bytes are ashr 7 of the byte they extend.
    const isa::ConditionalByteMap cm = isa::conditional_byte_map(in, s.params());
    if (cm.bytes.empty()) return Error{fmt::format("step {} ({}) is not a byte permutation", s.name, in.id)};
    if (cm.moves_bytes()) {
      vals.push_back(gather(b, cm.bytes, args, name));
      continue;
    }
    llvm::Value* moved = gather(b, cm.bytes, args, name + ".bytes");
    llvm::Value* fills = b.CreateAShr(moved, llvm::ConstantInt::get(moved->getType(), 7), name + ".sign");
    const unsigned n = unsigned(cm.bytes.size());
    std::vector<int> pick(n);
    for (unsigned i = 0; i < n; ++i) pick[i] = cm.sign[i] ? int(n + i) : int(i);
    vals.push_back(b.CreateShuffleVector(moved, fills, pick, name));
  }
  std::vector<llvm::Value*> out;
  for (unsigned o : p.outputs) out.push_back(vals.at(o));
  return out;
}

std::vector<int64_t> byte_labels(const llvm::Value* v, const std::map<const llvm::Value*, std::vector<int64_t>>& known) {
  if (auto it = known.find(v); it != known.end()) return it->second;
  auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(v->getType());
  if (!vt) throw std::logic_error("byte_labels: not a fixed vector");
  const unsigned bytes = unsigned(vt->getPrimitiveSizeInBits().getFixedValue() / 8);
  if (llvm::isa<llvm::PoisonValue>(v) || llvm::isa<llvm::UndefValue>(v)) return std::vector<int64_t>(bytes, kNoByte);
  if (auto* c = llvm::dyn_cast<llvm::Constant>(v); c && c->isNullValue()) return std::vector<int64_t>(bytes, kZeroByte);
  if (auto* bc = llvm::dyn_cast<llvm::BitCastInst>(v)) return byte_labels(bc->getOperand(0), known);  // little-endian: bytes stay
  if (auto* sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(v)) {
    const std::vector<int64_t> a = byte_labels(sv->getOperand(0), known), b = byte_labels(sv->getOperand(1), known);
    const unsigned eb = unsigned(vt->getScalarSizeInBits() / 8);
    const unsigned n0 = unsigned(a.size() / eb);
    std::vector<int64_t> out;
    for (int m : sv->getShuffleMask())
      for (unsigned k = 0; k < eb; ++k)
        out.push_back(m < 0 ? kNoByte : unsigned(m) < n0 ? a[size_t(m) * eb + k] : b[(size_t(m) - n0) * eb + k]);
    return out;
  }
  if (auto* bo = llvm::dyn_cast<llvm::BinaryOperator>(v); bo && bo->getOpcode() == llvm::Instruction::Or) {
    std::vector<int64_t> a = byte_labels(bo->getOperand(0), known);
    const std::vector<int64_t> b = byte_labels(bo->getOperand(1), known);
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] == kZeroByte) a[i] = b[i];
      else if (b[i] != kZeroByte) a[i] = kNoByte;  // two data bytes or-ed: no byte of either
    }
    return a;
  }
  if (auto* bo = llvm::dyn_cast<llvm::BinaryOperator>(v); bo && bo->getOpcode() == llvm::Instruction::AShr &&
                                                         vt->getScalarSizeInBits() == 8) {
    const auto* c = llvm::dyn_cast<llvm::Constant>(bo->getOperand(1));
    const auto* seven = c ? llvm::dyn_cast_or_null<llvm::ConstantInt>(c->getSplatValue()) : nullptr;
    if (seven && seven->getZExtValue() == 7) {
      std::vector<int64_t> a = byte_labels(bo->getOperand(0), known);
      for (int64_t& l : a)
        if (l >= 0) l |= kSignOf;  // zero stays zero, a sign fill stays itself, poison stays poison
      return a;
    }
  }
  throw std::logic_error("byte_labels: an instruction the rewrite does not emit");
}

}  // namespace shufc::vls
