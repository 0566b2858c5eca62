// OptVLS as the seed documents it (see seed_baseline.h).
#include "shufc/vls/seed_baseline.h"

#include <algorithm>

#include "shufc/vls/grouping.h"
#include "shufc/vls/program_builder.h"

namespace shufc::vls {

SeedBaseline seed_baseline(std::span<const Memref* const> memrefs, unsigned vector_length, CostClient& client,
                           ShuffleLowering& lowering) {
  SeedBaseline b;
  for (const Group& g : get_groups_greedy(memrefs, vector_length, client).groups) {
    ++b.groups;
    double gathers = 0;
    for (const Memref* m : g.members) gathers += client.gather_cost(*m);
    auto c = g.strided() ? compile_group(g, client, lowering, Strategy::SplitMerge) : Expected<CompiledGroup>(Error{"indexed"});
    // The seed bails out where a node keeps more than two sources (we compose those: notes say so).
    if (!c || !c->sequence.notes.empty()) {
      if (c) ++b.bailed_out;
      b.cost += gathers;
      continue;
    }
    b.cost += std::min(c->cost(), gathers);  // the client's decision, as for shufc's own groups
  }
  return b;
}

}  // namespace shufc::vls
