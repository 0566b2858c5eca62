// One abstract shuffle (one or two sources) as real target instructions: the synthesiser first;
// where it finds nothing within its depth, a decomposition that always ends in shuffles it can do
// (each source's lanes apart, then a blend; a one-source shuffle by halves of its lanes, then a
// blend). Every Program returned has passed simulate_labels against the mask. Results are cached.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "shufc/cost.h"
#include "shufc/expected.h"
#include "shufc/isa/feature.h"
#include "shufc/program.h"
#include "shufc/vls/shuffle_mask.h"

namespace shufc::vls {

class ShuffleLowering {
 public:
  ShuffleLowering(isa::Target target, const CpuModel& cpu, unsigned budget_ms = 1000);

  // A Program with inputs a (and b) and one output; the identity is the Program of no step.
  const Expected<Program>& lower(const ShuffleMask& m);
  // Its reciprocal throughput on the CPU (the objective shufc minimises by default).
  double cost(const Program& p) const;
  // How many lowerings needed the decomposition (for --debug).
  unsigned decomposed() const { return decomposed_; }
  // Shuffles the synthesiser threw on (its self-check failed); they were decomposed instead.
  const std::vector<std::string>& synth_failures() const { return synth_failures_; }

  const isa::Target& target() const { return target_; }
  const CpuModel& cpu() const { return cpu_; }

 private:
  Expected<Program> build(const ShuffleMask& m, unsigned depth);
  isa::Target target_;
  const CpuModel& cpu_;
  unsigned budget_ms_;
  unsigned decomposed_ = 0;
  std::vector<std::string> synth_failures_;
  std::map<std::pair<unsigned, std::string>, Expected<Program>> cache_;
};

// Appends `piece` to `dst`, its inputs bound to dst's values `args`; returns the dst value of the
// piece's first output. Steps are renamed t<k> so names stay unique.
unsigned splice(Program& dst, const Program& piece, const std::vector<unsigned>& args);

// Does p's single output hold what the mask asks (byte for byte, undefined lanes free)?
bool computes(const Program& p, const ShuffleMask& m);

}  // namespace shufc::vls
