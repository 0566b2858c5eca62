// getGroups: sets of compatible memrefs, then the cheapest split of each set into groups.
#include "shufc/vls/grouping.h"

#include <algorithm>
#include <limits>
#include <map>

#include "shufc/vls/sequence.h"

namespace shufc::vls {

namespace {

struct Set {
  std::vector<unsigned> idx;     // memref indices, sorted by distance
  std::vector<int64_t> dist;     // from the set's first memref (as found), sorted
  int64_t stride = 0;
  bool strided = false;
};

std::vector<Set> form_sets(std::span<const Memref* const> m) {
  std::vector<Set> sets;
  for (unsigned i = 0; i < m.size(); ++i) {
    int64_t stride = 0;
    const bool strided = is_strided(m[i]->access()) && m[i]->has_a_const_stride(&stride);
    bool placed = false;
    if (strided)
      for (Set& s : sets) {
        if (!s.strided) continue;
        const Memref& first = *m[s.idx[0]];
        int64_t d = 0;
        if (first.access() == m[i]->access() && first.type() == m[i]->type() && m[i]->have_same_num_elements(first) &&
            s.stride == stride && m[i]->is_a_const_distance_from(first, &d)) {
          s.idx.push_back(i);
          s.dist.push_back(d);
          placed = true;
          break;
        }
      }
    if (!placed) sets.push_back({{i}, {0}, stride, strided});
  }
  for (Set& s : sets) {  // by distance, input order on a tie
    std::vector<size_t> order(s.idx.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return s.dist[a] < s.dist[b]; });
    Set t = s;
    for (size_t k = 0; k < order.size(); ++k) t.idx[k] = s.idx[order[k]], t.dist[k] = s.dist[order[k]];
    s = t;
  }
  return sets;
}

// Members [i, j) of a set as a group, if they fit one vector length and can all move to the leader:
// the earliest load (loads move up) or the latest store (stores move down).
std::optional<Group> make_group(std::span<const Memref* const> m, const Set& s, size_t i, size_t j, unsigned vl) {
  Group g;
  g.vector_length = vl;
  g.stride = s.stride;
  const Memref& head = *m[s.idx[i]];
  g.type = head.type();
  g.access = head.access();
  for (size_t k = i; k < j; ++k) {
    g.members.push_back(m[s.idx[k]]);
    g.indices.push_back(s.idx[k]);
    g.distances.push_back(s.dist[k] - s.dist[i]);
  }
  if (j - i == 1) return g;
  if (!s.strided) return std::nullopt;
  if (g.distances.back() + int64_t(g.type.element_bytes()) > int64_t(vl)) return std::nullopt;
  const bool load = is_load(g.access);
  const Memref* leader = g.members[0];
  for (const Memref* x : g.members)
    if (load ? x->program_order() < leader->program_order() : x->program_order() > leader->program_order()) leader = x;
  for (const Memref* x : g.members)
    if (x != leader && !x->can_move_to(*leader)) return std::nullopt;
  return g;
}

// The cost of serving the group by its sequence. Whether that beats the members' gathers is the
// client's decision (group_cost gives both), as in the seed: getGroups forms groups, the
// vectoriser decides. A member with no sequence of its own (no constant stride) costs its gather.
double cost_of(const Group& g, CostClient& client) {
  const GroupCost c = group_cost(g, client);
  if (g.size() > 1) return c.sequence ? *c.sequence : std::numeric_limits<double>::infinity();
  return c.sequence ? *c.sequence : c.gathers;
}

void trace_input(std::span<const Memref* const> m, const std::vector<Set>& sets, Trace& t) {
  t.line(0, "Received a request from Client---FORM GROUPS");
  t.line(2, "Received a vector of memrefs:");
  for (unsigned i = 0; i < m.size(); ++i) t.line(4, "#{} {} {}  {}", i + 1, m[i]->type().str(), name(m[i]->access()), m[i]->describe());
  t.line(2, "Split the vector memrefs into sub groups of adjacent memrefs:");
  t.line(4, "Distance is (in bytes) from the first memref of the set");
  for (size_t k = 0; k < sets.size(); ++k) {
    t.line(2, "Set #{}", k + 1);
    for (size_t j = 0; j < sets[k].idx.size(); ++j) {
      const Memref& x = *m[sets[k].idx[j]];
      if (sets[k].strided) t.line(4, "#{} {} {}   Dist: {}", sets[k].idx[j] + 1, x.type().str(), name(x.access()), sets[k].dist[j]);
      else t.line(4, "#{} {} {}   (no constant stride)", sets[k].idx[j] + 1, x.type().str(), name(x.access()));
    }
  }
}

Grouping finish(std::span<const Memref* const> m, std::vector<Group> groups, double cost, Trace* t) {
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    return *std::min_element(a.indices.begin(), a.indices.end()) < *std::min_element(b.indices.begin(), b.indices.end());
  });
  Grouping r{std::move(groups), std::vector<unsigned>(m.size(), 0), cost};
  for (unsigned k = 0; k < r.groups.size(); ++k)
    for (unsigned i : r.groups[k].indices) r.group_of[i] = k;
  if (t) {
    t->line(2, "Printing Groups- Total Groups {} (total cost {:g})", r.groups.size(), cost);
    for (size_t k = 0; k < r.groups.size(); ++k) {
      const Group& g = r.groups[k];
      t->line(2, "Group#{}", k + 1);
      t->line(4, "Vector Length(in bytes): {}", g.vector_length);
      t->line(4, "AccType: {}", name(g.access));
      if (g.strided()) t->line(4, "AccessMask(per byte, R to L): {}", g.access_mask());
      for (size_t j = 0; j < g.size(); ++j)
        t->line(4, "#{} {} {}   Dist: {}", g.indices[j] + 1, g.type.str(), name(g.access), g.distances[j]);
    }
  }
  return r;
}

}  // namespace

Grouping get_groups(std::span<const Memref* const> m, unsigned vl, CostClient& client, Trace* trace) {
  const std::vector<Set> sets = form_sets(m);
  if (trace) trace_input(m, sets, *trace);
  std::vector<Group> groups;
  double total = 0;
  for (const Set& s : sets) {
    // best[j]: the cheapest grouping of the first j members; cut[j]: where its last group starts.
    const size_t n = s.idx.size();
    std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
    std::vector<size_t> cut(n + 1, 0);
    std::map<std::pair<size_t, size_t>, Group> cand;
    best[0] = 0;
    for (size_t j = 1; j <= n; ++j)
      for (size_t i = 0; i < j; ++i) {  // larger groups first: they win ties
        if (best[i] == std::numeric_limits<double>::infinity()) continue;
        auto g = make_group(m, s, i, j, vl);
        if (!g) continue;
        const double c = cost_of(*g, client);
        if (c == std::numeric_limits<double>::infinity()) continue;
        if (trace && j - i > 1) {
          std::string who;
          for (unsigned x : g->indices) who += fmt::format(" #{}", x + 1);
          trace->line(4, "candidate group{}: cost {:g}", who, c);
        }
        if (best[i] + c < best[j]) {
          best[j] = best[i] + c;
          cut[j] = i;
          cand.insert_or_assign({i, j}, std::move(*g));
        }
      }
    for (size_t j = n; j > 0; j = cut[j]) groups.push_back(cand.at({cut[j], j}));
    total += best[n];
  }
  return finish(m, std::move(groups), total, trace);
}

Grouping get_groups_greedy(std::span<const Memref* const> m, unsigned vl, CostClient& client) {
  std::vector<Group> groups;
  double total = 0;
  for (const Set& s : form_sets(m)) {
    for (size_t i = 0; i < s.idx.size();) {
      size_t j = i + 1;
      while (j < s.idx.size() && make_group(m, s, i, j + 1, vl)) ++j;
      Group g = *make_group(m, s, i, j, vl);
      total += cost_of(g, client);
      groups.push_back(std::move(g));
      i = j;
    }
  }
  return finish(m, std::move(groups), total, nullptr);
}

}  // namespace shufc::vls
