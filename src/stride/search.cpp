// Dynamic programming over the rewriting rules (12)-(22) of seed 002.
//
// A subproblem is I_l (x) L^M_s (x) I_r (rule (12)'s shape). Rules (13) and (15) split it into
// two smaller stride permutations, (14) and (16) into two of the same size with other strides;
// (17)-(22) end the recursion in the base-case library, vector renaming or half-vector moves.
// (14) only raises the stride and (16) only lowers it, so each DP without one of them terminates;
// both run and the cheaper answer is kept, as in section 4.2.
#include "shufc/stride/search.h"

#include <map>
#include <tuple>

namespace shufc::stride {

namespace {

struct Plan {
  FormulaPtr f;
  double cost;
};

class Dp {
 public:
  Dp(const BaseLibrary& lib, bool use14, bool use16) : lib_(lib), use14_(use14), use16_(use16), nu_(lib.set.mode.nu()) {}

  std::optional<Plan> solve(unsigned l, unsigned M, unsigned s, unsigned r) {
    if (s == 1 || s == M) return Plan{I(l * M * r), 0};
    const auto key = std::make_tuple(l, M, s, r);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    memo_[key] = std::nullopt;  // in progress: no formula through itself
    std::optional<Plan> best;
    auto offer = [&](FormulaPtr f, double cost) {
      if (!best || cost < best->cost - 1e-9) best = Plan{std::move(f), cost};
    };
    // (18): whole vectors move, by renaming registers: free.
    if (r % nu_ == 0) {
      offer(tensor({ILI(l, M, s, r / nu_), I(nu_)}), 0);
      return memo_[key] = best;
    }
    // (17) with (20)-(22): I_k (x) a base case.
    for (unsigned lb = 1; lb <= l; ++lb) {
      if (l % lb || (lb * M * r != nu_ && lb * M * r != 2 * nu_)) continue;
      if (const BaseCase* b = lib_.find({lb, M, s, r})) offer(tensor({I(l / lb), b->formula}), (l / lb) * b->cost);
    }
    // (19): half vectors move; each output vector is one instruction on the vectors it reads.
    if (nu_ % 2 == 0 && (2 * r) % nu_ == 0)
      if (auto h = half_vectors(l, M, s, r)) offer(h->f, h->cost);
    auto split = [&](const std::optional<Plan>& a, const std::optional<Plan>& b) {
      if (a && b) offer(product({a->f, b->f}), a->cost + b->cost);
    };
    const unsigned q = M / s;  // L^M_s with M = q s
    for (unsigned k = 2; k < q; ++k) {
      if (q % k) continue;
      const unsigned m = q / k;
      // (13): L^{kmn}_n = (L^{kn}_n (x) I_m)(I_k (x) L^{mn}_n), n = s.
      split(solve(l, k * s, s, m * r), solve(l * k, m * s, s, r));
      // (14): L^{kmn}_n = L^{kmn}_{kn} L^{kmn}_{mn}.
      if (use14_) split(solve(l, M, k * s, r), solve(l, M, m * s, r));
    }
    for (unsigned k = 2; k < s; ++k) {
      if (s % k) continue;
      const unsigned m = s / k;
      // (15): L^{kmn}_{km} = (I_k (x) L^{mn}_m)(L^{kn}_k (x) I_m), n = q.
      split(solve(k * l, m * q, m, r), solve(l, k * q, k, m * r));
      // (16): L^{kmn}_{km} = L^{kmn}_k L^{kmn}_m.
      if (use16_) split(solve(l, M, k, r), solve(l, M, m, r));
    }
    return memo_[key] = best;
  }

  unsigned entries() const { return unsigned(memo_.size()); }

 private:
  // P (x) I_{ν/2} with P = I_l (x) L^M_s (x) I_{2r/ν} on half vectors: output vector j is the
  // half-vector pair (2j, 2j+1), made by the cheapest instruction on the one or two vectors they
  // come from (the seed's (8) counts one instruction per vector; an unmoved vector costs nothing).
  std::optional<Plan> half_vectors(unsigned l, unsigned M, unsigned s, unsigned r) {
    const unsigned half = nu_ / 2, n = l * M * r / nu_;
    const FormulaPtr p = ILI(l, M, s, 2 * r / nu_);
    const std::vector<int> hp = evaluate(*p);
    std::vector<FormulaPtr> rows;
    double cost = 0;
    for (unsigned j = 0; j < n; ++j) {
      const unsigned a = unsigned(hp[2 * j]), b = unsigned(hp[2 * j + 1]);
      std::vector<int> args = {int(a / 2)};
      if (b / 2 != a / 2) args.push_back(int(b / 2));
      std::vector<int> map(nu_);
      for (unsigned t = 0; t < half; ++t) {
        map[t] = int((a % 2) * half + t);
        map[half + t] = int((args.size() - 1) * nu_ + (b % 2) * half + t);
      }
      const FormulaPtr picked = tensor({select(args, n), I(nu_)});
      bool identity = args.size() == 1;
      for (unsigned t = 0; t < nu_ && identity; ++t) identity = map[t] == int(t);
      if (identity) {
        rows.push_back(picked);
        continue;
      }
      auto in = cheapest_instance(lib_.set, map, unsigned(args.size()));
      if (!in) return std::nullopt;
      cost += in->cost;
      rows.push_back(product({instr(std::make_shared<const Instance>(std::move(*in)), nu_), picked}));
    }
    return Plan{impl(tensor({p, I(half)}), stack(std::move(rows))), cost};
  }

  const BaseLibrary& lib_;
  bool use14_, use16_;
  unsigned nu_;
  std::map<std::tuple<unsigned, unsigned, unsigned, unsigned>, std::optional<Plan>> memo_;
};

}  // namespace

std::optional<Vectorized> vectorize(const BaseLibrary& lib, unsigned l, unsigned M, unsigned s, unsigned r) {
  std::optional<Vectorized> best;
  unsigned entries = 0;
  for (int variant = 0; variant < 2; ++variant) {
    Dp dp(lib, variant == 0, variant == 1);
    auto plan = dp.solve(l, M, s, r);
    entries += dp.entries();
    if (plan && (!best || plan->cost < best->cost - 1e-9)) best = Vectorized{plan->f, plan->cost, 0};
  }
  if (best) best->memo_entries = entries;
  return best;
}

}  // namespace shufc::stride
