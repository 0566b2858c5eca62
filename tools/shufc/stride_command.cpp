// shufc stride: a stride permutation L^N_k as a vectorized formula and a verified Program.
#include "stride_command.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "shufc/cost.h"
#include "shufc/emit.h"
#include "shufc/parse.h"
#include "shufc/stride/generate.h"

namespace shufc::cli {

namespace {

using json = nlohmann::ordered_json;

int fail(const std::string& msg) {
  std::fprintf(stderr, "shufc: error: %s\n", msg.c_str());
  return 1;
}

std::optional<unsigned> elem_bits(const std::string& e) {
  if (e == "i8") return 8;
  if (e == "i16" || e == "f16") return 16;
  if (e == "i32" || e == "f32") return 32;
  if (e == "i64" || e == "f64") return 64;
  return std::nullopt;
}

std::string ctype_of(const std::string& e) {
  if (e == "f32") return "float";
  if (e == "f64") return "double";
  if (e == "f16") return "uint16_t";
  return fmt::format("int{}_t", *elem_bits(e));
}

std::string measure_text(const stride::Mode& m) {
  return m.measure == stride::CostMeasure::paper ? "paper (c_instr = 1 binary, 0.9 unary, +1 per control constant)"
                                                 : fmt::format("{} reciprocal throughput (+ control constant loads)", m.cpu->name);
}

std::string num(double v) { return fmt::format("{:.4g}", v); }

int print_library(const stride::BaseLibrary& lib, bool as_json, bool stats) {
  const stride::Mode& m = lib.set.mode;
  if (as_json) {
    json j{{"mode", m.name()}, {"measure", measure_text(m)}, {"instances", lib.set.instances},
           {"unary_matrices", lib.set.unary.size()}, {"binary_matrices", lib.set.binary.size()},
           {"programmable", json::array()}, {"keys", lib.keys}, {"cases", json::array()}};
    for (const auto* p : lib.set.programmable) j["programmable"].push_back(p->id);
    for (const auto& [k, c] : lib.cases)
      j["cases"].push_back({{"formula", stride::print(*stride::ILI(k.l, k.mn, k.m, k.r))}, {"rule", c.rule}, {"cost", c.cost},
                            {"instructions", stride::print(*c.formula, stride::Notation::ascii, true)}});
    if (stats) j["build_ms"] = lib.build_ms, j["from_cache"] = lib.from_cache;
    std::printf("%s\n", j.dump().c_str());
    return 0;
  }
  std::string o = fmt::format("base-case library: {}\ncost measure: {}\n", m.name(), measure_text(m));
  o += fmt::format("instruction instances: {}; permutation matrices: {} unary, {} binary; programmable: ", lib.set.instances,
                   lib.set.unary.size(), lib.set.binary.size());
  for (size_t i = 0; i < lib.set.programmable.size(); ++i) o += (i ? ", " : "") + std::string(lib.set.programmable[i]->id);
  if (lib.set.programmable.empty()) o += "none";
  o += fmt::format("\nbase cases I_l (x) L^mn_m (x) I_r with l mn r in {{{}, {}}}: {} of {} implementable\n", m.nu(), 2 * m.nu(),
                   lib.cases.size(), lib.keys);
  for (const auto& [k, c] : lib.cases)
    o += fmt::format("  ({}) {:<28} cost {:<5} {}\n", c.rule, stride::print(*stride::ILI(k.l, k.mn, k.m, k.r)), num(c.cost),
                     stride::print(*c.formula, stride::Notation::ascii, true));
  if (stats) o += fmt::format("built in {:.2f} ms{}\n", lib.build_ms, lib.from_cache ? " (from the cache " + lib.cache_file + ")" : "");
  std::fputs(o.c_str(), stdout);
  return 0;
}

}  // namespace

int run_stride(const StrideCliOptions& o) {
  auto target = isa::find_target(o.target);
  if (!target) return fail(fmt::format("unknown target '{}' (see shufc isa list --help)", o.target));
  const auto eb = elem_bits(o.elem);
  if (!eb) return fail(fmt::format("unknown element type '{}' (i8, i16, i32, i64, f16, f32, f64)", o.elem));
  stride::Mode mode{*target, *eb, o.bits ? o.bits : target->max_reg_bits};
  mode.floating = o.elem == "f32" || o.elem == "f64";
  if (mode.reg_bits > target->max_reg_bits || (mode.reg_bits != 64 && mode.reg_bits != 128 && mode.reg_bits != 256 && mode.reg_bits != 512))
    return fail(fmt::format("--bits {}: {} registers are 64 (NEON), 128, 256 or 512 bits, at most {}", mode.reg_bits, target->name,
                            target->max_reg_bits));
  if (mode.reg_bits <= mode.elem_bits) return fail(fmt::format("{}-bit elements do not make a vector of {} bits", mode.elem_bits, mode.reg_bits));
  if (o.cost != "paper") {
    mode.measure = stride::CostMeasure::cpu;
    mode.cpu = find_cpu(o.cost);
    if (!mode.cpu) return fail(fmt::format("unknown --cost '{}' (paper, or a CPU: skylake, icelake-server, sapphirerapids, znver4, neoverse-n1, neoverse-v1)", o.cost));
    if (mode.cpu->arch != target->arch) return fail(fmt::format("CPU '{}' is not a {} CPU", mode.cpu->name, target->name));
  }
  static const char* kEmits[] = {"c", "asm", "ll", "json", "formula", "scalar", "scalar-formula"};
  if (!o.emit.empty() && std::find(std::begin(kEmits), std::end(kEmits), o.emit) == std::end(kEmits))
    return fail(fmt::format("unknown --emit '{}' (c, asm, ll, json, formula, scalar, scalar-formula)", o.emit));

  const stride::BaseLibrary lib = stride::build_base_library(mode, o.no_cache ? "" : stride::default_cache_dir());
  if (o.library) return print_library(lib, o.json || o.emit == "json", o.stats);
  if (o.spec.empty()) return fail("give a stride permutation, e.g. 'L 64 8' (or --library)");
  const auto spec = parse_stride(o.spec);
  if (!spec) return fail(spec.error().str());
  auto r = stride::generate_stride(lib, spec->size, spec->stride, mode.cpu);
  if (!r) return fail(r.error().str());

  // Without a formula (the synthesiser's fallback) the permutation itself stands for it.
  const stride::FormulaPtr f = r->formula ? r->formula : stride::L(r->size, r->stride);
  const std::string formula = r->formula ? stride::print(*f) : "none";
  const std::string instructions = r->formula ? stride::print(*f, stride::Notation::ascii, true) : "one synthesized shuffle per output vector";
  const std::string title = fmt::format("L^{}_{}", r->size, r->stride);
  if (o.emit == "c") return std::fputs(emit_c(r->program, o.name, true).c_str(), stdout), 0;
  if (o.emit == "asm") return std::fputs(emit_asm(r->program, AsmSyntax::intel).c_str(), stdout), 0;
  if (o.emit == "ll") return std::fputs(emit_ir(r->program, o.name, true).c_str(), stdout), 0;
  // Table 2's scalar code: of the permutation (the reference), or of the derived formula (running
  // it checks the derivation independently of the instructions).
  if (o.emit == "scalar") return std::fputs(stride::scalar_c(*stride::L(r->size, r->stride), o.name, ctype_of(o.elem)).c_str(), stdout), 0;
  if (o.emit == "scalar-formula") return std::fputs(stride::scalar_c(*f, o.name, ctype_of(o.elem)).c_str(), stdout), 0;
  if (o.emit == "formula") {
    if (!r->formula) return fail(r->fallback);
    std::printf("%s = %s\n%s\n", title.c_str(), formula.c_str(), stride::print(*f, stride::Notation::latex).c_str());
    return 0;
  }
  const std::vector<std::string> lines = program_lines(r->program);
  if (o.json || o.emit == "json") {
    json j{{"permutation", title}, {"mode", mode.name()}, {"target", target->name}, {"elem", o.elem}, {"nu", mode.nu()},
           {"formula", r->formula ? json(formula) : json(nullptr)},
           {"formula_latex", r->formula ? json(stride::print(*f, stride::Notation::latex)) : json(nullptr)},
           {"instructions", instructions}, {"vectors", r->vectors}, {"shuffles", r->shuffles},
           {"moves", r->loads + r->stores}, {"loads", r->loads}, {"stores", r->stores}, {"constants", r->constants},
           {"cost", r->cost}, {"measure", measure_text(mode)}, {"lower_bound", r->lower_bound}, {"bound", r->bound},
           {"optimal", r->optimal()}, {"program", lines}, {"c", emit_c(r->program, o.name, true)},
           {"asm", emit_asm(r->program, AsmSyntax::intel)}};
    if (!r->fallback.empty()) j["fallback"] = r->fallback;
    if (o.stats) j["search_ms"] = r->search_ms, j["library_ms"] = lib.build_ms, j["library_from_cache"] = lib.from_cache;
    std::printf("%s\n", j.dump().c_str());
    return 0;
  }
  std::string out = fmt::format("{} on {}\n", title, mode.name());
  out += fmt::format("formula:      {} = {}\n", title, formula);
  if (!r->fallback.empty()) out += fmt::format("fallback:     {}: each output vector synthesized as one shuffle\n", r->fallback);
  out += fmt::format("instructions: {}\n", instructions);
  out += "program:\n";
  for (const std::string& l : lines) out += "  " + l + "\n";
  out += fmt::format("shuffles: {}{}\n", r->shuffles, r->constants ? fmt::format(" ({} with a control constant)", r->constants) : "");
  out += fmt::format("moves: {} ({} loads, {} stores)\n", r->loads + r->stores, r->loads, r->stores);
  out += fmt::format("cost: {} ({})\n", num(r->cost), measure_text(mode));
  out += fmt::format("lower bound: {} shuffles ({}): {}\n", r->lower_bound, r->bound,
                     r->optimal() ? "optimal: proven" : fmt::format("not proven optimal, gap {}", r->shuffles - r->lower_bound));
  if (o.stats)
    out += fmt::format("search: {:.2f} ms, {} subformulas; library: {:.2f} ms{}\n", r->search_ms, r->memo_entries, lib.build_ms,
                       lib.from_cache ? " (cached)" : "");
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace shufc::cli
