#include <gtest/gtest.h>

#include "shufc/sim.h"

#include "shufc/program.h"

namespace shufc {
namespace {

TEST(ProgramParser, RoundTrip) {
  const char* text =
      "in a, b : 128\n"
      "t = punpcklbw a, b   # interleave\n"
      "u = pshufd t, 27\n"
      "v = pshufb u, [3,2,1,0,7,6,5,4,11,10,9,8,z,z,z,z]\n"
      "out v, t\n";
  auto p = parse_program(text);
  ASSERT_TRUE(p) << p.error().str();
  EXPECT_EQ(p->inputs.size(), 2u);
  EXPECT_EQ(p->steps.size(), 3u);
  EXPECT_EQ(p->steps[1].imm, 27u);
  EXPECT_EQ(p->steps[2].control[12], -1);
  EXPECT_EQ(p->outputs, (std::vector<unsigned>{4, 2}));
  EXPECT_EQ(print_program(*p),
            "in a, b : 128\nt = punpcklbw a, b\nu = pshufd t, 27\nv = pshufb u, [3,2,1,0,7,6,5,4,11,10,9,8,z,z,z,z]\nout v, t\n");
  auto again = parse_program(print_program(*p));
  ASSERT_TRUE(again);
  EXPECT_EQ(print_program(*again), print_program(*p));
}

// An instruction with an xmm operand reads the low half of a 256-bit value (its ymm register).
TEST(ProgramParser, NarrowOperandsReadTheLowPart) {
  auto p = parse_program("in a : 256\nt = vpbroadcastb.256 a\nu = vpmovzxbw.256 t\nout u\n");
  ASSERT_TRUE(p) << p.error().str();
  const auto labels = simulate_labels(*p);
  ASSERT_TRUE(labels);
  EXPECT_EQ((*labels)[0][0], (ByteLabel{0, 0}));
  EXPECT_EQ((*labels)[0][1], ByteLabel::zero());
  EXPECT_EQ((*labels)[0][30], (ByteLabel{0, 0}));
}

// Operands and results narrower than their register are its low part (`low BITS`).
TEST(ProgramParser, LowParts) {
  const char* text = "in a, b : 128 low 64\nin c : 128\nt = unpcklps a, b\nu = blendps t, c, 12\nout u, t low 64\n";
  auto p = parse_program(text);
  ASSERT_TRUE(p) << p.error().str();
  EXPECT_EQ(p->inputs[0].held, 64u);
  EXPECT_EQ(p->inputs[1].held, 64u);
  EXPECT_EQ(p->inputs[2].held, 0u);
  EXPECT_EQ(p->input_bytes(0), 8u);
  EXPECT_EQ(p->input_bytes(2), 16u);
  EXPECT_EQ(p->out_held, 64u);
  EXPECT_EQ(p->output_bytes(1), 8u);
  EXPECT_EQ(print_program(*p), text);
}

// A constant input: its register's bytes, no parameter; its zero bytes are zeros to the labels.
TEST(ProgramParser, Constants) {
  const char* text =
      "in v : 128\n"
      "const c : 128 = [0x00,0x00,0x00,0xff,0x00,0x00,0x00,0xff,0x00,0x00,0x00,0xff,0x00,0x00,0x00,0xff]\n"
      "t = pshufb v, [0,1,2,z,3,4,5,z,6,7,8,z,9,10,11,z]\n"
      "r = por t, c\n"
      "out r\n";
  auto p = parse_program(text);
  ASSERT_TRUE(p) << p.error().str();
  ASSERT_EQ(p->inputs.size(), 2u);
  EXPECT_FALSE(p->inputs[0].is_constant());
  EXPECT_TRUE(p->inputs[1].is_constant());
  EXPECT_EQ(p->inputs[1].constant[3], 0xff);
  EXPECT_EQ(p->passed_inputs(), std::vector<unsigned>{0});
  EXPECT_EQ(print_program(*p), text);
  // Decimal bytes read the same.
  auto dec = parse_program("in v : 128\nconst c : 128 = [0,0,0,255,0,0,0,255,0,0,0,255,0,0,0,255]\nr = por v, c\nout r\n");
  ASSERT_TRUE(dec) << dec.error().str();
  EXPECT_EQ(dec->inputs[1].constant, p->inputs[1].constant);
  // Labels: v's bytes and the constant's 0xff where the pshufb left zeros.
  const auto labels = simulate_labels(*p);
  ASSERT_TRUE(labels);
  EXPECT_EQ((*labels)[0][0], (ByteLabel{0, 0}));
  EXPECT_EQ((*labels)[0][3], (ByteLabel{1, 3}));
  EXPECT_EQ((*labels)[0][4], (ByteLabel{0, 3}));
  // Values: one vector per passed input, or one per input (a constant's is ignored).
  std::vector<uint8_t> v(16);
  for (unsigned i = 0; i < 16; ++i) v[i] = uint8_t(0x10 + i);
  const std::vector<uint8_t> want = {0x10, 0x11, 0x12, 0xff, 0x13, 0x14, 0x15, 0xff, 0x16, 0x17, 0x18, 0xff, 0x19, 0x1a, 0x1b, 0xff};
  EXPECT_EQ(simulate_values(*p, {v})[0], want);
  EXPECT_EQ(simulate_values(*p, {v, std::vector<uint8_t>(16, 0x55)})[0], want);
}

TEST(ProgramParser, Errors) {
  struct Case { const char* text; unsigned line; const char* says; };
  const Case cases[] = {
      {"in a : 128\nt = frob a\nout t\n", 2, "unknown instruction"},
      {"in a : 128\nt = pshufd a\nout t\n", 2, "needs an immediate"},
      {"in a : 128\nt = pshufd a, 256\nout t\n", 2, "out of range"},
      {"in a : 128\nt = punpcklbw a\nout t\n", 2, "takes 2"},
      {"in a : 128\nt = punpcklbw a, q\nout t\n", 2, "'q' is not defined"},
      {"in a : 128\nt = pshufb a, [16,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]\nout t\n", 2, "cannot do this control"},
      {"in a : 128\nt = pshufb a\nout t\n", 2, "needs a control"},
      {"in a : 100\nout a\n", 1, "64, 128, 256 or 512"},
      {"in a : 128\nt = pshufd a, 1\n", 2, "ends with 'out"},
      {"in a : 128\nout a\nt = pshufd a, 1\n", 3, "nothing may follow"},
      {"t = pshufd a, 1\nout t\n", 1, "'a' is not defined"},
      {"in a, a : 128\nout a\n", 1, "defined twice"},
      // A narrower value cannot stand for a wider register (the other way round reads the low part).
      {"in a : 128\nt = vpermq.256 a, 0\nout t\n", 2, "must be a 256-bit register"},
      // Parts are whole bytes below the register; nothing follows them.
      {"in a : 128 low 128\nout a\n", 1, "below the register's 128"},
      {"in a : 128 low 12\nout a\n", 1, "whole number of bytes"},
      {"in a : 128 low\nout a\n", 1, "'low' gives"},
      {"in a : 128 64\nout a\n", 1, "unexpected"},
      {"in a : 128\nout a low 256\n", 2, "below the register's 128"},
      {"in a : 128\nout a, a high 64\n", 2, "unexpected"},
      // Constant inputs: every byte of the register, 0..255, after some input.
      {"in v : 128\nconst c : 128 = [1,2,3]\nout v\n", 2, "has 16 bytes, not 3"},
      {"in v : 128\nconst c : 128 = [256,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]\nout v\n", 2, "0..255"},
      {"in v : 128\nconst c : 128 = [0xfg,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]\nout v\n", 2, "0..255"},
      {"in v : 128\nconst c : 128 [0]\nout v\n", 2, "expected '= [BYTES]'"},
      {"in v : 128\nconst c : 128 = 0\nout v\n", 2, "expected '['"},
      {"in v : 128\nconst c : 100 = [0]\nout v\n", 2, "64, 128, 256 or 512"},
      {"in v : 128\nconst v : 64 = [0,0,0,0,0,0,0,0]\nout v\n", 2, "defined twice"},
      {"const c : 64 = [0,0,0,0,0,0,0,0]\nout c\n", 1, "not only constants"},
  };
  for (const Case& c : cases) {
    auto p = parse_program(c.text);
    ASSERT_FALSE(p) << c.text;
    EXPECT_EQ(p.error().line, c.line) << c.text << " -> " << p.error().str();
    EXPECT_NE(p.error().message.find(c.says), std::string::npos) << c.text << " -> " << p.error().str();
  }
}

}  // namespace
}  // namespace shufc
