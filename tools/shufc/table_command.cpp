// shufc table: builds the table for the chosen set (and, on NEON, for LLVM's PerfectShuffle
// operators too, to compare like with like under the same costs) and prints a summary or JSON lines.
#include "table_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "shufc/table.h"

namespace shufc::cli {

using json = nlohmann::ordered_json;

namespace {

// Lane width of an element type name (i8 .. i64, f16, f32, f64).
std::optional<unsigned> elem_bits(const std::string& e) {
  static const std::map<std::string, unsigned> bits = {{"i8", 8},   {"i16", 16}, {"i32", 32}, {"i64", 64},
                                                       {"f16", 16}, {"f32", 32}, {"f64", 64}};
  auto it = bits.find(e);
  if (it == bits.end()) return std::nullopt;
  return it->second;
}

std::string cost_text(double c) { return std::fabs(c - std::round(c)) < 1e-9 ? fmt::format("{:.0f}", c) : fmt::format("{:.2f}", c); }

// "0: 9, 1: 124, ..." in increasing cost.
std::string distribution(const Table& t) {
  std::map<long long, unsigned> count;
  for (const TableEntry& e : t.entries) ++count[std::llround(e.cost * 1000)];
  std::string s;
  for (const auto& [c, n] : count) s += fmt::format("{}{}: {}", s.empty() ? "" : ", ", cost_text(double(c) / 1000), n);
  return s;
}

double mean_cost(const Table& t) {
  double sum = 0;
  for (const TableEntry& e : t.entries) sum += e.cost;
  return sum / double(t.entries.size());
}

// One mask: the first table's Program and cost, and the other tables' costs.
std::string entry_json(const std::vector<Table>& tables, size_t m, const std::string& elem) {
  const TableEntry& e = tables[0].entries[m];
  json j;
  json mask = json::array();
  for (int d : e.mask) mask.push_back(d == kTableUndef ? -1 : d);
  j["mask"] = mask;
  j["compact"] = fmt::format("v4{}:{}", elem, mask_text(e.mask));
  j["set"] = name(tables[0].options.set);
  j["program"] = program_lines(e.program);
  j["cost"] = e.cost;
  j["instructions"] = e.instructions;
  j["optimal"] = e.optimal;
  // What the emitted assembly costs, register copies before destructive instructions included.
  if (const CpuModel* cpu = tables[0].options.cpu) j["as_emitted"] = program_cost(e.program, *cpu, true).rthroughput;
  for (size_t k = 1; k < tables.size(); ++k) j[fmt::format("{}_cost", name(tables[k].options.set))] = tables[k].entries[m].cost;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

void print_set(const Table& t, bool instructions, bool stats) {
  unsigned proven = 0, reuse = 0, lookups = 0;
  for (const TableEntry& e : t.entries) {
    proven += e.optimal;
    bool programmable = false;
    for (const Program::Step& st : e.program.steps) programmable |= st.instr->programmable();
    lookups += programmable;
    // A value read by two different steps (not one step reading a register twice).
    std::vector<unsigned> readers(e.program.num_values(), 0);
    for (const Program::Step& st : e.program.steps) {
      std::vector<unsigned> args = st.args;
      std::sort(args.begin(), args.end());
      args.erase(std::unique(args.begin(), args.end()), args.end());
      for (unsigned a : args) ++readers[a];
    }
    for (unsigned v = unsigned(e.program.inputs.size()); v < readers.size(); ++v)
      if (readers[v] > 1) {
        ++reuse;
        break;
      }
  }
  std::printf("set %s: cost %s; mean %.3f\n", name(t.options.set), distribution(t).c_str(), mean_cost(t));
  std::printf("  proven optimal %u (no Program cheaper than %s is left untried); a value reused %u; a table lookup %u\n", proven,
              cost_text(t.proven_bound).c_str(), reuse, lookups);
  if (instructions) {
    std::printf("  instances (%zu):", t.instances.size());
    for (const std::string& i : t.instances) std::printf(" %s;", i.c_str());
    std::printf("\n");
    for (const TableExclusion& x : t.excluded) std::printf("  left out %s: %s\n", x.id.c_str(), x.reason.c_str());
  }
  if (stats)
    std::printf("  time: %.1f ms (dynamic programme %.1f ms in %u rounds, shared values and masks %.1f ms, Programs built and "
                "simulated %.1f ms)\n",
                t.search_ms + t.shared_ms + t.verify_ms, t.search_ms, t.rounds, t.shared_ms, t.verify_ms);
}

}  // namespace

int run_table(const TableCliOptions& o) {
  auto target = isa::find_target(o.target);
  if (!target) {
    std::fprintf(stderr, "shufc: error: unknown target '%s' (see shufc isa list --help)\n", o.target.c_str());
    return 1;
  }
  const auto bits = elem_bits(o.elem);
  if (!bits) {
    std::fprintf(stderr, "shufc: error: unknown element type '%s' (i8, i16, i32, i64, f16, f32, f64)\n", o.elem.c_str());
    return 1;
  }
  if (o.lanes != kTableLanes) {
    std::fprintf(stderr, "shufc: error: tables cover 4-lane masks (9^4 = 6561 of them); --lanes %u is not supported\n", o.lanes);
    return 1;
  }
  TableSet set;
  if (o.set == "full") set = TableSet::full;
  else if (o.set == "perfect-shuffle") set = TableSet::perfect_shuffle;
  else if (o.set == "perfect-shuffle-ins") set = TableSet::perfect_shuffle_ins;
  else {
    std::fprintf(stderr, "shufc: error: unknown set '%s' (full, perfect-shuffle, perfect-shuffle-ins)\n", o.set.c_str());
    return 1;
  }
  const CpuModel* cpu = nullptr;
  if (!o.cpu.empty() && !(cpu = find_cpu(o.cpu))) {
    std::fprintf(stderr, "shufc: error: unknown CPU '%s'\n", o.cpu.c_str());
    return 1;
  }
  // The chosen set first; on NEON, LLVM's operator sets beside the full one (the comparison).
  std::vector<TableSet> sets = {set};
  if (target->arch == isa::Arch::aarch64)
    for (TableSet s : {TableSet::full, TableSet::perfect_shuffle, TableSet::perfect_shuffle_ins})
      if (s != set) sets.push_back(s);
  std::vector<Table> tables;
  for (TableSet s : sets) {
    auto t = build_table({*target, *bits, s, cpu});
    if (!t) {
      std::fprintf(stderr, "shufc: error: %s\n", t.error().str().c_str());
      return 1;
    }
    tables.push_back(std::move(*t));
  }
  // In a fixed order for the summary: full, perfect-shuffle, perfect-shuffle-ins.
  std::vector<const Table*> ordered;
  for (TableSet s : {TableSet::full, TableSet::perfect_shuffle, TableSet::perfect_shuffle_ins})
    for (const Table& t : tables)
      if (t.options.set == s) ordered.push_back(&t);

  if (o.json || !o.out.empty()) {
    std::FILE* f = stdout;
    if (!o.out.empty() && !(f = std::fopen(o.out.c_str(), "w"))) {
      std::fprintf(stderr, "shufc: error: cannot write '%s'\n", o.out.c_str());
      return 1;
    }
    for (size_t m = 0; m < tables[0].entries.size(); ++m)
      std::fprintf(f, "%s\n", entry_json(tables, m, o.elem).c_str());
    if (f != stdout && std::fclose(f) != 0) {
      std::fprintf(stderr, "shufc: error: cannot write '%s'\n", o.out.c_str());
      return 1;
    }
    if (o.json) return 0;
  }

  std::printf("; shufc table: %s, 4 x %s (%u-bit registers), %zu masks (each lane 0..7 or u)\n", target->name.c_str(),
              o.elem.c_str(), 4 * *bits, tables[0].entries.size());
  if (cpu)
    std::printf("; cost: reciprocal throughput on %s (cycles), a control vector's load included\n", std::string(cpu->name).c_str());
  else
    std::printf("; cost: instructions (each costs 1, as in LLVM's generator; a control vector's load counts 1)\n");
  for (const Table* t : ordered) print_set(*t, o.instructions, o.stats);
  const Table& full = *ordered[0];
  for (size_t k = 1; k < ordered.size(); ++k) {
    unsigned cheaper = 0, equal = 0, dearer = 0;
    for (size_t m = 0; m < full.entries.size(); ++m) {
      const double d = full.entries[m].cost - ordered[k]->entries[m].cost;
      (d < -1e-9 ? cheaper : d > 1e-9 ? dearer : equal) += 1;
    }
    std::printf("full vs %s (same costs): cheaper %u, equal %u, dearer %u\n", name(ordered[k]->options.set), cheaper, equal, dearer);
  }
  std::printf("every Program verified by simulate_labels\n");
  return 0;
}

}  // namespace shufc::cli
