// Independent of the search's own reasoning: a random Program of real instructions (a few steps
// on a and b, random immediates and controls) makes a goal, and shufc's answer for that goal,
// where it says proven, costs no more than that Program, costed as shufc costs its own answers
// (copies the emitted code needs, control loads). The levels, the bounds and the one-crossing
// argument are all asked at once, on the real catalogs.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>

#include "../../../src/synth/goal.h"
#include "../../../src/synth/program_build.h"
#include "real_programs.h"
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/sim.h"
#include "shufc/synth.h"

namespace shufc {
namespace {

// Whether an instance moves some byte to the other 8-byte half (a lookup may).
bool crosses(const isa::Instruction& in) {
  if (in.programmable()) return in.control.kind == isa::Control::Kind::Table && !in.byte_mask();
  for (uint64_t imm = 0; imm < std::max(1u, in.imm_count); ++imm) {
    const auto map = isa::byte_map(in, {imm, {}});
    for (unsigned j = 0; j < map.size(); ++j)
      if (!map[j].is_zero() && unsigned(map[j].elem) / 8 != j / 8) return true;
  }
  return false;
}

class RandomPrograms {
 public:
  RandomPrograms(const isa::Target& t, unsigned bits, unsigned seed) : bits_(bits), draw_(seed) {
    for (const isa::Instruction* in : testing::real_catalog(t, bits)) (crosses(*in) ? crossing_ : light_).push_back(in);
  }

  // A Program of `steps` instructions (one or two of them crossing, the rest light: a Program
  // near the cheapest for its goal), each reading earlier values, every value but the last read
  // by a later one; and its goal as a compact mask (bytes: an input's byte or zero). nullopt
  // where the simulator cannot label a byte (an or of two bytes, a sign fill) or the goal does
  // not read both inputs.
  std::optional<std::pair<Program, std::string>> draw(unsigned steps) {
    Program p;
    p.inputs = {{"a", bits_}, {"b", bits_}};
    const unsigned crossing = 1 + unsigned(pick(4) == 0);
    std::vector<bool> crosses_at(steps, false);
    for (unsigned c = 0; c < crossing; ++c) crosses_at[pick(steps)] = true;
    std::vector<unsigned> reads(2, 0);
    for (unsigned s = 0; s < steps; ++s) {
      const auto& from = crosses_at[s] ? crossing_ : light_;
      if (!draw_.add(p, from[pick(from.size())], s, reads)) return std::nullopt;
    }
    if (!testing::ProgramDraw::all_read(reads, 2)) return std::nullopt;
    p.outputs = {p.num_values() - 1};
    const auto labels = simulate_labels(p);
    if (!labels) return std::nullopt;
    const unsigned bytes = bits_ / 8;
    std::string mask = "v" + std::to_string(bytes) + "i8:";
    unsigned inputs = 0;
    for (unsigned j = 0; j < bytes; ++j) {
      const ByteLabel l = (*labels)[0][j];
      if (l.is_sign()) return std::nullopt;
      if (l.input >= 0) inputs |= 1u << l.input;
      mask += (j ? "," : "") + (l.input < 0 ? std::string("z") : std::to_string(l.input * bytes + l.byte));
    }
    if (inputs != 3) return std::nullopt;
    return std::make_pair(std::move(p), mask);
  }

 private:
  size_t pick(size_t n) { return draw_.pick(n); }
  unsigned bits_;
  std::vector<const isa::Instruction*> crossing_, light_;
  testing::ProgramDraw draw_;
};

// Asks shufc for the goal of each drawn Program; returns how many answers were proven.
unsigned check(const char* target, unsigned bits, unsigned programs, unsigned seed, Objective objective = Objective::throughput) {
  const isa::Target t = *isa::find_target(target);
  SynthOptions o{t, find_cpu("skylake")};
  o.budget_ms = 5000;
  o.objective = objective;
  RandomPrograms random(t, bits, seed);
  unsigned asked = 0, proven = 0;
  while (asked < programs) {
    const auto d = random.draw(3 + asked % 3);
    if (!d) continue;
    ++asked;
    auto r = synthesize(*parse_one(d->second), o);
    EXPECT_TRUE(r) << target << " " << d->second;
    if (!r || !r->optimal) continue;
    ++proven;
    // The random Program with its fewest copies, as shufc emits its own (its steps ordered and
    // their arguments swapped where that drops a copy).
    Program p = d->first;
    synth::order_for_copies(p);
    synth::commute_for_copies(p);
    EXPECT_LE(r->cost, synth::objective_cost(p, o) + 1e-5)
        << target << " " << d->second << " proven at " << r->cost << ", but this Program makes it:\n"
        << print_program(p);
  }
  return proven;
}

TEST(RandomPrograms, NoProvenAnswerIsDearerThanARandomProgram) {
  for (const char* target : {"ssse3", "sse4.1", "avx2"}) EXPECT_GT(check(target, 128, 300, 20261126), 250u) << target;
}

TEST(RandomPrograms, NoProvenAnswerIsSlowerThanARandomProgram) {
  // Under latency a Program's cost is its critical path: two shuffles side by side and an or of
  // them take 2 cycles, not 3 (the search adds latencies up, as along one chain; it proved 3 for
  // such goals until session 28, when this test, run at 3,000 Programs a target, found 32).
  for (const char* target : {"ssse3", "sse4.1", "avx2"}) EXPECT_GT(check(target, 128, 200, 20261126, Objective::latency), 100u) << target;
}

TEST(RandomPrograms, NoProvenAnswerIsDearerThanARandomProgramOf256Bits) {
  // (AVX2: fewer answers are proven at 256 bits; each search takes longer.)
  EXPECT_GT(check("avx2", 256, 100, 20261126), 20u);
}

}  // namespace
}  // namespace shufc
