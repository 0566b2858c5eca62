// What a search that tried every Program up to some size proves about the cost of the rest.
#pragma once
#include <array>
#include <limits>

namespace shufc::synth {

// What an instruction can do that a goal may need. Every Program for the goal contains, for each
// class the goal needs, an instruction of that class: a byte changes its place within its 8-byte
// group only through a kMovesInQword instruction, changes the 8-byte half of its 128-bit block
// only through a kCrossesQwords one, changes blocks only through a kCrossesBlocks one (each is a
// property of a byte's position that only such a step changes), and zeros come only from
// kMakesZero ones (the inputs hold none). The qword classes set element shifts (psrlq, within
// elements of up to 8 bytes) apart from the shuffles that move bytes further. A content with
// bytes of two inputs comes only from a kJoins instruction, one whose result reads two registers
// (an instruction of one argument leaves its result with its argument's inputs).
enum Class : unsigned { kMovesInQword = 1, kCrossesBlocks = 2, kMakesZero = 4, kCrossesQwords = 8, kJoins = 16 };
constexpr unsigned kMovesInBlock = kMovesInQword | kCrossesQwords;
constexpr unsigned kClasses = 32;

struct BoundInputs {
  static constexpr double inf = std::numeric_limits<double>::infinity();
  // The cheapest instruction by exact class set (programmable ones with their control load),
  // costs under the search's objective.
  std::array<double, kClasses> cheapest = all_inf();
  std::array<double, kClasses> cheapest_programmable = all_inf();
  // The cheapest instruction without inputs (a zero register: movi, the pxor zero idiom), of class
  // kMakesZero, when the search used it as a leaf beside the inputs (every level applies its
  // instances to it): a Program holds it at most once (equal contents are one value) and the
  // levels do not count it, so the bound adds it at most once, outside the instruction count.
  // (A zero register the search did not use as a leaf is in `cheapest`, counted as any other.)
  double nullary = inf;
  // The cheapest two programmable instructions, one feeding the other, that have the needed
  // classes together (with the zero register beside them), leaving out a byte mask (pand with a
  // constant) next to a zeroing table lookup or another mask: the lookup or one mask alone does
  // what such a pair does, for less, so a cheapest Program never holds one.
  double programmable_pair = inf;
  unsigned need = 0;  // the goal's classes

  // For level 4 (128-bit results): the programmable instructions by kind, and what its search
  // leaves of the programmable pairs.
  enum Kind : unsigned { kMask, kLookup, kTwoInputs, kKinds };  // pand; pshufb, vpermilps; pblendvb, tbl2
  std::array<std::array<double, kClasses>, kKinds> cheapest_kind = {all_inf(), all_inf(), all_inf()};
  // The cheapest one-input byte lookup that zeroes and reads the whole register (pshufb xmm, tbl
  // 16b): it makes any arrangement of one register's bytes and zeros.
  double whole_lookup = inf;
  // The cheapest two programmable instructions, one feeding the other, that level 4 neither tries
  // nor shows dominated: besides programmable_pair's, a variable blend next to a one-input one
  // (level 4 tries both orders) and two one-input ones where a whole lookup costs no more (it
  // alone makes what they make of one register).
  double programmable_pair_rest = inf;

  static std::array<double, kClasses> all_inf() {
    std::array<double, kClasses> a;
    a.fill(inf);
    return a;
  }
};

// The cheapest Program of at least `instructions` instructions, at least `programmable` of them
// programmable, whose instructions together have every needed class (a relaxation: the real
// Programs of that shape cost at least this).
double cheapest_shape(const BoundInputs& in, unsigned instructions, unsigned programmable);

// The cheapest Program with two or more programmable instructions: exactly two (one feeding the
// other: programmable_pair), or three and more.
double two_programmable(const BoundInputs& in);

// The search's coverage after `levels` complete levels (docs/synth.md, "optimal"):
//   1: every single instruction (programmable ones solved on the inputs);
//   2: and every two-instruction Program except a programmable instruction feeding another;
//   3: and every three-instruction Program without a programmable instruction;
//   4: and every three-instruction Program with one programmable instruction of one input (level
//      4 tries it in the middle and last; under it, levels 2 and 3 solved it on the inputs), and,
//      for a goal without zero bytes, with a byte mask and a one-input lookup where a whole lookup
//      costs no more than that lookup (the Program is then dominated or tried: see
//      uncovered_triples in lower_bound.cpp); and every two programmable instructions except
//      programmable_pair_rest.
// Returns the least cost a Program outside that coverage can have.
double lower_bound(const BoundInputs& in, unsigned levels);

// The cheapest three-instruction Program level 4 leaves out (relaxed to the instructions' class
// sets and kinds).
double uncovered_triples(const BoundInputs& in);

// The least, over sets of instructions that together have every needed class, of the dearest
// one: every Program contains such a set, so none has a busiest port group below this.
double dearest_needed(const BoundInputs& in);

// The cheapest instructions (any number) that together have every class in `mask`: what the rest
// of a Program costs at least once its other instructions cover the other classes.
std::array<double, kClasses> cover_costs(const BoundInputs& in);

}  // namespace shufc::synth
