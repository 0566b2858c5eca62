// The pattern library: every named pattern a canonical mask matches, with its parameters.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/lanes.h"
#include "shufc/mask_view.h"
#include "shufc/signature.h"

namespace shufc {

enum class PatternKind : uint8_t {
  identity, splat, reverse, rotate, shift_left, shift_right, zero_extend, merge, pack, blend,
  parallel_extract, parallel_deposit, transpose, splice, extract_subvector, insert_subvector,
  concat, replicate, interleave, deinterleave,
};
inline constexpr unsigned kNumPatternKinds = unsigned(PatternKind::deinterleave) + 1;

std::string_view name(PatternKind k);

// One match. Which fields mean something depends on the kind (docs/patterns.md has every
// definition as an index formula); n and m below are per lane (n/lanes, m/lanes).
struct PatternMatch {
  PatternKind kind{};
  unsigned lanes = 1;    // the pattern holds independently in each of `lanes` equal lanes
  int source = 0;        // 0 = v1, 1 = v2: the input of a one-input pattern
  int index = 0;         // splat element; extract/insert_subvector position; splice, merge, zero_extend
                         // offset; pack, transpose, deinterleave phase
  int amount = 0;        // rotate / shift distance in elements
  int factor = 0;        // zero_extend, replicate, interleave, deinterleave factor
  int length = 0;        // insert_subvector: inserted elements
  std::vector<int> list; // blend: per element 1 = from v2; parallel_extract: kept source elements;
                         // parallel_deposit: output positions that receive the elements;
                         // interleave: start index of each stream
  bool operator==(const PatternMatch&) const = default;
};

struct Classification {
  LaneInfo lanes;
  Signature signature;
  std::vector<PatternMatch> patterns;  // in PatternKind order, each kind at most once
};

// Classifies a canonical mask. Each pattern is reported at the coarsest lane split where it holds
// (lanes = 1 when it holds on the whole vector). One linear pass over the mask per lane level.
Classification classify(const MaskView& v);
Classification classify(const ShuffleVector& canonical);

// The mask a match describes, on a vector of m outputs from inputs n wide (whole vector, not per
// lane): entries as in the canonical mask (zero lanes: index n when v2_zero, else kZero). Every
// entry is defined. Used to prove each reported pattern by reconstruction.
std::vector<int> expand(const PatternMatch& p, unsigned n, unsigned m, bool v2_zero);

}  // namespace shufc
