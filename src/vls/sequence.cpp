// getSequence: layout of the contiguous chunks, the seed's graph, and the abstract instructions.
#include "shufc/vls/sequence.h"

#include "shufc/vls/radix2.h"

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace shufc::vls {

namespace {

// Above this many intermediate nodes, or with vectors of more elements than this, the pairwise
// test-merges (quadratic per round, each costed by the client on masks with ever more distinct
// lanes) take longer than a compiler would wait; Best then uses the other strategies.
constexpr size_t kMaxMergeNodes = 24;
constexpr unsigned kMaxMergeLanes = 16;

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

}  // namespace

Expected<Sequence> layout(const Group& g) {
  if (g.members.empty()) return Error{"an empty group"};
  const VectorType t = g.type;
  if (t.element_bits == 0 || t.element_bits % 8 || t.num_elements == 0)
    return Error{fmt::format("elements of {} bits: contiguous accesses need whole bytes", t.element_bits)};
  if (t.bits() > uint64_t(g.vector_length) * 8)
    return Error{fmt::format("a {} vector is wider than the vector length of {} bytes", t.str(), g.vector_length)};
  const int64_t eb = t.element_bytes(), w = t.num_elements;
  if (g.stride == 0 || g.stride % eb)
    return Error{fmt::format("a stride of {} bytes is not a non-zero multiple of the {}-byte element", g.stride, eb)};
  for (int64_t d : g.distances)
    if (d % eb) return Error{fmt::format("a distance of {} bytes is not a multiple of the {}-byte element", d, eb)};
  Sequence s;
  s.type = t;
  s.load = is_load(g.access);
  // Element positions, in elements from members[0]'s element 0.
  std::vector<std::vector<int64_t>> pos(g.size(), std::vector<int64_t>(size_t(w)));
  int64_t pmin = INT64_MAX;
  for (size_t a = 0; a < g.size(); ++a)
    for (int64_t i = 0; i < w; ++i) pmin = std::min(pmin, pos[a][size_t(i)] = g.distances[a] / eb + i * (g.stride / eb));
  std::map<int64_t, unsigned> chunk_index;  // chunk number -> index, in address order
  for (const auto& p : pos)
    for (int64_t x : p) chunk_index.emplace(floor_div(x - pmin, w), 0);
  for (auto& [c, idx] : chunk_index) {
    idx = unsigned(s.chunks.size());
    s.chunks.push_back((pmin + c * w) * eb);
    s.chunk_masks.emplace_back(size_t(w), false);
  }
  s.places.assign(g.size(), std::vector<ElementPlace>(size_t(w)));
  for (size_t a = 0; a < g.size(); ++a)
    for (int64_t i = 0; i < w; ++i) {
      const int64_t x = pos[a][size_t(i)] - pmin;
      const unsigned c = chunk_index.at(floor_div(x, w));
      const unsigned e = unsigned(x - floor_div(x, w) * w);
      if (!s.load && s.chunk_masks[c][e])
        return Error{fmt::format("two stores of the group write the same element (byte {} from the first member)",
                                 s.chunks[c] + int64_t(e) * eb)};
      s.chunk_masks[c][e] = true;
      s.places[a][size_t(i)] = {c, e};
    }
  return s;
}

Graph initial_graph(const Group& g, const Sequence& s) {
  const unsigned w = s.type.num_elements;
  const unsigned members = unsigned(g.size()), chunks = unsigned(s.chunks.size());
  std::vector<GraphNode> nodes;
  if (s.load) {
    // V1..: the gather results; then the loads.
    for (unsigned a = 0; a < members; ++a) {
      GraphNode r{a + 1, GraphNode::Role::Result, {}, {}};
      for (unsigned i = 0; i < w; ++i) r.in.push_back({int(members + 1 + s.places[a][i].chunk), s.places[a][i].elem});
      nodes.push_back(std::move(r));
    }
    for (unsigned c = 0; c < chunks; ++c) nodes.push_back({members + 1 + c, GraphNode::Role::Source, "Load", {}});
  } else {
    // V1..: the vectors to store; then the values of the scatters.
    for (unsigned c = 0; c < chunks; ++c) nodes.push_back({c + 1, GraphNode::Role::Result, {}, std::vector<Edge>(w)});
    for (unsigned a = 0; a < members; ++a) {
      nodes.push_back({chunks + 1 + a, GraphNode::Role::Source, fmt::format("Value of #{}", a + 1), {}});
      for (unsigned i = 0; i < w; ++i) nodes[s.places[a][i].chunk].in[s.places[a][i].elem] = {int(chunks + 1 + a), i};
    }
  }
  return Graph(s.type, std::move(nodes));
}

namespace {

// Turns the graph into abstract instructions: the loads, then a shuffle per node in id order
// (intermediates read only sources, results read intermediates), then the stores. A node that
// reads one source in place is that source (no instruction); a node with more than two sources
// is composed through two-source shuffles, as a chain or a tree (the cheaper for the client).
Expected<Sequence> emit(const Group& g, Sequence s, const Graph& graph, CostClient& client) {
  const unsigned w = s.type.num_elements;
  std::map<unsigned, unsigned> value_of;  // node id -> the value holding it
  unsigned next_value = 0;
  for (const GraphNode& n : graph.nodes()) next_value = std::max(next_value, n.id + 1);
  s.cost = 0;
  std::vector<unsigned> sources;
  for (const GraphNode& n : graph.nodes())
    if (n.role == GraphNode::Role::Source) sources.push_back(n.id);
  for (size_t k = 0; k < sources.size(); ++k) {
    value_of[sources[k]] = sources[k];
    s.inputs.push_back(sources[k]);
    if (s.load) {
      Instruction ld{Instruction::Kind::Load, sources[k], s.type, s.chunks[k], s.chunk_masks[k], {}, {}};
      s.cost += client.load_cost(s.type, ld.masked());
      s.instructions.push_back(std::move(ld));
    }
  }
  auto add_shuffle = [&](unsigned value, std::vector<unsigned> srcs, std::vector<int> mask) -> Expected<bool> {
    ShuffleMask m{s.type, unsigned(srcs.size()), mask};
    auto c = client.shuffle_cost(m);
    if (!c) return Error{fmt::format("the client has no instruction sequence for the shuffle {} of {} source(s)", m.str(), srcs.size())};
    s.cost += *c;
    ++s.shuffles;
    s.instructions.push_back({Instruction::Kind::Shuffle, value, s.type, 0, {}, std::move(srcs), std::move(mask)});
    return true;
  };
  auto lower = [&](const GraphNode& n) -> Expected<bool> {
    // Edges through values: (value, element), -1 for undefined.
    std::vector<std::pair<int, unsigned>> lanes(w, {-1, 0});
    std::vector<unsigned> srcs;
    for (size_t k = 0; k < n.in.size(); ++k) {
      if (n.in[k].src < 0) continue;
      const unsigned v = value_of.at(unsigned(n.in[k].src));
      lanes[k] = {int(v), n.in[k].elem};
      if (std::find(srcs.begin(), srcs.end(), v) == srcs.end()) srcs.push_back(v);
    }
    std::sort(srcs.begin(), srcs.end());  // the lower-numbered source first, as the seed prints
    if (srcs.empty()) {  // nothing defined (a store chunk cannot be empty; kept for safety)
      value_of[n.id] = s.inputs.at(0);
      return true;
    }
    bool identity = srcs.size() == 1;
    for (unsigned k = 0; k < w; ++k) identity = identity && (lanes[k].first < 0 || lanes[k].second == k);
    if (identity) {
      value_of[n.id] = srcs[0];
      return true;
    }
    // A plan is a list of two-source steps; an operand >= 0 is a value, -1 - j the result of step j.
    struct Step {
      std::vector<int> ops;
      std::vector<int> mask;
    };
    using Plan = std::vector<Step>;
    auto index_of = [&](unsigned v) { return size_t(std::find(srcs.begin(), srcs.end(), v) - srcs.begin()); };
    // One step placing the lanes of sources [a, b) (at most two) where the node wants them.
    auto place = [&](Plan& p, size_t a, size_t b) {
      Step st{{}, std::vector<int>(w, -1)};
      for (size_t i = a; i < b; ++i) st.ops.push_back(int(srcs[i]));
      for (unsigned k = 0; k < w; ++k)
        if (lanes[k].first >= 0 && index_of(unsigned(lanes[k].first)) >= a && index_of(unsigned(lanes[k].first)) < b)
          st.mask[k] = int(lanes[k].second + (index_of(unsigned(lanes[k].first)) == a ? 0 : w));
      p.push_back(std::move(st));
      return -int(p.size());
    };
    // Keeps the lanes of sources [a, m) from `left` in place and adds those of [m, b) from `right`.
    auto join = [&](Plan& p, int left, int right, size_t a, size_t m, size_t b) {
      Step st{{left, right}, std::vector<int>(w, -1)};
      for (unsigned k = 0; k < w; ++k) {
        if (lanes[k].first < 0) continue;
        const size_t i = index_of(unsigned(lanes[k].first));
        if (i >= a && i < m) st.mask[k] = int(k);
        else if (i >= m && i < b) st.mask[k] = int(right >= 0 ? w + lanes[k].second : w + k);
      }
      p.push_back(std::move(st));
      return -int(p.size());
    };
    std::vector<std::pair<const char*, Plan>> plans;
    if (srcs.size() <= 2) {
      plans.push_back({"", {}});
      place(plans.back().second, 0, srcs.size());
    } else {
      // Chain: the first two sources, then one more source per step.
      Plan chain;
      int acc = place(chain, 0, 2);
      for (size_t i = 2; i < srcs.size(); ++i) acc = join(chain, acc, int(srcs[i]), 0, i, i + 1);
      plans.push_back({"a chain of", std::move(chain)});
      // Tree: halves composed apart, then put together.
      Plan tree;
      std::function<int(size_t, size_t)> build = [&](size_t a, size_t b) -> int {
        if (b - a <= 2) return place(tree, a, b);
        const size_t m = a + (b - a) / 2;
        const int l = build(a, m), r = build(m, b);
        return join(tree, l, r, a, m, b);
      };
      build(0, srcs.size());
      plans.push_back({"a tree of", std::move(tree)});
    }
    // The cheaper plan by the client's costs (the chain on a tie); a plan it cannot cost is out.
    auto cost_of = [&](const Plan& p) -> std::optional<double> {
      double c = 0;
      for (const Step& st : p) {
        auto x = client.shuffle_cost({s.type, unsigned(st.ops.size()), st.mask});
        if (!x) return std::nullopt;
        c += *x;
      }
      return c;
    };
    size_t pick = 0;
    std::optional<double> best_cost = cost_of(plans[0].second);
    for (size_t k = 1; k < plans.size(); ++k)
      if (auto c = cost_of(plans[k].second); c && (!best_cost || *c < *best_cost)) pick = k, best_cost = c;
    const Plan& plan = plans[pick].second;
    if (srcs.size() > 2)
      s.notes.push_back(fmt::format("V{} reads {} sources: composed through {} {} two-source shuffles", n.id, srcs.size(),
                                    plans[pick].first, plan.size()));
    std::vector<unsigned> step_value(plan.size());
    for (size_t j = 0; j < plan.size(); ++j) {
      std::vector<unsigned> ops;
      for (int op : plan[j].ops) ops.push_back(op >= 0 ? unsigned(op) : step_value[size_t(-op - 1)]);
      step_value[j] = j + 1 == plan.size() ? n.id : next_value++;
      auto r = add_shuffle(step_value[j], ops, plan[j].mask);
      if (!r) return r.error();
    }
    value_of[n.id] = n.id;
    return true;
  };
  for (auto role : {GraphNode::Role::Inner, GraphNode::Role::Result})
    for (const GraphNode& n : graph.nodes())
      if (n.role == role) {
        auto r = lower(n);
        if (!r) return r.error();
      }
  s.results.clear();
  if (s.load) {
    for (unsigned a = 0; a < g.size(); ++a) s.results.push_back(value_of.at(a + 1));
  } else {
    for (unsigned c = 0; c < s.chunks.size(); ++c) {
      const unsigned v = value_of.at(c + 1);
      s.results.push_back(v);
      Instruction st{Instruction::Kind::Store, 0, s.type, s.chunks[c], s.chunk_masks[c], {v}, {}};
      s.cost += client.store_cost(s.type, st.masked());
      s.instructions.push_back(std::move(st));
    }
  }
  return s;
}

// Runs the abstract instructions on element labels and checks every result element: the server
// never returns a sequence it has not checked.
void check(const Group& g, const Sequence& s) {
  using Label = std::pair<int, int>;  // (input index, element), (-1, -1) undefined
  const unsigned w = s.type.num_elements;
  std::map<unsigned, std::vector<Label>> val;
  for (size_t k = 0; k < s.inputs.size(); ++k) {
    std::vector<Label> v(w);
    for (unsigned i = 0; i < w; ++i) v[i] = {int(k), int(i)};
    val[s.inputs[k]] = v;
  }
  for (const Instruction& in : s.instructions) {
    if (in.kind != Instruction::Kind::Shuffle) continue;
    std::vector<Label> v(w, {-1, -1});
    for (unsigned i = 0; i < w; ++i)
      if (in.mask[i] >= 0) v[i] = val.at(in.sources.at(unsigned(in.mask[i]) / w))[unsigned(in.mask[i]) % w];
    val[in.value] = v;
  }
  for (size_t a = 0; a < g.size(); ++a)
    for (unsigned i = 0; i < w; ++i) {
      const ElementPlace p = s.places[a][i];
      const bool ok = s.load ? val.at(s.results[a])[i] == Label{int(p.chunk), int(p.elem)}
                             : val.at(s.results[p.chunk])[p.elem] == Label{int(a), int(i)};
      if (!ok) throw std::logic_error(fmt::format("vls: the sequence moves element {} of member {} wrongly", i, a + 1));
    }
}

void print_sequence(const Group& g, const Sequence& s, Trace& t, unsigned indent) {
  const std::string base = g.members[0]->describe();
  for (const Instruction& in : s.instructions) t.line(indent, "{}", in.str(base.empty() ? "0" : "&" + base));
}

Expected<Sequence> run(const Group& g, CostClient& client, Strategy strategy, Trace* trace) {
  auto s = layout(g);
  if (!s) return s;
  Graph graph = initial_graph(g, *s);
  if (trace) {
    trace->line(2, "Initial Graph:");
    graph.print(*trace, 4);
    trace->dot_graphs.push_back(graph.dot("Initial_Graph"));
  }
  s->strategy = strategy;
  if (strategy == Strategy::Radix2) {
    auto out = radix2_sequence(g, std::move(*s), client);
    if (!out) return out;
    check(g, *out);
    if (trace) {
      trace->line(2, "Radix-2 stages ({} shuffles, cost {:g}):", out->shuffles, out->cost);
      print_sequence(g, *out, *trace, 4);
    }
    return out;
  }
  if (strategy == Strategy::SplitMerge) {
    graph.split();
    if (trace) {
      trace->line(2, "Simplified (split) Graph:");
      graph.print(*trace, 4);
      trace->dot_graphs.push_back(graph.dot("Simplified_Graph"));
    }
    graph.merge(client, trace);
    if (trace) {
      trace->line(2, "Final Graph:");
      graph.print(*trace, 4);
      trace->dot_graphs.push_back(graph.dot("Final_Graph"));
    }
  }
  auto out = emit(g, std::move(*s), graph, client);
  if (!out) return out;
  check(g, *out);
  if (trace) {
    for (const std::string& n : out->notes) trace->line(2, "{}", n);
    trace->line(2, "Sequence ({} shuffles, cost {:g}):", out->shuffles, out->cost);
    print_sequence(g, *out, *trace, 4);
  }
  return out;
}

}  // namespace

bool merge_is_affordable(const Group& g) {
  return g.size() * g.type.num_elements <= kMaxMergeNodes && g.type.num_elements <= kMaxMergeLanes;
}

const char* name(Strategy s) {
  switch (s) {
    case Strategy::SplitMerge: return "split/merge";
    case Strategy::Direct: return "direct";
    case Strategy::Radix2: return "radix-2";
    case Strategy::Best: return "best";
  }
  return "?";
}

Expected<Sequence> get_sequence(const Group& g, CostClient& client, Strategy strategy, Trace* trace) {
  if (!g.strided()) return Error{"an indexed access has no contiguous form: it stays a gather/scatter"};
  if (strategy != Strategy::Best) {
    if (trace) trace->line(0, "Received a request from Client---GET SEQUENCE ({})", name(strategy));
    return run(g, client, strategy, trace);
  }
  // The seed's split/merge, the direct lowering of the initial graph and the radix-2 stages: keep
  // the cheapest (the earlier on a tie, so the seed's first). The seed's graph only merges pairs,
  // so for some groups (e.g. a result read in place from one load) the direct form is better.
  if (trace) trace->line(0, "Received a request from Client---GET SEQUENCE");
  auto lay = layout(g);
  if (!lay) return lay;
  std::optional<Expected<Sequence>> best;
  for (Strategy st : {Strategy::SplitMerge, Strategy::Direct, Strategy::Radix2}) {
    if (st == Strategy::SplitMerge && !merge_is_affordable(g)) {
      if (trace)
        trace->line(2, "split/merge skipped: {} intermediate nodes of {} lanes (at most {} of {})", g.size() * g.type.num_elements,
                    g.type.num_elements, kMaxMergeNodes, kMaxMergeLanes);
      continue;
    }
    // The seed's trace is the split/merge one; the others are summarised.
    Trace quiet;
    auto r = run(g, client, st, st == Strategy::SplitMerge ? trace : trace ? &quiet : nullptr);
    if (trace && st != Strategy::SplitMerge) {
      if (r) {
        trace->line(2, "{} (the alternative): {} shuffles, cost {:g}", name(st), r->shuffles, r->cost);
        for (const std::string& n : r->notes) trace->line(4, "{}", n);
      } else {
        trace->line(2, "{}: none ({})", name(st), r.error().str());
      }
    }
    if (r && (!best || !*best || r->cost < (*best)->cost)) best.emplace(std::move(r));
    else if (!best) best.emplace(std::move(r));
  }
  if (trace && *best) trace->line(2, "kept: {} (cost {:g})", name((*best)->strategy), (*best)->cost);
  return std::move(*best);
}

GroupCost group_cost(const Group& g, CostClient& client) {
  GroupCost c;
  for (const Memref* m : g.members) c.gathers += client.gather_cost(*m);
  if (g.strided()) {
    auto s = get_sequence(g, client, Strategy::Best);
    if (s) c.sequence = s->cost;
  }
  return c;
}

}  // namespace shufc::vls
