// libFuzzer: stride notation, then the whole stride engine on what parses (small sizes), whose
// every Program is checked by the simulator inside generate_stride (a wrong one throws).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "shufc/parse.h"
#include "shufc/stride/generate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const shufc::stride::BaseLibrary libs[] = {
      shufc::stride::build_base_library({*shufc::isa::find_target("sse2"), 16, 128}, ""),
      shufc::stride::build_base_library({*shufc::isa::find_target("avx2"), 32, 256}, ""),
  };
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto spec = shufc::parse_stride(text);
  if (!spec || spec->size > 256) return 0;
  for (const auto& lib : libs) (void)shufc::stride::generate_stride(lib, spec->size, spec->stride);
  return 0;
}
