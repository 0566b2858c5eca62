// The lower bound is the cheapest Program the search did not try. A Program is relaxed to the
// multiset of its instructions' (class set, programmable, cost): it must cover the goal's
// classes, and its cost is at least that of the cheapest such multiset of its size.
#include "lower_bound.h"

#include <algorithm>
#include <vector>

namespace shufc::synth {

double cheapest_shape(const BoundInputs& in, unsigned instructions, unsigned programmable) {
  constexpr double inf = BoundInputs::inf;
  // A covering subset has at most three instructions, and at most two programmable ones count:
  // Programs longer than instructions + 5 cost at least one of that length.
  const unsigned max_len = instructions + 5;
  // dp[classes covered][programmable count, at most 2][nullary used] for the current length.
  using Table = std::array<std::array<std::array<double, 2>, 3>, kClasses>;
  Table dp;
  for (auto& r : dp)
    for (auto& q : r) q.fill(inf);
  dp[0][0][0] = 0;
  double best = inf;
  for (unsigned len = 1; len <= max_len; ++len) {
    Table next;
    for (auto& r : next)
      for (auto& q : r) q.fill(inf);
    auto relax = [&](unsigned s, unsigned q, unsigned z, double v) { next[s][q][z] = std::min(next[s][q][z], v); };
    for (unsigned s = 0; s < kClasses; ++s)
      for (unsigned q = 0; q < 3; ++q)
        for (unsigned z = 0; z < 2; ++z) {
          const double here = dp[s][q][z];
          if (here == inf) continue;
          for (unsigned c = 0; c < kClasses; ++c) {
            if (in.cheapest[c] < inf) relax(s | c, q, z, here + in.cheapest[c]);
            if (in.cheapest_programmable[c] < inf) relax(s | c, std::min(2u, q + 1), z, here + in.cheapest_programmable[c]);
          }
        }
    // The zero register besides these instructions, at most once, not counted in the length.
    for (unsigned s = 0; s < kClasses; ++s)
      for (unsigned q = 0; q < 3; ++q)
        if (next[s][q][0] < inf) relax(s | kMakesZero, q, 1, next[s][q][0] + in.nullary);
    dp = next;
    if (len < instructions) continue;
    for (unsigned s = 0; s < kClasses; ++s)
      for (unsigned q = programmable; q < 3; ++q)
        for (unsigned z = 0; z < 2; ++z)
          if ((s & in.need) == in.need) best = std::min(best, dp[s][q][z]);
  }
  return best;
}

double two_programmable(const BoundInputs& in) { return std::min(in.programmable_pair, cheapest_shape(in, 3, 2)); }

// Three instructions with a byte mask M and a one-input lookup T besides a non-programmable X,
// for a goal without zero bytes, when a whole lookup W costs no more than T: M's zeros matter
// only where an or or a conditional instruction (a saturating pack) reads them; anywhere else
// they reach free result bytes or T, and M can go. Next to T, M is folded into W (W(x) makes
// T(M(x)) and M(T(x))). Otherwise X reads M's result (from an input: an or with an input leaves
// only garbage, a pack's condition fails on an input), so X is last and reads M(input) and
// T(input): level 2's lookups with helpers try that, and for an or split_or's parts by input
// (each the cheaper of a content and a lookup). A one-input goal is W's alone.
double uncovered_triples(const BoundInputs& in) {
  struct Entry {
    unsigned cls;
    double cost;
    int kind;  // -1: not programmable
  };
  std::vector<Entry> entries;
  for (unsigned c = 0; c < kClasses; ++c) {
    if (in.cheapest[c] < BoundInputs::inf) entries.push_back({c, in.cheapest[c], -1});
    for (unsigned k = 0; k < BoundInputs::kKinds; ++k)
      if (in.cheapest_kind[k][c] < BoundInputs::inf) entries.push_back({c, in.cheapest_kind[k][c], int(k)});
  }
  const bool zero_free = !(in.need & kMakesZero);
  auto covered = [&](const Entry* e[3]) {
    unsigned progs = 0, masks = 0, lookups = 0, two = 0;
    double lookup = BoundInputs::inf;
    for (int i = 0; i < 3; ++i) {
      if (e[i]->kind < 0) continue;
      ++progs;
      masks += e[i]->kind == BoundInputs::kMask;
      two += e[i]->kind == BoundInputs::kTwoInputs;
      if (e[i]->kind == BoundInputs::kLookup) ++lookups, lookup = std::min(lookup, e[i]->cost);
    }
    if (progs == 0) return true;                    // level 3
    if (progs == 1) return two == 0;                // level 4
    return progs == 2 && masks == 1 && lookups == 1 && zero_free && in.whole_lookup <= lookup + 1e-9;
  };
  double best = BoundInputs::inf;
  for (size_t i = 0; i < entries.size(); ++i)
    for (size_t j = i; j < entries.size(); ++j)
      for (size_t l = j; l < entries.size(); ++l) {
        const Entry* e[3] = {&entries[i], &entries[j], &entries[l]};
        const unsigned cls = e[0]->cls | e[1]->cls | e[2]->cls;
        double cost = e[0]->cost + e[1]->cost + e[2]->cost;
        if ((cls & in.need) != in.need) {
          if (((cls | kMakesZero) & in.need) != in.need) continue;
          cost += in.nullary;  // the zero register beside them
        }
        if (cost < best && !covered(e)) best = cost;
      }
  return best;
}

double lower_bound(const BoundInputs& in, unsigned levels) {
  switch (levels) {
    case 0: return cheapest_shape(in, 1, 0);
    case 1: return cheapest_shape(in, 2, 0);
    case 2: return std::min(cheapest_shape(in, 3, 0), two_programmable(in));
    case 3: return std::min({cheapest_shape(in, 4, 0), cheapest_shape(in, 3, 1), two_programmable(in)});
    default: return std::min({cheapest_shape(in, 4, 0), uncovered_triples(in), in.programmable_pair_rest});
  }
}

namespace {

// The cheapest way to have each class set from instructions that together have it, their costs
// combined by `combine` (a sum: what they cost; a max: the dearest of them). Subsets before
// supersets: a set is one instruction's classes and a cover of what is left.
template <class Combine>
std::array<double, kClasses> covers(const BoundInputs& in, Combine combine) {
  std::array<double, kClasses> cover;
  cover.fill(BoundInputs::inf);
  cover[0] = 0;
  for (unsigned s = 1; s < kClasses; ++s)
    for (unsigned c = 1; c < kClasses; ++c) {
      if (!(c & s)) continue;
      double one = std::min(in.cheapest[c], in.cheapest_programmable[c]);
      if (c == kMakesZero) one = std::min(one, in.nullary);
      cover[s] = std::min(cover[s], combine(one, cover[s & ~c]));
    }
  return cover;
}

}  // namespace

double dearest_needed(const BoundInputs& in) {
  return covers(in, [](double x, double y) { return std::max(x, y); })[in.need];
}

std::array<double, kClasses> cover_costs(const BoundInputs& in) {
  return covers(in, [](double x, double y) { return x + y; });
}

}  // namespace shufc::synth
