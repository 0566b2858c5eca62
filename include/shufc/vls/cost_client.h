// The client's cost callbacks: the server never knows the target; the merge step and the
// grouping ask these (the seed: "the server querying back to the client").
#pragma once
#include <optional>

#include "shufc/vls/memref.h"
#include "shufc/vls/shuffle_mask.h"

namespace shufc::vls {

class CostClient {
 public:
  virtual ~CostClient() = default;
  // The cost of one shuffle, or nullopt when the target has no instruction sequence for it
  // (then the test-merge that needs it fails).
  virtual std::optional<double> shuffle_cost(const ShuffleMask& m) = 0;
  // A contiguous load / store of `type`; masked when only some elements may be touched.
  virtual double load_cost(VectorType type, bool masked) = 0;
  virtual double store_cost(VectorType type, bool masked) = 0;
  // What the access costs on its own: a gather or scatter (or its emulation).
  virtual double gather_cost(const Memref& m) = 0;
};

}  // namespace shufc::vls
