#include "shufc/sim.h"

#include <gtest/gtest.h>

#include "shufc/isa/registry.h"

namespace shufc {
namespace {

std::vector<uint8_t> iota(unsigned n, uint8_t start = 0) {
  std::vector<uint8_t> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = uint8_t(start + i);
  return v;
}

TEST(Execute, Unpack) {
  const auto r = execute(*isa::find_instruction("punpcklbw"), {}, {iota(16), iota(16, 100)});
  EXPECT_EQ(r[0], 0);
  EXPECT_EQ(r[1], 100);
  EXPECT_EQ(r[2], 1);
  EXPECT_EQ(r[15], 107);
}

TEST(Execute, PackSaturates) {
  std::vector<uint8_t> a(16), b(16, 0);
  // a as 8 x i16: 300, -300, 127, -128, 0, 1, -1, 32767
  const int16_t vals[8] = {300, -300, 127, -128, 0, 1, -1, 32767};
  for (int i = 0; i < 8; ++i) {
    a[size_t(2 * i)] = uint8_t(uint16_t(vals[i]));
    a[size_t(2 * i + 1)] = uint8_t(uint16_t(vals[i]) >> 8);
  }
  const auto s = execute(*isa::find_instruction("packsswb"), {}, {a, b});
  EXPECT_EQ(std::vector<uint8_t>(s.begin(), s.begin() + 8),
            (std::vector<uint8_t>{127, 0x80, 127, 0x80, 0, 1, 0xff, 127}));
  const auto u = execute(*isa::find_instruction("packuswb"), {}, {a, b});
  EXPECT_EQ(std::vector<uint8_t>(u.begin(), u.begin() + 8), (std::vector<uint8_t>{255, 0, 127, 0, 0, 1, 0, 255}));
}

TEST(Execute, Extend) {
  std::vector<uint8_t> a = iota(16);
  a[0] = 0x80;
  const auto z = execute(*isa::find_instruction("pmovzxbw"), {}, {a});
  const auto s = execute(*isa::find_instruction("pmovsxbw"), {}, {a});
  EXPECT_EQ(z[0], 0x80);
  EXPECT_EQ(z[1], 0x00);
  EXPECT_EQ(s[1], 0xff);
  EXPECT_EQ(z[2], 1);
}

TEST(Execute, ProgrammableZeroing) {
  std::vector<int> c(16);
  for (int i = 0; i < 16; ++i) c[size_t(i)] = i % 2 ? -1 : 15 - i;
  const auto r = execute(*isa::find_instruction("pshufb"), {0, c}, {iota(16, 1)});
  EXPECT_EQ(r[0], 16);
  EXPECT_EQ(r[1], 0);
  EXPECT_EQ(r[2], 14);
}

TEST(Simulate, LabelsProveDataMovement) {
  auto p = parse_program("in a, b : 128\nt = punpckldq a, b\nu = pshufd t, 0x4e\nout u\n");
  ASSERT_TRUE(p) << p.error().str();
  const auto labels = simulate_labels(*p);
  ASSERT_TRUE(labels);
  ASSERT_EQ(labels->size(), 1u);
  // t = {a0, b0, a1, b1}; pshufd 0x4e swaps halves: {a1, b1, a0, b0}
  EXPECT_EQ((*labels)[0][0], (ByteLabel{0, 4}));
  EXPECT_EQ((*labels)[0][4], (ByteLabel{1, 4}));
  EXPECT_EQ((*labels)[0][8], (ByteLabel{0, 0}));
  EXPECT_EQ((*labels)[0][15], (ByteLabel{1, 3}));
  // the values agree with the labels
  const auto v = simulate_values(*p, {iota(16), iota(16, 100)});
  EXPECT_EQ(v[0][0], 4);
  EXPECT_EQ(v[0][4], 104);
}

TEST(Simulate, LabelsStopAtValueChanges) {
  auto p = parse_program("in a, b : 128\nt = packsswb a, b\nout t\n");
  ASSERT_TRUE(p);
  EXPECT_FALSE(simulate_labels(*p));
}

}  // namespace
}  // namespace shufc
