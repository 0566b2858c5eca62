// shufc: the command line. Thin: parse arguments, call the library, print.
#include <cstdio>
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.h"
#include "isa_commands.h"
#include "stride_command.h"
#include "synth_command.h"
#include "table_command.h"
#include "vls_command.h"

namespace {

bool has_command(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->get_name() == name) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"shufc, the shuffle compiler: canonical form, lanes and patterns of SIMD shuffles"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "shufc 0.1.0");
  shufc::cli::Options opts;

  auto add_common = [&](CLI::App* sub) {
    sub->add_option("input", opts.input,
                    "a shuffle (IR instruction or compact mask like v8i16:0,8,1,9,2,10,3,11), a file "
                    "(one per line, or a whole .ll module), or - for stdin")
        ->required();
    sub->add_flag("--json", opts.json, "print one JSON object per result (JSON lines)");
  };
  CLI::App* canon = app.add_subcommand("canon", "print the canonical form (seed 000) of each shuffle");
  add_common(canon);
  canon->add_flag("--no-widen", opts.no_widen, "keep non-power-of-two widths");
  CLI::App* classify = app.add_subcommand("classify", "canonical form, lanes, signature and every pattern matched");
  add_common(classify);
  CLI::App* lower = app.add_subcommand("lower-ir", "print simpler equivalent LLVM IR where a pattern has one");
  add_common(lower);

  shufc::cli::IsaOptions iopts;
  CLI::App* isa = app.add_subcommand("isa", "the instruction descriptions shufc knows");
  isa->require_subcommand(1);
  CLI::App* isa_list = isa->add_subcommand("list", "instructions of a target, with their index formulas");
  isa_list->add_option("--target", iopts.target, "sse2, sse3, ssse3, sse4.1, avx, avx2, avx512, avx512vbmi, avx512vbmi2, neon");
  isa_list->add_flag("--json", iopts.json, "one JSON object per instruction");
  CLI::App* isa_show = isa->add_subcommand("show", "one instruction: semantics, spellings, index maps");
  isa_show->add_option("name", iopts.name, "instruction id, e.g. pshufd")->required();
  isa_show->add_flag("--json", iopts.json, "JSON");

  CLI::App* run = app.add_subcommand("run", "simulate a Program (lanes, sample values) and cost it on a CPU");
  run->add_option("program", iopts.program, "a program file (see docs/isa.md), - for stdin, or the text")->required();
  run->add_option("--cpu", iopts.cpu, "skylake, icelake-server, sapphirerapids, znver4, neoverse-n1, neoverse-v1");
  run->add_flag("--json", iopts.json, "JSON");
  CLI::App* emit = app.add_subcommand("emit", "print a Program as C intrinsics, assembly or LLVM IR");
  emit->add_option("program", iopts.program, "a program file, - for stdin, or the text")->required();
  emit->add_option("--format", iopts.format, "c, att, intel, ir, json");
  emit->add_option("--function", iopts.function, "the function name (C and IR)");

  shufc::cli::SynthCliOptions sopts;
  CLI::App* synth = app.add_subcommand("synth", "the cheapest verified instruction sequence for a shuffle, with its cost and optimality");
  synth->add_option("input", sopts.input, "a shuffle (IR line or compact mask), a file, or - for stdin")->required();
  synth->add_option("--target", sopts.target, "sse2, sse3, ssse3, sse4.1, avx, avx2, avx512, avx512vbmi, avx512vbmi2, neon");
  synth->add_option("--cpu", sopts.cpu, "cost model: skylake, icelake-server (x86 default), sapphirerapids, znver4, neoverse-n1 (AArch64 default), neoverse-v1");
  synth->add_option("--objective", sopts.objective, "throughput (default: summed reciprocal throughputs), latency (critical path), count, ports (llvm-mca Block RThroughput: busiest ports or dispatch)");
  synth->add_option("--budget-ms", sopts.budget_ms, "search time budget per shuffle (default 1000)");
  synth->add_option("--node-budget", sopts.node_budget, "search nodes per shuffle at most (default 2000000)");
  synth->add_option("--emit", sopts.emit, "c, asm, ll or json instead of the report");
  synth->add_option("--name", sopts.name, "function name for --emit c / ll");
  synth->add_flag("--json", sopts.json, "one JSON object per shuffle");
  synth->add_flag("--stats", sopts.stats, "also report the search time");
  synth->add_flag("--batch", sopts.batch, "synthesize a file's shuffles on every core; JSON lines");

  shufc::cli::StrideCliOptions stopts;
  CLI::App* stride = app.add_subcommand("stride", "a stride permutation L^N_k (transpose, interleave) as a vectorized formula and a verified Program");
  stride->add_option("permutation", stopts.spec, "L^N_k as 'L 64 8' or 'L^64_8' (size N, stride k)");
  stride->add_option("--target", stopts.target, "sse2 (default), sse3, ssse3, sse4.1, avx, avx2, avx512, avx512vbmi, avx512vbmi2, neon");
  stride->add_option("--elem", stopts.elem, "element type: i8, i16, i32 (default), i64, f16, f32, f64");
  stride->add_option("--bits", stopts.bits, "register width (default: the target's widest)");
  stride->add_option("--cost", stopts.cost, "c_instr: paper (default: 1 binary, 0.9 unary) or a CPU's cost table (skylake, icelake-server, ...)");
  stride->add_option("--emit", stopts.emit, "c, asm, ll, json, formula, scalar (Table 2's C of L^N_k) or scalar-formula (of the derived formula) instead of the report");
  stride->add_option("--name", stopts.name, "function name for --emit c / ll / scalar");
  stride->add_flag("--json", stopts.json, "one JSON object");
  stride->add_flag("--library", stopts.library, "print the mode's base-case library");
  stride->add_flag("--no-cache", stopts.no_cache, "build the base-case library without the on-disk cache");
  stride->add_flag("--stats", stopts.stats, "also report search and library build times");

  shufc::cli::TableCliOptions topts;
  CLI::App* table = app.add_subcommand("table", "the cheapest verified Program for every two-input 4-lane mask (LLVM's PerfectShuffle table)");
  table->add_option("--target", topts.target, "neon (default), or an x86 target with a register of 4 lanes");
  table->add_option("--elem", topts.elem, "lane type: i32 (default), f32, i16, i64, ...");
  table->add_option("--lanes", topts.lanes, "lanes per register: 4");
  table->add_option("--set", topts.set, "full (default: every record that moves whole lanes), perfect-shuffle (LLVM's NEON operators) or perfect-shuffle-ins (with its ins additions, as AArch64's table)");
  table->add_option("--cpu", topts.cpu, "cost model: that CPU's reciprocal throughputs (default: every instruction costs 1)");
  table->add_option("--out", topts.out, "write one JSON line per mask to this file");
  table->add_flag("--json", topts.json, "one JSON line per mask on stdout, instead of the summary");
  table->add_flag("--instructions", topts.instructions, "list the instruction instances used and the records left out");
  table->add_flag("--stats", topts.stats, "also report the time");

  shufc::cli::VlsCliOptions vopts;
  CLI::App* vls = app.add_subcommand("vls", "groups of strided loads/stores as contiguous accesses plus verified shuffles (OptVLS)");
  vls->add_option("input", vopts.input, "the accesses: a file or - for stdin (text or JSON), instead of --access; or an .ll module to rewrite");
  vls->add_option("--access", vopts.access, "accesses like 'x[2k]:f64, x[2k+1]:f64' or 'store y[3k+1]:i8' or JSON");
  vls->add_option("--target", vopts.target, "sse2, sse3, ssse3, sse4.1, avx, avx2 (default), avx512, avx512vbmi, avx512vbmi2");
  vls->add_option("--cpu", vopts.cpu, "cost model: skylake, icelake-server (default), sapphirerapids, znver4");
  vls->add_option("--vector-length", vopts.vector_length, "bytes per vector (default: the target's widest register)");
  vls->add_option("--budget-ms", vopts.budget_ms, "synthesis budget per shuffle (default 1000)");
  vls->add_option("--strategy", vopts.strategy, "best (default), merge (the seed's split/merge only), direct, radix2");
  vls->add_option("--emit", vopts.emit, "c, asm, ll or json instead of the report");
  vls->add_option("--name", vopts.name, "function name for --emit c / ll");
  vls->add_option("--dot", vopts.dot, "write the graph of every stage as Graphviz to this file");
  vls->add_flag("--json", vopts.json, "one JSON object");
  vls->add_flag("--debug", vopts.debug, "print the server's trace (the seed's format) first");
  vls->add_flag("--greedy", vopts.greedy, "group greedily as the seed's server does (to compare)");
  vls->add_option("-o,--output", vopts.output, "with an .ll module: write the rewritten module here (default: stdout)");
  vls->add_flag("--always", vopts.always, "with an .ll module: rewrite every group the server serves, whatever the costs");
  vls->add_flag("--seed-baseline", vopts.seed_baseline, "also cost the seed's whole design: greedy groups, split/merge only, bail-out at > 2 sources");

  // CLI11 says only "A subcommand is required" for a misspelt one; name it.
  if (argc > 1 && argv[1][0] != '-' && !has_command(app, argv[1])) {
    std::fprintf(stderr, "shufc: error: unknown command '%s' (commands: canon, classify, lower-ir, isa, run, emit, synth, stride, table, vls; see --help)\n", argv[1]);
    return 1;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 1;
  }
  try {
    if (canon->parsed()) return shufc::cli::run_canon(opts);
    if (classify->parsed()) return shufc::cli::run_classify(opts);
    if (lower->parsed()) return shufc::cli::run_lower_ir(opts);
    if (isa_list->parsed()) return shufc::cli::run_isa_list(iopts);
    if (isa_show->parsed()) return shufc::cli::run_isa_show(iopts);
    if (run->parsed()) return shufc::cli::run_program(iopts);
    if (emit->parsed()) return shufc::cli::run_emit(iopts);
    if (synth->parsed()) return shufc::cli::run_synth(sopts);
    if (stride->parsed()) return shufc::cli::run_stride(stopts);
    if (table->parsed()) return shufc::cli::run_table(topts);
    if (vls->parsed()) return shufc::cli::run_vls(vopts);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "shufc: internal error: %s\n", e.what());
    return 2;
  }
  return 2;
}
