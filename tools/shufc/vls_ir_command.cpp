// shufc vls file.ll: the OptVLS IR client on a module. Thin: call the library, print the
// report and the rewritten module.
#include <cstdio>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "shufc/vls/ir_client.h"
#include "vls_command.h"

namespace shufc::cli {

namespace {

std::string fields_of(const vls::IrGroupReport& g) {
  std::string s;
  for (size_t i = 0; i < g.fields.size(); ++i) s += fmt::format("{}{}", i ? "," : "", g.fields[i]);
  return s;
}

// One line per group: where, what, and what became of it.
std::string describe(size_t k, const vls::IrGroupReport& g) {
  std::string s = fmt::format("group {}: {} line {}: {} factor {}, {} fields {} ({} wide {}{})", k + 1, g.function, g.line,
                              g.load ? "load" : "store", g.factor, g.type, fields_of(g), g.accesses,
                              g.load ? "load" : "store", g.accesses == 1 ? "" : "s");
  if (g.memory_ops)
    s += fmt::format(": {} {} + {} shuffles, cost {:.2f} vs {:.2f} (LLVM's cost of the original)", g.memory_ops,
                     g.load ? "loads" : "stores", g.shuffles, g.cost, g.original_cost);
  s += g.rewritten ? ": rewritten" : ": " + g.note;
  return s;
}

}  // namespace

int run_vls_ir(const VlsCliOptions& o, const std::string& text) {
  if (!o.access.empty()) {
    std::fprintf(stderr, "shufc: error: give the accesses with --access TEXT or as a file / - (not both)\n");
    return 1;
  }
  if (!o.emit.empty() || o.greedy || o.seed_baseline || !o.dot.empty() || o.vector_length || o.strategy != "best") {
    std::fprintf(stderr, "shufc: error: --emit, --greedy, --seed-baseline, --dot, --vector-length and --strategy "
                         "apply to access lists, not to an .ll module\n");
    return 1;
  }
  vls::IrClientOptions opts;
  opts.target = o.target;
  opts.cpu = o.cpu;
  opts.always = o.always;
  opts.budget_ms = o.budget_ms;
  opts.debug = o.debug;
  const std::string name = o.input == "-" ? "<stdin>" : o.input;
  auto r = vls::rewrite_interleaved_groups(text, name, opts);
  if (!r) {
    std::fprintf(stderr, "shufc: error: %s: %s\n", name.c_str(), r.error().str().c_str());
    return 1;
  }
  if (!o.output.empty()) {
    std::ofstream f(o.output);
    if (!f || !(f << r->module) || (f.close(), !f)) {
      std::fprintf(stderr, "shufc: error: cannot write '%s'\n", o.output.c_str());
      return 1;
    }
  }
  if (o.json) {
    nlohmann::ordered_json j;
    j["input"] = name;
    j["target"] = o.target;
    j["cpu"] = o.cpu.empty() ? "icelake-server" : o.cpu;
    nlohmann::ordered_json groups = nlohmann::ordered_json::array();
    for (const vls::IrGroupReport& g : r->groups) {
      nlohmann::ordered_json x;
      x["function"] = g.function;
      x["line"] = g.line;
      x["kind"] = g.load ? "load" : "store";
      x["factor"] = g.factor;
      x["type"] = g.type;
      x["fields"] = g.fields;
      x["wide_accesses"] = g.accesses;
      x["memory_ops"] = g.memory_ops;
      x["shuffles"] = g.shuffles;
      x["cost"] = g.cost;
      x["original_cost"] = g.original_cost;
      x["rewritten"] = g.rewritten;
      if (!g.note.empty()) x["note"] = g.note;
      x["program"] = g.program;
      groups.push_back(x);
    }
    j["groups"] = groups;
    if (o.output.empty()) j["module"] = r->module;
    if (o.debug) j["trace"] = r->trace;
    std::printf("%s\n", j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace).c_str());
    return 0;
  }
  // The report: plain lines with -o, else `;` comments above the module (which stays valid IR).
  const char* lead = o.output.empty() ? "; " : "";
  auto print_lines = [&](const std::string& t, const char* prefix) {
    for (size_t a = 0, b; a < t.size(); a = b + 1) {
      b = t.find('\n', a);
      if (b == std::string::npos) b = t.size();
      std::printf("%s%s\n", prefix, t.substr(a, b - a).c_str());
    }
  };
  if (o.debug) print_lines(r->trace, lead);
  unsigned rewritten = 0;
  for (size_t k = 0; k < r->groups.size(); ++k) {
    rewritten += r->groups[k].rewritten;
    std::printf("%sshufc vls: %s\n", lead, describe(k, r->groups[k]).c_str());
    if (o.debug)
      for (const std::string& l : r->groups[k].program) std::printf("%s    %s\n", lead, l.c_str());
  }
  std::printf("%sshufc vls: %u of %zu groups rewritten (%s on %s)\n", lead, rewritten, r->groups.size(), o.target.c_str(),
              o.cpu.empty() ? "icelake-server" : o.cpu.c_str());
  if (o.output.empty()) std::printf("%s", r->module.c_str());
  return 0;
}

}  // namespace shufc::cli
