// What a shuffle's operands are to the search: its goal (a label per result byte) and the
// Program's inputs. Value operands are inputs passed in; zeroinitializer gives zero bytes,
// undef/poison free ones; a constant operand (`<i8 -1, ...>`, `splat (i32 7)`) is an input loaded
// from a constant, in one of the layouts below (docs/synth.md, "Constant operands").
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/program.h"
#include "shufc/shuffle_vector.h"
#include "shufc/synth.h"

namespace shufc::synth {

enum class ConstantLayout {
  natural,   // a constant operand is an input as it is (a punpcklbw with a splat reads it whole)
  in_place,  // one constant register holds every constant element where the result wants it (a
             // blend with it finishes the result): for results no wider than an operand
  or_fill,   // the search makes the result with zeros where constants go, and an or with a
             // constant of those bytes (zero elsewhere) finishes it: `fill`
  free,      // the constant bytes are free, no constant input: a relaxation whose bound holds
             // for every Program (a constant register can only stand in for zeros elsewhere)
};

struct OperandGoal {
  std::vector<int> goal;                        // one entry per result byte (goal.h's encoding)
  std::vector<std::string> names;               // the inputs, value operands first
  std::vector<int> operand;                     // per input: its operand (0, 1), -1 for the in-place constant
  std::vector<std::vector<uint8_t>> constant;   // per input: its bytes when constant (empty: a value)
  std::vector<uint8_t> fill;                    // or_fill: the result's constant bytes, zero elsewhere
  // Operands wider than a label's byte holds (256 bytes: an AVX-512 stride-5 load of <80 x i32>)
  // are split into registers before the search: each register an input of its own, named as a
  // split names it (`wide_3`), `input_bits` wide, starting at byte `offset` of its operand.
  // input_bits 0: every input is a whole operand (offset 0).
  unsigned input_bits = 0;
  std::vector<unsigned> offset;                 // per input
  bool has_constant() const;
  bool has_value() const;
};

// The goal and inputs under a layout. A constant element's bytes are the constant register's (a
// zero byte too: a blend takes the element whole); an element of zeros is a zero lane where no
// constant register holds it (free, or_fill, or no other element of its operand is read). nullopt for
// in_place when the result is wider than an operand, and for in_place and or_fill when the result
// reads no constant element but zeros. Errors: a constant literal without known bytes.
// `register_bits` > 0: the operands split into registers of that width (OperandGoal::input_bits;
// the operands' width a multiple of it); in_place is then nullopt (its register spans the result).
Expected<std::optional<OperandGoal>> operand_goal(const ShuffleVector& sv, ConstantLayout layout, unsigned register_bits = 0);

// Marks the Program's inputs that are a constant's registers (`c`, or `c_0`, `c_1`, ... when
// split into registers of p's width) with their bytes, and makes them whole registers. `in_bits`:
// the width of g's inputs.
void attach_constants(Program& p, const OperandGoal& g, unsigned in_bits);

// The first result byte where the Program, run on labels, does not hold what the shuffle says
// (a value operand's byte, a constant's value, zero), checked from the shuffle itself rather than
// the goal; nullopt when every defined byte is right.
std::optional<unsigned> wrong_result(const Program& p, const ShuffleVector& sv, const OperandGoal& g);

// A shuffle with constant operands: the search `solve` runs under the natural and the in-place
// layouts (each on a share of the budget; split into registers as `natural` is), the cheaper
// answer is taken with its constant loads,
// and the free layout's bound is its lower bound (proven only when the answer reaches it). The
// answer is checked against the shuffle by wrong_result before it is returned.
using SolveGoal = std::function<Expected<SynthResult>(const OperandGoal&, const SynthOptions&)>;
Expected<SynthResult> with_constants(const ShuffleVector& sv, const OperandGoal& natural, unsigned in_bits,
                                     const SynthOptions& opts, const SolveGoal& solve);

}  // namespace shufc::synth
