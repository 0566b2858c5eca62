// shufc stride.
#pragma once
#include <string>

namespace shufc::cli {

struct StrideCliOptions {
  std::string spec;             // "L 64 8", "L^64_8"
  std::string target = "sse2";
  std::string elem = "i32";     // i8 i16 i32 i64 f32 f64
  unsigned bits = 0;            // register width; 0: the target's widest
  std::string cost = "paper";   // paper, or a CPU name for its cost table
  std::string emit;             // c, asm, ll, json, formula, scalar ("" = the report)
  std::string name = "shufc_stride";
  bool json = false;
  bool library = false;         // print the base-case library instead
  bool no_cache = false;
  bool stats = false;           // times in the report (off: deterministic output)
};

int run_stride(const StrideCliOptions& o);

}  // namespace shufc::cli
