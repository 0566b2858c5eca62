// Shuffle tables: the cheapest Program for EVERY two-input 4-lane mask at once (LLVM's
// PerfectShuffle table, 9^4 = 6561 masks: each lane 0..7 or undef), by dynamic programming over
// register contents, with the target's own instruction records. docs/synth.md ("shufc table").
#pragma once
#include <array>
#include <string>
#include <vector>

#include "shufc/cost.h"
#include "shufc/expected.h"
#include "shufc/isa/feature.h"
#include "shufc/program.h"

namespace shufc {

// Which instructions the table may use.
enum class TableSet {
  full,            // every record of the target that moves whole lanes at this width
  perfect_shuffle, // LLVM's NEON PerfectShuffle operators: rev64, dup lane, ext #1..3, trn, zip, uzp
  perfect_shuffle_ins, // the same and its GENERATE_NEON_INS additions (AArch64's table): ins of
                       // one lane, or of a 64-bit half, of an input
};
const char* name(TableSet s);

struct TableOptions {
  isa::Target target;
  unsigned elem_bits = 32;       // the register is 4 lanes of this width
  TableSet set = TableSet::full;
  const CpuModel* cpu = nullptr; // reciprocal throughputs of this CPU; nullptr: every instruction
                                 // and every control-vector load costs 1 (LLVM's unit costs)
};

inline constexpr unsigned kTableLanes = 4;
inline constexpr unsigned kTableMasks = 6561;  // 9^4
inline constexpr int kTableUndef = 8;          // LLVM's undef lane

// A mask's index: lane 0 the most significant base-9 digit, as in LLVM's table (<0,1,2,3> = 102,
// <u,u,u,u> = 6560).
using TableMask = std::array<int, kTableLanes>;  // 0..7, or kTableUndef
TableMask table_mask(unsigned index);
unsigned table_index(const TableMask& m);
std::string mask_text(const TableMask& m);       // "0,4,1,u"

struct TableEntry {
  TableMask mask;
  Program program;      // inputs a, b; verified by simulate_labels against the mask
  double cost = 0;      // the Program's cost (each distinct step once, loads included)
  unsigned instructions = 0;
  bool optimal = false; // proven: no cheaper Program of the set's instructions exists
};

// An instruction record left out of the table, and why.
struct TableExclusion {
  std::string id;
  std::string reason;
};

struct Table {
  TableOptions options;
  std::vector<TableEntry> entries;           // kTableMasks, by table_index
  std::vector<std::string> instances;        // every instruction instance used, e.g. "ext.16b #4"
  std::vector<TableExclusion> excluded;      // records of the right width left out
  unsigned rounds = 0;                       // fixed-point iterations
  // Every Program cheaper than this has been tried (3 or 4 times the cheapest instruction): an
  // entry at most this dear is optimal.
  double proven_bound = 0;
  unsigned shared_states = 0;                // contents made cheaper by reusing a value
  // The dynamic programme; the shared-value pass and the choice per mask; building and
  // simulating the Programs.
  double search_ms = 0, shared_ms = 0, verify_ms = 0;
};

// Builds the table. Errors (exit 1 material) name what is outside the model: no 4-lane register
// of this width on the target, a CPU of another architecture, the perfect-shuffle set outside NEON.
// Every entry's Program has passed simulate_labels; a mismatch is a logic_error (exit 2).
Expected<Table> build_table(const TableOptions& opts);

}  // namespace shufc
