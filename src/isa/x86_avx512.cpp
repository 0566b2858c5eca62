// x86 data movement records for AVX512 (filled in by the ISA tables work).
#include "records.h"

namespace shufc::isa {

std::span<const Instruction> x86_avx512_instructions() {
  static const std::vector<Instruction> t = {};
  return t;
}

}  // namespace shufc::isa
