// What a search that tried every Program up to some size proves about the cost of the rest.
#pragma once
#include <array>
#include <limits>

namespace shufc::synth {

// What an instruction can do that a goal may need. Every Program for the goal contains, for each
// class the goal needs, an instruction of that class: a byte changes its place within a 128-bit
// block only through a class-1 instruction, crosses blocks only through a class-2 one, and zeros
// come only from class-4 ones (the inputs hold none).
enum Class : unsigned { kMovesInBlock = 1, kCrossesBlocks = 2, kMakesZero = 4 };
constexpr unsigned kClasses = 8;

struct BoundInputs {
  static constexpr double inf = std::numeric_limits<double>::infinity();
  // The cheapest instruction by exact class set (programmable ones with their control load),
  // costs under the search's objective.
  std::array<double, kClasses> cheapest{inf, inf, inf, inf, inf, inf, inf, inf};
  std::array<double, kClasses> cheapest_programmable{inf, inf, inf, inf, inf, inf, inf, inf};
  // The cheapest instruction without inputs (a zero register: movi, the pxor zero idiom), of class
  // kMakesZero, when the search used it as a leaf beside the inputs (every level applies its
  // instances to it): a Program holds it at most once (equal contents are one value) and the
  // levels do not count it, so the bound adds it at most once, outside the instruction count.
  // (A zero register the search did not use as a leaf is in `cheapest`, counted as any other.)
  double nullary = inf;
  unsigned need = 0;  // the goal's classes
};

// The cheapest Program of at least `instructions` instructions, at least `programmable` of them
// programmable, whose instructions together have every needed class (a relaxation: the real
// Programs of that shape cost at least this).
double cheapest_shape(const BoundInputs& in, unsigned instructions, unsigned programmable);

// The search's coverage after `levels` complete levels (docs/synth.md, "optimal"):
//   1: every single instruction (programmable ones solved on the inputs);
//   2: and every two-instruction Program except a programmable instruction feeding another;
//   3: and every three-instruction Program without a programmable instruction.
// Returns the least cost a Program outside that coverage can have.
double lower_bound(const BoundInputs& in, unsigned levels);

// The cheapest instructions (any number) that together have every class in `mask`: what the rest
// of a Program costs at least once its other instructions cover the other classes.
std::array<double, kClasses> cover_costs(const BoundInputs& in);

}  // namespace shufc::synth
