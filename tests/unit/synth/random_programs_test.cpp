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
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/sim.h"
#include "shufc/synth.h"

namespace shufc {
namespace {

// The instructions a random Program draws from: of `bits`, reading one or two registers of that
// width, moving bytes (with zeros) or or-ing them, or programmable (a lookup, a byte mask, a
// variable blend).
std::vector<const isa::Instruction*> catalog(const isa::Target& t, unsigned bits) {
  std::vector<const isa::Instruction*> out;
  for (const isa::Instruction* in : isa::instructions_for(t)) {
    if (in->reg_bits != bits || in->num_inputs == 0 || in->num_inputs > 2) continue;
    bool whole = true;
    for (unsigned k = 0; k < in->num_inputs; ++k) whole = whole && in->in_bits(k) == bits;
    if (whole && (isa::is_bytewise(*in) || in->programmable() || in->value == isa::ValueOp::BitOr)) out.push_back(in);
  }
  return out;
}

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
  RandomPrograms(const isa::Target& t, unsigned bits, unsigned seed) : bits_(bits), rng_(seed) {
    for (const isa::Instruction* in : catalog(t, bits)) (crosses(*in) ? crossing_ : light_).push_back(in);
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
      const isa::Instruction* in = from[pick(from.size())];
      Program::Step st{"t" + std::to_string(s), in, {}, 0, {}};
      for (unsigned k = 0; k < in->num_inputs; ++k) {
        st.args.push_back(unsigned(pick(p.num_values())));
        ++reads[st.args.back()];
      }
      if (in->imm_count) st.imm = pick(in->imm_count);
      if (in->programmable() && !control(*in, st.control)) return std::nullopt;
      p.steps.push_back(std::move(st));
      reads.push_back(0);
    }
    for (unsigned v = 2; v + 1 < reads.size(); ++v)
      if (!reads[v]) return std::nullopt;
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
  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  // A random control the instruction accepts: a variable blend's sides, a byte mask's kept bytes,
  // a lookup's sources (zeros among them where it zeroes).
  bool control(const isa::Instruction& in, std::vector<int>& c) {
    const unsigned n = in.n();
    for (int attempt = 0; attempt < 8; ++attempt) {
      c.assign(n, 0);
      for (unsigned i = 0; i < n; ++i) {
        if (in.control.kind == isa::Control::Kind::Select) c[i] = int(pick(2));
        else if (in.byte_mask()) c[i] = pick(2) ? int(i) : -1;
        else if (in.control.zeroing && pick(4) == 0) c[i] = -1;
        else if (const unsigned block = in.control.block_elems) c[i] = int(i / block * block + pick(block));  // (its own block)
        else c[i] = int(pick(in.control.table_inputs * (in.in_bits(0) / in.src_elem_bits)));
      }
      if (isa::accepts(in, c)) return true;
    }
    return false;
  }
  unsigned bits_;
  std::vector<const isa::Instruction*> crossing_, light_;
  std::mt19937 rng_;
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
