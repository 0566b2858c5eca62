// OVLSGroup: adjacent memrefs (same stride, type and access type, a constant distance apart,
// all within one vector length) that one set of contiguous accesses plus shuffles can serve.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "shufc/vls/memref.h"

namespace shufc::vls {

struct Group {
  std::vector<const Memref*> members;  // by distance, smallest first
  std::vector<unsigned> indices;       // each member's index in the memref list given to get_groups
  std::vector<int64_t> distances;      // bytes from members[0]
  int64_t stride = 0;                  // bytes between consecutive elements (every member's)
  unsigned vector_length = 0;          // bytes
  VectorType type;                     // of every member
  AccessType access = AccessType::StridedLoad;

  size_t size() const { return members.size(); }
  // A group of one that is not strided (or that gathers cheaper) is left to a gather / scatter.
  bool strided() const { return is_strided(access); }
  // The seed's "AccessMask(per byte, R to L)": bit j set when some member touches byte j of the
  // first element window (members[0]'s element 0 is byte 0); printed highest byte first.
  std::string access_mask() const;
};

}  // namespace shufc::vls
