// Where each instruction of each function stands in the .ll text: LLVM's parser keeps no
// locations, so a light lexical pass over the lines does (one instruction per line, as LLVM
// prints it; a `[` ... `]` list, as in switch, may continue it over the next lines).
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace shufc::vls {

// Function name (without '@', unquoted) -> the 1-based line of each instruction, in order.
std::map<std::string, std::vector<unsigned>> instruction_lines(std::string_view text);

}  // namespace shufc::vls
