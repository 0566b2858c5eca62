// libFuzzer: the compact form "v8i16:0,8,1,9", then the canonical form and classification.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "shufc/parse.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  shufc::Expected<shufc::ShuffleVector> sv = shufc::parse_compact(text);
  if (sv) shufc::fuzz::check_shuffle(*sv);
  return 0;
}
