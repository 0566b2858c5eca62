// Every Program of one crossing instruction H, exactly the movers given, and up to a few light
// instructions that keep each byte at its place (ors, blends, masks), tried whole: the part of the
// one-crossing argument (one_crossing.h) where counting the joins a result needs is not enough
// (an or of two registers needs zeros where the other holds the goal, a blend takes one side per
// place, a pack moves bytes only of sign- or zero-extended elements).
//
// Each register byte is kept as the bytes an or of them would be (leaves: input labels, their
// sign fills, or a pack's saturated element), each with the places of the masks and blends it
// passed (which a control may clear). Blends are taken byte by byte and may keep both sides or
// neither, masks and variable blends likewise, each at the cheapest cost of its kind: every
// Program the catalog holds of that shape is among those tried, so a "no" is a proof and a "may"
// only a failure to prove.
#pragma once
#include <limits>
#include <optional>
#include <vector>

#include "one_crossing.h"

namespace shufc::synth {

// The light instructions that keep each byte at its place, by kind, at the cheapest cost of each
// (infinity where the catalog has none).
struct InPlaceLights {
  double join = std::numeric_limits<double>::infinity();    // an or: both arguments' bytes
  double select = std::numeric_limits<double>::infinity();  // a blend: per byte, either argument's or zero
  double mask = std::numeric_limits<double>::infinity();    // one register: per byte, kept or zero
  // From the catalog's steps that neither cross nor move; nullopt where one of them is of none of
  // these kinds (then nothing here is tried).
  static std::optional<InPlaceLights> of(const std::vector<CrossingStep>& steps);
};

// Whether some Program of H, the movers `ms` (each once) and in-place lights (and the zero
// register, at `zero_register`) costing less than `room` in all may make `goal` (16 labels,
// kAnyByte, kZeroByte); false when none does; nullopt where H or a mover is programmable or the
// Programs are too many to try (more than four instructions) or too few to be worth it (the
// longest fewer than `min_instructions`: the levels try those).
std::optional<bool> whole_crossing_may(const CrossingStep& h, const std::vector<const CrossingStep*>& ms,
                                       const InPlaceLights& lights, double zero_register, double room,
                                       const std::vector<int>& goal, unsigned min_instructions);

}  // namespace shufc::synth
