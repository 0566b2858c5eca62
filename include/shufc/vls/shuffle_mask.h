// A shuffle as the server asks the client to cost it: one or two sources of the same vector
// type, and a mask in LLVM's convention (index into concat(source 1, source 2), -1 = undefined).
#pragma once
#include <string>
#include <vector>

#include "shufc/vls/vector_type.h"

namespace shufc::vls {

struct ShuffleMask {
  VectorType type;           // of each source and of the result
  unsigned num_sources = 1;  // 1 or 2
  std::vector<int> mask;     // type.num_elements entries

  // A single source read in place: every defined lane i holds element i.
  bool is_identity() const;
  // "<0, 2, -1, -1>", the seed's spelling.
  std::string str() const;
  bool operator==(const ShuffleMask&) const = default;
};

}  // namespace shufc::vls
