// Enumerates t0 = f(a|b), t1 = g(t0, a|b|t0), r = h(t0, t1) over the set's ops (see the header).
#include "shared_value_pass.h"

#include <algorithm>
#include <map>

namespace shufc::table {

namespace {

struct Made {
  double cost;
  Derivation how;
};

// Keeps the cheapest way to each state.
void keep(std::map<unsigned, Made>& to, unsigned state, double cost, Derivation how) {
  auto it = to.find(state);
  if (it == to.end()) to.emplace(state, Made{cost, how});
  else if (cost < it->second.cost - kEps) it->second = {cost, how};
}

}  // namespace

std::vector<SharedProgram> shared_value_programs(const Solver& solver, const OpSet& set) {
  const unsigned a = table_index({0, 1, 2, 3}), b = table_index({4, 5, 6, 7});
  std::vector<SharedProgram> best(kStates);
  // Only a Program cheaper than the dearest state can improve anything.
  double limit = 0, cheapest = kInf, cheapest_binary = kInf;
  for (unsigned s = 0; s < kStates; ++s)
    if (solver.cost(s) < kInf) limit = std::max(limit, solver.cost(s));
  for (const LaneOp& op : set.ops) {
    cheapest = std::min(cheapest, op.cost);
    if (op.arity == 2) cheapest_binary = std::min(cheapest_binary, op.cost);
  }
  std::vector<size_t> binary;
  for (size_t i = 0; i < set.ops.size(); ++i)
    if (set.ops[i].arity == 2) binary.push_back(i);
  std::stable_sort(binary.begin(), binary.end(), [&](size_t x, size_t y) { return set.ops[x].cost < set.ops[y].cost; });
  // t0: one instruction on the inputs.
  std::map<unsigned, Made> first;
  for (size_t i = 0; i < set.ops.size(); ++i) {
    const LaneOp& op = set.ops[i];
    const uint16_t id = uint16_t(i);
    if (op.arity == 0) keep(first, solver.apply(op, a, a), op.cost, {Derivation::Op, id});
    for (unsigned x : {a, b}) {
      if (op.arity == 1) keep(first, solver.apply(op, x, x), op.cost, {Derivation::Op, id, uint16_t(x), uint16_t(x)});
      if (op.arity == 2) {
        const unsigned y = x == a ? b : a;
        keep(first, solver.apply(op, x, y), op.cost, {Derivation::Op, id, uint16_t(x), uint16_t(y), true});
      }
    }
  }
  for (const auto& [t0, m0] : first) {
    if (t0 == a || t0 == b || m0.cost + cheapest + cheapest_binary >= limit - kEps) continue;
    // t1: one instruction reading t0 (and perhaps an input).
    std::map<unsigned, Made> second;
    for (size_t i = 0; i < set.ops.size(); ++i) {
      const LaneOp& op = set.ops[i];
      const uint16_t id = uint16_t(i);
      if (op.arity == 1) keep(second, solver.apply(op, t0, t0), op.cost, {Derivation::Op, id, uint16_t(t0), uint16_t(t0)});
      if (op.arity == 2)
        for (unsigned x : {a, b}) {
          keep(second, solver.apply(op, t0, x), op.cost, {Derivation::Op, id, uint16_t(t0), uint16_t(x), true});
          keep(second, solver.apply(op, x, t0), op.cost, {Derivation::Op, id, uint16_t(x), uint16_t(t0), true});
        }
    }
    for (const auto& [t1, m1] : second) {
      if (t1 == a || t1 == b || t1 == t0 || m0.cost + m1.cost + cheapest_binary >= limit - kEps) continue;
      // r: a binary instruction reading both, cheapest first.
      for (size_t i : binary) {
        const LaneOp& op = set.ops[i];
        const double c = m0.cost + m1.cost + op.cost;
        if (c >= limit - kEps) break;
        for (const auto& [x, y] : {std::pair{t0, t1}, std::pair{t1, t0}}) {
          const unsigned r = solver.apply(op, x, y);
          if (!(c < solver.cost(r) - kEps) || !(c < best[r].cost - kEps)) continue;
          best[r] = {c, {t0, t1, r}, {m0.how, m1.how, Derivation{Derivation::Op, uint16_t(i), uint16_t(x), uint16_t(y), true}}};
        }
      }
    }
  }
  return best;
}

}  // namespace shufc::table
