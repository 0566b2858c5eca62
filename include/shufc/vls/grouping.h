// getGroups: the cheapest partition of memrefs into groups of adjacent accesses.
//
// The seed's server sorts by distance and fills groups greedily, and says itself that this can
// put a memref with the wrong neighbours. Here memrefs first fall into sets that could share
// contiguous accesses (same access type and element count, a constant stride, equal strides, a
// constant distance apart); each set, sorted by distance, is then split into runs that fit one
// vector length by dynamic programming over the run boundaries, minimising the total cost the
// client reports for the groups' sequences (a member that has none costs its gather).
// Every member of a group must be able to move to the group's leader (canMoveTo).
#pragma once
#include <span>
#include <vector>

#include "shufc/vls/cost_client.h"
#include "shufc/vls/group.h"
#include "shufc/vls/trace.h"

namespace shufc::vls {

struct Grouping {
  std::vector<Group> groups;          // in order of their first member's index
  std::vector<unsigned> group_of;     // memref index -> index into groups (the seed's MemrefToGroupMap)
  double cost = 0;                    // the client's total
};

// vector_length: the widest vector register, in bytes.
Grouping get_groups(std::span<const Memref* const> memrefs, unsigned vector_length, CostClient& client,
                    Trace* trace = nullptr);

// The greedy grouping of the seed (kept to compare against, and tested to differ where the seed
// says it does).
Grouping get_groups_greedy(std::span<const Memref* const> memrefs, unsigned vector_length, CostClient& client);

}  // namespace shufc::vls
