// libFuzzer: a whole .ll module through LLVM's parser, then every shuffle found through the
// canonical form and classification (module operands are richer than one-line ones).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "shufc/module_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto shuffles = shufc::read_module(text, "fuzz.ll");
  if (shuffles)
    for (const shufc::ModuleShuffle& s : *shuffles) shufc::fuzz::check_shuffle(s.shuffle);
  (void)shufc::looks_like_module(text);
  return 0;
}
