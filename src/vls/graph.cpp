// The seed's graph: split and merge (see graph.h).
#include "shufc/vls/graph.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace shufc::vls {

Graph::Graph(VectorType type, std::vector<GraphNode> nodes) : type_(type), nodes_(std::move(nodes)) {
  unsigned max_id = 0;
  for (const GraphNode& n : nodes_) max_id = std::max(max_id, n.id);
  next_id_ = max_id + 1;
  std::sort(nodes_.begin(), nodes_.end(), [](const GraphNode& a, const GraphNode& b) { return a.id < b.id; });
}

const GraphNode& Graph::node(unsigned id) const {
  auto it = std::lower_bound(nodes_.begin(), nodes_.end(), id, [](const GraphNode& n, unsigned v) { return n.id < v; });
  if (it == nodes_.end() || it->id != id) throw std::logic_error(fmt::format("vls graph: no node V{}", id));
  return *it;
}

GraphNode& Graph::mut(unsigned id) { return const_cast<GraphNode&>(node(id)); }

std::vector<unsigned> Graph::sources_of(const GraphNode& n) const {
  std::vector<unsigned> s;
  for (const Edge& e : n.in)
    if (e.src >= 0 && std::find(s.begin(), s.end(), unsigned(e.src)) == s.end()) s.push_back(unsigned(e.src));
  return s;
}

void Graph::split() {
  std::vector<GraphNode> added;
  for (GraphNode& r : nodes_) {
    if (r.role != GraphNode::Role::Result) continue;
    for (Edge& e : r.in) {
      if (e.src < 0) continue;
      GraphNode inner{next_id_++, GraphNode::Role::Inner, {}, {e}};
      e = Edge{int(inner.id), 0};
      added.push_back(std::move(inner));
    }
  }
  for (GraphNode& n : added) nodes_.push_back(std::move(n));
}

namespace {

struct TestMerge {
  unsigned a, b;                  // node ids, a < b
  std::vector<Edge> merged;       // a's elements, then b's
  ShuffleMask incoming;
  double incoming_cost;
  std::vector<std::pair<ShuffleMask, double>> outgoing;  // per consumer
  double total;
};

}  // namespace

unsigned Graph::merge(CostClient& client, Trace* trace) {
  const unsigned w = type_.num_elements;
  unsigned merges = 0;
  for (unsigned round = 1;; ++round) {
    std::vector<unsigned> inner;
    for (const GraphNode& n : nodes_)
      if (n.role == GraphNode::Role::Inner) inner.push_back(n.id);
    // Consumers of each node, in id order (each consumer once).
    std::map<unsigned, std::vector<unsigned>> consumers;
    for (const GraphNode& n : nodes_)
      for (unsigned s : sources_of(n)) consumers[s].push_back(n.id);
    std::vector<TestMerge> tests;
    if (trace) trace->line(2, "Merge round {}: test-merges", round);
    for (size_t i = 0; i < inner.size(); ++i)
      for (size_t j = i + 1; j < inner.size(); ++j) {
        const GraphNode& n1 = node(inner[i]);
        const GraphNode& n2 = node(inner[j]);
        // The seed's conditions: at most two distinct sources; the merged node fits one vector
        // (all nodes share the element size and the source type here by construction).
        if (n1.in.size() + n2.in.size() > w) continue;
        std::vector<unsigned> srcs = sources_of(n1);
        for (unsigned s : sources_of(n2))
          if (std::find(srcs.begin(), srcs.end(), s) == srcs.end()) srcs.push_back(s);
        if (srcs.size() > 2) continue;
        std::sort(srcs.begin(), srcs.end());  // the seed's masks: the lower-numbered source first
        TestMerge t{n1.id, n2.id, n1.in, {}, 0, {}, 0};
        t.merged.insert(t.merged.end(), n2.in.begin(), n2.in.end());
        t.incoming = {type_, unsigned(std::max<size_t>(1, srcs.size())), std::vector<int>(w, -1)};
        for (size_t k = 0; k < t.merged.size(); ++k) {
          const Edge& e = t.merged[k];
          if (e.src >= 0) t.incoming.mask[k] = int(e.elem) + (unsigned(e.src) == srcs[0] ? 0 : int(w));
        }
        std::vector<unsigned> users = consumers[n1.id];
        for (unsigned u : consumers[n2.id])
          if (std::find(users.begin(), users.end(), u) == users.end()) users.push_back(u);
        auto in_cost = client.shuffle_cost(t.incoming);
        bool ok = bool(in_cost);
        t.incoming_cost = in_cost.value_or(0);
        t.total = t.incoming_cost;
        for (unsigned u : users) {
          const GraphNode& c = node(u);
          ShuffleMask out{type_, 1, std::vector<int>(w, -1)};
          for (size_t l = 0; l < c.in.size() && l < w; ++l) {
            if (c.in[l].src == int(n1.id)) out.mask[l] = int(c.in[l].elem);
            else if (c.in[l].src == int(n2.id)) out.mask[l] = int(n1.in.size() + c.in[l].elem);
          }
          auto oc = client.shuffle_cost(out);
          ok = ok && bool(oc);
          t.outgoing.emplace_back(out, oc.value_or(0));
          t.total += oc.value_or(0);
        }
        if (trace) {
          trace->line(4, "V{} can be merged with V{}", n1.id, n2.id);
          trace->line(6, "Incoming-Mask {} Cost {}", t.incoming.str(), in_cost ? fmt::format("{:g}", *in_cost) : "none");
          for (const auto& [m, c] : t.outgoing) trace->line(6, "Outgoing-Mask {} Cost {:g}", m.str(), c);
          trace->line(6, "--Total-Cost-- {}", ok ? fmt::format("{:g}", t.total) : "none (no instruction: not a candidate)");
        }
        if (ok) tests.push_back(std::move(t));
      }
    if (tests.empty()) {
      if (trace) trace->line(4, "(no further merge)");
      break;
    }
    std::stable_sort(tests.begin(), tests.end(), [](const TestMerge& x, const TestMerge& y) { return x.total < y.total; });
    std::vector<unsigned> used;
    auto is_used = [&](unsigned id) { return std::find(used.begin(), used.end(), id) != used.end(); };
    if (trace) trace->line(2, "Merge round {}: commit, cheapest first", round);
    for (const TestMerge& t : tests) {
      if (is_used(t.a) || is_used(t.b)) continue;
      used.push_back(t.a);
      used.push_back(t.b);
      const unsigned a_size = unsigned(node(t.a).in.size());
      // The merged node keeps the first node's id; the second one's consumers now read its upper part.
      for (GraphNode& n : nodes_)
        for (Edge& e : n.in)
          if (e.src == int(t.b)) e = Edge{int(t.a), a_size + e.elem};
      mut(t.a).in = t.merged;
      nodes_.erase(std::find_if(nodes_.begin(), nodes_.end(), [&](const GraphNode& n) { return n.id == t.b; }));
      ++merges;
      if (trace) trace->line(4, "Merge {} to {} (cost {:g})", t.a, t.b, t.total);
    }
    if (trace) {
      trace->line(2, "Graph after merge round {}:", round);
      print(*trace, 4);
      trace->dot_graphs.push_back(dot(fmt::format("Merge_Round_{}", round)));
    }
  }
  return merges;
}

void Graph::print(Trace& t, unsigned indent) const {
  const unsigned eb = type_.element_bits;
  auto range = [&](unsigned elem) { return fmt::format("[{}:{}]", elem * eb, elem * eb + eb - 1); };
  for (const GraphNode& n : nodes_)
    if (n.role == GraphNode::Role::Source) t.line(indent, "V{}: {}", n.id, n.what);
  auto body = [&](const GraphNode& n) {
    t.line(indent, "V{}:", n.id);
    for (size_t k = 0; k < n.in.size(); ++k) {
      const Edge& e = n.in[k];
      if (e.src < 0) t.line(indent + 1, "{} = undef", range(unsigned(k)));
      else t.line(indent + 1, "{} = V{}{}", range(unsigned(k)), e.src, range(e.elem));
    }
  };
  for (const GraphNode& n : nodes_)
    if (n.role == GraphNode::Role::Inner) body(n);
  for (const GraphNode& n : nodes_)
    if (n.role == GraphNode::Role::Result) body(n);
}

std::string Graph::dot(const std::string& name) const {
  static const char* colours[] = {"red", "blue", "darkgreen", "orange", "purple", "brown", "magenta", "cyan"};
  const unsigned eb = type_.element_bits;
  // Each element is coloured after the result it ends in.
  std::map<std::pair<int, unsigned>, unsigned> colour_of;
  unsigned r = 0;
  for (const GraphNode& n : nodes_)
    if (n.role == GraphNode::Role::Result) {
      for (size_t k = 0; k < n.in.size(); ++k) colour_of[{int(n.id), unsigned(k)}] = r;
      ++r;
    }
  // Results first, then intermediates from the last created back: each reads only older nodes.
  for (int pass = 0; pass < 2; ++pass)
    for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it) {
      const GraphNode& n = *it;
      if ((pass == 0) != (n.role == GraphNode::Role::Result)) continue;
      for (size_t k = 0; k < n.in.size(); ++k) {
        const Edge& e = n.in[k];
        auto c = colour_of.find({int(n.id), unsigned(k)});
        if (e.src >= 0 && c != colour_of.end()) colour_of[{e.src, e.elem}] = c->second;
      }
    }
  std::string s = fmt::format("digraph {} {{\n  graph[ordering=in];\n", name);
  for (const GraphNode& n : nodes_)
    for (size_t k = 0; k < n.in.size(); ++k) {
      const Edge& e = n.in[k];
      if (e.src < 0) continue;
      auto c = colour_of.find({int(n.id), unsigned(k)});
      const char* col = c == colour_of.end() ? "black" : colours[c->second % 8];
      s += fmt::format("  V{} -> V{}[fontcolor={}, color={}, label=\"{}:{}\"];\n", e.src, n.id, col, col, e.elem * eb,
                       e.elem * eb + eb - 1);
    }
  return s + "}\n";
}

}  // namespace shufc::vls
