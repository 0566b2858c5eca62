// The seed's rearrangement graph. An edge moves one element's bit range from a source node; a
// node is the concatenation of its incoming edges (edge k fills element k), so the order of the
// edges is the semantics. Result nodes (the gather results of a load group, the vectors to store
// of a store group) come first, then the source nodes (loads; the values to scatter), then the
// intermediate nodes the split step creates.
//
// The seed lets an edge carry any bit range; every edge here carries exactly one element, which is
// all the load generator and the split step ever create (a merged node is again a list of elements).
#pragma once
#include <string>
#include <vector>

#include "shufc/vls/cost_client.h"
#include "shufc/vls/trace.h"
#include "shufc/vls/vector_type.h"

namespace shufc::vls {

struct Edge {
  int src = -1;       // node id; -1: undefined (a gap)
  unsigned elem = 0;  // element of the source it moves
};

struct GraphNode {
  enum class Role { Result, Source, Inner };
  unsigned id = 0;
  Role role = Role::Inner;
  std::string what;        // a source's kind for printing: "Load", "Value #1"
  std::vector<Edge> in;    // element k <- in[k]; sources have none; inner nodes may be shorter than the vector
};

class Graph {
 public:
  Graph(VectorType type, std::vector<GraphNode> nodes);

  VectorType type() const { return type_; }
  const std::vector<GraphNode>& nodes() const { return nodes_; }
  const GraphNode& node(unsigned id) const;

  // Simplify (split): every element of every result gets its own intermediate node, so the merge
  // step can pack elements of different results together.
  void split();
  // Optimize (merge): rounds of test-merges of two intermediate nodes, each costed through the
  // client (the merged node's incoming mask plus every consumer's outgoing mask); in each round
  // the test-merges are committed cheapest first (the first listed on a tie), a node at most once.
  // Stops when no pair can be merged. Returns the number of merges.
  unsigned merge(CostClient& client, Trace* trace);

  // The distinct sources of a node, in order of first use.
  std::vector<unsigned> sources_of(const GraphNode& n) const;

  // The seed's printed form ("V3: Load", "V1:\n [0:63] = V3[0:63]").
  void print(Trace& t, unsigned indent) const;
  // A Graphviz digraph named `name`, one colour per result.
  std::string dot(const std::string& name) const;

 private:
  GraphNode& mut(unsigned id);
  VectorType type_;
  std::vector<GraphNode> nodes_;  // nodes_[k].id == k + 1 until merges remove nodes
  unsigned next_id_;
};

}  // namespace shufc::vls
