// Dynamic programming over the rewriting rules (12)-(22) of seed 002.
//
// A subproblem is I_l (x) L^M_s (x) I_r (rule (12)'s shape). Rules (13) and (15) split it into
// two smaller stride permutations, (14) and (16) into two of the same size with other strides;
// (17)-(22) end the recursion in the base-case library, vector renaming or half-vector moves.
// (14) only raises the stride and (16) only lowers it, so each DP without one of them terminates;
// both run and the cheaper answer is kept, as in section 4.2.
#include "shufc/stride/search.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace shufc::stride {

namespace {

struct Plan {
  FormulaPtr f;
  double cost;
};

// Q (x) I_b for a permutation Q of b-element blocks: output vector j gathers its ν/b blocks with
// the cheapest single instruction on the one or two registers they come from (nullopt when they
// come from more, or no instruction does it). `spec` prints Q.
std::optional<Plan> block_moves(const InstructionSet& set, const std::vector<int>& q, FormulaPtr spec, unsigned b) {
  const unsigned nu = set.mode.nu(), per = nu / b, n = unsigned(q.size()) / per;
  std::vector<FormulaPtr> rows;
  double cost = 0;
  for (unsigned j = 0; j < n; ++j) {
    std::vector<int> args;
    std::vector<int> map(nu);
    for (unsigned k = 0; k < per; ++k) {
      const int src = q[j * per + k];
      const int reg = src / int(per);
      auto it = std::find(args.begin(), args.end(), reg);
      if (it == args.end()) {
        if (args.size() == 2) return std::nullopt;
        it = args.insert(args.end(), reg);
      }
      for (unsigned t = 0; t < b; ++t) map[k * b + t] = int(it - args.begin()) * int(nu) + (src % int(per)) * int(b) + int(t);
    }
    const FormulaPtr picked = tensor({select(args, n), I(nu)});
    bool identity = args.size() == 1;
    for (unsigned t = 0; t < nu && identity; ++t) identity = map[t] == int(t);
    if (identity) {
      rows.push_back(picked);
      continue;
    }
    auto in = cheapest_instance(set, map, unsigned(args.size()));
    if (!in) return std::nullopt;
    cost += in->cost;
    rows.push_back(product({instr(std::make_shared<const Instance>(std::move(*in)), nu), picked}));
  }
  return Plan{impl(tensor({std::move(spec), I(b)}), stack(std::move(rows))), cost};
}

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
    // (19), for blocks of any size b | ν (the seed has b = ν/2): P (x) I_b with P = I_l (x) L^M_s
    // (x) I_{r/b} moves whole blocks; each output vector is one instruction on the (at most two)
    // registers its blocks come from.
    for (unsigned b = 1; b < nu_; ++b) {
      if (nu_ % b || r % b) continue;
      const FormulaPtr p = ILI(l, M, s, r / b);
      if (auto h = block_moves(lib_.set, evaluate(*p), p, b)) offer(h->f, h->cost);
    }
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
  const BaseLibrary& lib_;
  bool use14_, use16_;
  unsigned nu_;
  std::map<std::tuple<unsigned, unsigned, unsigned, unsigned>, std::optional<Plan>> memo_;
};

}  // namespace

namespace {

// A permutation that is some I_l (x) L^M_s (x) I_r (or the identity), vectorized; nullopt when it
// has no such shape or no formula.
std::optional<Vectorized> vectorize_matching(const BaseLibrary& lib, const std::vector<int>& perm) {
  const unsigned total = unsigned(perm.size());
  bool identity = true;
  for (unsigned i = 0; i < total && identity; ++i) identity = perm[i] == int(i);
  if (identity) return Vectorized{I(total), 0, 0};
  for (unsigned l = 1; l <= total; ++l)
    for (unsigned r = 1; l * r <= total; ++r) {
      if (total % (l * r)) continue;
      const unsigned M = total / (l * r);
      for (unsigned s = 2; s < M; ++s)
        if (M % s == 0 && evaluate(*ILI(l, M, s, r)) == perm) return vectorize(lib, l, M, s, r);
    }
  return std::nullopt;
}

// The lane rule (not in the seed; it is what 128-bit-lane ISAs like AVX2 need): F = X Y where Y
// does, in every 128-bit lane at once, a stride permutation G of the lanes' elements (solved by
// the DP in the lane view), and X only moves whole lanes between registers. Each output lane
// must come from one input lane, every input lane must feed as many output lanes, and G must be
// the same in every lane.
std::optional<Vectorized> by_lanes(const BaseLibrary& lib, const std::vector<int>& perm) {
  if (!lib.lanes) return std::nullopt;
  const BaseLibrary& lane_lib = *lib.lanes;
  const unsigned nu = lib.set.mode.nu(), h = lane_lib.set.mode.nu(), lanes = nu / h;
  const unsigned n = unsigned(perm.size()) / nu, blocks = n * lanes;
  // Output lane block -> the input lane it reads; the output blocks of each input lane in order.
  std::vector<std::vector<unsigned>> fed(lanes);
  for (unsigned ob = 0; ob < blocks; ++ob) {
    const unsigned a = unsigned(perm[ob * h]) % nu / h;
    for (unsigned p = 1; p < h; ++p)
      if (unsigned(perm[ob * h + p]) % nu / h != a) return std::nullopt;
    fed[a].push_back(ob);
  }
  std::vector<int> g;
  for (unsigned a = 0; a < lanes; ++a) {
    if (fed[a].size() != n) return std::nullopt;
    std::vector<int> ga(n * h);
    for (unsigned j = 0; j < n; ++j)
      for (unsigned p = 0; p < h; ++p) {
        const unsigned src = unsigned(perm[fed[a][j] * h + p]);
        ga[j * h + p] = int(src / nu * h + src % h);
      }
    if (a == 0) g = std::move(ga);
    else if (ga != g) return std::nullopt;
  }
  // G as I_l (x) L^M_s (x) I_r, vectorized in the lane view.
  std::optional<Vectorized> inner = vectorize_matching(lane_lib, g);
  if (!inner) return std::nullopt;
  // X: output block ob <- the Y block (j, a) holding it; one instruction per output register, or
  // a stride permutation of blocks vectorized in the block view, whichever is cheaper.
  std::vector<int> q(blocks);
  for (unsigned a = 0; a < lanes; ++a)
    for (unsigned j = 0; j < n; ++j) q[fed[a][j]] = int(j * lanes + a);
  std::optional<Vectorized> x;
  if (auto moves = block_moves(lib.set, q, select(q, blocks), h)) x = Vectorized{moves->f, moves->cost, 0};
  if (lib.blocks)
    if (auto v = vectorize_matching(*lib.blocks, q); v && (!x || v->cost < x->cost - 1e-9))
      x = Vectorized{stride::blocks(v->formula, h), v->cost, v->memo_entries};
  if (!x) return std::nullopt;
  return Vectorized{product({x->formula, stride::lanes(inner->formula, lanes, h)}), x->cost + inner->cost,
                    inner->memo_entries + x->memo_entries};
}

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
  if (auto v = by_lanes(lib, evaluate(*ILI(l, M, s, r)))) {
    entries += v->memo_entries;
    if (!best || v->cost < best->cost - 1e-9) best = std::move(v);
  }
  if (best) best->memo_entries = entries;
  return best;
}

}  // namespace shufc::stride
