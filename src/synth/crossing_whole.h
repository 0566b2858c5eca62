// Every Program of one crossing instruction H, exactly the movers given, and up to a few light
// instructions that keep each byte at its place (ors, blends, masks), tried whole: the part of the
// one-crossing argument (one_crossing.h) where counting the joins a result needs is not enough
// (an or of two registers needs zeros where the other holds the goal, a blend takes one side per
// place, a pack moves bytes only of sign- or zero-extended elements).
//
// Each register byte is kept as the bytes an or of them would be (leaves: input labels, their
// sign fills, or a pack's saturated element), each with the controls of the masks and blends it
// passed, which decide whether it survives. Each kind of light is tried at the cheapest cost of
// its instructions and the finest blocks its controls choose by: every Program the catalog holds
// of that shape is among those tried, so a "no" is a proof and a "may" only a failure to prove.
#pragma once
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "one_crossing.h"

namespace shufc::synth {

// The light instructions that keep each byte at its place, by kind: an or (both arguments'
// bytes), blends (per block of `bytes`, one argument's), picks (blends that also zero: per block,
// either argument's, both or neither, a relaxation) and masks (one register: per block, kept or
// zero), each kind at the cheapest cost of its instructions, a kind kept only where no finer one
// of the kind costs as little. A kind whose fixed instructions at one cost make only some of
// its patterns (SSSE3's movss and shufps keeping halves: no blend of any dwords; movq: the low
// qword kept, never the high) is each of those patterns instead, a light of its own.
struct InPlaceLights {
  enum class Kind { Join, Select, Pick, Mask };
  struct Light {
    Kind kind;
    double cost;
    unsigned bytes = 1;  // the blocks a control chooses by
    bool programmable = false;  // its control a constant (a mask, a variable blend)
    // The copy it pays where it reads input 0 or a value made of it in its register (SSE4.1's
    // pblendvb: its control in xmm0, where input 0 arrives; CrossingStep::vacate).
    double vacate = 0;
    // Its result overwrites one of its two arguments, either (SSE's por, blendps: the emitter
    // may swap them); false where some instruction of the kind writes a register of its own, and
    // for a mask (the register its constant is loaded into may be the one overwritten).
    bool overwrites = false;
    // A fixed instruction's own sides, no control: per byte 0 (its first argument's), 1 (its
    // second's) or -1 (zero). The swapped arguments are a light of their own.
    bool fixed = false;
    std::array<int8_t, 16> from{};
  };
  std::vector<Light> kinds;
  // The most of them a Program holds (MostCounts: the room of their port groups), whatever they cost.
  unsigned most = MostCounts::kAny;
  void add(Light l);
  double cheapest() const;
  unsigned fitting(double room) const;  // how many of the cheapest cost less than room together (most at most)
  // These, at most `n` of them, the programmable ones only where `controls` (a constant to load).
  InPlaceLights limited(unsigned n, bool controls) const;
  // From the catalog's steps that neither cross nor move; nullopt where one of them is of none of
  // these kinds (then nothing here is tried).
  static std::optional<InPlaceLights> of(const std::vector<CrossingStep>& steps);
};

// Where `copy` > 0 (a register copy's cost: SSE's two-operand forms), each Program also pays the
// fewest copies its steps need in any order they may run in (a step overwrites an argument that a
// later step still reads: copied first), beyond those out of a fixed control register it paid.
//
// Whether some Program of H, the movers `ms` (each once) and in-place lights (and the zero
// register, at `zero_register`) costing less than `room` in all may make `goal` (16 labels,
// kAnyByte, kZeroByte); false when none does; nullopt where a mover is programmable, or H is
// and is neither a table lookup of at most sixteen (element, source) pairs (vpermilps) nor a
// whole-register byte lookup that zeroes (pshufb: each result byte a choice of its own), or the
// Programs are too many to try (more than four instructions) or too few to be worth it (the
// longest fewer than `min_instructions`: the levels try those). With a byte map H, Programs of at
// most `levels_tried` instructions, none programmable, are left out (the complete levels tried
// them, with their copies priced or bounded by the answers they offered: Search::priced_floor).
std::optional<bool> whole_crossing_may(const CrossingStep& h, const std::vector<const CrossingStep*>& ms,
                                       const InPlaceLights& lights, double zero_register, double room,
                                       const std::vector<int>& goal, unsigned min_instructions,
                                       unsigned levels_tried = 0, double copy = 0,
                                       std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// Likewise for Programs of the movers `ms` and in-place lights alone, no crossing instruction
// (goals whose bytes stay in their 8-byte halves), leaving out those of at most `levels_tried`
// instructions none of them programmable (the complete levels tried them); nullopt where a mover
// is programmable or the Programs are too many to try (more than kMostLightOnly instructions).
// Both give nullopt too once `deadline` has passed before every Program was tried.
constexpr unsigned kMostLightOnly = 5;  // the longest Programs light_only_may runs
std::optional<bool> light_only_may(const std::vector<const CrossingStep*>& ms, const InPlaceLights& lights,
                                   double zero_register, double room, const std::vector<int>& goal,
                                   unsigned levels_tried, double copy = 0,
                                   std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

}  // namespace shufc::synth
