// The loop vectoriser's interleaved accesses in LLVM IR, as OptVLS memrefs.
//
// A load group is `%wide = load <N x T>, ptr %p` whose users are all `shufflevector %wide,
// poison, <i, i+F, i+2F, ...>` (F = N/k for k lanes): each such shuffle is one member, field i.
// A store group is `store <N x T> %iv, ptr %p` where %iv interleaves (<0,k,2k,..,1,k+1,..>) a
// concatenation tree of shufflevectors whose leaves are the F members, field i the i-th leaf.
#pragma once
#include <cstdint>
#include <vector>

#include <llvm/IR/Instructions.h>
#include <llvm/IR/ValueHandle.h>

#include "shufc/vls/memref.h"

namespace shufc::vls {

// One member of one wide access. Addresses are constant offsets from a common base pointer
// (stripAndAccumulateConstantOffsets); members with another base are never a const distance apart.
class IrMemref : public Memref {
 public:
  IrMemref(VectorType type, AccessType access, llvm::Instruction* wide, const llvm::Value* base, int64_t access_offset,
           unsigned field, unsigned factor, unsigned order);

  bool is_a_const_distance_from(const Memref& other, int64_t* dist) const override;
  bool have_same_num_elements(const Memref& other) const override;
  bool can_move_to(const Memref& other) const override;
  bool has_a_const_stride(int64_t* stride) const override;
  unsigned program_order() const override { return order_; }
  std::string describe() const override;

  llvm::Instruction* wide() const { return wide_; }     // the wide load or store
  unsigned field() const { return field_; }
  unsigned factor() const { return factor_; }
  int64_t access_offset() const { return access_offset_; }  // of the wide access, from the base
  int64_t offset() const { return access_offset_ + int64_t(field_ * type().element_bytes()); }
  // Load members: the shufflevectors that extract this field (duplicates share the memref).
  std::vector<llvm::ShuffleVectorInst*> extracts;
  // Store members: the value stored to this field (a handle: rewriting a load group may
  // replace it).
  llvm::WeakTrackingVH value;

 private:
  llvm::Instruction* wide_;
  const llvm::Value* base_;
  int64_t access_offset_;
  unsigned field_, factor_, order_;
};

// Every interleaved member in `f`, in program order; program_order() numbers f's instructions.
std::vector<IrMemref> find_interleaved_members(llvm::Function& f);

// The element types the server handles: i8, i16, i32, i64, float, double.
bool is_vls_element(const llvm::Type& t);

}  // namespace shufc::vls
