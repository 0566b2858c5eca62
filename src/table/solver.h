// The dynamic programme behind shuffle tables: the cheapest derivation of every register content
// of four lanes. Internal to src/table.
#pragma once
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "lane_ops.h"

namespace shufc::table {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = 1e-9;
constexpr unsigned kStates = kTableMasks;  // 9^4 register contents: lanes 0..7 or zero (8)

// How a state was reached.
struct Derivation {
  enum Kind : uint8_t { None, Input, Op, Lookup } kind = None;
  uint16_t what = 0;      // op or lookup index
  uint16_t a = 0, b = 0;  // argument states (b for binary ops and two-table lookups)
  bool two = false;       // two arguments
};

// A register content is four lanes, each a source lane 0..7 or zero: 9^4 = 6561 states, indexed
// like LLVM's masks (base 9, lane 0 most significant; the digit 8 is a zero lane here and an
// undef lane in a mask). A fixed-point iteration (Bellman-Ford on the hypergraph of
// instructions) gives each state its cheapest derivation tree:
//  - a unary op relaxes every state once per round;
//  - a binary op reads only some lanes of each argument, so the cheapest argument per projection
//    onto those lanes (at most 9^4 of them) is found first, and every pair of projections makes
//    one result: at most 6561 results per op, never the 6561^2 pairs of states;
//  - a table lookup (tbl, pshufb) makes any state whose lanes its table registers hold: the
//    cheapest register per lane set, closed over supersets, serves all states of a round.
// Costs add up over the tree; a binary op reading one register twice is its unary form (a
// LaneOp of its own), so that register is paid once. The ops reach their fixed point before the
// lookups join, so that a tie keeps the Program without a control constant.
class Solver {
 public:
  explicit Solver(const OpSet& set);
  unsigned run();  // returns the number of rounds (both phases)

  double cost(unsigned s) const { return cost_[s]; }
  const Derivation& derivation(unsigned s) const { return how_[s]; }
  const TableMask& digits(unsigned s) const { return digits_[s]; }
  unsigned apply(const LaneOp& op, unsigned x, unsigned y) const;

 private:
  struct Projection {
    std::vector<unsigned> lanes;
    std::vector<double> cost;
    std::vector<uint16_t> state;
  };
  void project(Projection& p) const;
  bool relax(unsigned s, double c, Derivation how);
  bool relax_unary(const LaneOp& op, uint16_t i);
  bool relax_binary(const LaneOp& op, uint16_t i);
  bool relax_lookup(const Lookup& lk, uint16_t i);

  const OpSet& set_;
  std::array<TableMask, kStates> digits_;
  std::array<uint16_t, kStates> lane_set_;  // bit d: some lane holds d
  std::array<double, kStates> cost_;
  std::array<Derivation, kStates> how_;
};

}  // namespace shufc::table
