// A proof about the Programs the levels do not enumerate (docs/synth.md, "Past the levels"),
// where a 128-bit goal moves bytes between the two 8-byte halves of its register.
//
// Only some instructions move a byte to the other half (kCrossesQwords: pshufd, punpck, pshufb;
// not a blend, an or, a mask or an element shift). Call them crossing; the rest are light. A
// Program with two crossing instructions and one more costs at least 2 x the cheapest crossing
// one + the cheapest instruction; where that reaches the best answer, a cheaper Program of three
// or more instructions has exactly one crossing instruction H, and the bytes H moves are every
// goal byte that changes halves and every one the Program's movers alone cannot place:
// - a light instruction keeps each byte in its 8-byte group, and only the movers among them
//   (element shifts, pshuflw) change its place there; a mover is one instruction, before H or
//   after it: a byte's place in H's argument is its input place moved by the movers before, its
//   goal place H's result place moved by those after;
// - where those bytes come from both inputs and H reads one register, that register holds bytes
//   of both: before H a light instruction joins them, a blend (a mixer), or an or whose two
//   arguments each hold zeros beside one input's bytes, which only a zero-making instruction (a
//   mask, a shift) or a mixer (a blend with zeros) makes: two of them, apart from the or (they
//   hold different inputs' bytes);
// - a table lookup (pshufb) places any byte of its argument, which must then hold each of them
//   at a place of its own;
// - a light instruction keeps each byte at its place, so the result is a join of the values that
//   hold its bytes there (the inputs, H's, the movers'): two-register light instructions, one for
//   each value beyond the first.
// For every H and every set of up to two movers whose cost with what H needs besides (a join,
// enough instructions for a Program of three) is below the best answer, those bytes are checked
// against H's byte map (or, for a lookup, matched to distinct places of its argument). Where no
// room is left the Programs are few and each is tried whole (H and its movers in every order; H on
// every join of the two inputs), a whole byte lookup with one mover is tried shape by shape
// (LookupWithMover in the .cpp), and one with none is priced by the joins it needs
// (LookupWithJoins). If nothing fits, no Program of three or more instructions is
// cheaper; with level 2 complete (every two-instruction Program) the best answer is optimal.
// The checks are relaxations (a byte may take a mover or not, a join's bytes are chosen block by
// block), so they can fail to prove; they never prove wrongly.
#pragma once
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace shufc::synth {

// What one instruction takes of a CPU's ports (its cost table entry): the port group it runs on,
// its reciprocal throughput there and its uops. uops 0: none (no control load).
struct PortUse {
  std::string ports;
  double rthroughput = 0;
  unsigned uops = 0;
};

// An instruction as the proof sees it: its byte map (per result byte, argument * 256 + byte, the
// 0x4000 bit set where it is that byte's sign fill, or -1 for a zero), or, for a programmable
// one, the places its control may take a byte from.
struct CrossingStep {
  double cost = 0;       // under the search's objective, a control load beside
  unsigned arity = 1;    // registers read (2: a blend, punpck, por)
  bool crossing = false; // moves some byte to the other 8-byte half
  bool moves = false;    // moves some byte within its 8-byte group (a mover, when not crossing)
  bool zeros = false;    // makes a zero byte from a register's byte (a shift, a mask)
  bool is_or = false;    // por: each result byte is one argument's byte where the other is zero
  // Its result overwrites an argument's register (SSE's two-operand forms): an argument that dies
  // there leaves its register to the result.
  bool destructive = false;
  // The register copy a Program pays for this step (SSE4.1 pblendvb: its control in xmm0) where
  // input 0, which arrives in that register, or a value made of it there by destructive steps,
  // is still live (docs/synth.md "Past the levels"); 0 for the rest.
  double vacate = 0;
  std::vector<int16_t> src;  // empty for a programmable step
  // A pack's conditions (argument * 256 + byte): bytes that must be zero for src to hold at all,
  // and (x, y) where x must be y's sign fill for the `kept` bytes of y's element to move.
  std::vector<int16_t> need_zero;
  std::vector<std::pair<int16_t, int16_t>> need_sign;
  unsigned kept = 0;
  // Programmable: a table lookup (elements of elem_bytes, each from any element of its block of
  // block_bytes in one table register) or something else (a variable blend: no byte moves).
  bool programmable = false, table = false;
  unsigned elem_bytes = 1, block_bytes = 16, tables = 1;
  // On the ports (counted_programs.h): every instruction of the catalog with this byte map, one
  // of which a Program takes (the catalog keeps the cheapest), and the control's load.
  std::vector<PortUse> uses;
  PortUse control;
};

// Where the Programs to rule out are those below a block throughput (ports_proof.h), not only
// those below a cost: the most instructions of each kind such a Program holds, by the room its
// port groups have (each kind counts every group one of its instructions runs on; beside a
// crossing instruction, less the one its group gives it). kAny: no limit.
struct MostCounts {
  static constexpr unsigned kAny = 255;
  unsigned crossing = kAny;
  unsigned movers = kAny, lights = kAny, others = kAny;  // beside a crossing instruction (others: movers and lights)
  unsigned movers_alone = kAny, lights_alone = kAny, others_alone = kAny;  // in a Program without one
  unsigned controls = kAny;  // programmable instructions (each loads its control)
  // uops (fewer than the block times the CPU's dispatch width): each instruction takes one at
  // least, each control load one more.
  unsigned uops = kAny;
};

struct CrossingProof {
  std::vector<int> goal;  // 16 bytes: label (input * 256 + byte), kAnyByte or kZeroByte
  std::shared_ptr<const std::vector<CrossingStep>> steps;  // the catalog's (the same for every goal)
  double cheapest_reading = 0;    // the cheapest instruction that reads a register
  double zero_register = std::numeric_limits<double>::infinity();  // an instruction that makes one (xorps x, x)
  // A register copy under the objective where steps overwrite an argument (SSE's two-operand
  // forms: the whole Programs tried pay the copies they need), 0 where copies are not priced.
  double copy = 0;
  double programmable_pair = 0;   // the cheapest two-instruction Program level 2 leaves (BoundInputs::programmable_pair,
                                  // or programmable_pair_rest once level 4's pairs ran)
  // After two levels: the third will not run to its end (its bound cannot prove the answer, so it
  // gets a share only).
  bool short_third = false;
  // The search's budget: past it the argument stops and proves nothing (on SSE2 a result register
  // of a split 512-bit shuffle took 2 s of Programs tried whole against a 200 ms budget).
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  MostCounts most;  // (the ports proof's; no limits otherwise)
};

// True when no Program outside the first `levels` complete levels (lower_bound.h: 2, every
// two-instruction Program but a programmable one feeding another; 3, and every three-instruction
// one without a programmable instruction; 4, and with one of one input) costs less than `below`
// (within 1e-5), by the argument above; false when the argument does not show it (or the goal
// keeps every byte in its half).
bool one_crossing_rules_out(const CrossingProof& p, double below, unsigned levels);

}  // namespace shufc::synth
