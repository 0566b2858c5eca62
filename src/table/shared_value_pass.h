// Three-instruction Programs that reuse a value, which the tree-shaped dynamic programme pays
// twice: t0 = f(inputs), t1 = g(t0, ...), r = h(t0, t1). Every other Program of at most three
// instructions is a tree (an instruction reading one register twice is its unary form), so with
// this pass every Program of up to three instructions has been tried. Internal to src/table.
#pragma once
#include <array>
#include <vector>

#include "solver.h"

namespace shufc::table {

struct SharedProgram {
  double cost = kInf;
  std::array<unsigned, 3> state{};         // t0, t1, r
  std::array<Derivation, 3> derivation{};  // how each is made (arguments are states)
};

// For every state, the cheapest such Program when it is cheaper than the solver's cost (cost
// kInf otherwise). Table lookups take no part (their arrangements are not enumerated).
std::vector<SharedProgram> shared_value_programs(const Solver& solver, const OpSet& set);

}  // namespace shufc::table
