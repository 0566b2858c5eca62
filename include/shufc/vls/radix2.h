// The radix-2 strategy: a dense group of 2^k members is k stages of two-way (de)interleaves.
// Loads: the chunks, paired, split into their even and odd elements, k times (SPIRAL's
// L^{2n}_2 applied stage by stage); stores: the members, paired, interleaved low and high halves,
// k times. The seed's merge has no notion of this structure; it is what hand-written and
// compiler-generated transposes do. Where the stages do not end in the members (gaps, a group
// that is not a power of two, members that are not the whole struct) the strategy does not apply.
#pragma once
#include "shufc/expected.h"
#include "shufc/vls/cost_client.h"
#include "shufc/vls/group.h"
#include "shufc/vls/sequence.h"

namespace shufc::vls {

// `laid_out` is layout(g); returns it with the instructions, or why the strategy does not apply.
Expected<Sequence> radix2_sequence(const Group& g, Sequence laid_out, CostClient& client);

}  // namespace shufc::vls
