// The bytes of an IR constant: what a shufflevector's constant operand (`<i8 -1, i8 0, ...>`,
// `splat (float 1.0)`) holds in a register, so that a Program can load it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/shuffle_vector.h"
#include "shufc/types.h"

namespace shufc {

// One element literal as its type's bytes, little-endian: integers in decimal (either sign, any
// width of whole bytes), true/false; floats in decimal (exact in the type, as LLVM prints them)
// or hexadecimal (0x + a double's 16 digits for float and double, 0xH half, 0xR bfloat); null.
Expected<std::vector<uint8_t>> literal_bytes(const ElemType& t, const std::string& lit);

// Every byte of a constant operand of n elements (zeroinitializer, a splat or a constant
// vector; an undef element's bytes are 0). An error names the literal it cannot read.
Expected<std::vector<uint8_t>> operand_bytes(const Operand& op, const ElemType& t, unsigned n);

}  // namespace shufc
