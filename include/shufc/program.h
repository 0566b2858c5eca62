// A Program: straight-line SSA over virtual vector registers; what every engine returns and
// every emitter prints.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "shufc/expected.h"
#include "shufc/isa/instruction.h"

namespace shufc {

struct Program {
  struct Input {
    std::string name;
    unsigned bits;  // register width
  };
  struct Step {
    std::string name;                 // the value it defines
    const isa::Instruction* instr;
    std::vector<unsigned> args;       // value ids: inputs first (0..k-1), then steps (k + j)
    uint64_t imm = 0;
    std::vector<int> control;         // abstract control of a programmable instruction
    isa::Params params() const { return {imm, control}; }
  };
  isa::Arch arch = isa::Arch::x86;
  std::vector<Input> inputs;
  std::vector<Step> steps;
  std::vector<unsigned> outputs;      // value ids

  unsigned num_values() const { return unsigned(inputs.size() + steps.size()); }
  unsigned bits_of(unsigned value) const;
  const std::string& name_of(unsigned value) const;
};

// The text form, one instruction per line:
//   in a, b : 128          inputs and their register width in bits
//   t = punpcklbw a, b
//   u = pshufd t, 27       a trailing number is the immediate
//   v = pshufb u, [3,2,1,0,7,6,5,4,11,10,9,8,15,14,13,12]   abstract control: source element or z
//   out v                  the results, in order
// '#' and ';' start comments. Errors name the line and column; every instruction is checked
// against its record (argument count and widths, immediate range, control constraints).
Expected<Program> parse_program(std::string_view text);
std::string print_program(const Program& p);
// The same text, one line a string (what the JSON reports carry).
std::vector<std::string> program_lines(const Program& p);

}  // namespace shufc
