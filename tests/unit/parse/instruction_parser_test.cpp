#include <gtest/gtest.h>

#include "shufc/parse.h"

namespace shufc {
namespace {

TEST(InstructionParser, NamedWithConstants) {
  auto sv = parse_shufflevector(
      "%r = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>");
  ASSERT_TRUE(sv) << sv.error().str();
  EXPECT_EQ(sv->result, "%r");
  EXPECT_EQ(sv->v1.kind, Operand::Kind::Zero);
  EXPECT_EQ(sv->v2, Operand::value("%x"));
  EXPECT_EQ(sv->mask, (std::vector<int>{4, 2, 5, 1}));
  EXPECT_EQ(sv->ir(), "%r = shufflevector <4 x i32> zeroinitializer, <4 x i32> %x, <4 x i32> <i32 4, i32 2, i32 5, i32 1>");
}

TEST(InstructionParser, OperandSpellings) {
  auto a = parse_shufflevector("shufflevector <4 x i32> %a, <4 x i32> splat (i32 7), <2 x i32> <i32 0, i32 poison>");
  ASSERT_TRUE(a) << a.error().str();
  EXPECT_TRUE(a->result.empty());
  EXPECT_EQ(a->v2, Operand::splat_of("7"));
  EXPECT_EQ(a->mask, (std::vector<int>{0, kUndef}));
  auto b = parse_shufflevector("%5 = shufflevector <2 x float> <float 1.0, float undef>, <2 x float> undef, <2 x i32> <i32 1, i32 undef>, !dbg !7");
  ASSERT_TRUE(b) << b.error().str();
  EXPECT_EQ(b->result, "%5");
  EXPECT_EQ(b->v1, Operand::constant({"1.0", "undef"}));
  EXPECT_EQ(b->v2.kind, Operand::Kind::Undef);
  auto c = parse_shufflevector("%\"a b\" = shufflevector <2 x i8> %\"x y\", <2 x i8> poison, <2 x i32> zeroinitializer ; comment");
  ASSERT_TRUE(c) << c.error().str();
  EXPECT_EQ(c->result, "%\"a b\"");
  EXPECT_EQ(c->v1.name, "%\"x y\"");
  EXPECT_EQ(c->mask, (std::vector<int>{0, 0}));
  auto d = parse_shufflevector("shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> splat (i32 5)");
  ASSERT_TRUE(d) << d.error().str();
  EXPECT_EQ(d->mask, (std::vector<int>{5, 5, 5, 5}));
}

TEST(InstructionParser, SemicolonInsideAQuotedNameIsNotAComment) {
  auto sv = parse_shufflevector("%\"a;b\" = shufflevector <2 x i8> %\"x;y\", <2 x i8> poison, <2 x i32> <i32 1, i32 0> ; note");
  ASSERT_TRUE(sv) << sv.error().str();
  EXPECT_EQ(sv->result, "%\"a;b\"");
  EXPECT_EQ(sv->v1.name, "%\"x;y\"");
}

TEST(InstructionParser, Scalable) {
  auto sv = parse_shufflevector(
      "%s = shufflevector <vscale x 4 x i32> %x, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer");
  ASSERT_TRUE(sv) << sv.error().str();
  EXPECT_TRUE(sv->scalable());
  EXPECT_EQ(sv->mask, (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(sv->ir(), "%s = shufflevector <vscale x 4 x i32> %x, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer");
  // LLVM allows only zeroinitializer/poison/undef masks on scalable vectors.
  auto bad = parse_shufflevector("shufflevector <vscale x 2 x i32> %x, <vscale x 2 x i32> poison, <vscale x 2 x i32> <i32 1, i32 0>");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("scalable"), std::string::npos);
}

struct BadCase {
  const char* text;
  unsigned column;
  const char* says;
};

TEST(InstructionParser, ErrorsNameTheColumn) {
  const BadCase cases[] = {
      {"shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 9, i32 1, i32 2>", 65, "out of range"},
      {"shufflevector <4 x i32> %a, <8 x i32> %b, <4 x i32> <i32 0, i32 1, i32 1, i32 2>", 29, "same type"},
      {"shufflevector <4 x i32> %a, <4 x i32> %b, <3 x i32> <i32 0, i32 1, i32 1, i32 2>", 53, "has 4 elements"},
      {"shufflevector <4 x i32> %a <4 x i32> %b, <4 x i32> zeroinitializer", 28, "expected ','"},
      {"shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i64> zeroinitializer", 43, "i32"},
      {"shufflevector <4 x i32> %a, <4 x i32> 12, <4 x i32> zeroinitializer", 39, "operand"},
      {"%r shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer", 4, "'='"},
      {"add <4 x i32> %a, %b", 1, "shufflevector"},
      {"shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 -1>", 79, "not an index"},
      {"shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer extra", 69, "unexpected"},
      {"shufflevector <4 x i32> <i32 1, i32 2>, <4 x i32> %b, <4 x i32> zeroinitializer", 25, "2 elements"},
      {"", 1, "shufflevector"},
  };
  for (const BadCase& c : cases) {
    auto sv = parse_shufflevector(c.text);
    ASSERT_FALSE(sv) << c.text;
    EXPECT_EQ(sv.error().line, 1u) << c.text;
    EXPECT_EQ(sv.error().column, c.column) << c.text << " -> " << sv.error().str();
    EXPECT_NE(sv.error().message.find(c.says), std::string::npos) << c.text << " -> " << sv.error().str();
  }
}

}  // namespace
}  // namespace shufc
