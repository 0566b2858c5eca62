// Shuffles with constant operands (operand_goal.h): the constant is a Program input loaded from
// memory, the answer computes the shuffle on values, its bound is honest, and what cannot be read
// is an error.
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "../../../src/synth/goal.h"
#include "../../../src/synth/program_build.h"
#include "real_programs.h"
#include "shufc/constant_bytes.h"
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/sim.h"
#include "shufc/synth.h"

namespace shufc {
namespace {

SynthOptions options(const char* target, const char* cpu) {
  SynthOptions o{*isa::find_target(target), find_cpu(cpu)};
  o.budget_ms = 5000;
  return o;
}

// Runs the Program on random bytes for the value operand %v (its registers in order) and compares
// every defined lane with the shuffle: %v's lane, the constant's bytes, or zero.
void expect_computes(const SynthResult& r, const std::string& ir) {
  const ShuffleVector sv = *parse_one(ir);
  const Program& p = r.program;
  const unsigned eb = sv.type.elem.bits / 8, n = sv.n();
  std::mt19937 rng(9);
  std::vector<uint8_t> v(n * eb);
  for (auto& b : v) b = uint8_t(rng() | 0x11);
  std::vector<std::vector<uint8_t>> in;
  size_t at = 0;
  for (unsigned k : p.passed_inputs()) {
    const unsigned rb = p.inputs[k].bits / 8;
    std::vector<uint8_t> reg(rb, 0xee);
    for (unsigned j = 0; j < rb && at < v.size(); ++j) reg[j] = v[at++];
    in.push_back(std::move(reg));
  }
  const std::vector<uint8_t> c = *operand_bytes(sv.v2, sv.type.elem, n);
  std::vector<uint8_t> out;
  const auto outs = simulate_values(p, in);
  for (unsigned o = 0; o < outs.size(); ++o) out.insert(out.end(), outs[o].begin(), outs[o].begin() + p.output_bytes(o));
  ASSERT_EQ(out.size(), sv.m() * eb) << ir;
  for (unsigned i = 0; i < sv.m(); ++i) {
    const int e = sv.mask[i];
    if (e == kUndef || (e >= int(n) && sv.v2.elem_is_undef(unsigned(e) - n))) continue;
    for (unsigned k = 0; k < eb; ++k) {
      const uint8_t want = e == kZero ? 0 : e < int(n) ? v[unsigned(e) * eb + k] : c[(unsigned(e) - n) * eb + k];
      ASSERT_EQ(out[i * eb + k], want) << ir << " lane " << i << "\n" << print_program(p);
    }
  }
}

std::string alpha(unsigned lanes, const char* splat) {
  std::string mask;
  for (unsigned i = 0; i < lanes; ++i)
    mask += (i ? ", i32 " : "i32 ") + std::to_string(i % 4 == 3 ? lanes : (i / 4) * 3 + i % 4);
  return "shufflevector <" + std::to_string(lanes) + " x i8> %v, <" + std::to_string(lanes) + " x i8> " + splat + ", <" +
         std::to_string(lanes) + " x i32> <" + mask + ">";
}

// The answer on Skylake costs `cost`, is proven, and computes the shuffle.
SynthResult expect_proven(const std::string& ir, const char* target, double cost) {
  auto r = synthesize(*parse_one(ir), options(target, "skylake"));
  EXPECT_TRUE(r) << target << " " << ir;
  if (!r) return {};
  EXPECT_NEAR(r->cost, cost, 1e-5) << target << "\n" << print_program(r->program);
  EXPECT_TRUE(r->optimal) << target << "\n" << print_program(r->program);
  expect_computes(*r, ir);
  return *r;
}

TEST(SynthConstants, AnswersComputeTheShuffle) {
  struct Case { std::string ir; const char* target; const char* cpu; unsigned max_steps; };
  const Case cases[] = {
      // rgb to rgba: a pshufb and an or with the alpha bytes (clang's two instructions).
      {alpha(16, "splat (i8 -1)"), "ssse3", "skylake", 2},
      {alpha(16, "splat (i8 -1)"), "neon", "neoverse-n1", 1},
      {alpha(32, "splat (i8 -1)"), "avx2", "skylake", 3},
      {alpha(64, "splat (i8 -1)"), "avx512vbmi", "icelake-server", 2},
      // An interleave with a splat reads it as it is.
      {"shufflevector <8 x i16> %v, <8 x i16> splat (i16 1), <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11>",
       "sse2", "skylake", 1},
      // Constants into lanes: a blend with the constant in place.
      {"shufflevector <4 x i32> %v, <4 x i32> <i32 5, i32 -6, i32 7, i32 8>, <4 x i32> <i32 0, i32 5, i32 2, i32 7>", "sse4.1",
       "skylake", 1},
      {"shufflevector <4 x i32> %v, <4 x i32> <i32 5, i32 -6, i32 7, i32 8>, <4 x i32> <i32 3, i32 4, i32 1, i32 4>", "sse4.1",
       "skylake", 3},
      {"shufflevector <4 x float> %v, <4 x float> <float 1.000000e+00, float poison, float -2.500000e+00, float 0.000000e+00>, "
       "<4 x i32> <i32 7, i32 4, i32 5, i32 2>",
       "sse2", "skylake", 4},
      // Several registers: a 512-bit result on AVX2, and a concatenation with a constant.
      {"shufflevector <16 x i32> %v, <16 x i32> splat (i32 -1), <16 x i32> <i32 0, i32 16, i32 2, i32 16, i32 4, i32 16, i32 6, i32 16, "
       "i32 8, i32 16, i32 10, i32 16, i32 12, i32 16, i32 14, i32 16>",
       "avx2", "skylake", 8},
      {"shufflevector <4 x i32> %v, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>",
       "sse2", "skylake", 0},
      // Narrower than a register: a <2 x float> epilogue with a constant.
      {"shufflevector <2 x float> %v, <2 x float> <float 3.000000e+00, float 4.000000e+00>, <2 x i32> <i32 2, i32 0>", "sse4.1",
       "skylake", 2},
      {"shufflevector <8 x i8> %v, <8 x i8> splat (i8 9), <8 x i32> <i32 0, i32 8, i32 1, i32 8, i32 2, i32 8, i32 3, i32 8>", "neon",
       "neoverse-n1", 1},
  };
  for (const Case& c : cases) {
    auto sv = parse_one(c.ir);
    ASSERT_TRUE(sv) << c.ir;
    auto r = synthesize(*sv, options(c.target, c.cpu));
    ASSERT_TRUE(r) << c.ir << ": " << r.error().message;
    expect_computes(*r, c.ir);
    EXPECT_LE(r->program.steps.size(), c.max_steps) << c.ir << "\n" << print_program(r->program);
    EXPECT_EQ(r->program.passed_inputs().size() + 1, r->program.inputs.size()) << print_program(r->program);
    EXPECT_LE(r->lower_bound, r->cost + 1e-9);
    // The text form keeps the constant.
    auto again = parse_program(print_program(r->program));
    ASSERT_TRUE(again) << again.error().str();
    EXPECT_EQ(print_program(*again), print_program(r->program));
  }
}

// A constant's load is paid: the answer costs more than the same Program with the constant
// passed in. rgb to rgba on SSSE3 is pshufb, por and the load (1.83 on Skylake), proven: the goal
// with zeros where the constants go takes the pshufb, and the first instruction holding a
// constant beside a value is an or (no step at all with zeros there: one more) or another that
// reads two registers (an unpack, 1.0, and no one of them makes it from v and a constant: one
// more besides; or a blend, which moves no byte, beside the shuffle that moves them).
TEST(SynthConstants, TheLoadIsPaidAndTheJoinCounted) {
  const std::string ir = alpha(16, "splat (i8 -1)");
  auto r = synthesize(*parse_one(ir), options("ssse3", "skylake"));
  ASSERT_TRUE(r);
  Program passed = r->program;
  for (auto& in : passed.inputs) in.constant.clear();
  EXPECT_GT(program_cost(r->program, *find_cpu("skylake")).rthroughput, program_cost(passed, *find_cpu("skylake")).rthroughput);
  EXPECT_NEAR(r->cost, 1.0 + 0.333333 + 0.5, 1e-5);
  EXPECT_TRUE(r->optimal);
  expect_computes(*r, ir);
  // On SSE4.1 a blend takes the constant beside the value for 0.33, but it moves no byte: beside
  // it the value's bytes cross qwords (a shuffle, 1.0): pshufb and an or or a blend, proven too.
  auto b = synthesize(*parse_one(ir), options("sse4.1", "skylake"));
  ASSERT_TRUE(b);
  EXPECT_NEAR(b->cost, 1.0 + 0.333333 + 0.5, 1e-5);
  EXPECT_TRUE(b->optimal);
  expect_computes(*b, ir);
}

// A constant beside a value in one register takes a load and an instruction that reads two
// registers: 1.0 into lane 0 of x is blendps with the loaded constant, proven (the free layout
// alone, x itself, bounds it by the load only), and so with the constant in a whole qword (an
// xmm is SSE's narrowest register). On NEON, whose d registers hold 8 bytes, a qword of constants
// beside one of x could be two registers: no join is counted on there; but the goal with zeros
// where the constants go takes an instruction (x holds no zeros), so the load and one more: `ins`
// with the loaded constant, 1.0, proven.
TEST(SynthConstants, AConstantBesideAValueTakesAJoin) {
  const std::string lane0 = "shufflevector <4 x float> %x, <4 x float> <float 1.000000e+00, float undef, float undef, float undef>, "
                            "<4 x i32> <i32 4, i32 1, i32 2, i32 3>";
  const std::string qword = "shufflevector <4 x float> %x, <4 x float> <float 1.000000e+00, float 2.000000e+00, float undef, float undef>, "
                            "<4 x i32> <i32 4, i32 5, i32 2, i32 3>";
  for (const std::string& ir : {lane0, qword}) {
    auto r = synthesize(*parse_one(ir), options("sse4.1", "skylake"));
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->optimal) << ir;
    EXPECT_NEAR(r->cost, 0.333333 + 0.5, 1e-5);
    expect_computes(*r, ir);
  }
  auto n = synthesize(*parse_one(qword), options("neon", "neoverse-n1"));
  ASSERT_TRUE(n);
  EXPECT_TRUE(n->optimal) << print_program(n->program);
  EXPECT_NEAR(n->cost, 0.5 + 0.5, 1e-5);
  expect_computes(*n, qword);
}

// A byte blend of v with a constant: on SSSE3 a mask and an or (1.33, proven: no one instruction
// that reads two registers makes it, so an or or another step and one more), on AVX2 one vpblendvb
// with its control beside and the constant's load (1.17, proven: the cheapest instruction that may
// make it alone).
TEST(SynthConstants, OneJoinThatMakesTheShuffleIsCountedAtItsCost) {
  const std::string ir = "shufflevector <16 x i8> %v, <16 x i8> <i8 94, i8 1, i8 -123, i8 94, i8 3, i8 -1, i8 7, i8 -1, i8 -71, "
                         "i8 1, i8 7, i8 1, i8 7, i8 5, i8 7, i8 -1>, <16 x i32> <i32 16, i32 1, i32 2, i32 19, i32 4, i32 21, "
                         "i32 6, i32 7, i32 8, i32 9, i32 26, i32 27, i32 12, i32 13, i32 30, i32 31>";
  expect_proven(ir, "ssse3", 0.5 + 0.333333 + 0.5);
  expect_proven(ir, "avx2", 0.666667 + 0.5);
}

// A constant laid out for one two-register instruction: lane 3 of v and three constants is
// `palignr` with the constants where it reads them (1.5, proven), where the layouts searched gave
// `psrldq`, `por` and the load (1.83); the bound had said 1.5.
TEST(SynthConstants, AConstantLaidOutForOneInstruction) {
  const SynthResult r = expect_proven("shufflevector <4 x float> %v, <4 x float> <float -2.500000e+00, float 1.000000e+00, "
                                      "float 3.000000e+00, float 3.000000e+00>, <4 x i32> <i32 3, i32 5, i32 6, i32 4>",
                                      "ssse3", 1.0 + 0.5);
  ASSERT_EQ(r.program.steps.size(), 1u);
  EXPECT_EQ(std::string(r.program.steps[0].instr->id), "palignr");
}

// The free layout's bound is its Program's cost less the zero idiom's token plus the load (1.499
// for a byte interleave with a splat on Skylake); no Program costs between two sums of the
// table's entries (cost_lattice.h), so punpcklbw with the loaded splat, 1.5, is proven.
TEST(SynthConstants, BoundsRiseToTheCostLattice) {
  expect_proven("shufflevector <16 x i8> %v, <16 x i8> splat (i8 7), <16 x i32> <i32 0, i32 16, i32 1, i32 17, i32 2, "
                "i32 18, i32 3, i32 19, i32 4, i32 20, i32 5, i32 21, i32 6, i32 22, i32 7, i32 23>",
                "ssse3", 1.5);
}

// Independent of the bound's reasoning: a random Program of real instructions on a value v and a
// constant c (random bytes, one of them zero, which serves the zero lanes) makes a shuffle of v
// and c; shufc's bound for it is no more than that Program costs with c loaded, and its answer,
// where proven, no more either.
unsigned check_random_constants(const char* target, const char* cpu, unsigned programs, unsigned seed) {
  const isa::Target t = *isa::find_target(target);
  SynthOptions o{t, find_cpu(cpu)};
  o.budget_ms = 5000;
  const auto catalog = testing::real_catalog(t, 128);
  testing::ProgramDraw draw(seed);
  std::mt19937 rng(seed);
  unsigned asked = 0, proven = 0;
  while (asked < programs) {
    Program p;
    p.inputs = {{"v", 128}, {"c", 128}};
    p.inputs[1].constant.resize(16);
    for (unsigned j = 0; j < 16; ++j) p.inputs[1].constant[j] = uint8_t(1 + rng() % 255);
    p.inputs[1].constant[15] = 0;
    const unsigned steps = 1 + asked % 3;
    std::vector<unsigned> reads(2, 0);
    bool ok = true;
    for (unsigned s = 0; s < steps && ok; ++s) ok = draw.add(p, catalog[draw.pick(catalog.size())], s, reads);
    if (!ok || !testing::ProgramDraw::all_read(reads, 2)) continue;
    p.outputs = {p.num_values() - 1};
    const auto labels = simulate_labels(p);
    if (!labels) continue;
    std::string mask, bytes;
    bool value = false, constant = false;
    for (unsigned j = 0; j < 16; ++j) {
      const ByteLabel l = (*labels)[0][j];
      if (l.is_sign()) ok = false;
      const int index = l.input < 0 ? 31 : l.input * 16 + l.byte;  // (a zero: the constant's zero byte)
      value |= l.input == 0, constant |= l.input == 1 && p.inputs[1].constant[size_t(l.byte)] != 0;
      mask += (j ? ", i32 " : "i32 ") + std::to_string(index);
      bytes += (j ? ", i8 " : "i8 ") + std::to_string(int(int8_t(p.inputs[1].constant[j])));
    }
    if (!ok || !value || !constant) continue;
    ++asked;
    const std::string ir = "shufflevector <16 x i8> %v, <16 x i8> <" + bytes + ">, <16 x i32> <" + mask + ">";
    auto r = synthesize(*parse_one(ir), o);
    EXPECT_TRUE(r) << target << " " << ir;
    if (!r) continue;
    synth::order_for_copies(p);
    synth::commute_for_copies(p);
    // The bound holds for this Program too, proven or not.
    EXPECT_LE(r->lower_bound, synth::objective_cost(p, o) + 1e-5)
        << target << " " << ir << "\nbound " << r->lower_bound << ", but this Program makes it:\n" << print_program(p);
    if (!r->optimal) continue;
    ++proven;
    EXPECT_LE(r->cost, synth::objective_cost(p, o) + 1e-5)
        << target << " " << ir << "\nproven at " << r->cost << ", but this Program makes it:\n" << print_program(p);
  }
  return proven;
}

TEST(SynthConstants, NoProvenAnswerIsDearerThanARandomProgramWithAConstant) {
  EXPECT_GT(check_random_constants("ssse3", "skylake", 150, 20261127), 60u);
  EXPECT_GT(check_random_constants("sse4.1", "skylake", 100, 20261127), 30u);
  EXPECT_GT(check_random_constants("avx2", "skylake", 100, 20261127), 30u);
  EXPECT_GT(check_random_constants("neon", "neoverse-n1", 100, 20261127), 30u);
}

// Zero elements of a constant are zero lanes: no constant is loaded for them.
TEST(SynthConstants, ZeroElementsAreZeroLanes) {
  auto r = synthesize(*parse_one("shufflevector <4 x i32> %v, <4 x i32> <i32 0, i32 7, i32 0, i32 9>, <4 x i32> <i32 4, i32 0, i32 6, i32 1>"),
                      options("sse2", "skylake"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->program.passed_inputs().size(), r->program.inputs.size());
  EXPECT_TRUE(r->optimal);
}

TEST(SynthConstants, SaysWhatItCannotRead) {
  for (const char* ir : {"shufflevector <4 x i32> %v, <4 x i32> <i32 1, i32 2, i32 3, i32 99999999999>, <4 x i32> <i32 0, i32 7, i32 1, i32 5>",
                         "shufflevector <2 x half> %v, <2 x half> <half 0x3FF0000000000000, half 0xH0000>, <2 x i32> <i32 2, i32 0>"}) {
    auto sv = parse_one(ir);
    ASSERT_TRUE(sv) << ir;
    auto r = synthesize(*sv, options("sse4.1", "skylake"));
    ASSERT_FALSE(r) << ir;
    EXPECT_NE(r.error().message.find("cannot read the constant element"), std::string::npos) << r.error().message;
  }
  // A result of constants only reads no input value.
  auto r = synthesize(*parse_one("shufflevector <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>"),
                      options("sse2", "skylake"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("constant"), std::string::npos) << r.error().message;
}

}  // namespace
}  // namespace shufc
