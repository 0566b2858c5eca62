#include "isa_commands.h"

#include "inputs.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "shufc/isa/registry.h"

namespace shufc::cli {

using json = nlohmann::ordered_json;

namespace {

const char* value_name(isa::ValueOp v) {
  switch (v) {
    case isa::ValueOp::Move: return "move";
    case isa::ValueOp::SignedSat: return "signed_saturate";
    case isa::ValueOp::UnsignedSat: return "unsigned_saturate";  // a signed value
    case isa::ValueOp::UnsignedSatU: return "unsigned_saturate_unsigned";
    case isa::ValueOp::BitOr: return "bit_or";
    case isa::ValueOp::Truncate: return "truncate";
    case isa::ValueOp::SignExtend: return "sign_extend";
    case isa::ValueOp::ZeroExtend: return "zero_extend";
  }
  return "?";
}

json instruction_json(const isa::Instruction& in) {
  json j;
  j["id"] = in.id;
  j["feature"] = std::string(isa::name(in.feature));
  json needs = json::array();
  for (unsigned f = 0; f < isa::kNumFeatures; ++f)
    if (in.needs.has(isa::Feature(f))) needs.push_back(std::string(isa::name(isa::Feature(f))));
  j["needs"] = needs;
  j["reg_bits"] = in.reg_bits;
  j["elem_bits"] = in.elem_bits;
  j["src_elem_bits"] = in.src_elem_bits;
  j["inputs"] = in.num_inputs;
  json ib = json::array();
  for (unsigned k = 0; k < in.num_inputs; ++k) ib.push_back(in.in_bits(k));
  j["input_bits"] = ib;
  json ie = json::array();
  for (unsigned k = 0; k < in.num_inputs; ++k) ie.push_back(in.in_elem_bits(k));
  j["input_elem_bits"] = ie;
  j["imm_count"] = in.imm_count;
  j["value"] = value_name(in.value);
  if (in.programmable()) {
    const isa::Control& c = in.control;
    j["control"] = {{"kind", c.kind == isa::Control::Kind::Table ? "table" : "select"},
                    {"table_inputs", c.table_inputs},
                    {"block_elems", c.block_elems},
                    {"zeroing", c.zeroing},
                    {"ctl_elem_bits", c.ctl_elem_bits}};
  }
  j["formula"] = in.formula;
  j["intrinsic"] = in.spell.intrinsic;
  j["asm"] = in.spell.assembly;
  j["ctype"] = in.spell.ctype;
  return j;
}

// "a[0],b[0],a[1],b[1]" (z for zero), the index map of one instance.
std::string map_text(const std::vector<isa::LaneSrc>& map) {
  std::string s;
  for (size_t i = 0; i < map.size(); ++i) {
    if (i) s += ",";
    s += map[i].is_zero() ? std::string("z") : fmt::format("{}[{}]", char('a' + map[i].input), map[i].elem);
  }
  return s;
}

}  // namespace

int run_isa_list(const IsaOptions& o) {
  auto t = isa::find_target(o.target);
  if (!t) {
    std::string names;
    for (const isa::Target& k : isa::targets()) names += (names.empty() ? "" : ", ") + k.name;
    std::fprintf(stderr, "shufc: error: unknown target '%s' (targets: %s)\n", o.target.c_str(), names.c_str());
    return 1;
  }
  for (const isa::Instruction* in : isa::instructions_for(*t)) {
    if (o.json) {
      std::printf("%s\n", instruction_json(*in).dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    } else {
      std::printf("%-22s %-12s %3u-bit %2u-bit  %-40s %s\n", in->id, std::string(isa::name(in->feature)).c_str(), in->reg_bits,
                  in->elem_bits, in->formula, in->spell.intrinsic);
    }
  }
  return 0;
}

int run_isa_show(const IsaOptions& o) {
  const isa::Instruction* in = isa::find_instruction(o.name);
  if (!in) {
    std::fprintf(stderr, "shufc: error: unknown instruction '%s' (see shufc isa list)\n", o.name.c_str());
    return 1;
  }
  json j = instruction_json(*in);
  // The index map of a few instances (every immediate when there are few).
  json maps = json::array();
  if (in->programmable()) {
    std::vector<int> ident(in->n());
    for (unsigned i = 0; i < in->n(); ++i) ident[i] = int(i);
    if (isa::accepts(*in, ident)) maps.push_back({{"control", "identity"}, {"map", map_text(isa::index_map(*in, {0, ident}))}});
  } else {
    const unsigned count = in->imm_count ? std::min(in->imm_count, 4u) : 1;
    for (unsigned imm = 0; imm < count; ++imm)
      maps.push_back({{"imm", imm}, {"map", map_text(isa::index_map(*in, {imm, {}}))}});
    if (in->imm_count > 4) {
      const unsigned last = in->imm_count - 1;
      maps.push_back({{"imm", last}, {"map", map_text(isa::index_map(*in, {last, {}}))}});
    }
  }
  j["instances"] = maps;
  if (o.json) {
    std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    return 0;
  }
  std::printf("%s (%s): %u-bit register, %u-bit elements, %u input(s)%s\n", in->id, std::string(isa::name(in->feature)).c_str(),
              in->reg_bits, in->elem_bits, in->num_inputs, in->imm_count ? fmt::format(", immediate 0..{}", in->imm_count - 1).c_str() : "");
  std::printf("  formula:   %s\n  intrinsic: %s\n  asm:       %s\n  value:     %s\n", in->formula, in->spell.intrinsic,
              in->spell.assembly, value_name(in->value));
  for (const auto& m : maps)
    std::printf("  %s: %s\n", m.contains("imm") ? fmt::format("imm {}", m["imm"].get<unsigned>()).c_str() : "control identity",
                m["map"].get<std::string>().c_str());
  return 0;
}

}  // namespace shufc::cli

// ---- run / emit ----------------------------------------------------------------------------

#include "shufc/cost.h"
#include "shufc/emit.h"
#include "shufc/sim.h"

namespace shufc::cli {

namespace {

// A Program from a file, '-' (stdin) or the text itself.
Expected<Program> read_program(const std::string& arg) {
  auto source = read_source(arg, "a program file");
  if (!source) return source.error();
  if (*source && arg != "-") {
    auto p = parse_program(**source);
    if (!p) return Error{fmt::format("{}:{}", arg, p.error().str())};
    return p;
  }
  if (*source) return parse_program(**source);
  if (arg.find('\n') != std::string::npos) return parse_program(arg);
  return Error{fmt::format("cannot open '{}': no such file (a program given inline needs its newlines)", arg)};
}

// The widest element size (in bytes) at which every output moves in whole aligned elements.
unsigned lane_bytes(const std::vector<ByteLabel>& o) {
  for (unsigned w : {8u, 4u, 2u}) {
    bool ok = true;
    for (size_t i = 0; ok && i < o.size(); i += w)
        for (unsigned k = 0; ok && k < w; ++k) {
          const ByteLabel& l = o[i + k];
          const ByteLabel& f = o[i];
          if (i + k >= o.size()) ok = false;
          else if (f.input < 0) ok = l.input < 0;
          else ok = l.input == f.input && f.byte % w == 0 && l.byte == f.byte + k;
        }
    if (ok) return w;
  }
  return 1;
}

std::string lanes_text(const Program& p, const std::vector<ByteLabel>& o, unsigned w) {
  std::string s;
  for (size_t i = 0; i < o.size(); i += w) {
    if (i) s += ",";
    s += o[i].input < 0 ? std::string("0") : fmt::format("{}[{}]", p.inputs[size_t(o[i].input)].name, o[i].byte / w);
  }
  return s;
}

std::string hex(const std::vector<uint8_t>& v) {
  std::string s;
  for (uint8_t b : v) s += fmt::format("{:02x}", b);
  return s;
}

int bad(const Error& e) {
  std::fprintf(stderr, "shufc: error: %s\n", e.str().c_str());
  return 1;
}

}  // namespace

int run_program(const IsaOptions& o) {
  auto prog = read_program(o.program);
  if (!prog) return bad(prog.error());
  const Program& p = *prog;
  const std::string cpu_name = !o.cpu.empty() ? o.cpu : p.arch == isa::Arch::x86 ? "skylake" : "neoverse-n1";
  const CpuModel* cpu = find_cpu(cpu_name);
  if (!cpu) {
    std::string names;
    for (const CpuModel& c : cpus()) names += (names.empty() ? "" : ", ") + std::string(c.name);
    return bad(Error{fmt::format("unknown CPU '{}' (CPUs: {})", cpu_name, names)});
  }
  if (cpu->arch != p.arch) return bad(Error{fmt::format("CPU '{}' does not run this program's architecture", cpu_name)});
  json j;
  json outs = json::array();
  const auto labels = simulate_labels(p);
  std::vector<std::vector<uint8_t>> sample;
  for (unsigned k : p.passed_inputs()) {  // (a constant input holds its own bytes)
    std::vector<uint8_t> v(p.inputs[k].bits / 8);
    for (size_t b = 0; b < v.size(); ++b) v[b] = uint8_t(k * 0x40 + b);
    sample.push_back(std::move(v));
  }
  const auto values = simulate_values(p, sample);
  for (size_t k = 0; k < p.outputs.size(); ++k) {
    // (An output narrower than its register is its low part: `out r low 64`.)
    const size_t bytes = p.output_bytes(unsigned(k));
    json oj;
    oj["name"] = p.name_of(p.outputs[k]);
    oj["bits"] = bytes * 8;
    if (labels) {
      const std::vector<ByteLabel> low((*labels)[k].begin(), (*labels)[k].begin() + long(bytes));
      const unsigned w = lane_bytes(low);
      oj["lane_bits"] = w * 8;
      oj["lanes"] = lanes_text(p, low, w);
    }
    oj["sample_in"] = json::array();
    for (const auto& s : sample) oj["sample_in"].push_back(hex(s));
    oj["sample_out"] = hex(std::vector<uint8_t>(values[k].begin(), values[k].begin() + long(bytes)));
    outs.push_back(oj);
  }
  j["outputs"] = outs;
  j["proof"] = labels ? "lane labels (complete for every input)" : "values only (the program changes values)";
  const ProgramCost c = program_cost(p, *cpu, true);
  j["cost"] = {{"cpu", std::string(cpu->name)}, {"instructions", c.instructions}, {"uops", c.uops},
               {"rthroughput", c.rthroughput}, {"latency", c.latency}, {"complete", c.complete},
               {"source", std::string(cpu->source)}};
  if (o.json) {
    std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    return 0;
  }
  for (const auto& oj : outs) {
    if (oj.contains("lanes"))
      std::printf("%s = %s   (%u-bit lanes)\n", oj["name"].get<std::string>().c_str(), oj["lanes"].get<std::string>().c_str(),
                  oj["lane_bits"].get<unsigned>());
    else
      std::printf("%s = %s   (bytes, from sample inputs %s)\n", oj["name"].get<std::string>().c_str(),
                  oj["sample_out"].get<std::string>().c_str(), oj["sample_in"].dump(-1, ' ', false, json::error_handler_t::replace).c_str());
  }
  std::printf("cost on %s: %u instructions, %u uops, %.2f cycles reciprocal throughput, %.0f cycles latency%s\n",
              std::string(cpu->name).c_str(), c.instructions, c.uops, c.rthroughput, c.latency,
              c.complete ? "" : " (incomplete: some instruction has no cost entry)");
  return 0;
}

int run_emit(const IsaOptions& o) {
  auto prog = read_program(o.program);
  if (!prog) return bad(prog.error());
  const Program& p = *prog;
  // Run it once first: the emitters print only programs the simulator has executed.
  std::vector<std::vector<uint8_t>> zeros;
  for (const auto& in : p.inputs) zeros.emplace_back(in.bits / 8, 0);
  simulate_values(p, zeros);
  if (o.format == "c") std::printf("%s", emit_c(p, o.function).c_str());
  else if (o.format == "att" || o.format == "asm") std::printf("%s", emit_asm(p, AsmSyntax::att).c_str());
  else if (o.format == "intel") std::printf("%s", emit_asm(p, AsmSyntax::intel).c_str());
  else if (o.format == "ir") std::printf("%s", emit_ir(p, o.function).c_str());
  else if (o.format == "json") {
    json j;
    j["program"] = print_program(p);
    j["c"] = emit_c(p, o.function);
    j["att"] = emit_asm(p, AsmSyntax::att);
    j["intel"] = emit_asm(p, AsmSyntax::intel);
    j["ir"] = emit_ir(p, o.function);
    std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
  } else {
    return bad(Error{fmt::format("unknown format '{}' (formats: c, att, intel, ir, json)", o.format)});
  }
  return 0;
}

}  // namespace shufc::cli
