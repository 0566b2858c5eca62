// OptVLS as the seed documents it, to compare against: greedy groups, the split/merge graph only,
// and a bail-out (the group stays gathers/scatters) when the merged graph keeps a node with more
// than two sources. Costed on the same client and lowered the same way as shufc's own answer.
#pragma once
#include <span>

#include "shufc/vls/cost_client.h"
#include "shufc/vls/memref.h"
#include "shufc/vls/shuffle_lowering.h"

namespace shufc::vls {

struct SeedBaseline {
  double cost = 0;          // per group the cheaper of its sequence and its gathers; gathers where it bailed out
  unsigned groups = 0;
  unsigned bailed_out = 0;  // groups left to gathers/scatters by the bail-out
};

SeedBaseline seed_baseline(std::span<const Memref* const> memrefs, unsigned vector_length, CostClient& client,
                           ShuffleLowering& lowering);

}  // namespace shufc::vls
