// Per-CPU instruction costs. The numbers are data, generated from llvm-mca-19 by
// scripts/gen_costs.py into src/cost/tables/<cpu>.inc (one {"id", {latency, rthroughput, uops,
// "ports"}} line per instruction, sorted by id); regenerate them with
//   python3 scripts/gen_costs.py <build>/bin/shufc
// after adding instruction records.
#include "shufc/cost.h"

#include <algorithm>
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

// The entry for loading an instruction's control: a vector as wide as the instruction, or a mask.
std::string control_load(const isa::Instruction& in) {
  const char* tmpl = in.spell.assembly;
  if (tmpl && std::string_view(tmpl).find("{c:k}") != std::string_view::npos)
    return fmt::format("load.k{}", in.control.ctl_elem_bits);
  return fmt::format("load.{}", in.reg_bits);
}

}  // namespace

const std::vector<CpuModel>& cpus() {
  static const std::vector<CpuModel> all = {
      {"skylake", isa::Arch::x86, SHUFC_MCA " -mcpu=skylake", kSkylake},
      {"icelake-server", isa::Arch::x86, SHUFC_MCA " -mcpu=icelake-server", kIcelakeServer},
      {"sapphirerapids", isa::Arch::x86, SHUFC_MCA " -mcpu=sapphirerapids", kSapphireRapids},
      {"znver4", isa::Arch::x86, SHUFC_MCA " -mcpu=znver4", kZnver4},
      {"neoverse-n1", isa::Arch::aarch64, SHUFC_MCA " -mcpu=neoverse-n1", kNeoverseN1},
      {"neoverse-v1", isa::Arch::aarch64, SHUFC_MCA " -mcpu=neoverse-v1", kNeoverseV1},
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

// Every step costs its entry. A programmable step (pshufb, vpermb, tbl, pblendvb ...) also loads
// its control, a constant: one "load.<reg_bits>" entry for a control vector, or "load.k<bits>"
// (kmovb/w/d/q) for an AVX-512 mask-register control ({c:k} in the assembly template), counted in
// instructions, uops and rthroughput. The loads are not on the latency path: they depend on nothing but the constant, so
// they can be hoisted out of a loop or issued long before the data arrives; the latency is the
// longest chain of step latencies from an input to an output through the SSA DAG.
// A step (or a load) without an entry adds nothing and makes the result incomplete.
ProgramCost program_cost(const Program& p, const CpuModel& cpu) {
  ProgramCost pc;
  const size_t k = p.inputs.size();
  std::vector<double> ready(p.num_values(), 0.0);  // when each value is available; inputs at 0
  auto add = [&](std::string_view id) -> double {
    ++pc.instructions;
    auto c = instr_cost(cpu, id);
    if (!c) {
      pc.complete = false;
      return 0;
    }
    pc.uops += c->uops;
    pc.rthroughput += c->rthroughput;
    return c->latency;
  };
  for (size_t s = 0; s < p.steps.size(); ++s) {
    const Program::Step& st = p.steps[s];
    const double lat = add(st.instr->id);
    if (st.instr->programmable()) add(control_load(*st.instr));
    double start = 0;
    for (unsigned a : st.args)
      if (a < ready.size()) start = std::max(start, ready[a]);
    ready[k + s] = start + lat;
  }
  for (unsigned o : p.outputs)
    if (o < ready.size()) pc.latency = std::max(pc.latency, ready[o]);
  return pc;
}

}  // namespace shufc
