// shufc vls: groups of strided accesses as contiguous loads/stores plus shuffles (OptVLS).
#pragma once
#include <string>

namespace shufc::cli {

struct VlsCliOptions {
  std::string access;        // --access text or JSON
  std::string input;         // or a file / - with the same
  std::string target = "avx2";
  std::string cpu;
  unsigned vector_length = 0;  // bytes; 0 = the target's widest register
  unsigned budget_ms = 1000;   // synthesis budget per shuffle (the searches mostly end on their own)
  std::string emit;          // c, asm, ll, json
  std::string name = "shufc_vls";
  std::string dot;           // file for the Graphviz graphs
  std::string strategy = "best";  // best, merge (the seed's split/merge), direct, radix2
  bool json = false;
  bool debug = false;
  bool greedy = false;       // the seed's greedy grouping, to compare
  bool seed_baseline = false;  // also cost the seed's whole design (slow: a split/merge per group)
  // An .ll module as input (the IR client, vls_ir_command.cpp):
  std::string output;        // -o: the rewritten module ("" = stdout, unless --json)
  bool always = false;       // rewrite every served group, whatever the costs say
};

int run_vls(const VlsCliOptions& o);
// `shufc vls file.ll`: `text` is the module read from o.input.
int run_vls_ir(const VlsCliOptions& o, const std::string& text);

}  // namespace shufc::cli
