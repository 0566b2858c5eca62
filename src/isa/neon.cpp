// AArch64 NEON data movement records (filled in by the ISA tables work).
#include "records.h"

namespace shufc::isa {

std::span<const Instruction> neon_instructions() {
  static const std::vector<Instruction> t = {};
  return t;
}

}  // namespace shufc::isa
