// x86 data movement records for AVX (filled in by the ISA tables work).
#include "records.h"

namespace shufc::isa {

std::span<const Instruction> x86_avx_instructions() {
  static const std::vector<Instruction> t = {};
  return t;
}

}  // namespace shufc::isa
