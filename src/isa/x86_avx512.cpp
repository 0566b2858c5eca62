// x86 data movement, AVX-512: F, BW, DQ, VL, VBMI and VBMI2. The 512-bit forms of everything, and
// the 128/256-bit (VL) forms of the instructions that are new in AVX-512; a VL form that does what
// an SSE/AVX/AVX2 record already does (vpunpcklbw xmm, vpermq ymm with an immediate, vinserti32x4
// ymm, vpbroadcastd ymm, vpmovzxbw ymm, ...) is that record. One record per instruction; the lane
// function is the instruction's definition (Intel SDM), in the intrinsic's argument order.
//
// Ids carry the vector length of the instruction form, the wider of its operands:
// "vpunpcklbw.512", "vpermw.128", "vpmovwb.512" (zmm to ymm), "vpmovzxbw.512" (ymm to zmm).
// Variable forms of a mnemonic that also takes an immediate are ".var": "vpermq.var.512".
//
// Template placeholders: {d} the destination, {0} {1} {2} the inputs, {imm} the immediate, {c} the
// control. Masked instructions ({c:k}) take their control in a mask register, like pblendvb's
// {c:xmm0} names xmm0: in the intrinsic, {c:k} is the __mmaskN value (N = ctl_elem_bits: the
// control encodes to ONE value, the k-mask, bit i for element i); in assembly it is the name of
// a mask register k1..k7. Only these are placeholders: every other brace is literal text, so
// "vpblendmw {d} {{c:k}}, {0}, {1}" prints "vpblendmw zmm0 {k1}, zmm1, zmm2", and the {z} of
// "vpcompressd {d} {{c:k}}{z}, {0}" (zeroing masking) stays as written.
//
// Masked blends, compress and expand use the zeroing forms (maskz intrinsics); their abstract
// controls are described in records.h (compress_lane, expand_lane, encode_kmask_*).
#include "records.h"

namespace shufc::isa {

using namespace rec;
using F = Feature;

namespace {

// vperm{b,w,d,q,ps,pd} (one table) and vpermt2* (two tables): the control is the index itself.
constexpr Control index_ctl(unsigned inputs, unsigned bits) { return {Control::Kind::Table, inputs, 0, false, bits, encode_index}; }
// Mask-register controls: the __mmaskN type is at least 8 bits.
constexpr unsigned kbits(unsigned n) { return n < 8 ? 8 : n; }
constexpr Control blendm_ctl(unsigned n) { return {Control::Kind::Select, 2, 0, false, kbits(n), encode_kmask_select}; }
constexpr Control compress_ctl(unsigned n) { return {Control::Kind::Table, 1, 0, true, kbits(n), encode_kmask_compress}; }
constexpr Control expand_ctl(unsigned n) { return {Control::Kind::Table, 1, 0, true, kbits(n), encode_kmask_expand}; }

const std::vector<Instruction>& table() {
  const FeatureSet kF = fs(F::avx512f), kFVL = fs(F::avx512f, F::avx512vl);
  const FeatureSet kBW = fs(F::avx512bw), kBWVL = fs(F::avx512bw, F::avx512vl);
  const FeatureSet kVBMI = fs(F::avx512vbmi), kVBMIVL = fs(F::avx512vbmi, F::avx512vl);
  const FeatureSet kVBMI2 = fs(F::avx512vbmi2), kVBMI2VL = fs(F::avx512vbmi2, F::avx512vl);
  // GCC declares the byte and word compress/expand intrinsics whose mask is 32 or 64 bits under
  // avx512bw as well (avx512vbmi2intrin.h, avx512vbmi2vlintrin.h): a function without it fails.
  const FeatureSet kVBMI2BW = fs(F::avx512vbmi2, F::avx512bw), kVBMI2VLBW = fs(F::avx512vbmi2, F::avx512vl, F::avx512bw);
  static const std::vector<Instruction> t = {
      {.id = "vpord.512", .feature = F::avx512f, .needs = fs(F::avx512f), .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::BitOr,
       .spell = {"_mm512_or_si512({0}, {1})", "vpord {d}, {0}, {1}", "__m512i"}, .formula = "out[i] = a[i] | b[i]"},
      {.id = "vpxord.zero.512", .feature = F::avx512f, .needs = fs(F::avx512f), .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 0, .lane = SHUFC_LANE((void)i; return Z()),
       .spell = {"_mm512_setzero_si512()", "vpxord {d}, {d}, {d}", "__m512i"}, .formula = "out[i] = 0  (zero idiom)"},
      // ---- Per-128-bit-block instructions at 512 bits (F for 32/64-bit elements, BW for 8/16) ----
#define SHUFC_UNPACK512(MN, LANE, EB, BN, FEAT, NEEDS, INTR, CTYPE, FORMULA)                                        \
  {.id = MN ".512", .feature = FEAT, .needs = NEEDS, .reg_bits = 512, .elem_bits = EB, .src_elem_bits = EB,          \
   .num_inputs = 2, .lane = SHUFC_LANE(return LANE(i, BN)), .spell = {INTR "({0}, {1})", MN " {d}, {0}, {1}", CTYPE}, \
   .formula = "per 128-bit block: " FORMULA}
      SHUFC_UNPACK512("vpunpcklbw", unpack_lo, 8, 16, F::avx512bw, kBW, "_mm512_unpacklo_epi8", "__m512i", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK512("vpunpckhbw", unpack_hi, 8, 16, F::avx512bw, kBW, "_mm512_unpackhi_epi8", "__m512i", "out[2i] = a[8+i], out[2i+1] = b[8+i]"),
      SHUFC_UNPACK512("vpunpcklwd", unpack_lo, 16, 8, F::avx512bw, kBW, "_mm512_unpacklo_epi16", "__m512i", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK512("vpunpckhwd", unpack_hi, 16, 8, F::avx512bw, kBW, "_mm512_unpackhi_epi16", "__m512i", "out[2i] = a[4+i], out[2i+1] = b[4+i]"),
      SHUFC_UNPACK512("vpunpckldq", unpack_lo, 32, 4, F::avx512f, kF, "_mm512_unpacklo_epi32", "__m512i", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK512("vpunpckhdq", unpack_hi, 32, 4, F::avx512f, kF, "_mm512_unpackhi_epi32", "__m512i", "out[2i] = a[2+i], out[2i+1] = b[2+i]"),
      SHUFC_UNPACK512("vpunpcklqdq", unpack_lo, 64, 2, F::avx512f, kF, "_mm512_unpacklo_epi64", "__m512i", "out = {a[0], b[0]}"),
      SHUFC_UNPACK512("vpunpckhqdq", unpack_hi, 64, 2, F::avx512f, kF, "_mm512_unpackhi_epi64", "__m512i", "out = {a[1], b[1]}"),
      SHUFC_UNPACK512("vunpcklps", unpack_lo, 32, 4, F::avx512f, kF, "_mm512_unpacklo_ps", "__m512", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK512("vunpckhps", unpack_hi, 32, 4, F::avx512f, kF, "_mm512_unpackhi_ps", "__m512", "out[2i] = a[2+i], out[2i+1] = b[2+i]"),
      SHUFC_UNPACK512("vunpcklpd", unpack_lo, 64, 2, F::avx512f, kF, "_mm512_unpacklo_pd", "__m512d", "out = {a[0], b[0]}"),
      SHUFC_UNPACK512("vunpckhpd", unpack_hi, 64, 2, F::avx512f, kF, "_mm512_unpackhi_pd", "__m512d", "out = {a[1], b[1]}"),
#undef SHUFC_UNPACK512
      {.id = "vpshufd.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufd(i, p.imm)),
       .spell = {"_mm512_shuffle_epi32({0}, (_MM_PERM_ENUM){imm})", "vpshufd {d}, {0}, {imm}", "__m512i"},
       .formula = "per 128-bit block: out[i] = a[imm >> 2i & 3]"},
      {.id = "vpshuflw.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshuflw(i, p.imm)),
       .spell = {"_mm512_shufflelo_epi16({0}, {imm})", "vpshuflw {d}, {0}, {imm}", "__m512i"},
       .formula = "per 128-bit block: out[i] = i < 4 ? a[imm >> 2i & 3] : a[i]"},
      {.id = "vpshufhw.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufhw(i, p.imm)),
       .spell = {"_mm512_shufflehi_epi16({0}, {imm})", "vpshufhw {d}, {0}, {imm}", "__m512i"},
       .formula = "per 128-bit block: out[i] = i >= 4 ? a[4 + (imm >> 2(i-4) & 3)] : a[i]"},
      {.id = "vshufps.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return shufps(i, p.imm)),
       .spell = {"_mm512_shuffle_ps({0}, {1}, {imm})", "vshufps {d}, {0}, {1}, {imm}", "__m512"},
       .formula = "per 128-bit block: out[i] = (i < 2 ? a : b)[imm >> 2i & 3]"},
      {.id = "vshufpd.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return shufpd(i, p.imm)),
       .spell = {"_mm512_shuffle_pd({0}, {1}, {imm})", "vshufpd {d}, {0}, {1}, {imm}", "__m512d"},
       .formula = "out[i] = (i even ? a : b)[(i & ~1) + (imm >> i & 1)]"},
      {.id = "vpermilps.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufd(i, p.imm)),
       .spell = {"_mm512_permute_ps({0}, {imm})", "vpermilps {d}, {0}, {imm}", "__m512"},
       .formula = "per 128-bit block: out[i] = a[imm >> 2i & 3]"},
      {.id = "vpermilpd.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return permilpd(i, p.imm)),
       .spell = {"_mm512_permute_pd({0}, {imm})", "vpermilpd {d}, {0}, {imm}", "__m512d"},
       .formula = "out[i] = a[(i & ~1) + (imm >> i & 1)]"},
      {.id = "vpermilps.var.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permilps_ctl,
       .spell = {"_mm512_permutevar_ps({0}, {c})", "vpermilps {d}, {0}, {c}", "__m512"},
       .formula = "per 128-bit block: out[i] = a[c[i] & 3]"},
      {.id = "vpermilpd.var.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permilpd_ctl,
       .spell = {"_mm512_permutevar_pd({0}, {c})", "vpermilpd {d}, {0}, {c}", "__m512d"},
       .formula = "per 128-bit block: out[i] = a[c[i] >> 1 & 1]"},
      {.id = "vpslldq.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return byte_shift_left(i, p.imm)),
       .spell = {"_mm512_bslli_epi128({0}, {imm})", "vpslldq {d}, {0}, {imm}", "__m512i"},
       .formula = "per 128-bit block: out[i] = i >= imm ? a[i - imm] : 0"},
      {.id = "vpsrldq.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return byte_shift_right(i, p.imm)),
       .spell = {"_mm512_bsrli_epi128({0}, {imm})", "vpsrldq {d}, {0}, {imm}", "__m512i"},
       .formula = "per 128-bit block: out[i] = i + imm < 16 ? a[i + imm] : 0"},
      {.id = "vpalignr.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .imm_count = 32, .lane = SHUFC_LANE(return palignr(i, p.imm)),
       .spell = {"_mm512_alignr_epi8({0}, {1}, {imm})", "vpalignr {d}, {0}, {1}, {imm}", "__m512i"},
       .formula = "per 128-bit block: out[i] = (b:a)[i + imm]  (b the low 16 bytes; 0 past 32)"},
      // and with a 0x00 / 0xff constant, and element shifts by whole bytes (x86_sse.cpp).
      {.id = "vpandq.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return bytemask_lane(i, p)), .control = bytemask_ctl,
       .spell = {"_mm512_and_si512({0}, {c})", "vpandq {d}, {0}, {c}", "__m512i"}, .formula = "out[i] = c[i] ? a[i] : 0  (c[i] = 0x00 or 0xff)"},
#define SHUFC_ESHIFT512(MN, EB, NEEDS, FEAT, LANE, INTR, FORMULA)                                                        \
  {.id = MN ".512", .feature = FEAT, .needs = NEEDS, .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,                \
   .num_inputs = 1, .imm_count = EB, .lane = SHUFC_LANE(return LANE(i, p.imm, EB)),                                     \
   .spell = {INTR "({0}, 8 * {imm})", MN " {d}, {0}, 8 * {imm}", "__m512i"}, .formula = "imm counts bytes: " FORMULA}
      SHUFC_ESHIFT512("vpsrlw", 2, kBW, F::avx512bw, elem_shift_right_bytes, "_mm512_srli_epi16", "per 16-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT512("vpsrld", 4, kF, F::avx512f, elem_shift_right_bytes, "_mm512_srli_epi32", "per 32-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT512("vpsrlq", 8, kF, F::avx512f, elem_shift_right_bytes, "_mm512_srli_epi64", "per 64-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT512("vpsllw", 2, kBW, F::avx512bw, elem_shift_left_bytes, "_mm512_slli_epi16", "per 16-bit element, out = a << 8 imm"),
      SHUFC_ESHIFT512("vpslld", 4, kF, F::avx512f, elem_shift_left_bytes, "_mm512_slli_epi32", "per 32-bit element, out = a << 8 imm"),
      SHUFC_ESHIFT512("vpsllq", 8, kF, F::avx512f, elem_shift_left_bytes, "_mm512_slli_epi64", "per 64-bit element, out = a << 8 imm"),
#undef SHUFC_ESHIFT512
      {.id = "vpsraw.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 16, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(2 * i + 1))), .value = ValueOp::SignExtend,
       .spell = {"_mm512_srai_epi16({0}, 8)", "vpsraw {d}, {0}, 8", "__m512i"}, .formula = "out[i] = sext(a.b[2i+1])  (a >> 8 per 16-bit element, arithmetic)"},
      {.id = "vpsrad.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 16,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(2 * i + 1))), .value = ValueOp::SignExtend,
       .spell = {"_mm512_srai_epi32({0}, 16)", "vpsrad {d}, {0}, 16", "__m512i"}, .formula = "out[i] = sext(a.w[2i+1])  (a >> 16 per 32-bit element, arithmetic)"},
      {.id = "vpshufb.512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = pshufb_ctl,
       .spell = {"_mm512_shuffle_epi8({0}, {c})", "vpshufb {d}, {0}, {c}", "__m512i"},
       .formula = "per 128-bit block: out[i] = c[i] & 0x80 ? 0 : a[c[i] & 15]"},
#define SHUFC_PACK512(MN, OP, TO, FROM, BN, INTR, FORMULA)                                                          \
  {.id = MN ".512", .feature = F::avx512bw, .needs = kBW, .reg_bits = 512, .elem_bits = TO, .src_elem_bits = FROM, \
   .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, BN)), .value = ValueOp::OP,                                 \
   .spell = {INTR "({0}, {1})", MN " {d}, {0}, {1}", "__m512i"}, .formula = "per 128-bit block: " FORMULA}
      SHUFC_PACK512("vpacksswb", SignedSat, 8, 16, 16, "_mm512_packs_epi16", "out[i] = sat_s8(i < 8 ? a[i] : b[i-8])"),
      SHUFC_PACK512("vpackssdw", SignedSat, 16, 32, 8, "_mm512_packs_epi32", "out[i] = sat_s16(i < 4 ? a[i] : b[i-4])"),
      SHUFC_PACK512("vpackuswb", UnsignedSat, 8, 16, 16, "_mm512_packus_epi16", "out[i] = sat_u8(i < 8 ? a[i] : b[i-8])"),
      SHUFC_PACK512("vpackusdw", UnsignedSat, 16, 32, 8, "_mm512_packus_epi32", "out[i] = sat_u16(i < 4 ? a[i] : b[i-4])"),
#undef SHUFC_PACK512
      {.id = "vmovddup.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i & ~1u))),
       .spell = {"_mm512_movedup_pd({0})", "vmovddup {d}, {0}", "__m512d"}, .formula = "out[i] = a[i & ~1]"},
      {.id = "vmovsldup.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i & ~1u))),
       .spell = {"_mm512_moveldup_ps({0})", "vmovsldup {d}, {0}", "__m512"}, .formula = "out[i] = a[i & ~1]"},
      {.id = "vmovshdup.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i | 1u))),
       .spell = {"_mm512_movehdup_ps({0})", "vmovshdup {d}, {0}", "__m512"}, .formula = "out[i] = a[i | 1]"},

      // ---- Whole-register permutes ----
      {.id = "vpermq.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return permq(i, p.imm)),
       .spell = {"_mm512_permutex_epi64({0}, {imm})", "vpermq {d}, {0}, {imm}", "__m512i"},
       .formula = "per 256-bit block: out[i] = a[imm >> 2i & 3]"},
      {.id = "vpermpd.512", .feature = F::avx512f, .needs = kF, .reg_bits = 512, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return permq(i, p.imm)),
       .spell = {"_mm512_permutex_pd({0}, {imm})", "vpermpd {d}, {0}, {imm}", "__m512d"},
       .formula = "per 256-bit block: out[i] = a[imm >> 2i & 3]"},
      // One table, programmable: out[i] = a[c[i] mod n] (_mm*_permutexvar_*(index, a)).
#define SHUFC_PERMVAR(ID, MN, BITS, EB, FEAT, NEEDS, INTR, CTYPE)                                                     \
  {.id = ID, .feature = FEAT, .needs = NEEDS, .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB, .num_inputs = 1, \
   .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = index_ctl(1, EB),                                       \
   .spell = {INTR "({c}, {0})", MN " {d}, {c}, {0}", CTYPE}, .formula = "out[i] = a[c[i] mod n]"}
      SHUFC_PERMVAR("vpermd.512", "vpermd", 512, 32, F::avx512f, kF, "_mm512_permutexvar_epi32", "__m512i"),
      SHUFC_PERMVAR("vpermps.512", "vpermps", 512, 32, F::avx512f, kF, "_mm512_permutexvar_ps", "__m512"),
      SHUFC_PERMVAR("vpermq.var.256", "vpermq", 256, 64, F::avx512f, kFVL, "_mm256_permutexvar_epi64", "__m256i"),
      SHUFC_PERMVAR("vpermq.var.512", "vpermq", 512, 64, F::avx512f, kF, "_mm512_permutexvar_epi64", "__m512i"),
      SHUFC_PERMVAR("vpermpd.var.256", "vpermpd", 256, 64, F::avx512f, kFVL, "_mm256_permutexvar_pd", "__m256d"),
      SHUFC_PERMVAR("vpermpd.var.512", "vpermpd", 512, 64, F::avx512f, kF, "_mm512_permutexvar_pd", "__m512d"),
      SHUFC_PERMVAR("vpermw.128", "vpermw", 128, 16, F::avx512bw, kBWVL, "_mm_permutexvar_epi16", "__m128i"),
      SHUFC_PERMVAR("vpermw.256", "vpermw", 256, 16, F::avx512bw, kBWVL, "_mm256_permutexvar_epi16", "__m256i"),
      SHUFC_PERMVAR("vpermw.512", "vpermw", 512, 16, F::avx512bw, kBW, "_mm512_permutexvar_epi16", "__m512i"),
      SHUFC_PERMVAR("vpermb.128", "vpermb", 128, 8, F::avx512vbmi, kVBMIVL, "_mm_permutexvar_epi8", "__m128i"),
      SHUFC_PERMVAR("vpermb.256", "vpermb", 256, 8, F::avx512vbmi, kVBMIVL, "_mm256_permutexvar_epi8", "__m256i"),
      SHUFC_PERMVAR("vpermb.512", "vpermb", 512, 8, F::avx512vbmi, kVBMI, "_mm512_permutexvar_epi8", "__m512i"),
#undef SHUFC_PERMVAR
      // Two tables, programmable: out[i] = (b:a)[c[i] mod 2n], a the low n elements
      // (_mm*_permutex2var_*(a, index, b)). The hardware has two forms that compute the same thing and
      // differ in the register they overwrite: vpermt2* overwrites the first table (a), vpermi2* the
      // index. shufc uses vpermt2*: the template is destructive on {0}.
#define SHUFC_PERMT2(MN, BITS, EB, FEAT, NEEDS, INTR, CTYPE)                                                                   \
  {.id = MN "." #BITS, .feature = FEAT, .needs = NEEDS, .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB, .num_inputs = 2, \
   .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = index_ctl(2, EB),                                                \
   .spell = {INTR "({0}, {c}, {1})", MN " {0}, {c}, {1}", CTYPE},                                                             \
   .formula = "out[i] = (b:a)[c[i] mod 2n]  (a the low n elements; vpermi2 is the same, overwriting the index)"}
      SHUFC_PERMT2("vpermt2d", 128, 32, F::avx512f, kFVL, "_mm_permutex2var_epi32", "__m128i"),
      SHUFC_PERMT2("vpermt2d", 256, 32, F::avx512f, kFVL, "_mm256_permutex2var_epi32", "__m256i"),
      SHUFC_PERMT2("vpermt2d", 512, 32, F::avx512f, kF, "_mm512_permutex2var_epi32", "__m512i"),
      SHUFC_PERMT2("vpermt2q", 128, 64, F::avx512f, kFVL, "_mm_permutex2var_epi64", "__m128i"),
      SHUFC_PERMT2("vpermt2q", 256, 64, F::avx512f, kFVL, "_mm256_permutex2var_epi64", "__m256i"),
      SHUFC_PERMT2("vpermt2q", 512, 64, F::avx512f, kF, "_mm512_permutex2var_epi64", "__m512i"),
      SHUFC_PERMT2("vpermt2ps", 128, 32, F::avx512f, kFVL, "_mm_permutex2var_ps", "__m128"),
      SHUFC_PERMT2("vpermt2ps", 256, 32, F::avx512f, kFVL, "_mm256_permutex2var_ps", "__m256"),
      SHUFC_PERMT2("vpermt2ps", 512, 32, F::avx512f, kF, "_mm512_permutex2var_ps", "__m512"),
      SHUFC_PERMT2("vpermt2pd", 128, 64, F::avx512f, kFVL, "_mm_permutex2var_pd", "__m128d"),
      SHUFC_PERMT2("vpermt2pd", 256, 64, F::avx512f, kFVL, "_mm256_permutex2var_pd", "__m256d"),
      SHUFC_PERMT2("vpermt2pd", 512, 64, F::avx512f, kF, "_mm512_permutex2var_pd", "__m512d"),
      SHUFC_PERMT2("vpermt2w", 128, 16, F::avx512bw, kBWVL, "_mm_permutex2var_epi16", "__m128i"),
      SHUFC_PERMT2("vpermt2w", 256, 16, F::avx512bw, kBWVL, "_mm256_permutex2var_epi16", "__m256i"),
      SHUFC_PERMT2("vpermt2w", 512, 16, F::avx512bw, kBW, "_mm512_permutex2var_epi16", "__m512i"),
      SHUFC_PERMT2("vpermt2b", 128, 8, F::avx512vbmi, kVBMIVL, "_mm_permutex2var_epi8", "__m128i"),
      SHUFC_PERMT2("vpermt2b", 256, 8, F::avx512vbmi, kVBMIVL, "_mm256_permutex2var_epi8", "__m256i"),
      SHUFC_PERMT2("vpermt2b", 512, 8, F::avx512vbmi, kVBMI, "_mm512_permutex2var_epi8", "__m512i"),
#undef SHUFC_PERMT2
      // valignd / valignq: the elements imm.. of a:b, across the whole register.
#define SHUFC_VALIGN(MN, BITS, EB, NEEDS, INTR, CTYPE)                                                                           \
  {.id = MN "." #BITS, .feature = F::avx512f, .needs = NEEDS, .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB,            \
   .num_inputs = 2, .imm_count = BITS / EB, .lane = SHUFC_LANE(return valign(i, n, p.imm)),                                     \
   .spell = {INTR "({0}, {1}, {imm})", MN " {d}, {0}, {1}, {imm}", CTYPE}, .formula = "out[i] = (a:b)[i + imm]  (b the low n elements)"}
      SHUFC_VALIGN("valignd", 128, 32, kFVL, "_mm_alignr_epi32", "__m128i"),
      SHUFC_VALIGN("valignd", 256, 32, kFVL, "_mm256_alignr_epi32", "__m256i"),
      SHUFC_VALIGN("valignd", 512, 32, kF, "_mm512_alignr_epi32", "__m512i"),
      SHUFC_VALIGN("valignq", 128, 64, kFVL, "_mm_alignr_epi64", "__m128i"),
      SHUFC_VALIGN("valignq", 256, 64, kFVL, "_mm256_alignr_epi64", "__m256i"),
      SHUFC_VALIGN("valignq", 512, 64, kF, "_mm512_alignr_epi64", "__m512i"),
#undef SHUFC_VALIGN

      // ---- 128- and 256-bit blocks ----
      // vshuf{i,f}{32x4,64x2}: the low half of the result picks 128-bit blocks of a, the high half of b.
#define SHUFC_SHUFBLK(MN, BITS, EB, NEEDS, INTR, CTYPE, FORMULA)                                                          \
  {.id = MN "." #BITS, .feature = F::avx512f, .needs = NEEDS, .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB,     \
   .num_inputs = 2, .imm_count = BITS == 512 ? 256 : 4, .lane = SHUFC_LANE(return shuf_blocks(i, n, p.imm, 128 / EB)), \
   .spell = {INTR "({0}, {1}, {imm})", MN " {d}, {0}, {1}, {imm}", CTYPE}, .formula = FORMULA}
#define SHUFC_SHUFBLK_512 "128-bit blocks: out = {a[imm & 3], a[imm >> 2 & 3], b[imm >> 4 & 3], b[imm >> 6 & 3]}"
#define SHUFC_SHUFBLK_256 "128-bit blocks: out = {a[imm & 1], b[imm >> 1 & 1]}"
      SHUFC_SHUFBLK("vshufi32x4", 256, 32, kFVL, "_mm256_shuffle_i32x4", "__m256i", SHUFC_SHUFBLK_256),
      SHUFC_SHUFBLK("vshufi32x4", 512, 32, kF, "_mm512_shuffle_i32x4", "__m512i", SHUFC_SHUFBLK_512),
      SHUFC_SHUFBLK("vshufi64x2", 256, 64, kFVL, "_mm256_shuffle_i64x2", "__m256i", SHUFC_SHUFBLK_256),
      SHUFC_SHUFBLK("vshufi64x2", 512, 64, kF, "_mm512_shuffle_i64x2", "__m512i", SHUFC_SHUFBLK_512),
      SHUFC_SHUFBLK("vshuff32x4", 256, 32, kFVL, "_mm256_shuffle_f32x4", "__m256", SHUFC_SHUFBLK_256),
      SHUFC_SHUFBLK("vshuff32x4", 512, 32, kF, "_mm512_shuffle_f32x4", "__m512", SHUFC_SHUFBLK_512),
      SHUFC_SHUFBLK("vshuff64x2", 256, 64, kFVL, "_mm256_shuffle_f64x2", "__m256d", SHUFC_SHUFBLK_256),
      SHUFC_SHUFBLK("vshuff64x2", 512, 64, kF, "_mm512_shuffle_f64x2", "__m512d", SHUFC_SHUFBLK_512),
#undef SHUFC_SHUFBLK_256
#undef SHUFC_SHUFBLK_512
#undef SHUFC_SHUFBLK
      // vinsert*: a with the part at slot imm replaced by b (b as wide as the part).
#define SHUFC_INSERT(MN, FEAT, EB, PART_BITS, INTR, CTYPE)                                                                  \
  {.id = MN ".512", .feature = FEAT, .needs = fs(FEAT), .reg_bits = 512, .elem_bits = EB, .src_elem_bits = EB,             \
   .num_inputs = 2, .input_bits = {512, PART_BITS}, .imm_count = 512 / PART_BITS,                                         \
   .lane = SHUFC_LANE(return insert_part(i, p.imm, PART_BITS / EB)), .spell = {INTR "({0}, {1}, {imm})", MN " {d}, {0}, {1}, {imm}", CTYPE}, \
   .formula = "a with the " #PART_BITS "-bit part imm replaced by b (" #PART_BITS "-bit)"}
      SHUFC_INSERT("vinserti32x4", F::avx512f, 32, 128, "_mm512_inserti32x4", "__m512i"),
      SHUFC_INSERT("vinserti64x2", F::avx512dq, 64, 128, "_mm512_inserti64x2", "__m512i"),
      SHUFC_INSERT("vinserti32x8", F::avx512dq, 32, 256, "_mm512_inserti32x8", "__m512i"),
      SHUFC_INSERT("vinserti64x4", F::avx512f, 64, 256, "_mm512_inserti64x4", "__m512i"),
      SHUFC_INSERT("vinsertf32x4", F::avx512f, 32, 128, "_mm512_insertf32x4", "__m512"),
      SHUFC_INSERT("vinsertf64x2", F::avx512dq, 64, 128, "_mm512_insertf64x2", "__m512d"),
      SHUFC_INSERT("vinsertf32x8", F::avx512dq, 32, 256, "_mm512_insertf32x8", "__m512"),
      SHUFC_INSERT("vinsertf64x4", F::avx512f, 64, 256, "_mm512_insertf64x4", "__m512d"),
#undef SHUFC_INSERT
      // vextract*: the part at slot imm of a 512-bit a.
#define SHUFC_EXTRACT(MN, FEAT, EB, PART_BITS, INTR, CTYPE)                                                                         \
  {.id = MN ".512", .feature = FEAT, .needs = fs(FEAT), .reg_bits = PART_BITS, .elem_bits = EB, .src_elem_bits = EB,               \
   .num_inputs = 1, .input_bits = {512}, .imm_count = 512 / PART_BITS, .lane = SHUFC_LANE(return extract_part(i, p.imm, PART_BITS / EB)), \
   .spell = {INTR "({0}, {imm})", MN " {d}, {0}, {imm}", CTYPE}, .formula = "out[i] = a[imm * n + i]  (a 512-bit)"}
      SHUFC_EXTRACT("vextracti32x4", F::avx512f, 32, 128, "_mm512_extracti32x4_epi32", "__m128i"),
      SHUFC_EXTRACT("vextracti64x2", F::avx512dq, 64, 128, "_mm512_extracti64x2_epi64", "__m128i"),
      SHUFC_EXTRACT("vextracti32x8", F::avx512dq, 32, 256, "_mm512_extracti32x8_epi32", "__m256i"),
      SHUFC_EXTRACT("vextracti64x4", F::avx512f, 64, 256, "_mm512_extracti64x4_epi64", "__m256i"),
      SHUFC_EXTRACT("vextractf32x4", F::avx512f, 32, 128, "_mm512_extractf32x4_ps", "__m128"),
      SHUFC_EXTRACT("vextractf64x2", F::avx512dq, 64, 128, "_mm512_extractf64x2_pd", "__m128d"),
      SHUFC_EXTRACT("vextractf32x8", F::avx512dq, 32, 256, "_mm512_extractf32x8_ps", "__m256"),
      SHUFC_EXTRACT("vextractf64x4", F::avx512f, 64, 256, "_mm512_extractf64x4_pd", "__m256d"),
#undef SHUFC_EXTRACT

      // ---- Broadcasts of element 0 of an xmm register ----
#define SHUFC_BCAST(MN, FEAT, EB, INTR, CTYPE)                                                                    \
  {.id = MN ".512", .feature = FEAT, .needs = fs(FEAT), .reg_bits = 512, .elem_bits = EB, .src_elem_bits = EB,   \
   .num_inputs = 1, .input_bits = {128}, .lane = broadcast0, .spell = {INTR "({0})", MN " {d}, {0}", CTYPE}, \
   .formula = "out[i] = a[0]  (a 128-bit)"}
      SHUFC_BCAST("vbroadcastss", F::avx512f, 32, "_mm512_broadcastss_ps", "__m512"),
      SHUFC_BCAST("vbroadcastsd", F::avx512f, 64, "_mm512_broadcastsd_pd", "__m512d"),
      SHUFC_BCAST("vpbroadcastb", F::avx512bw, 8, "_mm512_broadcastb_epi8", "__m512i"),
      SHUFC_BCAST("vpbroadcastw", F::avx512bw, 16, "_mm512_broadcastw_epi16", "__m512i"),
      SHUFC_BCAST("vpbroadcastd", F::avx512f, 32, "_mm512_broadcastd_epi32", "__m512i"),
      SHUFC_BCAST("vpbroadcastq", F::avx512f, 64, "_mm512_broadcastq_epi64", "__m512i"),
#undef SHUFC_BCAST

      // ---- Extensions to 512 bits, from the low elements of an xmm or ymm register ----
#define SHUFC_VPMOVX(MN, FEAT, OP, TO, FROM, IN_BITS, INTR)                                                           \
  {.id = MN ".512", .feature = FEAT, .needs = fs(FEAT), .reg_bits = 512, .elem_bits = TO, .src_elem_bits = FROM,     \
   .num_inputs = 1, .input_bits = {IN_BITS}, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::OP,            \
   .spell = {INTR "({0})", MN " {d}, {0}", "__m512i"}, .formula = "out[i] = extend(a[i])  (a " #IN_BITS "-bit)"}
      SHUFC_VPMOVX("vpmovzxbw", F::avx512bw, ZeroExtend, 16, 8, 256, "_mm512_cvtepu8_epi16"),
      SHUFC_VPMOVX("vpmovzxbd", F::avx512f, ZeroExtend, 32, 8, 128, "_mm512_cvtepu8_epi32"),
      SHUFC_VPMOVX("vpmovzxbq", F::avx512f, ZeroExtend, 64, 8, 128, "_mm512_cvtepu8_epi64"),
      SHUFC_VPMOVX("vpmovzxwd", F::avx512f, ZeroExtend, 32, 16, 256, "_mm512_cvtepu16_epi32"),
      SHUFC_VPMOVX("vpmovzxwq", F::avx512f, ZeroExtend, 64, 16, 128, "_mm512_cvtepu16_epi64"),
      SHUFC_VPMOVX("vpmovzxdq", F::avx512f, ZeroExtend, 64, 32, 256, "_mm512_cvtepu32_epi64"),
      SHUFC_VPMOVX("vpmovsxbw", F::avx512bw, SignExtend, 16, 8, 256, "_mm512_cvtepi8_epi16"),
      SHUFC_VPMOVX("vpmovsxbd", F::avx512f, SignExtend, 32, 8, 128, "_mm512_cvtepi8_epi32"),
      SHUFC_VPMOVX("vpmovsxbq", F::avx512f, SignExtend, 64, 8, 128, "_mm512_cvtepi8_epi64"),
      SHUFC_VPMOVX("vpmovsxwd", F::avx512f, SignExtend, 32, 16, 256, "_mm512_cvtepi16_epi32"),
      SHUFC_VPMOVX("vpmovsxwq", F::avx512f, SignExtend, 64, 16, 128, "_mm512_cvtepi16_epi64"),
      SHUFC_VPMOVX("vpmovsxdq", F::avx512f, SignExtend, 64, 32, 256, "_mm512_cvtepi32_epi64"),
#undef SHUFC_VPMOVX

      // ---- Narrowing moves: truncate (vpmov*), saturate signed (vpmovs*) or unsigned (vpmovus*) ----
      // The record's register is the result: VL/FROM elements, at least an xmm register, the rest
      // zeroed. vpmovus* read their input as unsigned: UnsignedSatU (not UnsignedSat, which
      // narrows a signed value like packuswb).
#define SHUFC_VPMOVN(MN, VL, FEAT, NEEDS, OP, TO, FROM, INTR, CTYPE)                                              \
  {.id = MN "." #VL, .feature = FEAT, .needs = NEEDS, .reg_bits = (VL / FROM * TO < 128 ? 128 : VL / FROM * TO), \
   .elem_bits = TO, .src_elem_bits = FROM, .num_inputs = 1, .input_bits = {VL},                                  \
   .lane = SHUFC_LANE(return i < VL / FROM ? A(int(i)) : Z()), .value = ValueOp::OP,                              \
   .spell = {INTR "({0})", MN " {d}, {0}", CTYPE},                                                                \
   .formula = "out[i] = i < " #VL "/" #FROM " ? narrow(a[i]) : 0  (a " #VL "-bit)"}
#define SHUFC_VPMOVN3(MN, SMN, USMN, FEAT, NEEDS, NEEDS_VL, TO, FROM, TY, CT512)                                    \
  SHUFC_VPMOVN(MN, 128, FEAT, NEEDS_VL, Truncate, TO, FROM, "_mm_cvtepi" TY, "__m128i"),                             \
  SHUFC_VPMOVN(MN, 256, FEAT, NEEDS_VL, Truncate, TO, FROM, "_mm256_cvtepi" TY, "__m128i"),                          \
  SHUFC_VPMOVN(MN, 512, FEAT, NEEDS, Truncate, TO, FROM, "_mm512_cvtepi" TY, CT512),                                 \
  SHUFC_VPMOVN(SMN, 128, FEAT, NEEDS_VL, SignedSat, TO, FROM, "_mm_cvtsepi" TY, "__m128i"),                          \
  SHUFC_VPMOVN(SMN, 256, FEAT, NEEDS_VL, SignedSat, TO, FROM, "_mm256_cvtsepi" TY, "__m128i"),                       \
  SHUFC_VPMOVN(SMN, 512, FEAT, NEEDS, SignedSat, TO, FROM, "_mm512_cvtsepi" TY, CT512),                              \
  SHUFC_VPMOVN(USMN, 128, FEAT, NEEDS_VL, UnsignedSatU, TO, FROM, "_mm_cvtusepi" TY, "__m128i"),                     \
  SHUFC_VPMOVN(USMN, 256, FEAT, NEEDS_VL, UnsignedSatU, TO, FROM, "_mm256_cvtusepi" TY, "__m128i"),                  \
  SHUFC_VPMOVN(USMN, 512, FEAT, NEEDS, UnsignedSatU, TO, FROM, "_mm512_cvtusepi" TY, CT512)
      SHUFC_VPMOVN3("vpmovwb", "vpmovswb", "vpmovuswb", F::avx512bw, kBW, kBWVL, 8, 16, "16_epi8", "__m256i"),
      SHUFC_VPMOVN3("vpmovdb", "vpmovsdb", "vpmovusdb", F::avx512f, kF, kFVL, 8, 32, "32_epi8", "__m128i"),
      SHUFC_VPMOVN3("vpmovqb", "vpmovsqb", "vpmovusqb", F::avx512f, kF, kFVL, 8, 64, "64_epi8", "__m128i"),
      SHUFC_VPMOVN3("vpmovdw", "vpmovsdw", "vpmovusdw", F::avx512f, kF, kFVL, 16, 32, "32_epi16", "__m256i"),
      SHUFC_VPMOVN3("vpmovqw", "vpmovsqw", "vpmovusqw", F::avx512f, kF, kFVL, 16, 64, "64_epi16", "__m128i"),
      SHUFC_VPMOVN3("vpmovqd", "vpmovsqd", "vpmovusqd", F::avx512f, kF, kFVL, 32, 64, "64_epi32", "__m256i"),
#undef SHUFC_VPMOVN3
#undef SHUFC_VPMOVN

      // ---- Masked: blend, compress, expand (control in a mask register, see the top) ----
#define SHUFC_BLENDM(MN, BITS, EB, FEAT, NEEDS, INTR, CTYPE)                                                                 \
  {.id = MN "." #BITS, .feature = FEAT, .needs = NEEDS, .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB, .num_inputs = 2, \
   .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendm_ctl(BITS / EB),                                        \
   .spell = {INTR "({c:k}, {0}, {1})", MN " {d} {{c:k}}, {0}, {1}", CTYPE}, .formula = "out[i] = k[i] ? b[i] : a[i]"}
      SHUFC_BLENDM("vpblendmb", 128, 8, F::avx512bw, kBWVL, "_mm_mask_blend_epi8", "__m128i"),
      SHUFC_BLENDM("vpblendmb", 256, 8, F::avx512bw, kBWVL, "_mm256_mask_blend_epi8", "__m256i"),
      SHUFC_BLENDM("vpblendmb", 512, 8, F::avx512bw, kBW, "_mm512_mask_blend_epi8", "__m512i"),
      SHUFC_BLENDM("vpblendmw", 128, 16, F::avx512bw, kBWVL, "_mm_mask_blend_epi16", "__m128i"),
      SHUFC_BLENDM("vpblendmw", 256, 16, F::avx512bw, kBWVL, "_mm256_mask_blend_epi16", "__m256i"),
      SHUFC_BLENDM("vpblendmw", 512, 16, F::avx512bw, kBW, "_mm512_mask_blend_epi16", "__m512i"),
      SHUFC_BLENDM("vpblendmd", 128, 32, F::avx512f, kFVL, "_mm_mask_blend_epi32", "__m128i"),
      SHUFC_BLENDM("vpblendmd", 256, 32, F::avx512f, kFVL, "_mm256_mask_blend_epi32", "__m256i"),
      SHUFC_BLENDM("vpblendmd", 512, 32, F::avx512f, kF, "_mm512_mask_blend_epi32", "__m512i"),
      SHUFC_BLENDM("vpblendmq", 128, 64, F::avx512f, kFVL, "_mm_mask_blend_epi64", "__m128i"),
      SHUFC_BLENDM("vpblendmq", 256, 64, F::avx512f, kFVL, "_mm256_mask_blend_epi64", "__m256i"),
      SHUFC_BLENDM("vpblendmq", 512, 64, F::avx512f, kF, "_mm512_mask_blend_epi64", "__m512i"),
#undef SHUFC_BLENDM
#define SHUFC_CMPX(MN, BITS, EB, FEAT, NEEDS, LANE, CTL, INTR, CTYPE, FORMULA)                                                 \
  {.id = MN "." #BITS, .feature = FEAT, .needs = NEEDS, .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB, .num_inputs = 1, \
   .lane = SHUFC_LANE(return LANE(i, p)), .control = CTL(BITS / EB),                                                         \
   .spell = {INTR "({c:k}, {0})", MN " {d} {{c:k}}{z}, {0}", CTYPE}, .formula = FORMULA}
#define SHUFC_COMPRESS(MN, BITS, EB, FEAT, NEEDS, INTR, CTYPE)                   \
  SHUFC_CMPX(MN, BITS, EB, FEAT, NEEDS, compress_lane, compress_ctl, INTR, CTYPE, \
             "out = the a[j] with k[j] set, in order, then 0; control: the sources, increasing, then z")
#define SHUFC_EXPAND(MN, BITS, EB, FEAT, NEEDS, INTR, CTYPE)               \
  SHUFC_CMPX(MN, BITS, EB, FEAT, NEEDS, expand_lane, expand_ctl, INTR, CTYPE, \
             "out[i] = k[i] ? a[popcount(k below i)] : 0; control: 0, 1, 2, ... at the kept positions, else z")
      SHUFC_COMPRESS("vpcompressb", 128, 8, F::avx512vbmi2, kVBMI2VL, "_mm_maskz_compress_epi8", "__m128i"),
      SHUFC_COMPRESS("vpcompressb", 256, 8, F::avx512vbmi2, kVBMI2VLBW, "_mm256_maskz_compress_epi8", "__m256i"),
      SHUFC_COMPRESS("vpcompressb", 512, 8, F::avx512vbmi2, kVBMI2BW, "_mm512_maskz_compress_epi8", "__m512i"),
      SHUFC_COMPRESS("vpcompressw", 128, 16, F::avx512vbmi2, kVBMI2VL, "_mm_maskz_compress_epi16", "__m128i"),
      SHUFC_COMPRESS("vpcompressw", 256, 16, F::avx512vbmi2, kVBMI2VL, "_mm256_maskz_compress_epi16", "__m256i"),
      SHUFC_COMPRESS("vpcompressw", 512, 16, F::avx512vbmi2, kVBMI2BW, "_mm512_maskz_compress_epi16", "__m512i"),
      SHUFC_COMPRESS("vpcompressd", 128, 32, F::avx512f, kFVL, "_mm_maskz_compress_epi32", "__m128i"),
      SHUFC_COMPRESS("vpcompressd", 256, 32, F::avx512f, kFVL, "_mm256_maskz_compress_epi32", "__m256i"),
      SHUFC_COMPRESS("vpcompressd", 512, 32, F::avx512f, kF, "_mm512_maskz_compress_epi32", "__m512i"),
      SHUFC_COMPRESS("vpcompressq", 128, 64, F::avx512f, kFVL, "_mm_maskz_compress_epi64", "__m128i"),
      SHUFC_COMPRESS("vpcompressq", 256, 64, F::avx512f, kFVL, "_mm256_maskz_compress_epi64", "__m256i"),
      SHUFC_COMPRESS("vpcompressq", 512, 64, F::avx512f, kF, "_mm512_maskz_compress_epi64", "__m512i"),
      SHUFC_EXPAND("vpexpandb", 128, 8, F::avx512vbmi2, kVBMI2VL, "_mm_maskz_expand_epi8", "__m128i"),
      SHUFC_EXPAND("vpexpandb", 256, 8, F::avx512vbmi2, kVBMI2VLBW, "_mm256_maskz_expand_epi8", "__m256i"),
      SHUFC_EXPAND("vpexpandb", 512, 8, F::avx512vbmi2, kVBMI2BW, "_mm512_maskz_expand_epi8", "__m512i"),
      SHUFC_EXPAND("vpexpandw", 128, 16, F::avx512vbmi2, kVBMI2VL, "_mm_maskz_expand_epi16", "__m128i"),
      SHUFC_EXPAND("vpexpandw", 256, 16, F::avx512vbmi2, kVBMI2VL, "_mm256_maskz_expand_epi16", "__m256i"),
      SHUFC_EXPAND("vpexpandw", 512, 16, F::avx512vbmi2, kVBMI2BW, "_mm512_maskz_expand_epi16", "__m512i"),
      SHUFC_EXPAND("vpexpandd", 128, 32, F::avx512f, kFVL, "_mm_maskz_expand_epi32", "__m128i"),
      SHUFC_EXPAND("vpexpandd", 256, 32, F::avx512f, kFVL, "_mm256_maskz_expand_epi32", "__m256i"),
      SHUFC_EXPAND("vpexpandd", 512, 32, F::avx512f, kF, "_mm512_maskz_expand_epi32", "__m512i"),
      SHUFC_EXPAND("vpexpandq", 128, 64, F::avx512f, kFVL, "_mm_maskz_expand_epi64", "__m128i"),
      SHUFC_EXPAND("vpexpandq", 256, 64, F::avx512f, kFVL, "_mm256_maskz_expand_epi64", "__m256i"),
      SHUFC_EXPAND("vpexpandq", 512, 64, F::avx512f, kF, "_mm512_maskz_expand_epi64", "__m512i"),
#undef SHUFC_EXPAND
#undef SHUFC_COMPRESS
#undef SHUFC_CMPX

      // ---- Rotates by an immediate (F, VL) ----
      // vprol{d,q} x, s: each element rotated left by s bits; only whole bytes move lanes, so the
      // records' immediate counts bytes (the templates write "8 * {imm}"), k = 0 .. element bytes
      // - 1. A rotate is an element shift's cost on Intel (ports 0/1, beside the shuffle port):
      // clang swaps the words of each dword with `vprold $16` after a `vpblendw`. (vpror{d,q} by
      // s is vprol by the element's bits - s: the same byte maps.)
#define SHUFC_PROL(MN, BITS, EB, NEEDS, INTR, FORMULA)                                                                  \
  {.id = MN "." #BITS, .feature = F::avx512f, .needs = NEEDS, .reg_bits = BITS, .elem_bits = 8, .src_elem_bits = 8,     \
   .num_inputs = 1, .imm_count = EB / 8, .lane = SHUFC_LANE(return elem_rotate_left_bytes(i, p.imm, EB / 8)),          \
   .spell = {INTR "({0}, 8 * {imm})", MN " {d}, {0}, 8 * {imm}", "__m" #BITS "i"}, .formula = "imm counts bytes: " FORMULA}
#define SHUFC_PROL3(MN, EB, INTR, FORMULA)                                     \
  SHUFC_PROL(MN, 128, EB, kFVL, "_mm_" INTR, FORMULA),                          \
  SHUFC_PROL(MN, 256, EB, kFVL, "_mm256_" INTR, FORMULA),                       \
  SHUFC_PROL(MN, 512, EB, kF, "_mm512_" INTR, FORMULA)
      SHUFC_PROL3("vprold", 32, "rol_epi32", "per 32-bit element, out = a rotated left by 8 imm bits"),
      SHUFC_PROL3("vprolq", 64, "rol_epi64", "per 64-bit element, out = a rotated left by 8 imm bits"),
#undef SHUFC_PROL3
#undef SHUFC_PROL

      // ---- VBMI2 concatenate-and-shift by an immediate ----
      // vpshld{w,d,q} a, b, s: per element, the high half of (a:b) << s; vpshrd: the low half of
      // (b:a) >> s. Only shifts by whole bytes move lanes, so these records speak of bytes and THEIR
      // IMMEDIATE COUNTS BYTES: record immediate k is the instruction's immediate 8k (the templates
      // write "8 * {imm}"), k = 0 .. element bytes - 1.
#define SHUFC_SHXD(MN, BITS, EB, NEEDS, LANE, INTR, FORMULA)                                                              \
  {.id = MN "." #BITS, .feature = F::avx512vbmi2, .needs = NEEDS, .reg_bits = BITS, .elem_bits = 8, .src_elem_bits = 8, \
   .num_inputs = 2, .imm_count = EB / 8, .lane = SHUFC_LANE(return LANE(i, p.imm, EB / 8)),                            \
   .spell = {INTR "({0}, {1}, 8 * {imm})", MN " {d}, {0}, {1}, 8 * {imm}", "__m" #BITS "i"},                          \
   .formula = "imm counts bytes (shift 8 imm bits): " FORMULA}
#define SHUFC_SHXD3(MN, EB, LANE, INTR, FORMULA)                                    \
  SHUFC_SHXD(MN, 128, EB, kVBMI2VL, LANE, "_mm_" INTR, FORMULA),                    \
  SHUFC_SHXD(MN, 256, EB, kVBMI2VL, LANE, "_mm256_" INTR, FORMULA),                 \
  SHUFC_SHXD(MN, 512, EB, kVBMI2, LANE, "_mm512_" INTR, FORMULA)
      SHUFC_SHXD3("vpshldw", 16, shld_bytes, "shldi_epi16", "per 16-bit element, out = hi16((a:b) << 8 imm)"),
      SHUFC_SHXD3("vpshldd", 32, shld_bytes, "shldi_epi32", "per 32-bit element, out = hi32((a:b) << 8 imm)"),
      SHUFC_SHXD3("vpshldq", 64, shld_bytes, "shldi_epi64", "per 64-bit element, out = hi64((a:b) << 8 imm)"),
      SHUFC_SHXD3("vpshrdw", 16, shrd_bytes, "shrdi_epi16", "per 16-bit element, out = lo16((b:a) >> 8 imm)"),
      SHUFC_SHXD3("vpshrdd", 32, shrd_bytes, "shrdi_epi32", "per 32-bit element, out = lo32((b:a) >> 8 imm)"),
      SHUFC_SHXD3("vpshrdq", 64, shrd_bytes, "shrdi_epi64", "per 64-bit element, out = lo64((b:a) >> 8 imm)"),
#undef SHUFC_SHXD3
#undef SHUFC_SHXD
  };
  return t;
}

}  // namespace

std::span<const Instruction> x86_avx512_instructions() { return table(); }

}  // namespace shufc::isa
