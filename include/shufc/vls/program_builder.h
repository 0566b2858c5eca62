// A sequence as a shufc Program: inputs are the loaded chunks (load group) or each member's
// value (store group); outputs are each member's vector (load group) or each chunk to store
// (store group); every abstract shuffle lowered to target instructions. The Program is run on
// labels and checked against the group's layout before it is returned.
#pragma once
#include "shufc/cost.h"
#include "shufc/expected.h"
#include "shufc/program.h"
#include "shufc/vls/group.h"
#include "shufc/vls/sequence.h"
#include "shufc/vls/shuffle_lowering.h"

namespace shufc::vls {

Expected<Program> to_program(const Group& g, const Sequence& s, ShuffleLowering& lowering);

}  // namespace shufc::vls
