// x86 data movement, AVX and AVX2: the 256-bit forms, and the 128-bit forms that are new in AVX and
// AVX2 (vpermilps/pd, vbroadcastss, vpbroadcast*, vpblendd; the other VEX 128-bit forms are the SSE
// records). One record per instruction; the lane function is the instruction's definition (Intel
// SDM), in the intrinsic's argument order. Ids carry the register width ("vpunpcklbw.256"), except
// the 128-bit-lane moves that exist in one form only (vperm2i128, vinserti128, vextracti128, ...).
// VEX is non-destructive: assembly templates write the destination {d} first.
#include "records.h"

namespace shufc::isa {

using namespace rec;
using F = Feature;

namespace {

constexpr Control permd_ctl{Control::Kind::Table, 1, 0, false, 32, encode_index};

const std::vector<Instruction>& table() {
  static const std::vector<Instruction> t = {
      {.id = "vpor.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::BitOr,
       .spell = {"_mm256_or_si256({0}, {1})", "vpor {d}, {0}, {1}", "__m256i"}, .formula = "out[i] = a[i] | b[i]"},
      {.id = "vxorps.zero.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 0, .lane = SHUFC_LANE((void)i; return Z()),
       .spell = {"_mm256_setzero_si256()", "vxorps {d}, {d}, {d}", "__m256i"}, .formula = "out[i] = 0  (zero idiom)"},
      // ---- AVX ----
      // Float unpacks, per 128-bit block.
      {.id = "vunpcklps.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 4)),
       .spell = {"_mm256_unpacklo_ps({0}, {1})", "vunpcklps {d}, {0}, {1}", "__m256"},
       .formula = "per 128-bit block: out[2i] = a[i], out[2i+1] = b[i]"},
      {.id = "vunpckhps.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 4)),
       .spell = {"_mm256_unpackhi_ps({0}, {1})", "vunpckhps {d}, {0}, {1}", "__m256"},
       .formula = "per 128-bit block: out[2i] = a[2+i], out[2i+1] = b[2+i]"},
      {.id = "vunpcklpd.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 2)),
       .spell = {"_mm256_unpacklo_pd({0}, {1})", "vunpcklpd {d}, {0}, {1}", "__m256d"},
       .formula = "out = {a[0], b[0], a[2], b[2]}"},
      {.id = "vunpckhpd.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 2)),
       .spell = {"_mm256_unpackhi_pd({0}, {1})", "vunpckhpd {d}, {0}, {1}", "__m256d"},
       .formula = "out = {a[1], b[1], a[3], b[3]}"},
      // Float immediate shuffles and blends.
      {.id = "vshufps.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return shufps(i, p.imm)),
       .spell = {"_mm256_shuffle_ps({0}, {1}, {imm})", "vshufps {d}, {0}, {1}, {imm}", "__m256"},
       .formula = "per 128-bit block: out[i] = (i < 2 ? a : b)[imm >> 2i & 3]"},
      {.id = "vshufpd.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 16, .lane = SHUFC_LANE(return shufpd(i, p.imm)),
       .spell = {"_mm256_shuffle_pd({0}, {1}, {imm})", "vshufpd {d}, {0}, {1}, {imm}", "__m256d"},
       .formula = "out[i] = (i even ? a : b)[(i & ~1) + (imm >> i & 1)]"},
      {.id = "vblendps.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 32)),
       .spell = {"_mm256_blend_ps({0}, {1}, {imm})", "vblendps {d}, {0}, {1}, {imm}", "__m256"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      {.id = "vblendpd.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 16, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 64)),
       .spell = {"_mm256_blend_pd({0}, {1}, {imm})", "vblendpd {d}, {0}, {1}, {imm}", "__m256d"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      {.id = "vblendvps.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendv32_ctl,
       .spell = {"_mm256_blendv_ps({0}, {1}, {c})", "vblendvps {d}, {0}, {1}, {c}", "__m256"},
       .formula = "out[i] = c[i] < 0 ? b[i] : a[i]"},
      {.id = "vblendvpd.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendv64_ctl,
       .spell = {"_mm256_blendv_pd({0}, {1}, {c})", "vblendvpd {d}, {0}, {1}, {c}", "__m256d"},
       .formula = "out[i] = c[i] < 0 ? b[i] : a[i]"},
      // vpermilps / vpermilpd: in-block permutes of one register, by immediate or by a control vector.
      {.id = "vpermilps.128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufd(i, p.imm)),
       .spell = {"_mm_permute_ps({0}, {imm})", "vpermilps {d}, {0}, {imm}", "__m128"}, .formula = "out[i] = a[imm >> 2i & 3]"},
      {.id = "vpermilps.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufd(i, p.imm)),
       .spell = {"_mm256_permute_ps({0}, {imm})", "vpermilps {d}, {0}, {imm}", "__m256"},
       .formula = "per 128-bit block: out[i] = a[imm >> 2i & 3]"},
      {.id = "vpermilpd.128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 4, .lane = SHUFC_LANE(return permilpd(i, p.imm)),
       .spell = {"_mm_permute_pd({0}, {imm})", "vpermilpd {d}, {0}, {imm}", "__m128d"}, .formula = "out[i] = a[imm >> i & 1]"},
      {.id = "vpermilpd.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return permilpd(i, p.imm)),
       .spell = {"_mm256_permute_pd({0}, {imm})", "vpermilpd {d}, {0}, {imm}", "__m256d"},
       .formula = "out[i] = a[(i & ~1) + (imm >> i & 1)]"},
      {.id = "vpermilps.var.128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permilps_ctl,
       .spell = {"_mm_permutevar_ps({0}, {c})", "vpermilps {d}, {0}, {c}", "__m128"}, .formula = "out[i] = a[c[i] & 3]"},
      {.id = "vpermilps.var.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permilps_ctl,
       .spell = {"_mm256_permutevar_ps({0}, {c})", "vpermilps {d}, {0}, {c}", "__m256"},
       .formula = "per 128-bit block: out[i] = a[c[i] & 3]"},
      {.id = "vpermilpd.var.128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permilpd_ctl,
       .spell = {"_mm_permutevar_pd({0}, {c})", "vpermilpd {d}, {0}, {c}", "__m128d"}, .formula = "out[i] = a[c[i] >> 1 & 1]"},
      {.id = "vpermilpd.var.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permilpd_ctl,
       .spell = {"_mm256_permutevar_pd({0}, {c})", "vpermilpd {d}, {0}, {c}", "__m256d"},
       .formula = "per 128-bit block: out[i] = a[c[i] >> 1 & 1]"},
      // 128-bit halves: vperm2f128 (bit 3 / 7 of imm zeroes a half), insert, extract.
      {.id = "vperm2f128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return perm2x128(i, p.imm)),
       .spell = {"_mm256_permute2f128_ps({0}, {1}, {imm})", "vperm2f128 {d}, {0}, {1}, {imm}", "__m256"},
       .formula = "half h = imm >> 4h & 8 ? 0 : {a.lo, a.hi, b.lo, b.hi}[imm >> 4h & 3]"},
      {.id = "vinsertf128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .input_bits = {256, 128}, .imm_count = 2, .lane = SHUFC_LANE(return insert_part(i, p.imm, 2)),
       .spell = {"_mm256_insertf128_ps({0}, {1}, {imm})", "vinsertf128 {d}, {0}, {1}, {imm}", "__m256"},
       .formula = "a with 128-bit half imm replaced by b (128-bit)"},
      {.id = "vextractf128", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .input_bits = {256}, .imm_count = 2, .lane = SHUFC_LANE(return extract_part(i, p.imm, 2)),
       .spell = {"_mm256_extractf128_ps({0}, {imm})", "vextractf128 {d}, {0}, {imm}", "__m128"},
       .formula = "out[i] = a[2 imm + i]  (128-bit half imm of a 256-bit a)"},
      // Duplicates.
      {.id = "vmovddup.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i & ~1u))),
       .spell = {"_mm256_movedup_pd({0})", "vmovddup {d}, {0}", "__m256d"}, .formula = "out[i] = a[i & ~1]"},
      {.id = "vmovsldup.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i & ~1u))),
       .spell = {"_mm256_moveldup_ps({0})", "vmovsldup {d}, {0}", "__m256"}, .formula = "out[i] = a[i & ~1]"},
      {.id = "vmovshdup.256", .feature = F::avx, .needs = fs(F::avx), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i | 1u))),
       .spell = {"_mm256_movehdup_ps({0})", "vmovshdup {d}, {0}", "__m256"}, .formula = "out[i] = a[i | 1]"},

      // ---- AVX2 ----
      // Integer unpacks, per 128-bit block.
#define SHUFC_UNPACK256(ID, LANE, EB, BN, INTR, FORMULA)                                                          \
  {.id = ID ".256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = EB, .src_elem_bits = EB, \
   .num_inputs = 2, .lane = SHUFC_LANE(return LANE(i, BN)),                                                       \
   .spell = {INTR "({0}, {1})", ID " {d}, {0}, {1}", "__m256i"}, .formula = "per 128-bit block: " FORMULA}
      SHUFC_UNPACK256("vpunpcklbw", unpack_lo, 8, 16, "_mm256_unpacklo_epi8", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK256("vpunpckhbw", unpack_hi, 8, 16, "_mm256_unpackhi_epi8", "out[2i] = a[8+i], out[2i+1] = b[8+i]"),
      SHUFC_UNPACK256("vpunpcklwd", unpack_lo, 16, 8, "_mm256_unpacklo_epi16", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK256("vpunpckhwd", unpack_hi, 16, 8, "_mm256_unpackhi_epi16", "out[2i] = a[4+i], out[2i+1] = b[4+i]"),
      SHUFC_UNPACK256("vpunpckldq", unpack_lo, 32, 4, "_mm256_unpacklo_epi32", "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_UNPACK256("vpunpckhdq", unpack_hi, 32, 4, "_mm256_unpackhi_epi32", "out[2i] = a[2+i], out[2i+1] = b[2+i]"),
      SHUFC_UNPACK256("vpunpcklqdq", unpack_lo, 64, 2, "_mm256_unpacklo_epi64", "out = {a[0], b[0]}"),
      SHUFC_UNPACK256("vpunpckhqdq", unpack_hi, 64, 2, "_mm256_unpackhi_epi64", "out = {a[1], b[1]}"),
#undef SHUFC_UNPACK256
      // Immediate shuffles, per 128-bit block.
      {.id = "vpshufd.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufd(i, p.imm)),
       .spell = {"_mm256_shuffle_epi32({0}, {imm})", "vpshufd {d}, {0}, {imm}", "__m256i"},
       .formula = "per 128-bit block: out[i] = a[imm >> 2i & 3]"},
      {.id = "vpshuflw.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshuflw(i, p.imm)),
       .spell = {"_mm256_shufflelo_epi16({0}, {imm})", "vpshuflw {d}, {0}, {imm}", "__m256i"},
       .formula = "per 128-bit block: out[i] = i < 4 ? a[imm >> 2i & 3] : a[i]"},
      {.id = "vpshufhw.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufhw(i, p.imm)),
       .spell = {"_mm256_shufflehi_epi16({0}, {imm})", "vpshufhw {d}, {0}, {imm}", "__m256i"},
       .formula = "per 128-bit block: out[i] = i >= 4 ? a[4 + (imm >> 2(i-4) & 3)] : a[i]"},
      {.id = "vpslldq.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return byte_shift_left(i, p.imm)),
       .spell = {"_mm256_bslli_epi128({0}, {imm})", "vpslldq {d}, {0}, {imm}", "__m256i"},
       .formula = "per 128-bit block: out[i] = i >= imm ? a[i - imm] : 0"},
      {.id = "vpsrldq.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return byte_shift_right(i, p.imm)),
       .spell = {"_mm256_bsrli_epi128({0}, {imm})", "vpsrldq {d}, {0}, {imm}", "__m256i"},
       .formula = "per 128-bit block: out[i] = i + imm < 16 ? a[i + imm] : 0"},
      {.id = "vpalignr.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .imm_count = 32, .lane = SHUFC_LANE(return palignr(i, p.imm)),
       .spell = {"_mm256_alignr_epi8({0}, {1}, {imm})", "vpalignr {d}, {0}, {1}, {imm}", "__m256i"},
       .formula = "per 128-bit block: out[i] = (b:a)[i + imm]  (b the low 16 bytes; 0 past 32)"},
      {.id = "vpshufb.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = pshufb_ctl,
       .spell = {"_mm256_shuffle_epi8({0}, {c})", "vpshufb {d}, {0}, {c}", "__m256i"},
       .formula = "per 128-bit block: out[i] = c[i] & 0x80 ? 0 : a[c[i] & 15]"},
      // Blends.
      {.id = "vpblendw.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 8)),
       .spell = {"_mm256_blend_epi16({0}, {1}, {imm})", "vpblendw {d}, {0}, {1}, {imm}", "__m256i"},
       .formula = "out[i] = imm >> (i % 8) & 1 ? b[i] : a[i]"},
      {.id = "vpblendd.128", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 16, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 32)),
       .spell = {"_mm_blend_epi32({0}, {1}, {imm})", "vpblendd {d}, {0}, {1}, {imm}", "__m128i"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      {.id = "vpblendd.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 32)),
       .spell = {"_mm256_blend_epi32({0}, {1}, {imm})", "vpblendd {d}, {0}, {1}, {imm}", "__m256i"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      // AVX2 and with a 0x00 / 0xff constant, and element shifts by whole bytes (x86_sse.cpp).
      {.id = "vpand.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return bytemask_lane(i, p)), .control = bytemask_ctl,
       .spell = {"_mm256_and_si256({0}, {c})", "vpand {d}, {0}, {c}", "__m256i"}, .formula = "out[i] = c[i] ? a[i] : 0  (c[i] = 0x00 or 0xff)"},
#define SHUFC_ESHIFT256(MN, EB, LANE, INTR, FORMULA)                                                                     \
  {.id = MN ".256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,       \
   .num_inputs = 1, .imm_count = EB, .lane = SHUFC_LANE(return LANE(i, p.imm, EB)),                                     \
   .spell = {INTR "({0}, 8 * {imm})", MN " {d}, {0}, 8 * {imm}", "__m256i"}, .formula = "imm counts bytes: " FORMULA}
      SHUFC_ESHIFT256("vpsrlw", 2, elem_shift_right_bytes, "_mm256_srli_epi16", "per 16-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT256("vpsrld", 4, elem_shift_right_bytes, "_mm256_srli_epi32", "per 32-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT256("vpsrlq", 8, elem_shift_right_bytes, "_mm256_srli_epi64", "per 64-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT256("vpsllw", 2, elem_shift_left_bytes, "_mm256_slli_epi16", "per 16-bit element, out = a << 8 imm"),
      SHUFC_ESHIFT256("vpslld", 4, elem_shift_left_bytes, "_mm256_slli_epi32", "per 32-bit element, out = a << 8 imm"),
      SHUFC_ESHIFT256("vpsllq", 8, elem_shift_left_bytes, "_mm256_slli_epi64", "per 64-bit element, out = a << 8 imm"),
#undef SHUFC_ESHIFT256
      {.id = "vpsraw.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 16, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(2 * i + 1))), .value = ValueOp::SignExtend,
       .spell = {"_mm256_srai_epi16({0}, 8)", "vpsraw {d}, {0}, 8", "__m256i"}, .formula = "out[i] = sext(a.b[2i+1])  (a >> 8 per 16-bit element, arithmetic)"},
      {.id = "vpsrad.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 16,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(2 * i + 1))), .value = ValueOp::SignExtend,
       .spell = {"_mm256_srai_epi32({0}, 16)", "vpsrad {d}, {0}, 16", "__m256i"}, .formula = "out[i] = sext(a.w[2i+1])  (a >> 16 per 32-bit element, arithmetic)"},
      {.id = "vpblendvb.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendv8_ctl,
       .spell = {"_mm256_blendv_epi8({0}, {1}, {c})", "vpblendvb {d}, {0}, {1}, {c}", "__m256i"},
       .formula = "out[i] = c[i] & 0x80 ? b[i] : a[i]"},
      // Packs, per 128-bit block.
      {.id = "vpacksswb.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 16,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 16)), .value = ValueOp::SignedSat,
       .spell = {"_mm256_packs_epi16({0}, {1})", "vpacksswb {d}, {0}, {1}", "__m256i"},
       .formula = "per 128-bit block: out[i] = sat_s8(i < 8 ? a[i] : b[i-8])"},
      {.id = "vpackssdw.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 16, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 8)), .value = ValueOp::SignedSat,
       .spell = {"_mm256_packs_epi32({0}, {1})", "vpackssdw {d}, {0}, {1}", "__m256i"},
       .formula = "per 128-bit block: out[i] = sat_s16(i < 4 ? a[i] : b[i-4])"},
      {.id = "vpackuswb.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 8, .src_elem_bits = 16,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 16)), .value = ValueOp::UnsignedSat,
       .spell = {"_mm256_packus_epi16({0}, {1})", "vpackuswb {d}, {0}, {1}", "__m256i"},
       .formula = "per 128-bit block: out[i] = sat_u8(i < 8 ? a[i] : b[i-8])"},
      {.id = "vpackusdw.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 16, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 8)), .value = ValueOp::UnsignedSat,
       .spell = {"_mm256_packus_epi32({0}, {1})", "vpackusdw {d}, {0}, {1}", "__m256i"},
       .formula = "per 128-bit block: out[i] = sat_u16(i < 4 ? a[i] : b[i-4])"},
      // Lane-crossing permutes.
      {.id = "vperm2i128", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return perm2x128(i, p.imm)),
       .spell = {"_mm256_permute2x128_si256({0}, {1}, {imm})", "vperm2i128 {d}, {0}, {1}, {imm}", "__m256i"},
       .formula = "half h = imm >> 4h & 8 ? 0 : {a.lo, a.hi, b.lo, b.hi}[imm >> 4h & 3]"},
      {.id = "vpermq.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return permq(i, p.imm)),
       .spell = {"_mm256_permute4x64_epi64({0}, {imm})", "vpermq {d}, {0}, {imm}", "__m256i"},
       .formula = "out[i] = a[imm >> 2i & 3]"},
      {.id = "vpermpd.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return permq(i, p.imm)),
       .spell = {"_mm256_permute4x64_pd({0}, {imm})", "vpermpd {d}, {0}, {imm}", "__m256d"},
       .formula = "out[i] = a[imm >> 2i & 3]"},
      {.id = "vpermd.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permd_ctl,
       .spell = {"_mm256_permutevar8x32_epi32({0}, {c})", "vpermd {d}, {c}, {0}", "__m256i"}, .formula = "out[i] = a[c[i] & 7]"},
      {.id = "vpermps.256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, n, p)), .control = permd_ctl,
       .spell = {"_mm256_permutevar8x32_ps({0}, {c})", "vpermps {d}, {c}, {0}", "__m256"}, .formula = "out[i] = a[c[i] & 7]"},
      {.id = "vinserti128", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .input_bits = {256, 128}, .imm_count = 2, .lane = SHUFC_LANE(return insert_part(i, p.imm, 2)),
       .spell = {"_mm256_inserti128_si256({0}, {1}, {imm})", "vinserti128 {d}, {0}, {1}, {imm}", "__m256i"},
       .formula = "a with 128-bit half imm replaced by b (128-bit)"},
      {.id = "vextracti128", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .input_bits = {256}, .imm_count = 2, .lane = SHUFC_LANE(return extract_part(i, p.imm, 2)),
       .spell = {"_mm256_extracti128_si256({0}, {imm})", "vextracti128 {d}, {0}, {imm}", "__m128i"},
       .formula = "out[i] = a[2 imm + i]  (128-bit half imm of a 256-bit a)"},
      // Broadcasts of element 0 of an xmm register (the register forms are AVX2).
#define SHUFC_BCAST(MN, BITS, EB, INTR, CTYPE)                                                                        \
  {.id = MN "." #BITS, .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = BITS, .elem_bits = EB, .src_elem_bits = EB, \
   .num_inputs = 1, .input_bits = {128}, .lane = broadcast0, .spell = {INTR "({0})", MN " {d}, {0}", CTYPE},  \
   .formula = "out[i] = a[0]  (a 128-bit)"}
      SHUFC_BCAST("vbroadcastss", 128, 32, "_mm_broadcastss_ps", "__m128"),
      SHUFC_BCAST("vbroadcastss", 256, 32, "_mm256_broadcastss_ps", "__m256"),
      SHUFC_BCAST("vbroadcastsd", 256, 64, "_mm256_broadcastsd_pd", "__m256d"),
      SHUFC_BCAST("vpbroadcastb", 128, 8, "_mm_broadcastb_epi8", "__m128i"),
      SHUFC_BCAST("vpbroadcastb", 256, 8, "_mm256_broadcastb_epi8", "__m256i"),
      SHUFC_BCAST("vpbroadcastw", 128, 16, "_mm_broadcastw_epi16", "__m128i"),
      SHUFC_BCAST("vpbroadcastw", 256, 16, "_mm256_broadcastw_epi16", "__m256i"),
      SHUFC_BCAST("vpbroadcastd", 128, 32, "_mm_broadcastd_epi32", "__m128i"),
      SHUFC_BCAST("vpbroadcastd", 256, 32, "_mm256_broadcastd_epi32", "__m256i"),
      SHUFC_BCAST("vpbroadcastq", 128, 64, "_mm_broadcastq_epi64", "__m128i"),
      SHUFC_BCAST("vpbroadcastq", 256, 64, "_mm256_broadcastq_epi64", "__m256i"),
#undef SHUFC_BCAST
      // Extensions to 256 bits from the low elements of an xmm register.
#define SHUFC_VPMOVX(MN, OP, TO, FROM, INTR)                                                                          \
  {.id = MN ".256", .feature = F::avx2, .needs = fs(F::avx2), .reg_bits = 256, .elem_bits = TO, .src_elem_bits = FROM, \
   .num_inputs = 1, .input_bits = {128}, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::OP,                 \
   .spell = {INTR "({0})", MN " {d}, {0}", "__m256i"}, .formula = "out[i] = extend(a[i])  (a 128-bit)"}
      SHUFC_VPMOVX("vpmovzxbw", ZeroExtend, 16, 8, "_mm256_cvtepu8_epi16"),
      SHUFC_VPMOVX("vpmovzxbd", ZeroExtend, 32, 8, "_mm256_cvtepu8_epi32"),
      SHUFC_VPMOVX("vpmovzxbq", ZeroExtend, 64, 8, "_mm256_cvtepu8_epi64"),
      SHUFC_VPMOVX("vpmovzxwd", ZeroExtend, 32, 16, "_mm256_cvtepu16_epi32"),
      SHUFC_VPMOVX("vpmovzxwq", ZeroExtend, 64, 16, "_mm256_cvtepu16_epi64"),
      SHUFC_VPMOVX("vpmovzxdq", ZeroExtend, 64, 32, "_mm256_cvtepu32_epi64"),
      SHUFC_VPMOVX("vpmovsxbw", SignExtend, 16, 8, "_mm256_cvtepi8_epi16"),
      SHUFC_VPMOVX("vpmovsxbd", SignExtend, 32, 8, "_mm256_cvtepi8_epi32"),
      SHUFC_VPMOVX("vpmovsxbq", SignExtend, 64, 8, "_mm256_cvtepi8_epi64"),
      SHUFC_VPMOVX("vpmovsxwd", SignExtend, 32, 16, "_mm256_cvtepi16_epi32"),
      SHUFC_VPMOVX("vpmovsxwq", SignExtend, 64, 16, "_mm256_cvtepi16_epi64"),
      SHUFC_VPMOVX("vpmovsxdq", SignExtend, 64, 32, "_mm256_cvtepi32_epi64"),
#undef SHUFC_VPMOVX
  };
  return t;
}

}  // namespace

std::span<const Instruction> x86_avx_instructions() { return table(); }

}  // namespace shufc::isa
