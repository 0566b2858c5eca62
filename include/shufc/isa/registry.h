// Every instruction shufc knows, and queries over them.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/isa/instruction.h"

namespace shufc::isa {

// All records, x86 then AArch64; ids are unique.
std::span<const Instruction> all_instructions();
const Instruction* find_instruction(std::string_view id);
// The instructions a target has (its features include the record's requirements).
std::vector<const Instruction*> instructions_for(const Target& t);

// The record tables, one per ISA family file (src/isa/*.cpp).
std::span<const Instruction> x86_sse_instructions();
// The VEX forms of the SSE records ("vpshufb" of "pshufb"), which AVX targets use instead.
std::span<const Instruction> x86_vex128_instructions();
bool has_vex_form(const Instruction& in);       // an SSE record (superseded on AVX targets)
std::string vex_template(std::string_view sse);  // "shufps {0}, {1}, {imm}" -> "vshufps {d}, {0}, {1}, {imm}"
std::span<const Instruction> x86_avx_instructions();
std::span<const Instruction> x86_avx512_instructions();
std::span<const Instruction> neon_instructions();

}  // namespace shufc::isa
