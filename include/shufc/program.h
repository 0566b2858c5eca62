// A Program: straight-line SSA over virtual vector registers; what every engine returns and
// every emitter prints.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/expected.h"
#include "shufc/isa/instruction.h"

namespace shufc {

struct Program {
  struct Input {
    std::string name;
    unsigned bits;      // register width
    unsigned held = 0;  // bits of the operand in the register's low part (0: the whole register)
    // A constant operand (a shufflevector's `<i8 -1, ...>`): the register's bytes, little-endian,
    // loaded from a constant rather than passed in (empty: a value the caller passes).
    std::vector<uint8_t> constant;
    bool is_constant() const { return !constant.empty(); }
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
  // Bits of the last output that are the result, its register's low part (0: the whole register;
  // the other outputs are whole). A shuffle narrower than every register of the target (x86's
  // <2 x float>) is made in the low part of one: its operands are loaded into the low part, the
  // rest left free, and only the low part is stored; a result of 1.5 registers (a 3-way
  // interleave of two zmm into 768 bits) is a whole register and the low half of another.
  unsigned out_held = 0;
  // Bits of the result where it is the last output's register and zeros past it (0: none): x86's
  // xmm or ymm written by a VEX or EVEX instruction has the rest of its zmm zeroed, so a <16 x i32>
  // that keeps lane 0 and zeroes the rest is an xmm blend (text form `out r zero 512`). The
  // emitters store those zeros; the assembly's last write to the register is such an instruction.
  unsigned out_zeroed = 0;

  unsigned num_values() const { return unsigned(inputs.size() + steps.size()); }
  unsigned bits_of(unsigned value) const;
  const std::string& name_of(unsigned value) const;
  // The bytes an input or output occupies in memory (the held part of its register).
  unsigned input_bytes(unsigned k) const { return (inputs[k].held ? inputs[k].held : inputs[k].bits) / 8; }
  // The inputs a caller passes (every input but the constants), in order.
  std::vector<unsigned> passed_inputs() const;
  unsigned output_held(unsigned o) const { return o + 1 == outputs.size() ? out_held : 0; }
  unsigned output_bytes(unsigned o) const { return (output_held(o) ? output_held(o) : bits_of(outputs[o])) / 8; }
};

// The text form, one instruction per line:
//   in a, b : 128          inputs and their register width in bits
//   in a, b : 128 low 64   (operands of 64 bits in the low part of 128-bit registers)
//   const c : 128 = [0x00,0xff,...]   a constant input: its register's bytes, little-endian
//   t = punpcklbw a, b
//   u = pshufd t, 27       a trailing number is the immediate
//   v = pshufb u, [3,2,1,0,7,6,5,4,11,10,9,8,15,14,13,12]   abstract control: source element or z
//   out v                  the results, in order
//   out v low 64           (a result of 64 bits: the low part of its register; with several
//                          results, of the last one: `out u, v low 256`)
// '#' and ';' start comments. Errors name the line and column; every instruction is checked
// against its record (argument count and widths, immediate range, control constraints).
Expected<Program> parse_program(std::string_view text);
std::string print_program(const Program& p);
// The same text, one line a string (what the JSON reports carry).
std::vector<std::string> program_lines(const Program& p);

}  // namespace shufc
