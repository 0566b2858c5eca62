#include "shared_values.h"

#include <algorithm>
#include <chrono>

#include "goal.h"
#include "program_build.h"
#include "shufc/cost.h"
#include "shufc/sim.h"

namespace shufc::synth {

namespace {
constexpr unsigned kPairsPerOutput = 3;     // values other outputs read too, searched per output and round
constexpr unsigned kOwnPairsPerOutput = 2;  // and values only the output reads
constexpr unsigned kRounds = 2;             // a second round may build on the first one's new values

// One or two values of a Program (u == v: one) that hold every byte an output wants.
struct Source {
  unsigned u, v;
  unsigned in_place;  // wanted bytes already at their place in u or v
};

bool holds(const ByteLabel& l, int want) { return l.input == want / 256 && l.byte == want % 256; }

// The values of `p` that could make output o's `goal`: pairs that hold every wanted byte between
// them, at least one of them made by a step (two inputs are what the register's own search read),
// those with the most bytes in place first (a blend, or nothing, where a shuffle would be needed).
// Up to kPairsPerOutput of values the other outputs read too (or inputs), then up to
// kOwnPairsPerOutput with a value only output o reads (but the output itself): the first part of
// an or of parts, which one two-input lookup with the last register may finish (LLVM's chained
// `tbl2` on NEON where two lookups and an `orr` were made).
std::vector<Source> sources(const Program& p, const std::vector<std::vector<ByteLabel>>& labels, const std::vector<int>& goal,
                            unsigned reg_bits, size_t o) {
  const unsigned k = unsigned(p.inputs.size());
  std::vector<char> shared(p.num_values(), 0);  // read by another output
  for (size_t q = 0; q < p.outputs.size(); ++q)
    if (q != o) shared[p.outputs[q]] = 1;
  for (size_t j = p.steps.size(); j-- > 0;)
    if (shared[k + j])
      for (unsigned a : p.steps[j].args) shared[a] = 1;
  std::vector<unsigned> vals;
  for (unsigned v = 0; v < p.num_values(); ++v)
    if (p.bits_of(v) == reg_bits && v != p.outputs[o]) vals.push_back(v);
  auto has = [&](unsigned v, int want) {
    return std::any_of(labels[v].begin(), labels[v].end(), [&](const ByteLabel& l) { return holds(l, want); });
  };
  std::vector<Source> common, own;
  for (size_t i = 0; i < vals.size(); ++i)
    for (size_t m = i; m < vals.size(); ++m) {
      const unsigned u = vals[i], v = vals[m];
      if (u < k && v < k) continue;
      Source s{u, v, 0};
      bool covered = true;
      for (size_t j = 0; j < goal.size() && covered; ++j) {
        if (goal[j] < 0) continue;
        covered = has(u, goal[j]) || has(v, goal[j]);
        s.in_place += holds(labels[u][j], goal[j]) || holds(labels[v][j], goal[j]);
      }
      if (covered) ((u < k || shared[u]) && (v < k || shared[v]) ? common : own).push_back(s);
    }
  auto best_first = [](std::vector<Source>& list, size_t at_most) {
    std::stable_sort(list.begin(), list.end(), [](const Source& a, const Source& b) {
      return a.in_place != b.in_place ? a.in_place > b.in_place : (a.u == a.v) > (b.u == b.v);
    });
    if (list.size() > at_most) list.resize(at_most);
  };
  best_first(common, kPairsPerOutput);
  best_first(own, kOwnPairsPerOutput);
  common.insert(common.end(), own.begin(), own.end());
  return common;
}

// `goal` in terms of the source's bytes (input 0: u, 1: v): each wanted byte where it already sits,
// else its first place in u, then in v.
std::vector<int> goal_over(const Source& s, const std::vector<std::vector<ByteLabel>>& labels, const std::vector<int>& goal) {
  std::vector<int> want(goal.size());
  const unsigned n = s.u == s.v ? 1 : 2;
  const unsigned val[2] = {s.u, s.v};
  for (size_t j = 0; j < goal.size(); ++j) {
    want[j] = goal[j];
    if (goal[j] < 0) continue;
    bool found = false;
    for (unsigned i = 0; i < n && !found; ++i)
      if (holds(labels[val[i]][j], goal[j])) want[j] = int(label(int(i), int(j))), found = true;
    for (unsigned i = 0; i < n && !found; ++i)
      for (size_t q = 0; q < labels[val[i]].size() && !found; ++q)
        if (holds(labels[val[i]][q], goal[j])) want[j] = int(label(int(i), int(q))), found = true;
  }
  return want;
}
}  // namespace

void share_values(Program& p, const std::vector<std::vector<int>>& goals, unsigned reg_bits, const SynthOptions& opts, double ms,
                  uint64_t nodes, SynthResult& stats) {
  const size_t outs = p.outputs.size();
  if (ms < 1 || nodes == 0) return;
  const auto start = std::chrono::steady_clock::now();
  auto left_ms = [&] { return ms - std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); };
  uint64_t nodes_left = nodes;
  unsigned searches_left = unsigned(outs) * (kPairsPerOutput + kOwnPairsPerOutput) * kRounds;
  double cost = objective_cost(p, opts);
  for (unsigned round = 0; round < kRounds; ++round) {
    // The dearest outputs first: they have the most to gain, and a cheap output re-made first from
    // a dear one's values would keep those values alive (greedy, one output at a time).
    std::vector<std::pair<double, size_t>> order;
    for (size_t o = 0; o < outs; ++o) {
      Program alone = p;
      alone.outputs = {p.outputs[o]};
      finish(alone);
      order.emplace_back(-objective_cost(alone, opts), o);
    }
    std::stable_sort(order.begin(), order.end());
    bool improved = false;
    for (const auto& [minus_cost, o] : order) {
      Program every = p;  // (its values' labels)
      every.outputs.clear();
      for (unsigned v = 0; v < p.num_values(); ++v) every.outputs.push_back(v);
      const auto labels = simulate_labels(every);
      if (!labels) continue;
      const Program base = p;
      for (const Source& s : sources(base, *labels, goals[o], reg_bits, o)) {
        const double ms_now = left_ms();
        if (ms_now < 1 || past_deadline(opts) || searches_left == 0 || nodes_left == 0) return;
        SynthOptions sub = opts;
        sub.budget_ms = std::max(1u, unsigned(ms_now / searches_left));
        sub.node_budget = std::max<uint64_t>(1, nodes_left / searches_left);
        --searches_left;
        const bool one = s.u == s.v;
        const std::vector<std::string> names = one ? std::vector<std::string>{"u"} : std::vector<std::string>{"u", "v"};
        auto made = synth_goal(goal_over(s, *labels, goals[o]), reg_bits, names, sub);
        if (!made) continue;
        add_search_stats(stats, *made);
        nodes_left -= std::min(nodes_left, made->nodes);
        Program trial = base;  // (the steps only the old output read are dropped)
        trial.outputs[o] = append(trial, made->program, one ? std::vector<unsigned>{s.u} : std::vector<unsigned>{s.u, s.v});
        finish(trial);
        // Cheaper, or as cheap and less on the busiest ports (a tie of the summed costs is not a
        // tie in llvm-mca's measure).
        const double c = objective_cost(trial, opts);
        if (c < cost - kTie ||
            (c <= cost + kTie && program_cost(trial, *opts.cpu).block_rthroughput < program_cost(p, *opts.cpu).block_rthroughput - kTie))
          p = std::move(trial), cost = c, improved = true;
      }
    }
    if (!improved) return;
  }
}

}  // namespace shufc::synth
