#include "isa_commands.h"

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
    case isa::ValueOp::UnsignedSat: return "unsigned_saturate";
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
      std::printf("%s\n", instruction_json(*in).dump().c_str());
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
    std::printf("%s\n", j.dump().c_str());
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
