// Every shufflevector of a whole .ll module, read with LLVM 19's own IR parser.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "shufc/expected.h"
#include "shufc/shuffle_vector.h"

namespace shufc {

struct ModuleShuffle {
  std::string function;  // "@f"
  unsigned line = 0;     // 1-based line of the instruction in the text
  ShuffleVector shuffle;
};

// Parses `text` as an LLVM IR module (`name` is used in messages). A parse error names the line
// and column LLVM reports. The shuffles come in textual order.
Expected<std::vector<ModuleShuffle>> read_module(std::string_view text, const std::string& name);

// Does this text look like a whole module rather than a list of shuffles?
bool looks_like_module(std::string_view text);

}  // namespace shufc
