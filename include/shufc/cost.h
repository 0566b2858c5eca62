// Per-CPU instruction costs, as data (generated from llvm-mca-19 by scripts/gen_costs.py, so
// shufc's objective agrees with the referee used in benchmarks).
#pragma once
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "shufc/isa/instruction.h"
#include "shufc/program.h"

namespace shufc {

struct InstrCost {
  double latency = 0;      // cycles
  double rthroughput = 0;  // reciprocal throughput, cycles
  unsigned uops = 0;
  std::string_view ports;  // the resources it uses, as llvm-mca names them ("SKLPort5")
};

struct CostEntry {
  std::string_view id;  // instruction id, or "load.128" / "load.256" / "load.512" for a constant load
  InstrCost cost;
};

struct CpuModel {
  std::string_view name;    // "skylake"
  isa::Arch arch;
  std::string_view source;  // where the numbers come from
  std::span<const CostEntry> table;
  unsigned dispatch_width = 4;  // uops dispatched per cycle (llvm-mca's "Dispatch Width")
};

const std::vector<CpuModel>& cpus();
const CpuModel* find_cpu(std::string_view name);
std::optional<InstrCost> instr_cost(const CpuModel& cpu, std::string_view id);

// The cost of a whole Program on one CPU: every step, plus one constant load per control vector.
struct ProgramCost {
  unsigned instructions = 0;
  unsigned uops = 0;
  double rthroughput = 0;  // sum of reciprocal throughputs (the block's issue-bound estimate)
  // The busiest port group: the reciprocal throughputs of the instructions that use the same
  // ports added up, the largest sum (how llvm-mca's Block RThroughput counts: a blend on ports
  // 0/1/5 beside a port-5 shuffle and a load on ports 2/3 does not add to the shuffle's cycle).
  double port_rthroughput = 0;
  // llvm-mca's Block RThroughput: the busiest port group, or the uops over the dispatch width
  // when they are more (many cheap instructions on different ports).
  double block_rthroughput = 0;
  double latency = 0;      // critical path from the inputs to the last output
  bool complete = true;    // false when some instruction has no entry for this CPU
};
// shared_controls: as emit_asm writes it, a control constant loaded once for the instructions that
// read it while it stays in a register (what shufc reports); unshared, one load per programmable
// instruction (what the search's objective counts, and its proofs speak of).
ProgramCost program_cost(const Program& p, const CpuModel& cpu, bool shared_controls = false);

// The cost-table id of loading a programmable instruction's control: "load.<reg bits>" for a
// vector, "load.k<bits>" when the control is a mask register ({c:k}), as emit_asm writes it.
std::string control_load_id(const isa::Instruction& in);

}  // namespace shufc
