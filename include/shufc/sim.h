// The simulator: runs a Program on lane labels (a proof for pure data movement) and on values.
#pragma once
#include <cstdint>
#include <vector>

#include "shufc/program.h"

namespace shufc {

// One byte of a register as a label: which input and byte it came from, or zero.
struct ByteLabel {
  int16_t input = -1;  // -1: zero
  uint16_t byte = 0;   // with kSign set: the sign fill (0x00 / 0xff) of byte (byte & ~kSign)
  static constexpr uint16_t kSign = 0x8000;
  static ByteLabel zero() { return {-1, 0}; }
  bool is_sign() const { return input >= 0 && (byte & kSign); }
  // The sign fill of this byte: zero for zero, itself for a sign fill.
  ByteLabel sign_fill() const { return input < 0 ? zero() : ByteLabel{input, uint16_t(byte | kSign)}; }
  bool operator==(const ByteLabel&) const = default;
};

// Runs the Program on labels: input k's byte j is {k, j} (a constant input's zero bytes are zero); a sign extension's high bytes are sign
// fills of a byte ({k, j | kSign}: never equal to an input byte). Returns the label of every byte
// of every output, or nullopt when a step's bytes are not known that way (a saturating pack of an
// element whose dropped bytes are not zero / the sign fill of its top kept byte, an or of two
// non-zero bytes).
std::optional<std::vector<std::vector<ByteLabel>>> simulate_labels(const Program& p);

// Runs the Program on concrete bytes (little-endian registers), one vector per input, or one per
// input the caller passes (Program::passed_inputs): a constant input holds its own bytes.
std::vector<std::vector<uint8_t>> simulate_values(const Program& p, const std::vector<std::vector<uint8_t>>& inputs);

// Runs one instruction instance on concrete register bytes.
std::vector<uint8_t> execute(const isa::Instruction& in, const isa::Params& params,
                             const std::vector<std::vector<uint8_t>>& args);

}  // namespace shufc
