// The shuffle-table dynamic programme (solver.h says how it works).
#include "solver.h"

#include <algorithm>

namespace shufc::table {

namespace {
constexpr unsigned kPow9[5] = {1, 9, 81, 729, 6561};
}  // namespace

Solver::Solver(const OpSet& set) : set_(set) {
  for (unsigned s = 0; s < kStates; ++s) {
    digits_[s] = table_mask(s);
    lane_set_[s] = 0;
    for (int d : digits_[s]) lane_set_[s] |= uint16_t(1u << d);
  }
}

unsigned Solver::run() {
  cost_.fill(kInf);
  relax(table_index({0, 1, 2, 3}), 0, {Derivation::Input});
  relax(table_index({4, 5, 6, 7}), 0, {Derivation::Input});
  for (size_t i = 0; i < set_.ops.size(); ++i)
    if (set_.ops[i].arity == 0) relax(apply(set_.ops[i], 0, 0), set_.ops[i].cost, {Derivation::Op, uint16_t(i)});
  // Instructions first, to their fixed point, then with the table lookups too: on a tie the
  // Program without a control constant to load is kept (relaxing needs a strict improvement).
  unsigned rounds = 0;
  for (bool lookups : {false, true})
    for (bool changed = true; changed;) {
      changed = false;
      ++rounds;
      for (size_t i = 0; i < set_.ops.size(); ++i) {
        const LaneOp& op = set_.ops[i];
        if (op.arity == 1) changed |= relax_unary(op, uint16_t(i));
        if (op.arity == 2) changed |= relax_binary(op, uint16_t(i));
      }
      for (size_t i = 0; lookups && i < set_.lookups.size(); ++i) changed |= relax_lookup(set_.lookups[i], uint16_t(i));
    }
  return rounds;
}

bool Solver::relax(unsigned s, double c, Derivation how) {
  if (!(c < cost_[s] - kEps)) return false;
  cost_[s] = c;
  how_[s] = how;
  return true;
}

unsigned Solver::apply(const LaneOp& op, unsigned x, unsigned y) const {
  if (op.fixed_input >= 0) y = table_index(op.fixed_input ? TableMask{4, 5, 6, 7} : TableMask{0, 1, 2, 3});
  TableMask out{};
  for (unsigned i = 0; i < kTableLanes; ++i) {
    const int s = op.src[i];
    out[i] = s < 0 ? kZeroLane : digits_[s < int(kTableLanes) ? x : y][unsigned(s) % kTableLanes];
  }
  return table_index(out);
}

bool Solver::relax_unary(const LaneOp& op, uint16_t i) {
  bool changed = false;
  for (unsigned x = 0; x < kStates; ++x)
    if (cost_[x] < kInf) changed |= relax(apply(op, x, x), cost_[x] + op.cost, {Derivation::Op, i, uint16_t(x), uint16_t(x)});
  return changed;
}

// The cheapest state per projection onto p.lanes (each projection a base-9 number).
void Solver::project(Projection& p) const {
  const unsigned size = kPow9[p.lanes.size()];
  p.cost.assign(size, kInf);
  p.state.assign(size, 0);
  for (unsigned x = 0; x < kStates; ++x) {
    if (cost_[x] == kInf) continue;
    unsigned key = 0;
    for (unsigned l : p.lanes) key = key * 9 + unsigned(digits_[x][l]);
    if (cost_[x] < p.cost[key] - kEps) p.cost[key] = cost_[x], p.state[key] = uint16_t(x);
  }
}

bool Solver::relax_binary(const LaneOp& op, uint16_t i) {
  Projection p[2];
  // Output lane -> (argument, position of its lane in that argument's projection).
  std::array<std::pair<int, unsigned>, kTableLanes> from{};
  for (unsigned o = 0; o < kTableLanes; ++o) {
    const int s = op.src[o];
    if (s < 0) {
      from[o] = {-1, 0};
      continue;
    }
    auto& lanes = p[unsigned(s) / kTableLanes].lanes;
    const unsigned l = unsigned(s) % kTableLanes;
    auto it = std::find(lanes.begin(), lanes.end(), l);
    if (it == lanes.end()) it = lanes.insert(lanes.end(), l);
    from[o] = {s / int(kTableLanes), unsigned(it - lanes.begin())};
  }
  project(p[0]);
  project(p[1]);
  bool changed = false;
  for (unsigned k0 = 0; k0 < p[0].cost.size(); ++k0) {
    if (p[0].cost[k0] == kInf) continue;
    for (unsigned k1 = 0; k1 < p[1].cost.size(); ++k1) {
      if (p[1].cost[k1] == kInf) continue;
      TableMask out{};
      for (unsigned o = 0; o < kTableLanes; ++o) {
        const auto [arg, pos] = from[o];
        if (arg < 0) {
          out[o] = kZeroLane;
          continue;
        }
        const unsigned key = arg == 0 ? k0 : k1;
        const unsigned width = unsigned(p[arg].lanes.size());
        out[o] = int(key / kPow9[width - 1 - pos] % 9);
      }
      const uint16_t x = p[0].state[k0], y = p[1].state[k1];
      // Both projections may come from one register: then it is paid once.
      const double c = (x == y ? p[0].cost[k0] : p[0].cost[k0] + p[1].cost[k1]) + op.cost;
      changed |= relax(table_index(out), c, {Derivation::Op, i, x, y, true});
    }
  }
  return changed;
}

bool Solver::relax_lookup(const Lookup& lk, uint16_t i) {
  // The cheapest register holding exactly each lane set, then each pair of them.
  constexpr unsigned kSets = 512;
  std::vector<double> one(kSets, kInf);
  std::vector<uint16_t> one_state(kSets, 0);
  for (unsigned x = 0; x < kStates; ++x)
    if (cost_[x] < one[lane_set_[x]] - kEps) one[lane_set_[x]] = cost_[x], one_state[lane_set_[x]] = uint16_t(x);
  std::vector<double> best(one);
  std::vector<std::pair<uint16_t, uint16_t>> args(kSets);
  for (unsigned s = 0; s < kSets; ++s) args[s] = {one_state[s], one_state[s]};
  if (lk.tables == 2) {
    std::vector<unsigned> reached;
    for (unsigned s = 0; s < kSets; ++s)
      if (one[s] < kInf) reached.push_back(s);
    for (unsigned s : reached)
      for (unsigned t : reached) {
        const double c = one[s] + one[t];
        if (c < best[s | t] - kEps) best[s | t] = c, args[s | t] = {one_state[s], one_state[t]};
      }
  }
  // Superset closure: what holds a set's lanes holds any subset's.
  for (unsigned bit = 0; bit < 9; ++bit)
    for (unsigned s = 0; s < kSets; ++s)
      if (!(s >> bit & 1) && best[s | 1u << bit] < best[s] - kEps) best[s] = best[s | 1u << bit], args[s] = args[s | 1u << bit];
  bool changed = false;
  for (unsigned y = 0; y < kStates; ++y) {
    unsigned need = lane_set_[y];
    if (lk.zeroing) need &= ~(1u << kZeroLane);
    if (best[need] == kInf) continue;
    changed |= relax(y, best[need] + lk.cost, {Derivation::Lookup, i, args[need].first, args[need].second, lk.tables == 2});
  }
  return changed;
}

}  // namespace shufc::table
