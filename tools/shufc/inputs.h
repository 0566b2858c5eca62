// Reading the CLI's inputs: an argument, a file or stdin; one shuffle per line or a whole module.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/shuffle_vector.h"

namespace shufc::cli {

struct Input {
  std::string file;      // "" for an argument, else the file name or "<stdin>"
  std::string function;  // module inputs: "@f"
  unsigned line = 0;     // line in the file
  std::string text;      // the input line as written (for error messages)
  Expected<ShuffleVector> shuffle;

  // "FILE:LINE: " or "FILE:LINE: @f: " ("" for an argument)
  std::string prefix() const;
  // The parse error with its location: "FILE:LINE:COL: message", or for an argument the message
  // followed by the input and a caret under the column.
  std::string error_text() const;
};

// The text behind `arg` when it names a source: "-" is stdin, a regular file its contents;
// nullopt when `arg` is neither (it is then the input itself), an Error for a directory or an
// unreadable file.
// `what` names the expected file in messages ("a file of shuffles").
Expected<std::optional<std::string>> read_source(const std::string& arg, const char* what);

// `arg` is "-" (stdin), a readable file, or the text of one input. Module-level errors (LLVM's
// parser refused the file) are returned as the error; per-line errors live in each Input.
Expected<std::vector<Input>> read_inputs(const std::string& arg);

}  // namespace shufc::cli
