// The bytes of IR constants (constant_bytes.h): what a constant operand holds in a register.
#include <gtest/gtest.h>

#include "shufc/constant_bytes.h"

namespace shufc {
namespace {

std::vector<uint8_t> bytes(const ElemType& t, const char* lit) {
  auto b = literal_bytes(t, lit);
  EXPECT_TRUE(b) << lit << ": " << (b ? "" : b.error().message);
  return b ? *b : std::vector<uint8_t>{};
}

using V = std::vector<uint8_t>;

TEST(ConstantBytes, Integers) {
  EXPECT_EQ(bytes(ElemType::i(8), "-1"), V({0xff}));
  EXPECT_EQ(bytes(ElemType::i(8), "255"), V({0xff}));
  EXPECT_EQ(bytes(ElemType::i(8), "-128"), V({0x80}));
  EXPECT_EQ(bytes(ElemType::i(16), "-32768"), V({0x00, 0x80}));
  EXPECT_EQ(bytes(ElemType::i(16), "258"), V({0x02, 0x01}));
  EXPECT_EQ(bytes(ElemType::i(32), "-2"), V({0xfe, 0xff, 0xff, 0xff}));
  EXPECT_EQ(bytes(ElemType::i(64), "18446744073709551615"), V(8, 0xff));
  EXPECT_EQ(bytes(ElemType::i(64), "-9223372036854775808"), V({0, 0, 0, 0, 0, 0, 0, 0x80}));
  V one(16, 0);
  one[0] = 1;
  EXPECT_EQ(bytes(ElemType::i(128), "1"), one);
  EXPECT_EQ(bytes(ElemType::i(8), "true"), V({1}));
  for (const char* bad : {"256", "-129", "1x", "", "-", "0x10"}) EXPECT_FALSE(literal_bytes(ElemType::i(8), bad)) << bad;
  EXPECT_FALSE(literal_bytes(ElemType::i(64), "18446744073709551616"));
  EXPECT_FALSE(literal_bytes(ElemType::i(64), "-9223372036854775809"));
}

TEST(ConstantBytes, Floats) {
  EXPECT_EQ(bytes(ElemType::f32(), "1.000000e+00"), V({0x00, 0x00, 0x80, 0x3f}));
  EXPECT_EQ(bytes(ElemType::f32(), "0x3FF0000000000000"), V({0x00, 0x00, 0x80, 0x3f}));  // (a float as its double)
  EXPECT_EQ(bytes(ElemType::f32(), "-0.000000e+00"), V({0x00, 0x00, 0x00, 0x80}));
  EXPECT_EQ(bytes(ElemType::f64(), "2.500000e+00"), V({0, 0, 0, 0, 0, 0, 0x04, 0x40}));
  EXPECT_EQ(bytes(ElemType::f64(), "0x7FF0000000000000"), V({0, 0, 0, 0, 0, 0, 0xf0, 0x7f}));
  EXPECT_EQ(bytes(ElemType::f16(), "0xH3C00"), V({0x00, 0x3c}));
  EXPECT_EQ(bytes(ElemType::f16(), "1.5"), V({0x00, 0x3e}));
  EXPECT_EQ(bytes(ElemType::f16(), "-2.0"), V({0x00, 0xc0}));
  EXPECT_EQ(bytes(ElemType::f16(), "6.103515625e-05"), V({0x00, 0x04}));  // the smallest normal
  EXPECT_EQ(bytes(ElemType::bf16(), "0xR3F80"), V({0x80, 0x3f}));
  EXPECT_EQ(bytes(ElemType::bf16(), "1.0"), V({0x80, 0x3f}));
  for (const char* bad : {"nonsense", "0xZZ", "0xH3C00", "1.0.0", "0x"}) EXPECT_FALSE(literal_bytes(ElemType::f32(), bad)) << bad;
  EXPECT_FALSE(literal_bytes(ElemType::f16(), "0x3FF0000000000000"));
}

TEST(ConstantBytes, PointersAndOperands) {
  EXPECT_EQ(bytes(ElemType::ptr(), "null"), V(8, 0));
  EXPECT_FALSE(literal_bytes(ElemType::ptr(), "@g"));
  const ElemType i16 = ElemType::i(16);
  EXPECT_EQ(*operand_bytes(Operand::splat_of("-2"), i16, 2), V({0xfe, 0xff, 0xfe, 0xff}));
  EXPECT_EQ(*operand_bytes(Operand::constant({"1", "poison", "3"}), i16, 3), V({1, 0, 0, 0, 3, 0}));  // (undef: 0)
  EXPECT_EQ(*operand_bytes(Operand::zero(), i16, 2), V(4, 0));
  EXPECT_FALSE(operand_bytes(Operand::constant({"1", "x"}), i16, 2));
  EXPECT_FALSE(operand_bytes(Operand::value("%v"), i16, 2));
}

}  // namespace
}  // namespace shufc
