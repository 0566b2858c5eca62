// The problem every engine solves: k input vectors -> m output lanes (seed-independent core model).
#pragma once
#include <string>
#include <vector>

#include "shufc/lane.h"
#include "shufc/types.h"

namespace shufc {

struct ShuffleVector;

struct Permutation {
  VecType input_type;                      // every input vector has this type
  unsigned num_inputs = 0;                 // live (non-constant) input vectors
  std::vector<std::string> input_names;    // e.g. "%x"; one per input
  std::vector<std::string> constants;      // literal text of each Const lane value
  std::vector<std::vector<Lane>> outputs;  // one vector of lanes per output vector
};

// The lanes of a (preferably canonical) shufflevector: value operands become inputs, a zero
// operand Zero lanes, splat or constant-vector operands Const lanes, undef/poison Undef lanes.
Permutation to_permutation(const ShuffleVector& sv);

}  // namespace shufc
