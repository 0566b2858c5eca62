// shufc synth.
#pragma once
#include <cstdint>
#include <string>

namespace shufc::cli {

struct SynthCliOptions {
  std::string input;
  std::string target = "avx2";
  std::string cpu;
  std::string objective = "throughput";
  std::string emit;       // c, asm, ll, json ("" = the report)
  std::string name = "shufc_shuffle";
  unsigned budget_ms = 1000;
  uint64_t node_budget = 2000000;
  bool json = false;
  bool batch = false;  // every core, JSON lines, a progress bar on a terminal
  bool stats = false;  // search time in the report (off: the output is deterministic)
};

int run_synth(const SynthCliOptions& o);

}  // namespace shufc::cli
