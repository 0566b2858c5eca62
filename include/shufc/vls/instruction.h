// OVLSInstruction: what getSequence returns, topologically ordered; a client turns each into its
// own IR. Values are named by the graph node that computes them (%3), as in the seed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "shufc/vls/vector_type.h"

namespace shufc::vls {

struct Instruction {
  enum class Kind { Load, Store, Shuffle };
  Kind kind = Kind::Shuffle;
  unsigned value = 0;              // the value a load or shuffle defines (%value)
  VectorType type;
  // Load / Store: bytes from the group's first member, and which elements are touched.
  int64_t offset = 0;
  std::vector<bool> element_mask;
  // Shuffle: its one or two sources; Store: the value stored (sources[0]).
  std::vector<unsigned> sources;
  std::vector<int> mask;           // Shuffle: index into concat(sources), -1 undefined

  bool masked() const;
  // "%3 = mask.load.64.4 (<Base:x Offset:0>, 1111)", "%7 = shufflevector <4 x 64> %3, <4 x 64> %4, <4 x 32><0, 1, 4, 5>",
  // "mask.store.64.4 (%9, <Base:y Offset:32>, 1111)"; the mask string lists element 0 first.
  std::string str(const std::string& base) const;
};

}  // namespace shufc::vls
