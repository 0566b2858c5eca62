// The whole shuffle table at once. A register content is four lanes, each a source lane 0..7 or
// zero: 9^4 = 6561 states, indexed like LLVM's masks (base 9, lane 0 most significant; the digit
// 8 is a zero lane here and an undef lane in a mask). A fixed-point iteration (Bellman-Ford on
// the hypergraph of instructions) gives each state its cheapest derivation:
//  - a unary op relaxes every state once per round;
//  - a binary op reads only some lanes of each argument, so the cheapest argument per projection
//    onto those lanes (at most 9^4 of them) is found first, and every pair of projections makes
//    one result: at most 6561 results per op, never the 6561^2 pairs of states;
//  - a table lookup (tbl, pshufb) makes any state whose lanes its table registers hold: the
//    cheapest register per lane set, closed over supersets, serves all states of a round.
// A mask with undef lanes takes the cheapest state that agrees on its defined lanes. Costs add up
// over the derivation tree, with a register read twice by one instruction paid once; the Program
// built from it shares equal values, so its cost (what is reported) can only be lower.
#include "shufc/table.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "lane_ops.h"
#include "shufc/sim.h"

namespace shufc {

using table::kZeroLane;
using table::LaneOp;
using table::Lookup;

const char* name(TableSet s) {
  switch (s) {
    case TableSet::full: return "full";
    case TableSet::perfect_shuffle: return "perfect-shuffle";
    case TableSet::perfect_shuffle_ins: return "perfect-shuffle-ins";
  }
  return "?";
}

TableMask table_mask(unsigned index) {
  TableMask m{};
  for (unsigned i = kTableLanes; i-- > 0; index /= 9) m[i] = int(index % 9);
  return m;
}

unsigned table_index(const TableMask& m) {
  unsigned index = 0;
  for (int d : m) index = index * 9 + unsigned(d);
  return index;
}

std::string mask_text(const TableMask& m) {
  std::string s;
  for (unsigned i = 0; i < kTableLanes; ++i) {
    if (i) s += ',';
    s += m[i] == kTableUndef ? std::string("u") : std::to_string(m[i]);
  }
  return s;
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = 1e-9;
constexpr unsigned kStates = kTableMasks;
constexpr unsigned kPow9[5] = {1, 9, 81, 729, 6561};

// How a state was reached.
struct Derivation {
  enum Kind : uint8_t { None, Input, Op, Lookup } kind = None;
  uint16_t what = 0;          // op or lookup index
  uint16_t a = 0, b = 0;      // argument states (b only for binary ops and two-table lookups)
  bool two = false;           // two arguments
};

class Solver {
 public:
  Solver(const table::OpSet& set) : set_(set) {
    for (unsigned s = 0; s < kStates; ++s) {
      digits_[s] = table_mask(s);
      lane_set_[s] = 0;
      for (int d : digits_[s]) lane_set_[s] |= uint16_t(1u << d);
    }
  }

  unsigned run() {
    cost_.fill(kInf);
    seed(table_index({0, 1, 2, 3}), 0, {Derivation::Input});
    seed(table_index({4, 5, 6, 7}), 0, {Derivation::Input});
    for (size_t i = 0; i < set_.ops.size(); ++i)
      if (set_.ops[i].arity == 0) seed(apply(set_.ops[i], 0, 0), set_.ops[i].cost, {Derivation::Op, uint16_t(i)});
    unsigned rounds = 0;
    for (bool changed = true; changed;) {
      changed = false;
      ++rounds;
      for (size_t i = 0; i < set_.ops.size(); ++i) {
        const LaneOp& op = set_.ops[i];
        if (op.arity == 1) changed |= relax_unary(op, uint16_t(i));
        if (op.arity == 2) changed |= relax_binary(op, uint16_t(i));
      }
      for (size_t i = 0; i < set_.lookups.size(); ++i) changed |= relax_lookup(set_.lookups[i], uint16_t(i));
    }
    return rounds;
  }

  double cost(unsigned s) const { return cost_[s]; }
  const Derivation& derivation(unsigned s) const { return how_[s]; }
  const TableMask& digits(unsigned s) const { return digits_[s]; }

  // The cheapest state agreeing with the mask on its defined lanes (the lowest index on a tie).
  unsigned best_state(const TableMask& m) const {
    unsigned best = kStates;
    double best_cost = kInf;
    TableMask d = m;
    std::array<unsigned, kTableLanes> undef{};
    unsigned n_undef = 0;
    for (unsigned i = 0; i < kTableLanes; ++i)
      if (m[i] == kTableUndef) undef[n_undef++] = i;
    for (unsigned k = 0; k < kPow9[n_undef]; ++k) {
      for (unsigned u = 0, r = k; u < n_undef; ++u, r /= 9) d[undef[n_undef - 1 - u]] = int(r % 9);
      const unsigned s = table_index(d);
      if (cost_[s] < best_cost - kEps) best_cost = cost_[s], best = s;
    }
    return best;
  }

 private:
  void seed(unsigned s, double c, Derivation how) {
    if (c < cost_[s] - kEps) cost_[s] = c, how_[s] = how;
  }
  bool relax(unsigned s, double c, Derivation how) {
    if (!(c < cost_[s] - kEps)) return false;
    cost_[s] = c;
    how_[s] = how;
    return true;
  }

  unsigned apply(const LaneOp& op, unsigned x, unsigned y) const {
    TableMask out{};
    for (unsigned i = 0; i < kTableLanes; ++i) {
      const int s = op.src[i];
      out[i] = s < 0 ? kZeroLane : digits_[s < int(kTableLanes) ? x : y][unsigned(s) % kTableLanes];
    }
    return table_index(out);
  }

  bool relax_unary(const LaneOp& op, uint16_t i) {
    bool changed = false;
    for (unsigned x = 0; x < kStates; ++x)
      if (cost_[x] < kInf) changed |= relax(apply(op, x, x), cost_[x] + op.cost, {Derivation::Op, i, uint16_t(x), uint16_t(x)});
    return changed;
  }

  // The cheapest state per projection onto `lanes` (each projection a base-9 number).
  struct Projection {
    std::vector<unsigned> lanes;
    std::vector<double> cost;
    std::vector<uint16_t> state;
  };
  void project(Projection& p) const {
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

  bool relax_binary(const LaneOp& op, uint16_t i) {
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

  bool relax_lookup(const Lookup& lk, uint16_t i) {
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

  const table::OpSet& set_;
  std::array<TableMask, kStates> digits_;
  std::array<uint16_t, kStates> lane_set_;
  std::array<double, kStates> cost_;
  std::array<Derivation, kStates> how_;
};

// Builds the Program of a state from its derivation, one step per distinct state.
class ProgramBuilder {
 public:
  ProgramBuilder(const Solver& s, const table::OpSet& set, const TableOptions& o) : s_(s), set_(set), o_(o) {}

  Program build(unsigned state, double& cost) {
    Program p;
    p.arch = o_.target.arch;
    const unsigned bits = kTableLanes * o_.elem_bits;
    p.inputs = {{"a", bits}, {"b", bits}};
    made_.clear();
    made_[table_index({0, 1, 2, 3})] = 0;
    made_[table_index({4, 5, 6, 7})] = 1;
    cost = 0;
    const unsigned out = emit(p, state, cost);
    if (!p.steps.empty()) p.steps.back().name = "r";
    p.outputs = {out};
    return p;
  }

 private:
  unsigned emit(Program& p, unsigned state, double& cost) {
    if (auto it = made_.find(state); it != made_.end()) return it->second;
    const Derivation& d = s_.derivation(state);
    Program::Step st;
    if (d.kind == Derivation::Op) {
      const LaneOp& op = set_.ops[d.what];
      st.instr = op.instr;
      st.imm = op.imm;
      if (op.arity >= 1) st.args.push_back(emit(p, d.a, cost));
      if (op.arity == 2) st.args.push_back(emit(p, d.b, cost));
      if (op.shared) st.args.push_back(st.args[0]);
      cost += op.cost;
    } else if (d.kind == Derivation::Lookup) {
      const Lookup& lk = set_.lookups[d.what];
      st.instr = lk.instr;
      st.args.push_back(emit(p, d.a, cost));
      if (lk.tables == 2) st.args.push_back(d.two ? emit(p, d.b, cost) : st.args[0]);
      st.control = control(*lk.instr, state, d.a, lk.tables == 2 ? (d.two ? d.b : d.a) : d.a);
      cost += lk.cost;
    } else {
      throw std::logic_error("table: a state without a derivation");
    }
    st.name = fmt::format("t{}", p.steps.size());
    p.steps.push_back(std::move(st));
    return made_[state] = p.num_values() - 1;
  }

  // The abstract control (one entry per element of the instruction, -1 zero) that arranges the
  // lanes of table registers x (and y) into `state`.
  std::vector<int> control(const isa::Instruction& in, unsigned state, unsigned x, unsigned y) const {
    const unsigned pieces = o_.elem_bits / in.elem_bits, n_src = in.in_bits(0) / in.in_elem_bits(0);
    std::vector<int> c;
    for (unsigned i = 0; i < kTableLanes; ++i) {
      const int want = s_.digits(state)[i];
      int from = -1;
      for (unsigned t = 0; t < 2 && from < 0; ++t)
        for (unsigned l = 0; l < kTableLanes && from < 0; ++l)
          if (s_.digits(t ? y : x)[l] == want) from = int(t * n_src + l * pieces);
      for (unsigned k = 0; k < pieces; ++k) c.push_back(from < 0 ? -1 : from + int(k));
    }
    if (!isa::accepts(in, c)) throw std::logic_error(fmt::format("table: {} refuses its control", in.id));
    return c;
  }

  const Solver& s_;
  const table::OpSet& set_;
  const TableOptions& o_;
  std::map<unsigned, unsigned> made_;
};

// simulate_labels must give every defined lane of the mask.
void verify(const Program& p, const TableMask& m, unsigned elem_bits) {
  const auto labels = simulate_labels(p);
  if (!labels || labels->size() != 1) throw std::logic_error("table: a Program does not simulate on labels");
  const unsigned eb = elem_bits / 8;
  for (unsigned i = 0; i < kTableLanes; ++i) {
    if (m[i] == kTableUndef) continue;
    for (unsigned k = 0; k < eb; ++k) {
      const ByteLabel want{int16_t(m[i] / int(kTableLanes)), uint16_t(unsigned(m[i]) % kTableLanes * eb + k)};
      if (!((*labels)[0][i * eb + k] == want))
        throw std::logic_error(fmt::format("table: the Program for <{}> is wrong in lane {}", mask_text(m), i));
    }
  }
}

}  // namespace

Expected<Table> build_table(const TableOptions& opts) {
  using clock = std::chrono::steady_clock;
  auto set = table::lane_ops(opts);
  if (!set) return set.error();
  Table t;
  t.options = opts;
  for (const LaneOp& op : set->ops) t.instances.push_back(op.shared ? op.text + " (one register twice)" : op.text);
  for (const Lookup& lk : set->lookups) t.instances.push_back(std::string(lk.instr->id) + " (control loaded)");
  t.excluded = set->excluded;
  const auto start = clock::now();
  auto solver_ptr = std::make_unique<Solver>(*set);  // 200 kB of state tables: not on the stack
  Solver& solver = *solver_ptr;
  t.rounds = solver.run();
  std::vector<unsigned> states(kTableMasks);
  for (unsigned m = 0; m < kTableMasks; ++m) states[m] = solver.best_state(table_mask(m));
  const auto searched = clock::now();
  ProgramBuilder builder(solver, *set, opts);
  t.entries.reserve(kTableMasks);
  for (unsigned m = 0; m < kTableMasks; ++m) {
    TableEntry e;
    e.mask = table_mask(m);
    if (states[m] == kTableMasks)
      return Error{fmt::format("no sequence of the {} set makes <{}>", name(opts.set), mask_text(e.mask))};
    e.program = builder.build(states[m], e.cost);
    e.instructions = unsigned(e.program.steps.size());
    verify(e.program, e.mask, opts.elem_bits);
    t.entries.push_back(std::move(e));
  }
  const auto done = clock::now();
  t.search_ms = std::chrono::duration<double, std::milli>(searched - start).count();
  t.verify_ms = std::chrono::duration<double, std::milli>(done - searched).count();
  return t;
}

}  // namespace shufc
