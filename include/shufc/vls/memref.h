// OVLSMemref: the abstract memory reference the server groups, with the callbacks through which
// it asks the client (the compiler that owns the IR) about addresses and code motion.
#pragma once
#include <cstdint>
#include <string>

#include "shufc/vls/access_type.h"
#include "shufc/vls/vector_type.h"

namespace shufc::vls {

class Memref {
 public:
  Memref(VectorType type, AccessType access) : type_(type), access_(access) {}
  virtual ~Memref() = default;

  VectorType type() const { return type_; }
  AccessType access() const { return access_; }

  // Is element 0 of this memref a constant number of bytes from element 0 of `other`? Then
  // *dist = address(this) - address(other).
  virtual bool is_a_const_distance_from(const Memref& other, int64_t* dist) const = 0;
  // Do both access the same number of elements?
  virtual bool have_same_num_elements(const Memref& other) const = 0;
  // May this access be moved to where `other` is in the program (no aliasing access or other
  // dependence in between)? The server moves the loads of a group up to its earliest member and
  // the stores of a group down to its latest one (the seed left this open: "FIXME").
  virtual bool can_move_to(const Memref& other) const = 0;
  // Is the distance between consecutive elements a constant? Then *stride holds it in bytes.
  virtual bool has_a_const_stride(int64_t* stride) const = 0;
  // Where it stands in the client's program (smaller runs first): decides which member of a group
  // the others move to.
  virtual unsigned program_order() const = 0;
  // For traces only: what the client calls it ("x[2k]").
  virtual std::string describe() const { return {}; }

 private:
  VectorType type_;
  AccessType access_;
};

}  // namespace shufc::vls
