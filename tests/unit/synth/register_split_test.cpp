// Shuffles of several registers (register_split.h): interleaved loads (a wide operand, one result
// register), interleaved stores (a result of two registers), and what is refused.
#include <chrono>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/sim.h"
#include "shufc/synth.h"

namespace shufc {
namespace {

SynthOptions options(const char* target, const char* cpu = "skylake") {
  SynthOptions o{*isa::find_target(target), find_cpu(cpu)};
  o.budget_ms = 5000;
  return o;
}

// Runs the Program on random operand bytes, each input register the slice its name says (`a_1`:
// operand a's second register; `a`: all of a), and compares the outputs, in order, with the mask.
void expect_computes(const Program& p, const char* mask) {
  const ShuffleVector sv = *parse_one(mask);
  const unsigned eb = sv.type.elem.bits / 8, n = sv.n();
  std::mt19937 rng(5);
  std::vector<uint8_t> operand[2];
  for (auto& o : operand) {
    o.resize(n * eb);
    for (auto& b : o) b = uint8_t(rng() | 1);
  }
  std::vector<std::vector<uint8_t>> in;
  for (const Program::Input& i : p.inputs) {
    const unsigned rb = i.bits / 8;
    const size_t us = i.name.find('_');
    const unsigned r = us == std::string::npos ? 0 : unsigned(std::stoul(i.name.substr(us + 1)));
    const std::vector<uint8_t>& o = operand[i.name[0] == 'b'];
    // (An operand narrower than the register is its low part; the rest is garbage the Program
    // must not read.)
    ASSERT_LT(r * rb, o.size()) << i.name;
    ASSERT_EQ(i.held ? i.held / 8 : rb, std::min<size_t>(rb, o.size() - r * rb)) << i.name;
    in.emplace_back(o.begin() + r * rb, o.begin() + std::min<size_t>((r + 1) * rb, o.size()));
    in.back().resize(rb, 0xee);
  }
  std::vector<uint8_t> out;
  const auto outs = simulate_values(p, in);
  for (unsigned k = 0; k < outs.size(); ++k) out.insert(out.end(), outs[k].begin(), outs[k].begin() + p.output_bytes(k));

  ASSERT_EQ(out.size(), sv.m() * eb) << mask;
  for (unsigned i = 0; i < sv.m(); ++i) {
    const int e = sv.mask[i];
    if (e == kUndef) continue;
    for (unsigned k = 0; k < eb; ++k) {
      const uint8_t want = e == kZero ? 0 : operand[unsigned(e) / n][(unsigned(e) % n) * eb + k];
      ASSERT_EQ(out[i * eb + k], want) << mask << " lane " << i << "\n" << print_program(p);
    }
  }
}

// The text form keeps the Program, its registers' low parts included.
void expect_text_keeps(const Program& p) {
  auto back = parse_program(print_program(p));
  ASSERT_TRUE(back) << back.error().str();
  EXPECT_EQ(print_program(*back), print_program(p));
}

TEST(SynthRegisters, AWideOperandIsItsRegisters) {
  // clang's interleaved load of complex floats: the even lanes of <16 x float> on AVX2 (two ymm).
  for (const char* m : {"v16f32:0,2,4,6,8,10,12,14", "v16f32:1,3,5,7,9,11,13,15"}) {
    auto r = synthesize(*parse_one(m), options("avx2"));
    ASSERT_TRUE(r) << r.error().str();
    ASSERT_EQ(r->program.inputs.size(), 2u);
    EXPECT_EQ(r->program.inputs[0].name, "a_0");
    EXPECT_EQ(r->program.inputs[1].name, "a_1");
    EXPECT_EQ(r->program.inputs[0].bits, 256u);
    EXPECT_EQ(r->program.outputs.size(), 1u);
    EXPECT_LE(r->cost, 2.0 + 1e-5) << print_program(r->program);  // clang's vshufps + vpermpd
    expect_computes(r->program, m);
  }
  // SSSE3: a 256-bit operand is two xmm; the odd bytes of <32 x i8>, and one of its registers only.
  for (const char* m : {"v32i8:1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31", "v32i8:16,18,20,22,24,26,28,30,u,u,u,u,z,z,z,z"}) {
    auto r = synthesize(*parse_one(m), options("ssse3"));
    ASSERT_TRUE(r) << r.error().str();
    EXPECT_EQ(r->program.inputs[0].bits, 128u);
    expect_computes(r->program, m);
  }
}

TEST(SynthRegisters, AWideResultHasAnOutputPerRegister) {
  // An interleaved store: <8 x float> a, b into <16 x float>, two ymm results.
  const char* m = "v8f32:0,8,1,9,2,10,3,11,4,12,5,13,6,14,7,15";
  auto sv = parse_one(m);
  ASSERT_TRUE(sv) << sv.error().str();
  auto r = synthesize(*sv, options("avx2"));
  ASSERT_TRUE(r) << r.error().str();
  EXPECT_EQ(r->program.outputs.size(), 2u);
  EXPECT_FALSE(r->optimal);  // two outputs may share values: each one's bound, not their sum
  EXPECT_LE(r->lower_bound, r->cost);
  expect_computes(r->program, m);
}

TEST(SynthRegisters, MoreThanTwoRegistersAreOrEdParts) {
  // Stride-3 extracts (one plane of packed RGB bytes): each result register reads three xmm, made
  // as parts of at most two registers, zero where the others' bytes go, or-ed. Not proven.
  for (const char* m : {"v48i8:0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45", "v48i8:2,5,8,11,14,17,20,23,26,29,32,35,38,z,u,47"}) {
    for (const char* t : {"ssse3", "avx2"}) {
      auto r = synthesize(*parse_one(m), options(t));
      ASSERT_TRUE(r) << t << " " << m << ": " << r.error().str();
      EXPECT_EQ(r->program.inputs.size(), 3u);
      EXPECT_FALSE(r->optimal);
      EXPECT_LE(r->lower_bound, r->cost);
      expect_computes(r->program, m);
    }
  }
}

TEST(SynthRegisters, RegistersWhoseBytesSitApartAreMergedThenShuffled) {
  // A stride-3 extract reads three registers whose wanted elements sit at distinct places: two
  // blends merge them, one shuffle orders the merge (LLVM's vblendps, vblendps, vpermps: 1.67
  // summed where parts of two registers, a shuffle each and an or cost 2); the RGB byte plane on
  // SSE4.1: two pblendvb and one pshufb where three pshufb and two por cost 3.67.
  struct Case {
    const char* target;
    const char* mask;
    double at_most;
  };
  for (const Case& c : {Case{"avx2", "v24f32:0,3,6,9,12,15,18,21", 1.67}, Case{"avx2", "v24f32:2,5,8,11,14,17,20,23", 1.67},
                        Case{"sse4.1", "v48i8:0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45", 2.67}}) {
    auto r = synthesize(*parse_one(c.mask), options(c.target));
    ASSERT_TRUE(r) << c.target << " " << c.mask << ": " << r.error().str();
    EXPECT_EQ(r->program.inputs.size(), 3u);
    EXPECT_EQ(r->program.steps.size(), 3u) << print_program(r->program);
    EXPECT_LE(r->cost, c.at_most + 0.01) << print_program(r->program);
    expect_computes(r->program, c.mask);
  }
}

TEST(SynthRegisters, FourRegistersAreTwoPairsJoined) {
  // The 4-way word interleave of two <16 x i16> on SSE (clang's store of four streams): each result
  // xmm reads four registers whose words collide. Each pair's words packed in the result's order
  // (punpcklwd / punpckhwd), joined by one shuffle (punpckldq / punpckhdq), the pairs' unpacks
  // shared by two results: LLVM's eight shuffles, where or-ed parts took sixteen instructions.
  const char* m = "v16i16:0,8,16,24,1,9,17,25,2,10,18,26,3,11,19,27,4,12,20,28,5,13,21,29,6,14,22,30,7,15,23,31";
  for (const char* t : {"ssse3", "sse4.1"}) {
    auto r = synthesize(*parse_one(m), options(t));
    ASSERT_TRUE(r) << r.error().str();
    ASSERT_EQ(r->program.outputs.size(), 4u);
    EXPECT_EQ(r->program.steps.size(), 8u) << t << "\n" << print_program(r->program);
    expect_computes(r->program, m);
  }
}

TEST(SynthRegisters, ANarrowerShuffleIsTheLowPartOfARegister) {
  // A loop epilogue's <2 x float> swap, a concatenation of two, a half of two <4 x float>, two
  // floats of a <16 x float> (four xmm in, the low half of one out), <4 x i8> on NEON (in the low
  // part of q registers: one tbl2, where d registers take more), <8 x i8> from two <4 x i8> into
  // a whole d register (one zip1).
  struct Case {
    const char* target;
    const char* mask;
    unsigned bits, in_held, out_held;
  };
  for (const Case& c : {Case{"sse2", "v2f32:1,0", 128, 64, 64}, Case{"avx2", "v2f32:0,1,2,3", 128, 64, 0},
                        Case{"sse4.1", "v4f32:1,6", 128, 0, 64}, Case{"avx2", "v16f32:1,14", 128, 0, 64},
                        Case{"neon", "v4i8:1,6,3,z", 128, 32, 32}, Case{"neon", "v4i8:0,4,1,5,2,6,3,7", 64, 32, 0},
                        Case{"ssse3", "v3i8:2,4,u", 128, 24, 24}}) {
    auto r = synthesize(*parse_one(c.mask), options(c.target, c.target[0] == 'n' ? "neoverse-n1" : "skylake"));
    ASSERT_TRUE(r) << c.target << " " << c.mask << ": " << r.error().str();
    ASSERT_EQ(r->program.outputs.size(), 1u);
    for (const Program::Input& i : r->program.inputs) {
      EXPECT_EQ(i.bits, c.bits) << c.mask;
      EXPECT_EQ(i.held, c.in_held) << c.mask;
    }
    EXPECT_EQ(r->program.out_held, c.out_held) << c.mask;
    expect_computes(r->program, c.mask);
    expect_text_keeps(r->program);
  }
  // A swap of two floats is one shuffle, proven.
  auto r = synthesize(*parse_one("v2f32:1,0"), options("sse2"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->program.steps.size(), 1u) << print_program(r->program);
  EXPECT_TRUE(r->optimal);
}

TEST(SynthRegisters, AnOperandPastItsWholeRegistersEndsInALowPart) {
  // clang -O3 -msse4.1 on an RGB loop loads <24 x i8> and takes each plane's 8 bytes: the operand
  // is an xmm and the low 64 bits of another, the result the low half of one. And a 96-bit
  // operand (<3 x float>: the low part of one xmm) and 320-bit ones (two xmm and the low 64 bits
  // of a third; on AVX2 too, where no ymm split fits).
  struct Case {
    const char* target;
    const char* mask;
    unsigned held, out_held;
  };
  for (const Case& c : {Case{"sse4.1", "v24i8:0,3,6,9,12,15,18,21", 64, 64}, Case{"ssse3", "v24i8:2,5,8,11,14,17,20,23", 64, 64},
                        Case{"sse2", "v3f32:0,3,1,4", 96, 0}, Case{"sse4.1", "v10i32:9,0,4,8", 64, 0},
                        Case{"avx2", "v20i16:19,0,8,17,2,3,16,1", 64, 0}}) {
    auto r = synthesize(*parse_one(c.mask), options(c.target));
    ASSERT_TRUE(r) << c.target << " " << c.mask << ": " << r.error().str();
    ASSERT_EQ(r->program.outputs.size(), 1u);
    bool partial = false;
    for (const Program::Input& i : r->program.inputs) partial |= i.held == c.held;
    EXPECT_TRUE(partial) << c.mask << "\n" << print_program(r->program);
    EXPECT_EQ(r->program.out_held, c.out_held) << c.mask;
    expect_computes(r->program, c.mask);
    expect_text_keeps(r->program);
  }
}

TEST(SynthRegisters, AResultPastItsWholeRegistersEndsInALowPart) {
  // Results of 192 bits on SSE4.1 (two <8 x i8> interleaved, then a's lanes) and NEON (a 3-way
  // interleave of 8-byte streams, RGB packing): an xmm or q and the low 64 bits of another; and
  // clang's <24 x float> 3-way interleaved store on AVX-512: a zmm and the low ymm of another, two
  // vpermt2ps where three ymm take or-ed parts.
  struct Case {
    const char* target;
    const char* cpu;
    const char* mask;
    unsigned bits, out_held;
    double at_most;  // summed reciprocal throughput
  };
  const char* zip_then_a = "v8i8:0,8,1,9,2,10,3,11,4,12,5,13,6,14,7,15,0,1,2,3,4,5,6,7";
  const char* rgb16 = "v16i8:0,8,16,1,9,17,2,10,18,3,11,19,4,12,20,5,13,21,6,14,22,7,15,23";
  const char* rgbf = "v16f32:0,8,16,1,9,17,2,10,18,3,11,19,4,12,20,5,13,21,6,14,22,7,15,23";
  for (const Case& c : {Case{"sse4.1", "skylake", zip_then_a, 128, 64, 4.0}, Case{"neon", "neoverse-n1", rgb16, 128, 64, 2.0},
                        Case{"avx512vbmi", "icelake-server", rgbf, 512, 256, 2.5}}) {
    auto r = synthesize(*parse_one(c.mask), options(c.target, c.cpu));
    ASSERT_TRUE(r) << c.target << " " << c.mask << ": " << r.error().str();
    ASSERT_EQ(r->program.outputs.size(), 2u) << print_program(r->program);
    EXPECT_EQ(r->program.bits_of(r->program.outputs[0]), c.bits);
    EXPECT_EQ(r->program.out_held, c.out_held);
    EXPECT_EQ(r->program.output_bytes(0), c.bits / 8);
    EXPECT_EQ(r->program.output_bytes(1), c.out_held / 8);
    EXPECT_LE(r->cost, c.at_most + 1e-5) << c.target << "\n" << print_program(r->program);
    expect_computes(r->program, c.mask);
    expect_text_keeps(r->program);
  }
}

TEST(SynthRegisters, WiderRegistersHoldOperandsInTheirLowPart) {
  // Where xmm or d registers split the operands, a wider register holding them in its low part
  // can be cheaper: a stride-3 byte extract of <48 x i8> is one vpermb or vpermt2b of wider
  // registers where xmm take a blend, two lookups and an or; a stride-4 extract of <32 x i8> on NEON
  // one tbl2 of two q where four d take six instructions; two <8 x i8> interleaved one zip1.16b.
  struct Case {
    const char* target;
    const char* cpu;
    const char* mask;
    unsigned bits;  // at least
    size_t steps;
  };
  for (const Case& c : {Case{"avx512vbmi", "icelake-server", "v48i8:0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45", 256, 1},
                        Case{"neon", "neoverse-n1", "v32i8:0,4,8,12,16,20,24,28", 128, 1},
                        Case{"neon", "neoverse-n1", "v8i8:0,8,1,9,2,10,3,11,4,12,5,13,6,14,7,15", 128, 1}}) {
    auto r = synthesize(*parse_one(c.mask), options(c.target, c.cpu));
    ASSERT_TRUE(r) << c.target << " " << c.mask << ": " << r.error().str();
    EXPECT_EQ(r->program.steps.size(), c.steps) << c.mask << "\n" << print_program(r->program);
    for (const Program::Input& i : r->program.inputs) EXPECT_GE(i.bits, c.bits) << c.mask;
    expect_computes(r->program, c.mask);
    expect_text_keeps(r->program);
  }
}

TEST(SynthRegisters, ResultRegistersShareValues) {
  // Both halves of a byte interleave of two ymm (clang's <64 x i8> store on AVX2) are lane
  // crossings of the same two in-lane unpacks: four shuffles, LLVM's, where two searches alone
  // made seven instructions (zero extensions, a shift and an or for the low half).
  const char* m = "v32i8:0,32,1,33,2,34,3,35,4,36,5,37,6,38,7,39,8,40,9,41,10,42,11,43,12,44,13,45,14,46,15,47,"
                  "16,48,17,49,18,50,19,51,20,52,21,53,22,54,23,55,24,56,25,57,26,58,27,59,28,60,29,61,30,62,31,63";
  auto r = synthesize(*parse_one(m), options("avx2"));
  ASSERT_TRUE(r) << r.error().str();
  ASSERT_EQ(r->program.outputs.size(), 2u);
  EXPECT_EQ(r->program.steps.size(), 4u) << print_program(r->program);
  EXPECT_LE(r->cost, 4.0 + 1e-5) << print_program(r->program);
  EXPECT_LE(r->lower_bound, r->cost);
  expect_computes(r->program, m);
}

// A result register's answers are priced where the whole Program has its inputs: on NEON a_0
// and b_0 of two <8 x float> arrive in v0 and v2, not consecutive, so tbl2 takes a copy there
// and costs no less than trn1 + trn2 (LLVM's 4 instructions, 2 cycles on the busiest ports);
// priced as if they arrived in v0 and v1, each register's tbl2 took two copies in the whole.
// And the whole Program's own copies: SSE4.1's blend into the zero register the other output
// also is, commuted to blend into the input.
TEST(SynthRegisters, EachRegisterIsPricedWhereTheWholeHasItsInputs) {
  const char* trn = "v8f32:8,1,10,3,12,5,14,7";
  auto r = synthesize(*parse_one(trn), options("neon", "neoverse-n1"));
  ASSERT_TRUE(r) << r.error().str();
  const ProgramCost pc = program_cost(r->program, *find_cpu("neoverse-n1"), true);
  EXPECT_LE(pc.block_rthroughput, 2.0 + 1e-5) << print_program(r->program);
  EXPECT_LE(pc.instructions, 6u) << print_program(r->program);
  expect_computes(r->program, trn);
  const char* lane0 = "v8f32:0,z,z,z,z,z,z,z";
  auto z = synthesize(*parse_one(lane0), options("sse4.1"));
  ASSERT_TRUE(z) << z.error().str();
  const ProgramCost zc = program_cost(z->program, *find_cpu("skylake"), true);
  EXPECT_EQ(zc.instructions, 2u) << print_program(z->program);  // (xorps, blendps: no copy)
  expect_computes(z->program, lane0);
}

TEST(SynthRegisters, OperandsUpTo256BytesKeepTheirBytesApart) {

  // Two 2048-bit operands (four zmm each), a result zmm reading three of a's and four of b's
  // registers: byte 300 of the pair is b's byte 44, never a's (a label holds 8 bits of place).
  std::string m = "v256i8:";
  for (int i = 0; i < 64; ++i) m += std::to_string(i * 7 % 512) + (i < 63 ? "," : "");
  auto r = synthesize(*parse_one(m), options("avx512vbmi", "icelake-server"));
  ASSERT_TRUE(r) << r.error().str();
  expect_computes(r->program, m.c_str());
  // Larger operands are split into their registers before the search (each an input): byte 300 is
  // a's register 4, byte 44; a result of less than a register beside them is refused.
  std::string wide = "v512i8:";
  for (int i = 0; i < 64; ++i) wide += std::to_string(i == 1 ? 300 : i * 8 + i % 5) + (i < 63 ? "," : "");
  auto w = synthesize(*parse_one(wide), options("avx512vbmi", "icelake-server"));
  ASSERT_TRUE(w) << w.error().str();
  expect_computes(w->program, wide.c_str());
  auto narrow = synthesize(*parse_one("v512i8:0,300,511,2"), options("avx512vbmi", "icelake-server"));
  ASSERT_FALSE(narrow);
  EXPECT_NE(narrow.error().message.find("wider than 2048 bits"), std::string::npos) << narrow.error().message;
}

TEST(SynthRegisters, FiveRegistersAreATreeOfTwoInputLookups) {
  // AVX-512's interleaved load of 16 structures of five floats (<80 x float>, five zmm, wider than
  // 2048 bits): a field is LLVM's vpermi2d of two pairs, a blend of the two, and vpermi2d with the
  // fifth register (three lookups on port 5), where the registers merged in place took four blends
  // and a vpermd (4 cycles on the busiest ports).
  for (int field : {0, 3}) {
    std::string m = "v80f32:";
    for (int i = 0; i < 16; ++i) m += std::to_string(5 * i + field) + (i < 15 ? "," : "");
    auto r = synthesize(*parse_one(m), options("avx512vbmi", "icelake-server"));
    ASSERT_TRUE(r) << r.error().str();
    EXPECT_EQ(r->program.inputs.size(), 5u);
    EXPECT_EQ(r->program.steps.size(), 4u) << print_program(r->program);
    EXPECT_LE(program_cost(r->program, *find_cpu("icelake-server")).port_rthroughput, 3.0 + 1e-6) << print_program(r->program);
    expect_computes(r->program, m.c_str());
  }
}

TEST(SynthRegisters, PastTheDeadlineEachRegisterStillHasItsParts) {
  // AVX2, two 256-bit result registers of four input registers each: with the deadline passed
  // before it began, the parts every register needs are searched (each stops at its first check
  // and falls back), the alternatives (the merge, the join) and the shared values are not.
  const char* m = "v32i16:58,u,13,u,63,1,39,7,u,35,u,u,u,23,u,26,u,42,43,63,53,u,55,31,4,33,60,u,u,41,26,13";
  SynthOptions o = options("avx2");
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  auto r = synthesize(*parse_one(m), o);
  ASSERT_TRUE(r) << r.error().str();
  EXPECT_FALSE(r->optimal);
  EXPECT_EQ(r->program.outputs.size(), 2u);
  expect_computes(r->program, m);
}

TEST(SynthRegisters, WithoutAnOrPastTheDeadlineTheTreeStillAnswers) {
  // AVX has no 256-bit integer or: a result ymm reading eight of them (a stride-8 plane of words)
  // is a merge or a tree of two-input joins. With the deadline passed before it began, the tree
  // runs anyway (each search falls back), where the register used to have no answer at all.
  std::string m = "v128i16:";
  for (int i = 0; i < 16; ++i) m += std::to_string(8 * i + 6) + (i < 15 ? "," : "");
  SynthOptions o = options("avx");
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  auto r = synthesize(*parse_one(m), o);
  ASSERT_TRUE(r) << r.error().str();
  EXPECT_FALSE(r->optimal);
  expect_computes(r->program, m.c_str());
}

TEST(SynthRegisters, AResultRegisterReadsAtMostEight) {
  // Two 1024-bit operands (eight xmm each): the first byte of each of a's registers, then b's
  // first byte: the result's xmm reads nine registers.
  std::string m = "v128i8:";
  for (int i = 0; i < 16; ++i) m += std::to_string(i < 8 ? 16 * i : 128) + (i < 15 ? "," : "");
  auto r = synthesize(*parse_one(m), options("ssse3"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("reads 9 input registers"), std::string::npos) << r.error().message;
}

}  // namespace
}  // namespace shufc
