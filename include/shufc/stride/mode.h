// A vector mode (seed 002 section 2.1: "4-way 32-bit", "8-way 16-bit" ...) and the instruction
// matrices of a target in it, built from the ISA records: every instance's index map at the
// mode's element width, filtered to those that can be part of a permutation.
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "shufc/cost.h"
#include "shufc/isa/feature.h"
#include "shufc/stride/formula.h"

namespace shufc::stride {

// How c_instr is chosen: the paper's (binary 1, unary 0.9, a control constant's load 1), or one
// CPU's reciprocal throughput from the cost tables (a control constant adds its load).
enum class CostMeasure { paper, cpu };

struct Mode {
  isa::Target target;
  unsigned elem_bits = 32;  // element width
  unsigned reg_bits = 128;  // vector register width
  CostMeasure measure = CostMeasure::paper;
  const CpuModel* cpu = nullptr;  // for CostMeasure::cpu
  // The lane view: with lanes > 1 a "vector" of the formulas is one 128-bit lane, and only
  // instructions that do the same in every lane of a reg_bits register are its instructions
  // (AVX2's vunpcklps ymm acts as unpcklps on both lanes at once).
  unsigned lanes = 1;
  bool floating = false;  // f32/f64 data: the last tie-break prefers the FP domain's instructions
  unsigned nu() const { return reg_bits / elem_bits / lanes; }
  std::string name() const;  // "sse2 8-way 16-bit (128-bit registers)"
};

// The target's instruction matrices in one mode.
struct InstructionSet {
  Mode mode;
  std::vector<Instance> unary;   // ν x ν permutation matrices (records of one input, binary records on (x, x))
  std::vector<Instance> binary;  // ν x 2ν matrices with one 1 per row and at most one per column
  std::vector<const isa::Instruction*> programmable;  // solved for their control, never enumerated
  unsigned instances = 0;        // every instance tried, before filtering
  std::unordered_map<std::string, size_t> unary_by_map, binary_by_map;  // map -> cheapest instance
  double c_of(const isa::Instruction& in, bool programmable) const;
  // The cheapest enumerated instance with this matrix (arity 1: unary, 2: binary), or null.
  const Instance* find(const std::vector<int>& map, unsigned arity) const;
};

InstructionSet build_instruction_set(const Mode& mode);

// Is `a` preferable to `b`: cheaper; as cheap and of higher throughput on a reference CPU
// (icelake-server / neoverse-n1: under the paper's measure punpckldq and unpcklps both cost 1,
// but Ice Lake runs the integer unpack on two ports and the FP one on one); or, still tied, in the
// data's domain (a bypass delay the tables do not show)?
bool preferable(const Instance& a, const Instance& b, const Mode& mode);

// The cheapest single instruction yielding `map` (ν entries over `arity` vectors side by side):
// an enumerated instance or a programmable instruction with a solved control. With arity 2 a
// unary instance on one of the two vectors counts too (its map rebased). nullopt: none.
// Rebuilds an instance from its record, immediate, control and operands (what the on-disk cache
// keeps); nullopt when it is no matrix of this mode.
std::optional<Instance> make_instance(const InstructionSet& set, const isa::Instruction& in, uint64_t imm,
                                      std::vector<int> control, std::vector<unsigned> operands);

std::optional<Instance> cheapest_instance(const InstructionSet& set, const std::vector<int>& map, unsigned arity);

}  // namespace shufc::stride
