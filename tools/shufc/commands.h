// The CLI's subcommands. Each returns the exit code: 0 ok, 1 bad input, 2 internal error.
#pragma once
#include <string>

namespace shufc::cli {

struct Options {
  std::string input;
  bool json = false;
  bool no_widen = false;
};

int run_canon(const Options& o);
int run_classify(const Options& o);
int run_lower_ir(const Options& o);

}  // namespace shufc::cli
