#include <gtest/gtest.h>

#include "shufc/parse.h"

namespace shufc {
namespace {

TEST(CompactParser, IndicesUndefAndZero) {
  auto sv = parse_compact("v8i16:0,8,1,9,u,z,3,11");
  ASSERT_TRUE(sv) << sv.error().str();
  EXPECT_EQ(sv->type.ir(), "<8 x i16>");
  EXPECT_EQ(sv->v1, Operand::value("%a"));
  EXPECT_EQ(sv->v2, Operand::value("%b"));
  EXPECT_EQ(sv->mask, (std::vector<int>{0, 8, 1, 9, kUndef, kZero, 3, 11}));
  EXPECT_EQ(sv->compact(), "v8i16:0,8,1,9,u,z,3,11");
  EXPECT_TRUE(sv->from_compact);
}

TEST(CompactParser, ResultLengthMayDiffer) {
  auto sv = parse_compact("v4f32: 0, 1, 2, 3, 4, 5, 6, 7");
  ASSERT_TRUE(sv) << sv.error().str();
  EXPECT_EQ(sv->m(), 8u);
  EXPECT_EQ(sv->result_type().ir(), "<8 x float>");
}

TEST(CompactParser, Scalable) {
  auto sv = parse_compact("nxv4i32:0,0,0,0");
  ASSERT_TRUE(sv) << sv.error().str();
  EXPECT_TRUE(sv->scalable());
  EXPECT_FALSE(parse_compact("nxv4i32:0,1,2,3"));
  EXPECT_FALSE(parse_compact("nxv4i32:0,0"));
}

TEST(CompactParser, Errors) {
  struct Case { const char* text; unsigned column; const char* says; };
  const Case cases[] = {
      {"v4i32:0,1,8,2", 11, "out of range"},
      {"v4i32:0,1,x,2", 11, "not an index"},
      {"v4i32:0,1,,2", 11, "not an index"},
      {"v4i32 0,1,2,3", 1, "TYPE:MASK"},
      {"v4q32:0,1,2,3", 1, "compact vector type"},
      {"v4i32:0,1 2", 11, "expected ','"},
      {"v0i32:", 1, "at least one"},
  };
  for (const Case& c : cases) {
    auto sv = parse_compact(c.text);
    ASSERT_FALSE(sv) << c.text;
    EXPECT_EQ(sv.error().column, c.column) << c.text << " -> " << sv.error().str();
    EXPECT_NE(sv.error().message.find(c.says), std::string::npos) << c.text << " -> " << sv.error().str();
  }
}

TEST(ParseOne, TellsFormsApart) {
  EXPECT_TRUE(parse_one("v4i32:0,1,2,3")->from_compact);
  EXPECT_FALSE(parse_one("%v = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer")->from_compact);
  EXPECT_FALSE(parse_one("%v4 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer")->from_compact);
}

}  // namespace
}  // namespace shufc
