// Per-CPU instruction costs. The numbers are data, generated from llvm-mca-19 by
// scripts/gen_costs.py into src/cost/tables/<cpu>.inc (one {"id", {latency, rthroughput, uops,
// "ports"}} line per instruction, sorted by id); regenerate them with
//   python3 scripts/gen_costs.py <build>/bin/shufc
// after adding instruction records.
#include "shufc/cost.h"
#include "shufc/emit.h"

#include <algorithm>
#include <map>
#include <string>

#include <fmt/format.h>

namespace shufc {

namespace {

// The tables are sorted by id (bytewise, as std::string_view compares), so lookups can bisect.
constexpr CostEntry kSkylake[] = {
#include "tables/skylake.inc"
};
constexpr CostEntry kIcelakeServer[] = {
#include "tables/icelake-server.inc"
};
constexpr CostEntry kSapphireRapids[] = {
#include "tables/sapphirerapids.inc"
};
constexpr CostEntry kZnver4[] = {
#include "tables/znver4.inc"
};
constexpr CostEntry kNeoverseN1[] = {
#include "tables/neoverse-n1.inc"
};
constexpr CostEntry kNeoverseV1[] = {
#include "tables/neoverse-v1.inc"
};

// Must agree with the header line of each .inc (tests/unit/cost/cost_model_test.cpp checks it).
#define SHUFC_MCA "llvm-mca-19 (LLVM 19.1.7)"

}  // namespace

const std::vector<CpuModel>& cpus() {
  static const std::vector<CpuModel> all = {
      // The dispatch widths are what llvm-mca-19 prints for each -mcpu ("Dispatch Width").
      {"skylake", isa::Arch::x86, SHUFC_MCA " -mcpu=skylake", kSkylake, 6},
      {"icelake-server", isa::Arch::x86, SHUFC_MCA " -mcpu=icelake-server", kIcelakeServer, 6},
      {"sapphirerapids", isa::Arch::x86, SHUFC_MCA " -mcpu=sapphirerapids", kSapphireRapids, 6},
      {"znver4", isa::Arch::x86, SHUFC_MCA " -mcpu=znver4", kZnver4, 6},
      {"neoverse-n1", isa::Arch::aarch64, SHUFC_MCA " -mcpu=neoverse-n1", kNeoverseN1, 8},
      {"neoverse-v1", isa::Arch::aarch64, SHUFC_MCA " -mcpu=neoverse-v1", kNeoverseV1, 15},
  };
  return all;
}

const CpuModel* find_cpu(std::string_view name) {
  for (const CpuModel& c : cpus())
    if (c.name == name) return &c;
  return nullptr;
}

std::optional<InstrCost> instr_cost(const CpuModel& cpu, std::string_view id) {
  auto it = std::lower_bound(cpu.table.begin(), cpu.table.end(), id,
                             [](const CostEntry& e, std::string_view k) { return e.id < k; });
  if (it != cpu.table.end() && it->id == id) return it->cost;
  return std::nullopt;
}

// The cost of what emit_asm writes, instruction by instruction (asm_cost_ids): every step's
// entry, the constant loads of programmable steps ("load.<bits>", "load.k<bits>"), the register
// copies the allocator adds before destructive instructions ("copy.<bits>"), spills and reloads.
// So the figures agree with llvm-mca-19 on the emitted assembly (tests/exec/cost_vs_mca.sh).
// The latency is the longest chain of step latencies from an input to an output through the SSA
// DAG; loads of constants are off that path (they depend on nothing and can be hoisted), and
// copies are usually eliminated at rename. An entry that is missing adds nothing and makes the
// result incomplete.
ProgramCost program_cost(const Program& p, const CpuModel& cpu, bool shared_controls) {
  ProgramCost pc;
  std::map<std::string_view, double> by_ports;
  for (const std::string& id : asm_cost_ids(p, shared_controls)) {
    ++pc.instructions;
    if (auto c = instr_cost(cpu, id)) {
      pc.uops += c->uops;
      pc.rthroughput += c->rthroughput;
      pc.port_rthroughput = std::max(pc.port_rthroughput, by_ports[c->ports] += c->rthroughput);
    } else {
      pc.complete = false;
    }
  }
  pc.block_rthroughput = std::max(pc.port_rthroughput, double(pc.uops) / std::max(1u, cpu.dispatch_width));
  const size_t k = p.inputs.size();
  std::vector<double> ready(p.num_values(), 0.0);  // when each value is available; inputs at 0
  for (size_t s = 0; s < p.steps.size(); ++s) {
    const Program::Step& st = p.steps[s];
    const auto c = instr_cost(cpu, st.instr->id);
    double start = 0;
    for (unsigned a : st.args)
      if (a < ready.size()) start = std::max(start, ready[a]);
    ready[k + s] = start + (c ? c->latency : 0);
  }
  for (unsigned o : p.outputs)
    if (o < ready.size()) pc.latency = std::max(pc.latency, ready[o]);
  return pc;
}

std::string control_load_id(const isa::Instruction& in) {
  if (std::string_view(in.spell.assembly).find("{c:k}") != std::string_view::npos)
    return fmt::format("load.k{}", std::max(16u, in.control.ctl_elem_bits));
  return fmt::format("load.{}", in.reg_bits);
}

}  // namespace shufc
