// Shuffle tables: the solver's cheapest derivation of every register content (solver.h), the
// shared-value pass for Programs that reuse a value (shared_value_pass.h), the cheapest content
// for each mask (undef lanes are wildcards), and a verified Program per mask.
#include "shufc/table.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "lane_ops.h"
#include "shared_value_pass.h"
#include "solver.h"
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

using table::Derivation;
using table::kEps;
using table::kInf;
using table::kStates;
using table::Solver;

// Builds the Program of a state from its derivation, one step per distinct state.
class ProgramBuilder {
 public:
  ProgramBuilder(const Solver& s, const table::OpSet& set, const TableOptions& o) : s_(s), set_(set), o_(o) {}

  // With `shared`, its three states are made as it says (a Program that reuses a value).
  Program build(unsigned state, double& cost, const table::SharedProgram* shared = nullptr) {
    overrides_.clear();
    if (shared)
      for (unsigned k = 0; k < 3; ++k) overrides_[shared->state[k]] = shared->derivation[k];
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
    auto over = overrides_.find(state);
    const Derivation& d = over != overrides_.end() ? over->second : s_.derivation(state);
    Program::Step st;
    if (d.kind == Derivation::Op) {
      const LaneOp& op = set_.ops[d.what];
      st.instr = op.instr;
      st.imm = op.imm;
      if (op.arity >= 1) st.args.push_back(emit(p, d.a, cost));
      if (op.arity == 2) st.args.push_back(emit(p, d.b, cost));
      if (op.shared) st.args.push_back(st.args[0]);
      if (op.fixed_input >= 0) st.args.push_back(unsigned(op.fixed_input));  // input a or b
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
  std::map<unsigned, Derivation> overrides_;
};

// The cheapest state agreeing with the mask on its defined lanes; on a tie one made without a
// control constant (`loads`), then the lowest index.
unsigned best_state(const TableMask& m, const std::vector<double>& cost, const std::vector<bool>& loads) {
  unsigned best = kStates;
  double best_cost = kInf;
  TableMask d = m;
  std::array<unsigned, kTableLanes> undef{};
  unsigned n_undef = 0;
  for (unsigned i = 0; i < kTableLanes; ++i)
    if (m[i] == kTableUndef) undef[n_undef++] = i;
  unsigned completions = 1;
  for (unsigned u = 0; u < n_undef; ++u) completions *= 9;
  for (unsigned k = 0; k < completions; ++k) {
    for (unsigned u = 0, r = k; u < n_undef; ++u, r /= 9) d[undef[n_undef - 1 - u]] = int(r % 9);
    const unsigned s = table_index(d);
    const bool cheaper = cost[s] < best_cost - kEps;
    const bool tie_without_load = cost[s] < best_cost + kEps && best < kStates && loads[best] && !loads[s];
    if (cheaper || tie_without_load) best_cost = cost[s], best = s;
  }
  return best;
}

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
  std::vector<double> cost(kStates);
  for (unsigned s = 0; s < kStates; ++s) cost[s] = solver.cost(s);
  // Every Program of at most two instructions is a tree, so the solver's cost is optimal up to
  // three cheapest instructions; the shared-value pass extends that to four (when no table
  // lookup takes part: their arrangements are not enumerated), and is only needed when some
  // state costs more than three.
  double cheapest = kInf, dearest = 0;
  for (const table::LaneOp& op : set->ops) cheapest = std::min(cheapest, op.cost);
  for (const table::Lookup& lk : set->lookups) cheapest = std::min(cheapest, lk.cost);
  for (unsigned s = 0; s < kStates; ++s)
    if (cost[s] < kInf) dearest = std::max(dearest, cost[s]);
  std::vector<table::SharedProgram> shared;
  t.proven_bound = 3 * cheapest;
  const auto solved = clock::now();
  if (dearest > 3 * cheapest + kEps) {
    shared = table::shared_value_programs(solver, *set);
    for (unsigned s = 0; s < kStates; ++s)
      if (shared[s].cost < cost[s]) cost[s] = shared[s].cost, ++t.shared_states;
    if (set->lookups.empty()) t.proven_bound = 4 * cheapest;
  }
  // Which states' derivations load a control constant, arguments (cheaper) before results.
  std::vector<unsigned> order(kStates);
  for (unsigned s = 0; s < kStates; ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(), [&](unsigned x, unsigned y) { return solver.cost(x) < solver.cost(y); });
  std::vector<bool> loads(kStates, false);
  for (unsigned s : order) {
    const Derivation& d = solver.derivation(s);
    const bool reuse = !shared.empty() && shared[s].cost < solver.cost(s);  // ops only
    if (!reuse && d.kind == Derivation::Lookup) loads[s] = true;
    else if (!reuse && d.kind == Derivation::Op && set->ops[d.what].arity > 0) loads[s] = loads[d.a] || (d.two && loads[d.b]);
  }
  std::vector<unsigned> states(kTableMasks);
  for (unsigned m = 0; m < kTableMasks; ++m) states[m] = best_state(table_mask(m), cost, loads);
  const auto searched = clock::now();
  ProgramBuilder builder(solver, *set, opts);
  t.entries.reserve(kTableMasks);
  for (unsigned m = 0; m < kTableMasks; ++m) {
    TableEntry e;
    e.mask = table_mask(m);
    const unsigned st = states[m];
    if (st == kStates) return Error{fmt::format("no sequence of the {} set makes <{}>", name(opts.set), mask_text(e.mask))};
    const bool reuse = !shared.empty() && shared[st].cost < solver.cost(st);
    e.program = builder.build(st, e.cost, reuse ? &shared[st] : nullptr);
    e.instructions = unsigned(e.program.steps.size());
    e.optimal = e.cost <= t.proven_bound + kEps;
    verify(e.program, e.mask, opts.elem_bits);
    t.entries.push_back(std::move(e));
  }
  const auto done = clock::now();
  t.search_ms = std::chrono::duration<double, std::milli>(solved - start).count();
  t.shared_ms = std::chrono::duration<double, std::milli>(searched - solved).count();
  t.verify_ms = std::chrono::duration<double, std::milli>(done - searched).count();
  return t;
}

}  // namespace shufc
