// shufc synth: the cheapest verified Program for each shuffle, with its cost and optimality.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <string>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "inputs.h"
#include "shufc/emit.h"
#include "shufc/synth.h"
#include "synth_command.h"

#include <optional>

namespace shufc::cli {

using json = nlohmann::ordered_json;

int run_synth(const SynthCliOptions& o) {
  auto target = isa::find_target(o.target);
  if (!target) {
    std::fprintf(stderr, "shufc: error: unknown target '%s' (see shufc isa list --help)\n", o.target.c_str());
    return 1;
  }
  const std::string cpu_name = !o.cpu.empty() ? o.cpu : target->arch == isa::Arch::x86 ? "icelake-server" : "neoverse-n1";
  const CpuModel* cpu = find_cpu(cpu_name);
  if (!cpu) {
    std::fprintf(stderr, "shufc: error: unknown CPU '%s'\n", cpu_name.c_str());
    return 1;
  }
  SynthOptions so{*target, cpu};
  if (o.objective == "throughput") so.objective = Objective::throughput;
  else if (o.objective == "latency") so.objective = Objective::latency;
  else if (o.objective == "count") so.objective = Objective::count;
  else if (o.objective == "ports") so.objective = Objective::ports;
  else {
    std::fprintf(stderr, "shufc: error: unknown objective '%s' (throughput, latency, count, ports)\n", o.objective.c_str());
    return 1;
  }
  so.budget_ms = o.budget_ms;
  so.node_budget = o.node_budget;
  if (!o.emit.empty() && o.emit != "c" && o.emit != "asm" && o.emit != "ll" && o.emit != "json") {
    std::fprintf(stderr, "shufc: error: unknown --emit '%s' (c, asm, ll, json)\n", o.emit.c_str());
    return 1;
  }
  auto inputs = read_inputs(o.input);
  if (!inputs) {
    std::fprintf(stderr, "shufc: error: %s\n", inputs.error().str().c_str());
    return 1;
  }
  // All shuffles are synthesized first, on every core for --batch, then printed in input order.
  std::vector<std::optional<Expected<SynthResult>>> results(inputs->size());
  // An internal error (a Program that fails its own check) stops that case, not the batch: the
  // others are printed, the exit code is 2.
  std::vector<std::string> internal(inputs->size());
  {
    std::atomic<size_t> next{0}, done{0};
    const bool bar = o.batch && isatty(2);
    auto work = [&] {
      for (size_t i; (i = next++) < inputs->size();) {
        const Input& in = (*inputs)[i];
        if (in.shuffle) {
          try {
            results[i].emplace(synthesize(*in.shuffle, so));
          } catch (const std::exception& e) {
            internal[i] = e.what();
          }
        }
        const size_t d = ++done;
        if (bar && (d % 16 == 0 || d == inputs->size()))
          std::fprintf(stderr, "\rshufc synth: %zu/%zu", d, inputs->size());
      }
    };
    const unsigned threads = o.batch ? std::max(1u, std::thread::hardware_concurrency()) : 1;
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (bar) std::fprintf(stderr, "\n");
  }
  int rc = 0;
  for (size_t idx = 0; idx < inputs->size(); ++idx) {
    const Input& in = (*inputs)[idx];
    if (!in.shuffle) {
      std::fprintf(stderr, "shufc: error: %s\n", in.error_text().c_str());
      rc = std::max(rc, 1);
      continue;
    }
    if (!results[idx]) {
      std::fprintf(stderr, "shufc: internal error: %s%s\n", in.prefix().c_str(), internal[idx].c_str());
      rc = 2;
      continue;
    }
    auto& r = *results[idx];
    if (!r) {
      std::fprintf(stderr, "shufc: error: %s%s\n", in.prefix().c_str(), r.error().str().c_str());
      rc = std::max(rc, 1);
      continue;
    }
    const Program& p = r->program;
    if (o.emit == "c") {
      std::printf("%s", emit_c(p, o.name).c_str());
      continue;
    }
    if (o.emit == "asm") {
      std::printf("%s", emit_asm(p, AsmSyntax::att).c_str());
      continue;
    }
    if (o.emit == "ll") {
      std::printf("%s", emit_ir(p, o.name).c_str());
      continue;
    }
    const ProgramCost pc = program_cost(p, *cpu, true);
    if (o.json || o.batch || o.emit == "json") {
      json j;
      j["input"] = in.shuffle->str();
      if (!in.file.empty()) j["line"] = in.line;
      j["program"] = program_lines(p);
      j["target"] = target->name;
      j["cpu"] = std::string(cpu->name);
      j["objective"] = o.objective;
      j["cost"] = {{"throughput", pc.rthroughput}, {"port_throughput", pc.port_rthroughput},
                   {"block_throughput", pc.block_rthroughput}, {"latency", pc.latency},
                   {"uops", pc.uops}, {"instructions", pc.instructions}};
      j["optimal"] = r->optimal;
      j["objective_cost"] = r->cost;
      j["lower_bound"] = r->lower_bound;
      j["search"] = {{"values_expanded", r->nodes}, {"values_reached", r->values}, {"budget_exhausted", r->budget_exhausted}, {"levels", r->levels},
                     {"past_levels", r->past_levels}};
      if (o.stats) j["search"]["ms"] = r->ms, j["search"]["cpu_ms"] = r->cpu_ms, j["search"]["catalog_ms"] = r->catalog_ms;
      j["c"] = emit_c(p, o.name);
      j["asm"] = emit_asm(p, AsmSyntax::att);
      std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
      continue;
    }
    std::printf("; %s%s\n%s", in.prefix().c_str(), in.shuffle->str().c_str(), print_program(p).c_str());
    std::printf("; cost on %s: %.2f cycles reciprocal throughput (%.2f on the busiest ports), %.0f cycles latency, %u uops, %u instructions\n",
                std::string(cpu->name).c_str(), pc.rthroughput, pc.port_rthroughput, pc.latency, pc.uops, pc.instructions);
    // The search's objective (docs/synth.md: a control load counts beside its instruction, not on
    // top of it), the unit of the bound.
    if (r->optimal)
      std::printf("; optimal: proven (%s %.6g)\n", o.objective.c_str(), r->cost);
    else
      std::printf("; optimal: not proven; %s %.6g, lower bound %.6g%s\n", o.objective.c_str(), r->cost, r->lower_bound,
                  r->budget_exhausted ? ", the search budget ran out" : "");
    std::printf("; search: %llu values expanded, %llu reached", (unsigned long long)r->nodes, (unsigned long long)r->values);
    if (o.stats)
      std::printf(", complete levels %u%s, %.1f ms (%.1f ms CPU; instance catalog %.1f ms)", r->levels,
                  r->past_levels ? " (the rest ruled out by the one-crossing argument)" : "", r->ms, r->cpu_ms, r->catalog_ms);
    std::printf("\n");
  }
  return rc;
}

}  // namespace shufc::cli
