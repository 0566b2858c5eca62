// The instructions of a shuffle table, seen as maps of four lanes: which records of the target
// take part, each instance's lane map, and its cost. Internal to src/table.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/table.h"

namespace shufc::table {

// A register content lane holds a source lane 0..7 (a then b) or zero.
constexpr int kZeroLane = 8;

// One immediate instance of a record on four lanes. A binary record used with one register
// twice is a separate unary op (`shared`): its argument is paid for once.
struct LaneOp {
  const isa::Instruction* instr = nullptr;
  uint64_t imm = 0;
  unsigned arity = 0;        // registers read: 0 (movi), 1, 2
  bool shared = false;       // a binary record with both arguments the same register
  int fixed_input = -1;      // 0 / 1: a binary record whose second argument is always input a / b
                             // (arity 1: LLVM's ins, which inserts a lane of an input only)
  std::array<int, kTableLanes> src{};  // output lane i <- argument src/4, lane src%4; -1: zero
  double cost = 0;
  std::string text;          // "ext.16b #4", "zip1.4s"
};

// A programmable table lookup (tbl, pshufb, vpermilps, vpermi2d): any arrangement of the lanes
// of its table registers (and zeros when `zeroing`), for its cost plus the control's load.
struct Lookup {
  const isa::Instruction* instr = nullptr;
  unsigned tables = 1;
  bool zeroing = false;
  double cost = 0;           // the instruction and its control-vector load
};

struct OpSet {
  std::vector<LaneOp> ops;       // deduplicated by lane map (the cheapest, first, kept)
  std::vector<Lookup> lookups;
  std::vector<TableExclusion> excluded;
};

// The instruction set of a table (checks target, width and CPU; errors are exit 1 material).
Expected<OpSet> lane_ops(const TableOptions& o);

// The cost of one instance of `in` (and of loading its control, when programmable) under the
// options' cost model; a negative value when the CPU table has no entry.
double instruction_cost(const isa::Instruction& in, const CpuModel* cpu);
double control_load_cost(const isa::Instruction& in, const CpuModel* cpu);

}  // namespace shufc::table
