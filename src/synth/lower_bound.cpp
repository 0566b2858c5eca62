// The lower bound is the cheapest Program the search did not try. A Program is relaxed to the
// multiset of its instructions' (class set, programmable, cost): it must cover the goal's
// classes, and its cost is at least that of the cheapest such multiset of its size.
#include "lower_bound.h"

#include <algorithm>

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

double lower_bound(const BoundInputs& in, unsigned levels) {
  switch (levels) {
    case 0: return cheapest_shape(in, 1, 0);
    case 1: return cheapest_shape(in, 2, 0);
    case 2: return std::min(cheapest_shape(in, 3, 0), two_programmable(in));
    default:
      return std::min({cheapest_shape(in, 4, 0), cheapest_shape(in, 3, 1), two_programmable(in)});
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
