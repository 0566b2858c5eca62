#include "shufc/types.h"

#include <gtest/gtest.h>

#include "shufc/parse.h"

namespace shufc {
namespace {

TEST(Types, PrintFixedAndScalable) {
  EXPECT_EQ((VecType{ElementCount::fixed(4), ElemType::i(32)}.ir()), "<4 x i32>");
  EXPECT_EQ((VecType{ElementCount::vscaled(2), ElemType::f64()}.ir()), "<vscale x 2 x double>");
  EXPECT_EQ((VecType{ElementCount::vscaled(4), ElemType::i(32)}.compact()), "nxv4i32");
  EXPECT_EQ((VecType{ElementCount::fixed(8), ElemType::bf16()}.compact()), "v8bf16");
}

TEST(Types, ScalableSizesAreUnknownNotGuessed) {
  const VecType s{ElementCount::vscaled(4), ElemType::i(32)};
  EXPECT_EQ(s.size().min_bits, 128u);
  EXPECT_TRUE(s.size().scalable);
  EXPECT_FALSE(s.size().fixed_bits().has_value());
  EXPECT_EQ(s.size().str(), "vscale x 128");
  const TypeSize f64{64, false}, f256{256, false}, s128{128, true};
  EXPECT_EQ(TypeSize::known_lt(f64, s128), std::optional<bool>(true));   // 64 < 128*vscale always
  EXPECT_EQ(TypeSize::known_lt(f256, s128), std::nullopt);               // depends on vscale
  EXPECT_EQ(TypeSize::known_lt(s128, f64), std::optional<bool>(false));  // 128*vscale >= 128 > 64
  EXPECT_EQ(TypeSize::known_lt(s128, f256), std::nullopt);
  EXPECT_EQ(TypeSize::known_lt(f64, f256), std::optional<bool>(true));
}

TEST(Types, ParseRoundTrip) {
  for (const char* t : {"<4 x i32>", "<vscale x 16 x i8>", "<2 x double>", "<8 x half>", "<4 x ptr>", "<3 x i7>"}) {
    auto v = parse_ir_vec_type(t);
    ASSERT_TRUE(v) << t << ": " << v.error().str();
    EXPECT_EQ(v->ir(), t);
  }
  for (const char* t : {"v8i16", "nxv4i32", "v4f32", "v2f64", "v8f16", "v16i1"}) {
    auto v = parse_compact_type(t);
    ASSERT_TRUE(v) << t << ": " << v.error().str();
    EXPECT_EQ(v->compact(), t);
  }
}

TEST(Types, ParseErrors) {
  EXPECT_FALSE(parse_ir_vec_type("<0 x i32>"));
  EXPECT_FALSE(parse_ir_vec_type("<4 x fp128>"));
  EXPECT_FALSE(parse_ir_vec_type("<4 x i32"));
  EXPECT_FALSE(parse_ir_vec_type("<100000000 x i8>"));
  EXPECT_FALSE(parse_compact_type("v4q32"));
  EXPECT_FALSE(parse_compact_type("x4i32"));
  EXPECT_FALSE(parse_compact_type("v0i32"));
  auto e = parse_ir_vec_type("<4 x fp128>");
  EXPECT_NE(e.error().message.find("fp128"), std::string::npos);
}

}  // namespace
}  // namespace shufc
