// The base-case library of seed 002 section 4.1: for one (ISA, mode), the cheapest instructions
// implementing every I_l (x) L^{mn}_m (x) I_r with l*mn*r in {ν, 2ν}, as rules (20) one unary
// instruction, (21) two unary instructions in sequence, (22) two instructions side by side (one
// per output vector, stacked); L^4_2 (x) I_{ν/2} is among the 2ν entries. Built once per mode and
// cached on disk, keyed by the instruction matrices it was built from.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

#include "shufc/expected.h"
#include "shufc/stride/mode.h"

namespace shufc::stride {

struct BaseKey {
  unsigned l, mn, m, r;
  auto operator<=>(const BaseKey&) const = default;
};

struct BaseCase {
  FormulaPtr formula;  // impl(I_l (x) L^{mn}_m (x) I_r, its instructions)
  double cost = 0;
  int rule = 0;        // 20, 21 or 22
};

struct BaseLibrary {
  InstructionSet set;
  std::map<BaseKey, BaseCase> cases;  // present: implementable; absent: no such instructions
  unsigned keys = 0;                  // entries looked for
  double build_ms = 0;                // instruction matrices + search (or cache load)
  bool from_cache = false;
  std::string cache_file;             // where it was read or written ("" when caching is off)
  // x86 registers wider than 128 bits: the library of the lane view (Mode::lanes), for formulas
  // whose work is done inside 128-bit lanes.
  std::shared_ptr<const BaseLibrary> lanes;
  // ... and the library of the block view: 128-bit blocks as the elements (lanes moved whole).
  std::shared_ptr<const BaseLibrary> blocks;
  const BaseCase* find(const BaseKey& k) const;
};

// Builds the library. With a cache directory (see default_cache_dir) it is read from there when
// its key matches the instruction matrices, and written otherwise; every entry read back is
// re-checked against the matrices before use.
BaseLibrary build_base_library(const Mode& mode, const std::string& cache_dir);

// $SHUFC_CACHE_DIR, else $XDG_CACHE_HOME/shufc, else $HOME/.cache/shufc; "" when none is set.
std::string default_cache_dir();

}  // namespace shufc::stride
