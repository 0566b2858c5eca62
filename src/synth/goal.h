// What the search (synth.cpp) and the steps around it (two stages, last resorts) share: the
// goal's byte encoding, the search itself, and the objective's cost of a Program.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "shufc/expected.h"
#include "shufc/program.h"
#include "shufc/synth.h"

namespace shufc::synth {

// A goal is one int per result byte: an input byte's label, kAnyByte or kZeroByte.
using Label = uint16_t;
constexpr int kAnyByte = -1;   // don't care
constexpr int kZeroByte = -2;  // zero
inline Label label(int input, int byte) { return Label(input * 256 + byte); }

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTie = 1e-6;  // costs this close are equal (the tables give six digits)
// What an instruction that uses no execution port (the zero idiom) costs under throughput.
constexpr double kPortlessCost = 1e-3;  // far below any instruction's reciprocal throughput

// Adds one search's statistics to a result made of several searches: nodes, values and times
// summed, the catalog's time the largest, the budget exhausted if any one's was, the fewest
// levels (start `into.levels` at ~0u).
inline void add_search_stats(SynthResult& into, const SynthResult& s) {
  into.nodes += s.nodes, into.values += s.values, into.ms += s.ms, into.cpu_ms += s.cpu_ms;
  into.catalog_ms = std::max(into.catalog_ms, s.catalog_ms);
  into.budget_exhausted |= s.budget_exhausted;
  into.levels = std::min(into.levels, s.levels);
}

// The source element each `width`-byte element of the goal takes whole and in its own byte order:
// that element's first byte's label; kAnyByte for an element of free bytes, kZeroByte for one of
// zeros (and free bytes). nullopt when some element mixes bytes of two elements, moves bytes
// within one, or puts input bytes beside zeros.
inline std::optional<std::vector<int>> whole_elements(const std::vector<int>& goal, unsigned width) {
  std::vector<int> out;
  for (size_t c = 0; c < goal.size(); c += width) {
    int base = kAnyByte;
    bool zeros = false;
    for (unsigned i = 0; i < width; ++i) {
      const int g = goal[c + i];
      zeros |= g == kZeroByte;
      if (g < 0) continue;
      if (unsigned(g % 256) % width != i || (base >= 0 && g - int(i) != base)) return std::nullopt;
      base = g - int(i);
    }
    if (base >= 0 && zeros) return std::nullopt;
    out.push_back(base >= 0 ? base : zeros ? kZeroByte : kAnyByte);
  }
  return out;
}

// Searches for the goal (labels of the named inputs' bytes, kAnyByte, kZeroByte); when nothing
// cheaper is proven, also the two-stage shapes (stages.h, unless split_stages is false: a stage
// is not split again); at 256 or 512 bits, when the search finds nothing, builds the result from
// its halves (last_resorts.h). The Program is checked by the simulator against the goal before
// it is returned.
Expected<SynthResult> synth_goal(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                 const SynthOptions& opts, bool split_stages = true);

// The search alone (no second search, stages or last resorts): its answer in `program` where it
// found one (cost kInf where not), and the lower bound it proved either way.
SynthResult search_goal(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names, const SynthOptions& opts);

// Where the Program's one result is not the goal: the first wrong byte (goal.size() when the
// Program does not simulate to one result); nullopt when it makes the goal.
std::optional<unsigned> wrong_byte(const Program& p, const std::vector<int>& goal);

// A Program's cost under the search's objective: what emit_asm writes (program_cost: copies and
// spills included), each programmable step with its control load priced as the search prices it,
// a portless one (the zero idiom) at its token cost; the ports objective's block throughput.
double objective_cost(const Program& p, const SynthOptions& o);
// p (a Program of the search's inputs) within the larger Program SynthOptions::input_registers
// and held_registers describe: an input per register, p's in theirs, the held ones kept live as
// outputs. p itself where the options name no registers.
Program embedded(const Program& p, const SynthOptions& o);

}  // namespace shufc::synth
