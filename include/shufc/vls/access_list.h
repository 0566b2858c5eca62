// The command-line client's memrefs: accesses written as text ("x[2k]:f64, x[2k+1]:f64",
// "store y[3k+2]:i8", "x[idx[k]]:f32") or JSON, each a vector of one loop iteration per element.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/expected.h"
#include "shufc/types.h"
#include "shufc/vls/memref.h"

namespace shufc::vls {

class AccessList;

// NAME[a*k + b] of element type T: element i of the vector is NAME[a*(k0+i) + b].
class ArrayAccess : public Memref {
 public:
  ArrayAccess(const AccessList& list, unsigned order, std::string text, std::string array, ElemType elem, int64_t a,
              int64_t b, bool indexed, bool store, unsigned num_elements);

  bool is_a_const_distance_from(const Memref& other, int64_t* dist) const override;
  bool have_same_num_elements(const Memref& other) const override;
  bool can_move_to(const Memref& other) const override;
  bool has_a_const_stride(int64_t* stride) const override;
  unsigned program_order() const override { return order_; }
  std::string describe() const override { return text_; }

  const std::string& array() const { return array_; }
  ElemType elem() const { return elem_; }
  int64_t coefficient() const { return a_; }  // elements per iteration
  int64_t offset() const { return b_; }       // elements
  bool indexed() const { return indexed_; }

 private:
  // May the two touch a common byte within one vector of iterations?
  bool may_overlap(const ArrayAccess& o) const;
  const AccessList& list_;
  unsigned order_;
  std::string text_, array_;
  ElemType elem_;
  int64_t a_, b_;
  bool indexed_;
};

class AccessList {
 public:
  // Text: accesses separated by ',' ';' or new lines. JSON: an array whose items are such strings
  // or objects {"array", "stride" (elements per iteration), "offset" (elements), "type",
  // "store": bool, "indexed": bool}. vector_length (bytes) sets each access's element count.
  static Expected<std::unique_ptr<AccessList>> parse(std::string_view text, unsigned vector_length);

  const std::vector<std::unique_ptr<ArrayAccess>>& accesses() const { return accesses_; }
  std::vector<const Memref*> memrefs() const;

 private:
  std::vector<std::unique_ptr<ArrayAccess>> accesses_;
};

}  // namespace shufc::vls
