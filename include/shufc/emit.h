// Emitters: a Program as C intrinsics, assembly, LLVM IR. Every emitter takes a Program the
// simulator has run; nothing here changes what the Program computes.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "shufc/program.h"

namespace shufc {

// A self-contained C function. One output: `void NAME(const void *a, const void *b, void *r)`
// (one pointer per input, named after them, then r); several outputs:
// `void NAME(const void *in, void *out)` with the vectors laid out one after another (also for
// one output when `packed`). It includes what it needs and compiles warning-free with gcc-12 and
// clang-19.
std::string emit_c(const Program& p, std::string_view name, bool packed = false);

enum class AsmSyntax { att, intel };
// The instruction sequence, registers allocated, that llvm-mca-19 accepts as is; each line
// carries an LLVM-style lane comment ("xmm0 = xmm1[0],xmm2[0],xmm1[1],...").
std::string emit_asm(const Program& p, AsmSyntax syntax);

// What each instruction emit_asm writes is, as a cost table id: a step's record id, "copy.<bits>"
// (a register copy before a destructive instruction), "load.<bits>" / "load.k<bits>" (a control
// constant), "store.<bits>" / "reload.<bits>" (a spill and its reload). program_cost sums exactly these.
// emit_asm reads a control constant still in a register from an earlier instruction there
// (shared); unshared, each programmable instruction loads its own, as the search prices it.
std::vector<std::string> asm_cost_ids(const Program& p, bool share_controls = false);
// An id of asm_cost_ids that the register allocator added (a copy, a spill or its reload), not a
// step of the Program or its constant.
inline bool allocator_added(std::string_view cost_id) {
  return cost_id.starts_with("copy.") || cost_id.starts_with("store.") || cost_id.starts_with("reload.");
}
// Does the instruction's assembly overwrite one of its inputs or its control (SSE's two-operand
// forms, vpermt2b, NEON's ins)? Code that reads that register afterwards needs a copy first.
bool overwrites_an_operand(const isa::Instruction& in);
// The vector register the instruction's control must sit in (`{c:xmm0}` of SSE4.1's blendv: 0),
// or -1. Input k arrives in register k, so a live value there is copied out first.
int fixed_control_register(const isa::Instruction& in);

// An LLVM IR function `define void @NAME(ptr %a, ptr %b, ptr %r)` (same convention as emit_c)
// that passes `opt-19 -passes=verify`.
std::string emit_ir(const Program& p, std::string_view name, bool packed = false);

}  // namespace shufc
