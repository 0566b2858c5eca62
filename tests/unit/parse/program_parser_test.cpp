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
      {"in a : 128\nout a low 256\n", 2, "below the registers' 128"},
      {"in a : 128\nout a, a high 64\n", 2, "unexpected"},

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
