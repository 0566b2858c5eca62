// shufc vls: the OptVLS server driven by the command-line client (ArrayAccess memrefs, costs of a
// shufc target and CPU). Thin: parse, call the library, print.
#include "vls_command.h"

#include <cstdio>
#include <fstream>
#include <spawn.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "inputs.h"
#include "shufc/emit.h"
#include "shufc/module_reader.h"
#include "shufc/vls/access_list.h"
#include "shufc/vls/grouping.h"
#include "shufc/vls/program_builder.h"
#include "shufc/vls/seed_baseline.h"
#include "shufc/vls/sequence.h"
#include "shufc/vls/target_client.h"

namespace shufc::cli {

using json = nlohmann::ordered_json;

namespace {

int fail(const std::string& msg) {
  std::fprintf(stderr, "shufc: error: %s\n", msg.c_str());
  return 1;
}

// The trace, line by line (empty lines dropped).
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> v;
  for (size_t a = 0, b; a < text.size(); a = b + 1) {
    b = text.find('\n', a);
    if (b == std::string::npos) b = text.size();
    if (b > a) v.push_back(text.substr(a, b - a));
  }
  return v;
}

// One group as the report and JSON show it.
struct Served {
  const vls::Group* group;
  bool gathered = false;             // left to gathers / scatters
  std::optional<vls::Sequence> seq;
  Program program;
  double memory_cost = 0, shuffle_cost = 0, gather_cost = 0;
  std::string why_gathered;
  std::vector<std::string> considered;  // each strategy tried and its cost
};

// When Graphviz is installed, FILE.svg (FILE.2.svg, ... one per stage) next to FILE; without it
// the .dot file is the result. Spawned directly, never through a shell.
void render_svg(const std::string& file) {
  const char* argv[] = {"dot", "-Tsvg", "-O", file.c_str(), nullptr};
  pid_t pid;
  if (posix_spawnp(&pid, "dot", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0) return;
  int status = 0;
  waitpid(pid, &status, 0);
}

}  // namespace

int run_vls(const VlsCliOptions& o) {
  auto target = isa::find_target(o.target);
  if (!target) return fail(fmt::format("unknown target '{}' (see shufc isa list --help)", o.target));
  if (target->arch != isa::Arch::x86) return fail("shufc vls supports the x86 targets so far (sse2 ... avx512vbmi2)");
  const std::string cpu_name = !o.cpu.empty() ? o.cpu : "icelake-server";
  const CpuModel* cpu = find_cpu(cpu_name);
  if (!cpu) return fail(fmt::format("unknown CPU '{}'", cpu_name));
  if (cpu->arch != target->arch) return fail(fmt::format("CPU '{}' is not a {} CPU", cpu_name, target->name));
  if (!o.emit.empty() && o.emit != "c" && o.emit != "asm" && o.emit != "ll" && o.emit != "json")
    return fail(fmt::format("unknown --emit '{}' (c, asm, ll, json)", o.emit));
  vls::Strategy strategy;
  if (o.strategy == "best") strategy = vls::Strategy::Best;
  else if (o.strategy == "merge") strategy = vls::Strategy::SplitMerge;
  else if (o.strategy == "direct") strategy = vls::Strategy::Direct;
  else if (o.strategy == "radix2") strategy = vls::Strategy::Radix2;
  else return fail(fmt::format("unknown --strategy '{}' (best, merge, direct, radix2)", o.strategy));
  const unsigned vl = o.vector_length ? o.vector_length : target->max_reg_bits / 8;
  if (vl != 16 && vl != 32 && vl != 64) return fail(fmt::format("a vector length of {} bytes (16, 32 or 64)", vl));
  if (vl * 8 > target->max_reg_bits) return fail(fmt::format("{} has no {}-byte registers", target->name, vl));
  if (o.access.empty() == o.input.empty()) return fail("give the accesses with --access TEXT or as a file / - (not both)");
  std::string text = o.access;
  if (!o.input.empty()) {
    auto src = read_source(o.input, "a file of accesses");
    if (!src) return fail(src.error().str());
    text = *src ? **src : o.input;
    if (*src && looks_like_module(text)) return run_vls_ir(o, text);  // an .ll module: the IR client
  }
  auto list = vls::AccessList::parse(text, vl);
  if (!list) return fail(list.error().str());
  const std::vector<const vls::Memref*> memrefs = (*list)->memrefs();

  vls::ShuffleLowering lowering(*target, *cpu, o.budget_ms);
  vls::TargetCostClient client(lowering);
  vls::Trace trace;
  vls::Trace* tr = o.debug || !o.dot.empty() ? &trace : nullptr;
  const vls::Grouping grouping = o.greedy ? vls::get_groups_greedy(memrefs, vl, client) : vls::get_groups(memrefs, vl, client, tr);

  // Each group: its sequence and Program, or its gathers when it has no sequence.
  std::vector<Served> served;
  for (size_t gi = 0; gi < grouping.groups.size(); ++gi) {
    const vls::Group& g = grouping.groups[gi];
    Served s{&g};
    for (const vls::Memref* m : g.members) s.gather_cost += client.gather_cost(*m);
    if (tr) tr->line(0, "Group#{}:", gi + 1);
    if (!g.strided()) {
      s.gathered = true;
      s.why_gathered = "no constant stride";
    } else if (auto c = vls::compile_group(g, client, lowering, strategy, tr); !c) {
      if (g.size() > 1) return fail(fmt::format("group {}: {}", gi + 1, c.error().str()));
      s.gathered = true;  // a lone access the target cannot serve otherwise
      s.why_gathered = c.error().str();
    } else {
      s.seq = std::move(c->sequence);
      s.program = std::move(c->program);
      s.memory_cost = c->memory_cost;
      s.shuffle_cost = c->shuffle_cost;
      s.considered = c->considered;
    }
    served.push_back(std::move(s));
  }
  // One Program for the whole list: what --emit prints.
  std::vector<const Program*> parts;
  for (const Served& s : served)
    if (!s.gathered) parts.push_back(&s.program);
  const Program whole = vls::join_programs(parts);
  if (tr) {
    if (o.debug)
      for (const std::string& l : lines_of(trace.text)) std::printf("%s\n", l.c_str());
    if (!o.dot.empty()) {
      std::fflush(stdout);  // the trace is out before the file is written
      std::ofstream f(o.dot);
      if (!f) return fail(fmt::format("cannot write '{}'", o.dot));
      for (const std::string& d : trace.dot_graphs) f << d;
      f.close();
      render_svg(o.dot);
    }
  }
  // The seed's design costs a full split/merge per greedy group: only on request.
  std::optional<vls::SeedBaseline> seed;
  if (o.seed_baseline) seed = vls::seed_baseline(memrefs, vl, client, lowering);
  unsigned loads = 0, stores = 0, abstract_shuffles = 0;
  double cost = 0, gather_cost = 0, chosen_cost = 0;  // chosen: per group, the cheaper of the two
  for (const Served& s : served) {
    gather_cost += s.gather_cost;
    chosen_cost += s.gathered ? s.gather_cost : std::min(s.gather_cost, s.memory_cost + s.shuffle_cost);
    if (s.gathered) {
      cost += s.gather_cost;
      continue;
    }
    cost += s.memory_cost + s.shuffle_cost;
    abstract_shuffles += s.seq->shuffles;
    for (const vls::Instruction& in : s.seq->instructions) {
      loads += in.kind == vls::Instruction::Kind::Load;
      stores += in.kind == vls::Instruction::Kind::Store;
    }
  }
  if (whole.outputs.empty() && (o.emit == "c" || o.emit == "asm" || o.emit == "ll"))
    return fail("every access stays a gather/scatter: there is no Program to emit");
  if (o.emit == "c") return std::printf("%s", emit_c(whole, o.name).c_str()), 0;
  if (o.emit == "asm") return std::printf("%s", emit_asm(whole, AsmSyntax::att).c_str()), 0;
  if (o.emit == "ll") return std::printf("%s", emit_ir(whole, o.name).c_str()), 0;

  auto strategy_name = [](vls::Strategy s) { return vls::name(s); };
  if (o.json || o.emit == "json") {
    json j;
    j["target"] = target->name;
    j["cpu"] = std::string(cpu->name);
    j["vector_length"] = vl;
    json acc = json::array();
    for (const vls::Memref* m : memrefs)
      acc.push_back({{"access", m->describe()}, {"type", m->type().str()}, {"kind", std::string(vls::name(m->access()))}});
    j["accesses"] = acc;
    json groups = json::array(), detail = json::array();
    for (const Served& s : served) {
      std::vector<unsigned> idx = s.group->indices;
      std::sort(idx.begin(), idx.end());
      groups.push_back(idx);
      json d;
      d["members"] = idx;
      d["distances"] = s.group->distances;
      if (s.gathered) {
        d["gathered"] = s.why_gathered;
      } else {
        d["strategy"] = strategy_name(s.seq->strategy);
        // The Program's view: the member at distance 0 is the base; inputs (loads) or outputs
        // (stores) are the chunks at these byte offsets from it; members in distance order.
        d["base"] = s.group->indices[0];
        d["by_distance"] = s.group->indices;
        d["chunks"] = s.seq->chunks;
        json masks = json::array();
        for (const auto& m : s.seq->chunk_masks) {
          std::string bits;
          for (bool b : m) bits += b ? '1' : '0';
          masks.push_back(bits);
        }
        d["chunk_masks"] = masks;
        json seq = json::array();
        for (const auto& in : s.seq->instructions) seq.push_back(in.str("&" + s.group->members[0]->describe()));
        d["sequence"] = seq;
        d["program"] = program_lines(s.program);
        d["cost"] = s.memory_cost + s.shuffle_cost;
        d["decision"] = s.memory_cost + s.shuffle_cost <= s.gather_cost ? "sequence" : "gathers";
        for (const std::string& n : s.seq->notes) d["notes"].push_back(n);
        d["considered"] = s.considered;
      }
      d["gather_cost"] = s.gather_cost;
      detail.push_back(d);
    }
    j["groups"] = groups;
    j["loads"] = loads;
    j["stores"] = stores;
    j["shuffles"] = whole.steps.size();
    j["abstract_shuffles"] = abstract_shuffles;
    j["cost"] = cost;
    j["gather_cost"] = gather_cost;
    j["chosen_cost"] = chosen_cost;
    if (seed) j["seed_design_cost"] = seed->cost;  // greedy groups, split/merge only, bail-out at > 2 sources
    j["program"] = program_lines(whole);
    if (!whole.outputs.empty()) j["c"] = emit_c(whole, o.name);  // `void NAME(const void *in, void *out)`
    j["detail"] = detail;
    std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    return 0;
  }
  std::printf("; shufc vls: %zu accesses, %s on %s, vector length %u bytes%s\n", memrefs.size(), target->name.c_str(),
              std::string(cpu->name).c_str(), vl, o.greedy ? ", greedy grouping (the seed's)" : "");
  for (size_t gi = 0; gi < served.size(); ++gi) {
    const Served& s = served[gi];
    const vls::Group& g = *s.group;
    std::string who;
    for (size_t k = 0; k < g.size(); ++k)
      who += fmt::format("{}#{} {}{}", k ? ", " : "", g.indices[k] + 1, g.members[k]->describe(),
                         g.strided() ? fmt::format(" (dist {})", g.distances[k]) : "");
    std::printf("group %zu: %s\n", gi + 1, who.c_str());
    if (s.gathered) {
      std::printf("  gather/scatter (%s): %s, cost %.2f\n", s.why_gathered.c_str(), client.gather_kind(*g.members[0]).c_str(), s.gather_cost);
      continue;
    }
    unsigned ld = 0, st = 0;
    for (const auto& in : s.seq->instructions) ld += in.kind == vls::Instruction::Kind::Load, st += in.kind == vls::Instruction::Kind::Store;
    std::printf("  sequence (%s): %u %s, %u shuffles\n", strategy_name(s.seq->strategy), ld + st, ld ? "loads" : "stores", s.seq->shuffles);
    for (const auto& in : s.seq->instructions) std::printf("    %s\n", in.str("&" + g.members[0]->describe()).c_str());
    for (const std::string& n : s.seq->notes) std::printf("  note: %s\n", n.c_str());
    for (const std::string& c : s.considered) std::printf("  considered: %s\n", c.c_str());
    std::printf("  program (%zu instructions, verified by simulation):\n", s.program.steps.size());
    for (const std::string& l : program_lines(s.program)) std::printf("    %s\n", l.c_str());
    const double c = s.memory_cost + s.shuffle_cost;
    std::printf("  cost: %.2f (loads/stores) + %.2f (shuffles) = %.2f; gathers/scatters: %.2f (%zu x %s): %s\n", s.memory_cost,
                s.shuffle_cost, c, s.gather_cost, g.size(), client.gather_kind(*g.members[0]).c_str(),
                c < s.gather_cost ? "the sequence is cheaper" : c == s.gather_cost ? "a tie" : "the gathers are cheaper by this model");
  }
  std::printf("; total on %s: %.2f cycles reciprocal throughput (%u loads, %u stores, %zu shuffle instructions) vs %.2f with gathers/scatters\n",
              std::string(cpu->name).c_str(), cost, loads, stores, whole.steps.size(), gather_cost);
  std::printf("; each group by the cheaper of the two: %.2f\n", chosen_cost);
  if (seed)
    std::printf("; the seed's design (greedy groups, split/merge only, gathers where a node keeps > 2 sources): %.2f (%u group%s, %u bailed out)\n",
                seed->cost, seed->groups, seed->groups == 1 ? "" : "s", seed->bailed_out);
  return 0;
}

}  // namespace shufc::cli
