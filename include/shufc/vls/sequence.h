// getSequence: contiguous (masked) loads of the chunks a group touches, then the shuffles of the
// merged graph (or, for a store group, the shuffles and then contiguous stores).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/vls/cost_client.h"
#include "shufc/vls/graph.h"
#include "shufc/vls/group.h"
#include "shufc/vls/instruction.h"
#include "shufc/vls/trace.h"

namespace shufc::vls {

// Where one element of one member lives among the group's contiguous chunks.
struct ElementPlace {
  unsigned chunk;   // index into Sequence::chunks
  unsigned elem;    // element within the chunk
};

enum class Strategy {
  SplitMerge,  // the seed's: initial graph, split, merge
  Direct,      // each result straight from its sources (composed through two-source steps)
  Radix2,      // 2^k dense members: k stages of two-way (de)interleaves (radix2.h)
  Best,        // all that apply, keep the one the client finds cheapest
};
const char* name(Strategy s);  // "split/merge", "direct", "radix-2", "best"

struct Sequence {
  Strategy strategy = Strategy::SplitMerge;
  VectorType type;
  bool load = true;                      // a load group (else a store group)
  std::vector<int64_t> chunks;           // byte offset of each contiguous access from the group's first member
  std::vector<std::vector<bool>> chunk_masks;
  std::vector<std::vector<ElementPlace>> places;  // places[member][element]
  std::vector<Instruction> instructions;          // topological order
  // Load group: the value holding each member's result (by member, as in Group::members).
  // Store group: the value stored to each chunk.
  std::vector<unsigned> results;
  // Inputs of the shuffles: the loaded values (load group) or each member's value (store group).
  std::vector<unsigned> inputs;
  unsigned shuffles = 0;
  double cost = 0;                       // loads/stores + shuffles, as the client costs them
  std::vector<std::string> notes;        // e.g. results with more than two sources, how they were composed
};

// The chunks and element places of a group, or why it cannot be served by contiguous accesses
// (elements not aligned to their size, overlapping stores, a vector wider than the vector length).
Expected<Sequence> layout(const Group& g);

// The initial graph of the seed for a laid-out group.
Graph initial_graph(const Group& g, const Sequence& layout);

// Whether Best tries the seed's split/merge: its pairwise test-merges are quadratic per round and
// each needs client costings, too slow above 24 intermediate nodes or 16 lanes (bytes on AVX2).
bool merge_is_affordable(const Group& g);

Expected<Sequence> get_sequence(const Group& g, CostClient& client, Strategy strategy = Strategy::Best,
                                Trace* trace = nullptr);

// What a vectoriser asks before deciding: the cost of serving the group by get_sequence, and of
// leaving every member to its gather/scatter.
struct GroupCost {
  std::optional<double> sequence;  // nullopt: no sequence
  double gathers = 0;
};
GroupCost group_cost(const Group& g, CostClient& client);

}  // namespace shufc::vls
