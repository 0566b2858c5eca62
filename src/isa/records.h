// Helpers for writing instruction records compactly (src/isa/*.cpp). Records stay data: each
// one is a brace initializer; the lambdas are its lane semantics.
#pragma once
#include "shufc/isa/registry.h"

namespace shufc::isa::rec {

inline FeatureSet fs(Feature a) { return FeatureSet{}.with(a); }
inline FeatureSet fs(Feature a, Feature b) { return FeatureSet{}.with(a).with(b); }
inline FeatureSet fs(Feature a, Feature b, Feature c) { return FeatureSet{}.with(a).with(b).with(c); }

inline LaneSrc A(int e) { return LaneSrc::from(0, e); }
inline LaneSrc B(int e) { return LaneSrc::from(1, e); }
inline LaneSrc Z() { return LaneSrc::zero(); }

// Control encoders.
std::vector<uint64_t> encode_pshufb(std::span<const int> c, unsigned n);      // bit 7 zeroes, low 4 bits index
std::vector<uint64_t> encode_index(std::span<const int> c, unsigned n);       // the index itself (vpermd, vpermw, vpermi2*)
std::vector<uint64_t> encode_tbl(std::span<const int> c, unsigned n);         // out of range (0xff) zeroes
std::vector<uint64_t> encode_blendv8(std::span<const int> c, unsigned n);     // msb of each byte picks input 1
std::vector<uint64_t> encode_blendv32(std::span<const int> c, unsigned n);
std::vector<uint64_t> encode_blendv64(std::span<const int> c, unsigned n);

// Controls shared by several x86 families (the same constraints at every register width).
inline constexpr Control pshufb_ctl{Control::Kind::Table, 1, 16, true, 8, encode_pshufb};
inline constexpr Control blendv8_ctl{Control::Kind::Select, 2, 0, false, 8, encode_blendv8};
inline constexpr Control blendv32_ctl{Control::Kind::Select, 2, 0, false, 32, encode_blendv32};
inline constexpr Control blendv64_ctl{Control::Kind::Select, 2, 0, false, 64, encode_blendv64};
// An and with a constant whose bytes are 0x00 or 0xff keeps or zeroes each byte in place: a table
// control whose blocks are one byte, -1 (zero) allowed.
std::vector<uint64_t> encode_bytemask(std::span<const int> c, unsigned n);  // 0xff keeps, 0x00 zeroes
inline constexpr Control bytemask_ctl{Control::Kind::Table, 1, 1, true, 8, encode_bytemask};
// A blend by a constant of 0x00 / 0xff bytes (every bit of a byte from one side: an and, an xor):
// a select control whose 0xff bytes pick input 1.
std::vector<uint64_t> encode_selectmask(std::span<const int> c, unsigned n);
inline constexpr Control selectmask_ctl{Control::Kind::Select, 2, 0, false, 8, encode_selectmask};
inline LaneSrc bytemask_lane(unsigned i, const Params& p) { return p.control[i] < 0 ? LaneSrc::zero() : LaneSrc::from(0, int(i)); }

// Lane functions of the table and select controls.
inline LaneSrc table_lane(unsigned i, unsigned n_in, const Params& p) {
  const int c = p.control[i];
  return c < 0 ? Z() : LaneSrc::from(c / int(n_in), c % int(n_in));
}
inline LaneSrc select_lane(unsigned i, unsigned n, const Params& p) {
  return p.control[i] >= int(n) ? B(int(i)) : A(int(i));
}

}  // namespace shufc::isa::rec

namespace shufc::isa::rec {

// Lane functions shared by the SSE, AVX and AVX-512 forms, which repeat per 128-bit block.
// `bn` is the number of elements in a 128-bit block.
inline unsigned blk(unsigned i, unsigned bn) { return i / bn * bn; }
inline LaneSrc unpack_lo(unsigned i, unsigned bn) {
  const unsigned j = i % bn;
  return LaneSrc::from(j % 2, int(blk(i, bn) + j / 2));
}
inline LaneSrc unpack_hi(unsigned i, unsigned bn) {
  const unsigned j = i % bn;
  return LaneSrc::from(j % 2, int(blk(i, bn) + bn / 2 + j / 2));
}
// packs: elements of a then b per block, from elements twice as wide.
inline LaneSrc pack(unsigned i, unsigned bn) {
  const unsigned j = i % bn, half = bn / 2;
  return LaneSrc::from(j < half ? 0 : 1, int(i / bn * half + j % half));
}
inline LaneSrc pshufd(unsigned i, uint64_t imm) { return A(int(blk(i, 4) + ((imm >> 2 * (i % 4)) & 3))); }
inline LaneSrc shufps(unsigned i, uint64_t imm) {
  const unsigned j = i % 4;
  return LaneSrc::from(j < 2 ? 0 : 1, int(blk(i, 4) + ((imm >> 2 * j) & 3)));
}
inline LaneSrc shufpd(unsigned i, uint64_t imm) {
  return LaneSrc::from(int(i % 2), int(blk(i, 2) + ((imm >> i) & 1)));
}
inline LaneSrc pshuflw(unsigned i, uint64_t imm) {
  const unsigned j = i % 8;
  return j < 4 ? A(int(blk(i, 8) + ((imm >> 2 * j) & 3))) : A(int(i));
}
inline LaneSrc pshufhw(unsigned i, uint64_t imm) {
  const unsigned j = i % 8;
  return j >= 4 ? A(int(blk(i, 8) + 4 + ((imm >> 2 * (j - 4)) & 3))) : A(int(i));
}
inline LaneSrc byte_shift_left(unsigned i, uint64_t imm) {
  const unsigned j = i % 16;
  return j >= imm ? A(int(i - imm)) : Z();
}
inline LaneSrc byte_shift_right(unsigned i, uint64_t imm) {
  const unsigned j = i % 16;
  return j + imm < 16 ? A(int(i + imm)) : Z();
}
// palignr(a, b, imm): bytes imm.. of the 32-byte block b:a (b low), per 128-bit block.
inline LaneSrc palignr(unsigned i, uint64_t imm) {
  const unsigned k = i % 16 + unsigned(imm), base = blk(i, 16);
  if (k < 16) return B(int(base + k));
  if (k < 32) return A(int(base + k - 16));
  return Z();
}
inline LaneSrc blend_imm(unsigned i, uint64_t imm, unsigned bits_per_block) {
  return (imm >> (i % bits_per_block)) & 1 ? B(int(i)) : A(int(i));
}

}  // namespace shufc::isa::rec

// Lane semantics as a captureless lambda, usable as an Instruction::lane function pointer.
#define SHUFC_LANE(...) \
  [](unsigned i, [[maybe_unused]] unsigned n, [[maybe_unused]] const ::shufc::isa::Params& p) -> ::shufc::isa::LaneSrc { __VA_ARGS__; }

// ---- Helpers of the AVX, AVX2 and AVX-512 tables (src/isa/x86_avx.cpp, x86_avx512.cpp). ----
#include <bit>

namespace shufc::isa::rec {

// Broadcasts: every output element is element 0 of the input.
inline LaneSrc broadcast0(unsigned, unsigned, const Params&) { return A(0); }
// vpermilpd with an immediate: bit i of imm picks element i's source inside its 128-bit block.
inline LaneSrc permilpd(unsigned i, uint64_t imm) { return A(int(blk(i, 2) + ((imm >> i) & 1))); }
// vpermq / vpermpd with an immediate: 2 bits per element, repeated per 256-bit block.
inline LaneSrc permq(unsigned i, uint64_t imm) { return A(int(blk(i, 4) + ((imm >> 2 * (i % 4)) & 3))); }
// vperm2f128 / vperm2i128 in 64-bit elements: each 128-bit half takes the half imm[1:0] (imm[5:4])
// of b:a (a = halves 0, 1; b = halves 2, 3), or zero when imm bit 3 (7) is set.
inline LaneSrc perm2x128(unsigned i, uint64_t imm) {
  const unsigned sel = unsigned(imm >> (4 * (i / 2))) & 15;
  if (sel & 8) return Z();
  return LaneSrc::from(int(sel >> 1 & 1), int((sel & 1) * 2 + i % 2));
}
// vinsert*: the part of `part` elements at slot imm comes from b, the rest from a.
inline LaneSrc insert_part(unsigned i, uint64_t imm, unsigned part) {
  return i / part == imm ? B(int(i % part)) : A(int(i));
}
// vextract*: the part of `part` elements at slot imm of a.
inline LaneSrc extract_part(unsigned i, uint64_t imm, unsigned part) { return A(int(imm * part + i)); }
// vshuf{i,f}{32x4,64x2}: 128-bit blocks of `bn` elements; the low half of the result picks blocks
// of a, the high half blocks of b, 2 immediate bits per block (1 bit in a 256-bit register).
inline LaneSrc shuf_blocks(unsigned i, unsigned n, uint64_t imm, unsigned bn) {
  const unsigned blocks = n / bn, h = i / bn, bits = blocks == 4 ? 2 : 1;
  const unsigned sel = unsigned(imm >> (bits * h)) & (blocks - 1);
  return LaneSrc::from(h < blocks / 2 ? 0 : 1, int(sel * bn + i % bn));
}
// valignd / valignq: elements imm.. of a:b (b the low n elements).
inline LaneSrc valign(unsigned i, unsigned n, uint64_t imm) {
  const unsigned k = i + unsigned(imm);
  return k < n ? B(int(k)) : A(int(k - n));
}
// vpshld{w,d,q} by a whole number of bytes `k`, seen on bytes: each element of `eb` bytes is the
// high half of (a:b) << 8k, a the high part.
inline LaneSrc shld_bytes(unsigned i, uint64_t k, unsigned eb) {
  const unsigned e = i / eb * eb, j = i % eb;
  return j >= k ? A(int(e + j - k)) : B(int(e + eb - k + j));
}
// psrl{w,d,q} / psll{w,d,q} by a whole number of bytes `k`, seen on bytes: each element of `eb`
// bytes shifts towards its low (right) or high (left) end, zeros shifted in.
inline LaneSrc elem_shift_right_bytes(unsigned i, uint64_t k, unsigned eb) {
  const unsigned e = i / eb * eb, j = i % eb;
  return j + k < eb ? A(int(e + j + k)) : Z();
}
inline LaneSrc elem_shift_left_bytes(unsigned i, uint64_t k, unsigned eb) {
  const unsigned e = i / eb * eb, j = i % eb;
  return j >= k ? A(int(e + j - k)) : Z();
}
// vprol{d,q} by a whole number of bytes `k`, seen on bytes: each element of `eb` bytes rotates
// towards its high end, the bytes shifted out coming back in at the low end.
inline LaneSrc elem_rotate_left_bytes(unsigned i, uint64_t k, unsigned eb) {
  const unsigned e = i / eb * eb, j = i % eb;
  return A(int(e + (j + eb - k) % eb));
}
// vpshrd{w,d,q} by a whole number of bytes `k`: the low half of (b:a) >> 8k, b the high part.
inline LaneSrc shrd_bytes(unsigned i, uint64_t k, unsigned eb) {
  const unsigned e = i / eb * eb, j = i % eb;
  return j + k < eb ? A(int(e + j + k)) : B(int(e + j + k - eb));
}

// Compress and expand (vpcompress*, vpexpand*) take their control in a mask register. The abstract
// control lists, per output element, its source element or -1 (zero), like a table control:
//  - compress: out = the elements of a whose mask bit is set, in order, then zeros. The mask is
//    the set of sources the control names, so a valid compress control is increasing sources then
//    zeros; any other control means the compress of the elements it names.
//  - expand: out[i] = mask bit i ? a[number of mask bits below i] : 0. The mask bit i is set iff
//    control[i] >= 0, so a valid expand control is 0, 1, 2, ... in order at the kept positions;
//    any other control means the expand of the positions it keeps.
// The lane functions decode the mask the encoder produces, so simulation always matches hardware.
inline uint64_t compress_mask(std::span<const int> c) {
  uint64_t m = 0;
  for (int e : c)
    if (e >= 0 && e < 64) m |= 1ull << e;
  return m;
}
inline uint64_t expand_mask(std::span<const int> c) {
  uint64_t m = 0;
  for (size_t i = 0; i < c.size() && i < 64; ++i)
    if (c[i] >= 0) m |= 1ull << i;
  return m;
}
inline LaneSrc compress_lane(unsigned i, const Params& p) {
  uint64_t m = compress_mask(p.control);
  for (unsigned k = 0; m; m &= m - 1, ++k)
    if (k == i) return A(std::countr_zero(m));
  return Z();
}
inline LaneSrc expand_lane(unsigned i, const Params& p) {
  if (p.control[i] < 0) return Z();
  return A(std::popcount(expand_mask(p.control) & ((1ull << i) - 1)));
}

// Encoders of mask-register controls: one value, the k-mask (bit i for element i), whose C type
// is __mmask<ctl_elem_bits>.
inline std::vector<uint64_t> encode_kmask_select(std::span<const int> c, unsigned n) {
  uint64_t m = 0;
  for (size_t i = 0; i < c.size() && i < 64; ++i)
    if (c[i] >= int(n)) m |= 1ull << i;
  return {m};
}
inline std::vector<uint64_t> encode_kmask_compress(std::span<const int> c, unsigned) { return {compress_mask(c)}; }
inline std::vector<uint64_t> encode_kmask_expand(std::span<const int> c, unsigned) { return {expand_mask(c)}; }
// vpermilps reads bits 1:0 of each 32-bit control element, vpermilpd bit 1 of each 64-bit one.
inline std::vector<uint64_t> encode_permilps(std::span<const int> c, unsigned) {
  std::vector<uint64_t> out;
  for (int e : c) out.push_back(e < 0 ? 0 : uint64_t(e & 3));
  return out;
}
inline std::vector<uint64_t> encode_permilpd(std::span<const int> c, unsigned) {
  std::vector<uint64_t> out;
  for (int e : c) out.push_back(e < 0 ? 0 : uint64_t(e & 1) << 1);
  return out;
}
inline constexpr Control permilps_ctl{Control::Kind::Table, 1, 4, false, 32, encode_permilps};
inline constexpr Control permilpd_ctl{Control::Kind::Table, 1, 2, false, 64, encode_permilpd};

}  // namespace shufc::isa::rec
