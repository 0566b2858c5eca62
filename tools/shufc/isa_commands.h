// The ISA and Program subcommands: isa list, isa show, run, emit.
#pragma once
#include <string>

namespace shufc::cli {

struct IsaOptions {
  std::string target = "avx512vbmi2";
  std::string name;      // isa show NAME
  std::string program;   // run/emit: a file, '-' or the program text
  std::string cpu;       // run: cost on this CPU
  std::string format = "c";   // emit: c, asm, att, intel, ir, json
  std::string function = "shufc_kernel";
  bool json = false;
};

int run_isa_list(const IsaOptions& o);
int run_isa_show(const IsaOptions& o);
int run_program(const IsaOptions& o);
int run_emit(const IsaOptions& o);

}  // namespace shufc::cli
