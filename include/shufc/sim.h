// The simulator: runs a Program on lane labels (a proof for pure data movement) and on values.
#pragma once
#include <cstdint>
#include <vector>

#include "shufc/program.h"

namespace shufc {

// One byte of a register as a label: which input and byte it came from, or zero.
struct ByteLabel {
  int16_t input = -1;  // -1: zero
  uint16_t byte = 0;
  static ByteLabel zero() { return {-1, 0}; }
  bool operator==(const ByteLabel&) const = default;
};

// Runs the Program on labels: input k's byte j is {k, j}. Returns the label of every byte of every
// output, or nullopt when a step changes values (sign extension, signed saturation, an unsigned
// saturating pack of an element whose high bytes are not zero): labels cannot follow those.
std::optional<std::vector<std::vector<ByteLabel>>> simulate_labels(const Program& p);

// Runs the Program on concrete bytes (little-endian registers), one vector per input.
std::vector<std::vector<uint8_t>> simulate_values(const Program& p, const std::vector<std::vector<uint8_t>>& inputs);

// Runs one instruction instance on concrete register bytes.
std::vector<uint8_t> execute(const isa::Instruction& in, const isa::Params& params,
                             const std::vector<std::vector<uint8_t>>& args);

}  // namespace shufc
