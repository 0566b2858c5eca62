// The LLVM IR client of the OptVLS server (the role of X86InterleavedAccess in seed 003, section
// 6): finds the loop vectoriser's interleaved groups in a .ll module, hands their strided members
// to the server as memrefs, and rewrites each group it serves as contiguous (masked) loads or
// stores plus the server's verified shuffles, lowered to byte-level shufflevectors.
//
// LLVM types stay out of this header: it is built into shufc_llvm, and callers only see text.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "shufc/expected.h"

namespace shufc::vls {

struct IrClientOptions {
  std::string target = "avx2";
  std::string cpu;           // "" = icelake-server, as `shufc vls --access`
  bool always = false;       // rewrite every group the server serves, whatever the costs say
  unsigned budget_ms = 200;  // synthesis budget per shuffle
  bool debug = false;        // keep the server's trace
};

// One group the server formed, and what became of it.
struct IrGroupReport {
  std::string function;           // "@f"
  unsigned line = 0;              // line of the group's leading wide load / store (0: unknown)
  bool load = true;
  unsigned factor = 0;            // interleave factor of the wide accesses
  std::string type;               // of each member: "<4 x double>"
  std::vector<unsigned> fields;   // each member's field (lane offset within one interleaved tuple), by distance
  unsigned accesses = 0;          // wide loads / stores the members come from
  unsigned memory_ops = 0;        // contiguous loads / stores of the rewrite
  unsigned shuffles = 0;          // instructions of the server's Program
  double cost = 0;                // the server's: loads/stores + Program, on the CPU
  double original_cost = 0;       // LLVM's TTI cost of the original interleaved accesses (members' share)
  bool rewritten = false;
  std::string note;               // why it was kept, or what the server said
  std::vector<std::string> program;  // the Program, one line per instruction
};

struct IrRewrite {
  std::string module;                 // the rewritten module, verified
  std::vector<IrGroupReport> groups;  // by function, then by leading access
  std::string trace;                  // the server's, with options.debug
};

// Errors are the input's (not a module, an invalid one, unknown target or CPU, no interleaved
// access); a rewrite that fails LLVM's verifier throws std::logic_error (an internal error).
Expected<IrRewrite> rewrite_interleaved_groups(std::string_view text, const std::string& name,
                                               const IrClientOptions& options);

}  // namespace shufc::vls
