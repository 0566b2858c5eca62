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

// Little-endian lanes of `bits` bits.
std::vector<uint8_t> lanes(const std::vector<uint64_t>& v, unsigned bits) {
  std::vector<uint8_t> r(v.size() * bits / 8);
  for (size_t i = 0; i < v.size(); ++i)
    for (unsigned k = 0; k < bits / 8; ++k) r[i * bits / 8 + k] = uint8_t(v[i] >> (8 * k));
  return r;
}

TEST(Execute, UnsignedSaturationOfAnUnsignedValue) {
  // 16-bit lanes read as unsigned: 0x8000 is large (255), not negative (0 under UnsignedSat).
  const auto a = lanes({300, 0x8000, 0xffff, 255, 256, 0, 1, 0x7fff}, 16);
  const auto u = execute(*isa::find_instruction("uqxtn.8b"), {}, {a});
  EXPECT_EQ(u, (std::vector<uint8_t>{255, 255, 255, 255, 255, 0, 1, 255}));
  const auto s = execute(*isa::find_instruction("sqxtun.8b"), {}, {a});
  EXPECT_EQ(s, (std::vector<uint8_t>{255, 0, 0, 255, 255, 0, 1, 255}));
  // 64 to 32 bits: the full unsigned range.
  const auto q = execute(*isa::find_instruction("uqxtn.2s"), {}, {lanes({0xffffffffull, 0x8000000000000000ull}, 64)});
  EXPECT_EQ(q, lanes({0xffffffffull, 0xffffffffull}, 32));
  const auto d = execute(*isa::find_instruction("uqxtn.2s"), {}, {lanes({0xfffffffeull, 7}, 64)});
  EXPECT_EQ(d, lanes({0xfffffffeull, 7}, 32));
  // vpmovusqd.128: two 64-bit lanes into the low half of an xmm register, the rest zero.
  const auto x = execute(*isa::find_instruction("vpmovusqd.128"), {}, {lanes({~0ull, 5}, 64)});
  EXPECT_EQ(x, lanes({0xffffffffull, 5, 0, 0}, 32));
}

TEST(Execute, NarrowIntoTheUpperHalf) {
  // xtn2.16b: the destination's low 8 bytes stay, bytes 8..15 are input 1's 16-bit lanes truncated.
  const std::vector<uint8_t> d = iota(16, 200);
  const auto a = lanes({0x1234, 0x8000, 0xffff, 0x00ff, 0x0100, 0x7f80, 1, 0xfe01}, 16);
  const auto t = execute(*isa::find_instruction("xtn2.16b"), {}, {d, a});
  EXPECT_EQ(t, (std::vector<uint8_t>{200, 201, 202, 203, 204, 205, 206, 207, 0x34, 0x00, 0xff, 0xff, 0x00, 0x80, 1, 0x01}));
  // The kept lanes are never saturated, whatever the op: 0x80..0xff stay as they are.
  std::vector<uint8_t> hi(16, 0x80);
  const auto s = execute(*isa::find_instruction("sqxtn2.16b"), {}, {hi, a});
  EXPECT_EQ(s, (std::vector<uint8_t>{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 127, 0x80, 0xff, 127, 127, 127, 1, 0x80}));
  const auto u = execute(*isa::find_instruction("sqxtun2.16b"), {}, {hi, a});
  EXPECT_EQ(std::vector<uint8_t>(u.begin() + 8, u.end()), (std::vector<uint8_t>{255, 0, 0, 255, 255, 255, 1, 0}));
  const auto q = execute(*isa::find_instruction("uqxtn2.16b"), {}, {hi, a});
  EXPECT_EQ(std::vector<uint8_t>(q.begin(), q.begin() + 8), std::vector<uint8_t>(8, 0x80));
  EXPECT_EQ(std::vector<uint8_t>(q.begin() + 8, q.end()), (std::vector<uint8_t>{255, 255, 255, 255, 255, 255, 1, 255}));
  // 64 to 32 bits.
  const auto w = execute(*isa::find_instruction("uqxtn2.4s"), {}, {lanes({1, 2, 3, 4}, 32), lanes({~0ull, 9}, 64)});
  EXPECT_EQ(w, lanes({1, 2, 0xffffffffull, 9}, 32));
}

TEST(Execute, FourTables) {
  std::vector<int> c(16);
  for (int i = 0; i < 16; ++i) c[size_t(i)] = i == 5 ? -1 : 63 - 4 * i;
  const auto r = execute(*isa::find_instruction("tbl4.16b"), {0, c}, {iota(16, 0), iota(16, 16), iota(16, 32), iota(16, 48)});
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[size_t(i)], i == 5 ? 0 : 63 - 4 * i) << i;
  EXPECT_THROW(execute(*isa::find_instruction("tbl4.16b"), {0, c}, {iota(16), iota(16), iota(16)}), std::invalid_argument);
}

TEST(Simulate, FourArgumentsAndNarrowHighInAProgram) {
  auto p = parse_program(
      "in a, b, c, d : 128\n"
      "t = tbl4.8b a, b, c, d, [0,17,34,51,63,z,16,1]\n"
      "n = xtn2.16b a, b\n"
      "out t, n\n");
  ASSERT_TRUE(p) << p.error().str();
  const auto v = simulate_values(*p, {iota(16, 0), iota(16, 16), iota(16, 32), iota(16, 48)});
  EXPECT_EQ(v[0], (std::vector<uint8_t>{0, 17, 34, 51, 63, 0, 16, 1}));
  EXPECT_EQ(v[1], (std::vector<uint8_t>{0, 1, 2, 3, 4, 5, 6, 7, 16, 18, 20, 22, 24, 26, 28, 30}));
  EXPECT_FALSE(parse_program("in a, b, c : 128\nt = tbl4.16b a, b, c, [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]\nout t\n"));
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

// packuswb moves the low bytes of words whose high bytes are zero (gcc's even-byte deinterleave);
// where they are not, saturation computes the byte and the labels stop.
TEST(Simulate, UnsignedPacksMoveBytesWhereTheHighBytesAreZero) {
  auto p = parse_program(
      "in a, b : 128\nt = pand a, [0,z,2,z,4,z,6,z,8,z,10,z,12,z,14,z]\nu = psrlw b, 1\nr = packuswb t, u\nout r\n");
  ASSERT_TRUE(p) << p.error().str();
  const auto labels = simulate_labels(*p);
  ASSERT_TRUE(labels);
  for (unsigned j = 0; j < 8; ++j) {
    EXPECT_EQ((*labels)[0][j], (ByteLabel{0, uint16_t(2 * j)}));
    EXPECT_EQ((*labels)[0][8 + j], (ByteLabel{1, uint16_t(2 * j + 1)}));
  }
  const auto v = simulate_values(*p, {iota(16, 200), iota(16, 100)});  // 200.. would saturate
  EXPECT_EQ(v[0][1], 202);
  EXPECT_EQ(v[0][8], 101);
  auto q = parse_program("in a, b : 128\nt = pand a, [0,z,2,z,4,z,6,z,8,z,10,z,12,z,14,z]\nr = packuswb t, b\nout r\n");
  ASSERT_TRUE(q);
  EXPECT_FALSE(simulate_labels(*q));  // b's high bytes are not known to be zero
  const auto m = isa::conditional_byte_map(*isa::find_instruction("packusdw"), {});
  EXPECT_EQ(m.bytes.size(), 16u);
  EXPECT_EQ(m.must_be_zero.size(), 16u);  // bytes 2, 3 of each of the 8 dwords
  EXPECT_EQ(m.bytes[2], isa::LaneSrc::from(0, 4));
  EXPECT_EQ(m.must_be_zero[0], isa::LaneSrc::from(0, 2));
  const auto ss = isa::conditional_byte_map(*isa::find_instruction("packssdw"), {});
  EXPECT_TRUE(ss.must_be_zero.empty());  // signed: the dropped bytes must be sign fills instead
  ASSERT_EQ(ss.must_be_sign.size(), 16u);
  EXPECT_EQ(ss.must_be_sign[0], std::pair(isa::LaneSrc::from(0, 2), isa::LaneSrc::from(0, 1)));
  EXPECT_TRUE(isa::conditional_byte_map(*isa::find_instruction("pshufd"), {27, {}}).must_be_zero.empty());
}

TEST(Simulate, LabelsStopAtValueChanges) {
  auto p = parse_program("in a, b : 128\nt = packsswb a, b\nout t\n");
  ASSERT_TRUE(p);
  EXPECT_FALSE(simulate_labels(*p));
}

}  // namespace
}  // namespace shufc

namespace shufc {
namespace {

TEST(Simulate, LabelsFollowZeroExtensionAndTruncation) {
  auto p = parse_program("in a : 128\nt = pmovzxbw a\nout t\n");
  ASSERT_TRUE(p);
  const auto labels = simulate_labels(*p);
  ASSERT_TRUE(labels);  // zero extension only moves bytes and adds zeros
  EXPECT_EQ((*labels)[0][0], (ByteLabel{0, 0}));
  EXPECT_EQ((*labels)[0][1], ByteLabel::zero());
  EXPECT_EQ((*labels)[0][2], (ByteLabel{0, 1}));
  auto s = parse_program("in a : 128\nt = pmovsxbw a\nout t\n");
  ASSERT_TRUE(s);
  const auto sl = simulate_labels(*s);  // sign extension: the byte, then its sign fill
  ASSERT_TRUE(sl);
  EXPECT_EQ((*sl)[0][2], (ByteLabel{0, 1}));
  EXPECT_EQ((*sl)[0][3], (ByteLabel{0, 1}.sign_fill()));
  EXPECT_TRUE((*sl)[0][3].is_sign());
  EXPECT_NE((*sl)[0][3], (ByteLabel{0, 1}));  // never taken for an input byte
  EXPECT_TRUE(isa::byte_map(*isa::find_instruction("pmovsxbw"), {}).empty());  // not a pure move
  EXPECT_FALSE(isa::conditional_byte_map(*isa::find_instruction("pmovsxbw"), {}).moves_bytes());
  EXPECT_EQ(isa::byte_map(*isa::find_instruction("punpcklbw"), {}).size(), 16u);
}

}  // namespace
}  // namespace shufc

namespace shufc {
namespace {

// clang's SSE2 odd-word deinterleave: psrad 16 sign-extends each dword's high word, so the pack's
// signed saturation keeps it unchanged; the labels prove the words moved. Without the shift the
// dropped bytes are input bytes, not sign fills, and the labels stop.
TEST(Simulate, SignedPacksMoveBytesOfSignExtendedElements) {
  auto p = parse_program("in a, b : 128\nt = psrad a\nu = psrad b\nr = packssdw t, u\nout r\n");
  ASSERT_TRUE(p) << p.error().str();
  const auto labels = simulate_labels(*p);
  ASSERT_TRUE(labels);
  for (unsigned j = 0; j < 4; ++j)
    for (unsigned k = 0; k < 2; ++k) {
      EXPECT_EQ((*labels)[0][2 * j + k], (ByteLabel{0, uint16_t(4 * j + 2 + k)}));
      EXPECT_EQ((*labels)[0][8 + 2 * j + k], (ByteLabel{1, uint16_t(4 * j + 2 + k)}));
    }
  std::vector<uint8_t> a(16), b(16);
  for (unsigned i = 0; i < 16; ++i) a[i] = uint8_t(0x80 + 7 * i), b[i] = uint8_t(0xF0 - 13 * i);
  const auto v = simulate_values(*p, {a, b})[0];
  for (unsigned j = 0; j < 4; ++j) {
    EXPECT_EQ(v[2 * j], a[4 * j + 2]);
    EXPECT_EQ(v[2 * j + 1], a[4 * j + 3]);
    EXPECT_EQ(v[8 + 2 * j], b[4 * j + 2]);
  }
  auto q = parse_program("in a, b : 128\nr = packssdw a, b\nout r\n");
  ASSERT_TRUE(q);
  EXPECT_FALSE(simulate_labels(*q));
  // A sign fill of a zero byte is zero: an extended zero stays a zero label.
  auto z = parse_program("in a : 128\nt = pslldq a, 14\nu = psrad t\nout u\n");
  ASSERT_TRUE(z);
  const auto zl = simulate_labels(*z);
  ASSERT_TRUE(zl);
  EXPECT_EQ((*zl)[0][0], ByteLabel::zero());
  EXPECT_EQ((*zl)[0][2], ByteLabel::zero());
  EXPECT_EQ((*zl)[0][12], (ByteLabel{0, 0}));
  EXPECT_EQ((*zl)[0][14], (ByteLabel{0, 1}.sign_fill()));
}

}  // namespace
}  // namespace shufc
