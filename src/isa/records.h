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
