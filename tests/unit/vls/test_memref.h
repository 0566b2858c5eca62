// A memref for the server's unit tests: a distance and stride in bytes, fixed answers otherwise.
#pragma once
#include <memory>
#include <vector>

#include "shufc/vls/memref.h"

namespace shufc::vls::testing {

class TestMemref : public Memref {
 public:
  TestMemref(VectorType t, AccessType a, int64_t dist, int64_t stride, unsigned order, bool movable = true)
      : Memref(t, a), dist_(dist), stride_(stride), order_(order), movable_(movable) {}
  bool is_a_const_distance_from(const Memref& o, int64_t* d) const override {
    *d = dist_ - static_cast<const TestMemref&>(o).dist_;
    return true;
  }
  bool have_same_num_elements(const Memref& o) const override { return type().num_elements == o.type().num_elements; }
  bool can_move_to(const Memref&) const override { return movable_; }
  bool has_a_const_stride(int64_t* s) const override {
    *s = stride_;
    return is_strided(access());
  }
  unsigned program_order() const override { return order_; }
  std::string describe() const override { return "m" + std::to_string(order_ + 1); }

 private:
  int64_t dist_, stride_;
  unsigned order_;
  bool movable_;
};

// Owns the memrefs and hands out the pointer list get_groups takes.
struct Memrefs {
  std::vector<std::unique_ptr<TestMemref>> owned;
  std::vector<const Memref*> list;
  void add(VectorType t, AccessType a, int64_t dist, int64_t stride, bool movable = true) {
    owned.push_back(std::make_unique<TestMemref>(t, a, dist, stride, unsigned(owned.size()), movable));
    list.push_back(owned.back().get());
  }
};

}  // namespace shufc::vls::testing
