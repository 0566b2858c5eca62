// Finding the loop vectoriser's interleaved loads and stores (see interleaved_access.h).
#include "interleaved_access.h"

#include <map>

#include <fmt/format.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

namespace shufc::vls {

IrMemref::IrMemref(VectorType type, AccessType access, llvm::Instruction* wide, const llvm::Value* base,
                   int64_t access_offset, unsigned field, unsigned factor, unsigned order)
    : Memref(type, access), wide_(wide), base_(base), access_offset_(access_offset), field_(field), factor_(factor),
      order_(order) {}

bool IrMemref::is_a_const_distance_from(const Memref& other, int64_t* dist) const {
  auto* o = dynamic_cast<const IrMemref*>(&other);
  if (!o || o->base_ != base_) return false;
  *dist = offset() - o->offset();
  return true;
}

bool IrMemref::have_same_num_elements(const Memref& other) const {
  return type().num_elements == other.type().num_elements;
}

bool IrMemref::has_a_const_stride(int64_t* stride) const {
  *stride = int64_t(factor_ * type().element_bytes());
  return true;
}

// Conservative: both in one basic block, and nothing in between that could write memory (a
// load moving up) or touch it at all (a store moving down). Members of one wide access move
// nowhere.
bool IrMemref::can_move_to(const Memref& other) const {
  auto* o = dynamic_cast<const IrMemref*>(&other);
  if (!o || o->wide_->getParent() != wide_->getParent()) return false;
  if (o->wide_ == wide_) return true;
  const bool up = o->order_ < order_;
  const llvm::Instruction* from = up ? o->wide_ : wide_;
  const llvm::Instruction* to = up ? wide_ : o->wide_;
  for (const llvm::Instruction* i = from->getNextNode(); i && i != to; i = i->getNextNode()) {
    if (is_load(access()) ? i->mayWriteToMemory() : i->mayReadOrWriteMemory()) return false;
  }
  return true;
}

std::string IrMemref::describe() const {
  std::string p;
  if (wide_->hasName()) p = "%" + wide_->getName().str() + " ";
  return fmt::format("{}{}field {} of {}", p, is_load(access()) ? "" : "store ", field_, factor_);
}

bool is_vls_element(const llvm::Type& t) {
  if (t.isIntegerTy()) {
    const unsigned w = t.getIntegerBitWidth();
    return w == 8 || w == 16 || w == 32 || w == 64;
  }
  return t.isFloatTy() || t.isDoubleTy();
}

namespace {

// <i, i+F, i+2F, ...> over a vector of n elements: the field i and factor F, or false.
bool strided_mask(llvm::ArrayRef<int> mask, unsigned n, unsigned* field, unsigned* factor) {
  const unsigned k = unsigned(mask.size());
  if (k < 1 || k >= n || n % k) return false;
  const unsigned f = n / k;
  if (mask[0] < 0 || unsigned(mask[0]) >= f) return false;
  for (unsigned j = 0; j < k; ++j)
    if (mask[j] != int(unsigned(mask[0]) + j * f)) return false;
  *field = unsigned(mask[0]);
  *factor = f;
  return true;
}

// The pointer as a base plus a constant byte offset.
const llvm::Value* base_of(const llvm::Value* ptr, const llvm::DataLayout& dl, int64_t* offset) {
  llvm::APInt off(dl.getIndexTypeSizeInBits(ptr->getType()), 0);
  const llvm::Value* base = ptr->stripAndAccumulateConstantOffsets(dl, off, /*AllowNonInbounds=*/true);
  *offset = off.getSExtValue();
  return base;
}

// Lane `lane` of `v` seen through concatenating shufflevectors (masks that are the identity, or
// poison, over concat(op0, op1)): the value and lane it comes from.
std::pair<llvm::Value*, int> concat_leaf(llvm::Value* v, int lane) {
  while (auto* sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(v)) {
    llvm::ArrayRef<int> m = sv->getShuffleMask();
    for (size_t i = 0; i < m.size(); ++i)
      if (m[i] >= 0 && m[i] != int(i)) return {v, lane};
    if (lane >= int(m.size()) || m[size_t(lane)] < 0) return {nullptr, 0};
    const int len0 = int(llvm::cast<llvm::FixedVectorType>(sv->getOperand(0)->getType())->getNumElements());
    if (lane < len0) {
      v = sv->getOperand(0);
    } else {
      v = sv->getOperand(1);
      lane -= len0;
    }
  }
  return {v, lane};
}

// A store of an interleaving shufflevector: the value of each field (k lanes each), or empty.
std::vector<llvm::Value*> interleaved_fields(llvm::StoreInst& st, unsigned* factor) {
  auto* iv = llvm::dyn_cast<llvm::ShuffleVectorInst>(st.getValueOperand());
  if (!iv) return {};
  const unsigned n = unsigned(iv->getShuffleMask().size());
  llvm::ArrayRef<int> m = iv->getShuffleMask();
  const unsigned len0 = llvm::cast<llvm::FixedVectorType>(iv->getOperand(0)->getType())->getNumElements();
  // The interleave mask: lane j*F + i = i*k + j.
  for (unsigned f = 2; f < n; ++f) {
    if (n % f) continue;
    const unsigned k = n / f;
    bool ok = true;
    for (unsigned j = 0; j < k && ok; ++j)
      for (unsigned i = 0; i < f && ok; ++i) ok = m[j * f + i] == int(i * k + j);
    if (!ok) continue;
    // Field i is lanes i*k .. i*k+k-1 of concat(op0, op1): one leaf holding them at 0..k-1.
    std::vector<llvm::Value*> fields;
    for (unsigned i = 0; i < f; ++i) {
      llvm::Value* leaf = nullptr;
      for (unsigned j = 0; j < k; ++j) {
        const unsigned c = i * k + j;
        auto [v, lane] = c < len0 ? concat_leaf(iv->getOperand(0), int(c)) : concat_leaf(iv->getOperand(1), int(c - len0));
        if (!v || lane != int(j) || (leaf && v != leaf)) return {};
        leaf = v;
      }
      auto* lt = llvm::dyn_cast<llvm::FixedVectorType>(leaf->getType());
      if (!lt || lt->getNumElements() != k) return {};
      fields.push_back(leaf);
    }
    *factor = f;
    return fields;
  }
  return {};
}

}  // namespace

std::vector<IrMemref> find_interleaved_members(llvm::Function& f) {
  const llvm::DataLayout& dl = f.getParent()->getDataLayout();
  std::vector<IrMemref> out;
  unsigned order = 0;
  for (llvm::BasicBlock& bb : f) {
    for (llvm::Instruction& in : bb) {
      ++order;
      if (auto* ld = llvm::dyn_cast<llvm::LoadInst>(&in)) {
        auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(ld->getType());
        if (!ld->isSimple() || !vt || !is_vls_element(*vt->getElementType()) || ld->use_empty()) continue;
        std::map<unsigned, std::vector<llvm::ShuffleVectorInst*>> by_field;
        unsigned factor = 0;
        bool ok = true;
        for (llvm::User* u : ld->users()) {
          auto* sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(u);
          unsigned fi = 0, fa = 0;
          ok = sv && sv->getOperand(0) == ld && llvm::isa<llvm::UndefValue>(sv->getOperand(1)) &&
               strided_mask(sv->getShuffleMask(), vt->getNumElements(), &fi, &fa) && (!factor || fa == factor);
          if (!ok) break;
          factor = fa;
          by_field[fi].push_back(sv);
        }
        if (!ok) continue;
        int64_t off = 0;
        const llvm::Value* base = base_of(ld->getPointerOperand(), dl, &off);
        const VectorType type{vt->getNumElements() / factor, unsigned(dl.getTypeSizeInBits(vt->getElementType()))};
        for (auto& [fi, svs] : by_field) {
          out.emplace_back(type, AccessType::StridedLoad, ld, base, off, fi, factor, order);
          out.back().extracts = svs;
        }
      } else if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&in)) {
        auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(st->getValueOperand()->getType());
        if (!st->isSimple() || !vt || !is_vls_element(*vt->getElementType())) continue;
        unsigned factor = 0;
        std::vector<llvm::Value*> fields = interleaved_fields(*st, &factor);
        if (fields.empty()) continue;
        int64_t off = 0;
        const llvm::Value* base = base_of(st->getPointerOperand(), dl, &off);
        const VectorType type{vt->getNumElements() / factor, unsigned(dl.getTypeSizeInBits(vt->getElementType()))};
        for (unsigned fi = 0; fi < factor; ++fi) {
          out.emplace_back(type, AccessType::StridedStore, st, base, off, fi, factor, order);
          out.back().value = fields[fi];
        }
      }
    }
  }
  return out;
}

}  // namespace shufc::vls
