// shufc table: the cheapest Program for every two-input 4-lane mask (LLVM's PerfectShuffle table).
#pragma once
#include <string>

namespace shufc::cli {

struct TableCliOptions {
  std::string target = "neon";
  std::string elem = "i32";
  unsigned lanes = 4;
  std::string set = "full";  // which set's Programs --json / --out print
  std::string cpu;           // "": unit costs (LLVM's); else that CPU's reciprocal throughputs
  std::string out;           // JSON lines to this file, the summary to stdout
  bool json = false;         // JSON lines to stdout instead of the summary
  bool instructions = false; // list the instances used and the records left out
  bool stats = false;        // times (off: the output is deterministic)
};

int run_table(const TableCliOptions& o);

}  // namespace shufc::cli
