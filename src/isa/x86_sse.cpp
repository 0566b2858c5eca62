// x86 data movement, 128-bit: SSE2, SSE3, SSSE3, SSE4.1. One record per instruction; the lane
// function is the instruction's definition (Intel SDM), in the intrinsic's argument order.
#include "records.h"

namespace shufc::isa {

using namespace rec;
using F = Feature;

namespace {


const std::vector<Instruction>& table() {
  static const std::vector<Instruction> t = {
      // SSE2 unpacks: interleave the low or high halves.
      {.id = "punpcklbw", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 16)),
       .spell = {"_mm_unpacklo_epi8({0}, {1})", "punpcklbw {0}, {1}", "__m128i"}, .formula = "out[2i] = a[i], out[2i+1] = b[i]"},
      {.id = "punpckhbw", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 16)),
       .spell = {"_mm_unpackhi_epi8({0}, {1})", "punpckhbw {0}, {1}", "__m128i"}, .formula = "out[2i] = a[8+i], out[2i+1] = b[8+i]"},
      {.id = "punpcklwd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 8)),
       .spell = {"_mm_unpacklo_epi16({0}, {1})", "punpcklwd {0}, {1}", "__m128i"}, .formula = "out[2i] = a[i], out[2i+1] = b[i]"},
      {.id = "punpckhwd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 8)),
       .spell = {"_mm_unpackhi_epi16({0}, {1})", "punpckhwd {0}, {1}", "__m128i"}, .formula = "out[2i] = a[4+i], out[2i+1] = b[4+i]"},
      {.id = "punpckldq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 4)),
       .spell = {"_mm_unpacklo_epi32({0}, {1})", "punpckldq {0}, {1}", "__m128i"}, .formula = "out[2i] = a[i], out[2i+1] = b[i]"},
      {.id = "punpckhdq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 4)),
       .spell = {"_mm_unpackhi_epi32({0}, {1})", "punpckhdq {0}, {1}", "__m128i"}, .formula = "out[2i] = a[2+i], out[2i+1] = b[2+i]"},
      {.id = "punpcklqdq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 2)),
       .spell = {"_mm_unpacklo_epi64({0}, {1})", "punpcklqdq {0}, {1}", "__m128i"}, .formula = "out = {a[0], b[0]}"},
      {.id = "punpckhqdq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 2)),
       .spell = {"_mm_unpackhi_epi64({0}, {1})", "punpckhqdq {0}, {1}", "__m128i"}, .formula = "out = {a[1], b[1]}"},
      {.id = "unpcklps", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 4)),
       .spell = {"_mm_unpacklo_ps({0}, {1})", "unpcklps {0}, {1}", "__m128"}, .formula = "out[2i] = a[i], out[2i+1] = b[i]"},
      {.id = "unpckhps", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 4)),
       .spell = {"_mm_unpackhi_ps({0}, {1})", "unpckhps {0}, {1}", "__m128"}, .formula = "out[2i] = a[2+i], out[2i+1] = b[2+i]"},
      {.id = "unpcklpd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_lo(i, 2)),
       .spell = {"_mm_unpacklo_pd({0}, {1})", "unpcklpd {0}, {1}", "__m128d"}, .formula = "out = {a[0], b[0]}"},
      {.id = "unpckhpd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return unpack_hi(i, 2)),
       .spell = {"_mm_unpackhi_pd({0}, {1})", "unpckhpd {0}, {1}", "__m128d"}, .formula = "out = {a[1], b[1]}"},
      // SSE2 immediate shuffles.
      {.id = "pshufd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufd(i, p.imm)),
       .spell = {"_mm_shuffle_epi32({0}, {imm})", "pshufd {d}, {0}, {imm}", "__m128i"}, .formula = "out[i] = a[imm >> 2i & 3]"},
      {.id = "pshuflw", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshuflw(i, p.imm)),
       .spell = {"_mm_shufflelo_epi16({0}, {imm})", "pshuflw {d}, {0}, {imm}", "__m128i"},
       .formula = "out[i] = i < 4 ? a[imm >> 2i & 3] : a[i]"},
      {.id = "pshufhw", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 1, .imm_count = 256, .lane = SHUFC_LANE(return pshufhw(i, p.imm)),
       .spell = {"_mm_shufflehi_epi16({0}, {imm})", "pshufhw {d}, {0}, {imm}", "__m128i"},
       .formula = "out[i] = i >= 4 ? a[4 + (imm >> 2(i-4) & 3)] : a[i]"},
      {.id = "shufps", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return shufps(i, p.imm)),
       .spell = {"_mm_shuffle_ps({0}, {1}, {imm})", "shufps {0}, {1}, {imm}", "__m128"},
       .formula = "out[i] = (i < 2 ? a : b)[imm >> 2i & 3]"},
      {.id = "shufpd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 4, .lane = SHUFC_LANE(return shufpd(i, p.imm)),
       .spell = {"_mm_shuffle_pd({0}, {1}, {imm})", "shufpd {0}, {1}, {imm}", "__m128d"},
       .formula = "out = {a[imm & 1], b[imm >> 1 & 1]}"},
      {.id = "pslldq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return byte_shift_left(i, p.imm)),
       .spell = {"_mm_bslli_si128({0}, {imm})", "pslldq {0}, {imm}", "__m128i"}, .formula = "out[i] = i >= imm ? a[i - imm] : 0"},
      {.id = "psrldq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .imm_count = 16, .lane = SHUFC_LANE(return byte_shift_right(i, p.imm)),
       .spell = {"_mm_bsrli_si128({0}, {imm})", "psrldq {0}, {imm}", "__m128i"}, .formula = "out[i] = i + imm < 16 ? a[i + imm] : 0"},
      {.id = "movss", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return i == 0 ? B(0) : A(int(i))),
       .spell = {"_mm_move_ss({0}, {1})", "movss {0}, {1}", "__m128"}, .formula = "out = {b[0], a[1], a[2], a[3]}"},
      {.id = "movsd", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return i == 0 ? B(0) : A(1)),
       .spell = {"_mm_move_sd({0}, {1})", "movsd {0}, {1}", "__m128d"}, .formula = "out = {b[0], a[1]}"},
      {.id = "movlhps", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return i < 2 ? A(int(i)) : B(int(i) - 2)),
       .spell = {"_mm_movelh_ps({0}, {1})", "movlhps {0}, {1}", "__m128"}, .formula = "out = {a[0], a[1], b[0], b[1]}"},
      {.id = "movhlps", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return i < 2 ? B(int(i) + 2) : A(int(i))),
       .spell = {"_mm_movehl_ps({0}, {1})", "movhlps {0}, {1}", "__m128"}, .formula = "out = {b[2], b[3], a[2], a[3]}"},
      {.id = "movq", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return i == 0 ? A(0) : Z()),
       .spell = {"_mm_move_epi64({0})", "movq {d}, {0}", "__m128i"}, .formula = "out = {a[0], 0}"},
      // SSE2 por: with one side zero in a byte, a byte merge (synth's 2 x pshufb + por).
      {.id = "por", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::BitOr,
       .spell = {"_mm_or_si128({0}, {1})", "por {0}, {1}", "__m128i"}, .formula = "out[i] = a[i] | b[i]"},
      // A zero register: pxor of a register with itself, the zero idiom (renamed away, no execution
      // port on Intel and AMD): the zeros a blend or an unpack takes (clang's xorps + blendps).
      {.id = "pxor.zero", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 0, .lane = SHUFC_LANE((void)i; return Z()),
       .spell = {"_mm_setzero_si128()", "pxor {d}, {d}", "__m128i"}, .formula = "out[i] = 0"},
      // SSE2 and with a constant of 0x00 / 0xff bytes: zeroes bytes in place (gcc's even-byte mask).
      {.id = "pand", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return bytemask_lane(i, p)), .control = bytemask_ctl,
       .spell = {"_mm_and_si128({0}, {c})", "pand {0}, {c}", "__m128i"}, .formula = "out[i] = c[i] ? a[i] : 0  (c[i] = 0x00 or 0xff)"},
      // SSE2 blend of two registers by one constant byte mask, three instructions: clang's and gcc's
      // pand / pandn / por as a ^ ((a ^ b) & c), which overwrites only b and leaves the loaded mask
      // as it was (another step may read it there). SSE4.1's pblendvb does it in one, its control
      // in xmm0. Each line is costed as itself (pxor, pand); no VEX form (AVX has vpblendvb).
      {.id = "pand.blend", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = selectmask_ctl,
       .spell = {"_mm_xor_si128({0}, _mm_and_si128(_mm_xor_si128({0}, {1}), {c}))", "pxor {1}, {0}\npand {1}, {c}\npxor {1}, {0}", "__m128i"},
       .formula = "out[i] = c[i] ? b[i] : a[i]  (c[i] = 0x00 or 0xff; a ^ ((a ^ b) & c))"},
      // SSE2 element shifts by whole bytes (the record's immediate k shifts by 8k bits): zeros come
      // in at one end of each element (psrlw 8 before packuswb: the odd bytes, zero-extended).
#define SHUFC_ESHIFT(MN, EB, LANE, INTR, FORMULA)                                                                 \
  {.id = MN, .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,       \
   .num_inputs = 1, .imm_count = EB, .lane = SHUFC_LANE(return LANE(i, p.imm, EB)),                              \
   .spell = {INTR "({0}, 8 * {imm})", MN " {0}, 8 * {imm}", "__m128i"}, .formula = "imm counts bytes: " FORMULA}
      SHUFC_ESHIFT("psrlw", 2, elem_shift_right_bytes, "_mm_srli_epi16", "per 16-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT("psrld", 4, elem_shift_right_bytes, "_mm_srli_epi32", "per 32-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT("psrlq", 8, elem_shift_right_bytes, "_mm_srli_epi64", "per 64-bit element, out = a >> 8 imm"),
      SHUFC_ESHIFT("psllw", 2, elem_shift_left_bytes, "_mm_slli_epi16", "per 16-bit element, out = a << 8 imm"),
      SHUFC_ESHIFT("pslld", 4, elem_shift_left_bytes, "_mm_slli_epi32", "per 32-bit element, out = a << 8 imm"),
      SHUFC_ESHIFT("psllq", 8, elem_shift_left_bytes, "_mm_slli_epi64", "per 64-bit element, out = a << 8 imm"),
#undef SHUFC_ESHIFT
      // SSE2 arithmetic shifts right by half an element: each element becomes its high half,
      // sign-extended (psrad 16, then packssdw: the odd words, clang's SSE2 deinterleave).
      {.id = "psraw", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(2 * i + 1))), .value = ValueOp::SignExtend,
       .spell = {"_mm_srai_epi16({0}, 8)", "psraw {0}, 8", "__m128i"}, .formula = "out[i] = sext(a.b[2i+1])  (a >> 8 per 16-bit element, arithmetic)"},
      {.id = "psrad", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 16,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(2 * i + 1))), .value = ValueOp::SignExtend,
       .spell = {"_mm_srai_epi32({0}, 16)", "psrad {0}, 16", "__m128i"}, .formula = "out[i] = sext(a.w[2i+1])  (a >> 16 per 32-bit element, arithmetic)"},
      // SSE2 packs: narrow with saturation.
      {.id = "packsswb", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 16,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 16)), .value = ValueOp::SignedSat,
       .spell = {"_mm_packs_epi16({0}, {1})", "packsswb {0}, {1}", "__m128i"}, .formula = "out[i] = sat_s8(i < 8 ? a[i] : b[i-8])"},
      {.id = "packssdw", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 8)), .value = ValueOp::SignedSat,
       .spell = {"_mm_packs_epi32({0}, {1})", "packssdw {0}, {1}", "__m128i"}, .formula = "out[i] = sat_s16(i < 4 ? a[i] : b[i-4])"},
      {.id = "packuswb", .feature = F::sse2, .needs = fs(F::sse2), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 16,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 16)), .value = ValueOp::UnsignedSat,
       .spell = {"_mm_packus_epi16({0}, {1})", "packuswb {0}, {1}", "__m128i"}, .formula = "out[i] = sat_u8(i < 8 ? a[i] : b[i-8])"},
      // SSE3 duplicates.
      {.id = "movddup", .feature = F::sse3, .needs = fs(F::sse3), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i & ~1u))),
       .spell = {"_mm_movedup_pd({0})", "movddup {d}, {0}", "__m128d"}, .formula = "out = {a[0], a[0]}"},
      {.id = "movsldup", .feature = F::sse3, .needs = fs(F::sse3), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i & ~1u))),
       .spell = {"_mm_moveldup_ps({0})", "movsldup {d}, {0}", "__m128"}, .formula = "out[i] = a[i & ~1]"},
      {.id = "movshdup", .feature = F::sse3, .needs = fs(F::sse3), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i | 1u))),
       .spell = {"_mm_movehdup_ps({0})", "movshdup {d}, {0}", "__m128"}, .formula = "out[i] = a[i | 1]"},
      // SSSE3.
      {.id = "pshufb", .feature = F::ssse3, .needs = fs(F::ssse3), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = pshufb_ctl,
       .spell = {"_mm_shuffle_epi8({0}, {c})", "pshufb {0}, {c}", "__m128i"},
       .formula = "out[i] = c[i] & 0x80 ? 0 : a[c[i] & 15]"},
      {.id = "palignr", .feature = F::ssse3, .needs = fs(F::ssse3), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .imm_count = 32, .lane = SHUFC_LANE(return palignr(i, p.imm)),
       .spell = {"_mm_alignr_epi8({0}, {1}, {imm})", "palignr {0}, {1}, {imm}", "__m128i"},
       .formula = "out[i] = (b:a)[i + imm]  (b the low 16 bytes; 0 past 32)"},
      // SSE4.1 blends, insertps, extensions, packusdw.
      {.id = "pblendw", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 16,
       .num_inputs = 2, .imm_count = 256, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 8)),
       .spell = {"_mm_blend_epi16({0}, {1}, {imm})", "pblendw {0}, {1}, {imm}", "__m128i"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      {.id = "blendps", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 16, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 32)),
       .spell = {"_mm_blend_ps({0}, {1}, {imm})", "blendps {0}, {1}, {imm}", "__m128"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      {.id = "blendpd", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .imm_count = 4, .lane = SHUFC_LANE(return blend_imm(i, p.imm, 64)),
       .spell = {"_mm_blend_pd({0}, {1}, {imm})", "blendpd {0}, {1}, {imm}", "__m128d"},
       .formula = "out[i] = imm >> i & 1 ? b[i] : a[i]"},
      {.id = "pblendvb", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendv8_ctl,
       .spell = {"_mm_blendv_epi8({0}, {1}, {c})", "pblendvb {0}, {1}, {c:xmm0}", "__m128i"},
       .formula = "out[i] = c[i] & 0x80 ? b[i] : a[i]"},
      {.id = "blendvps", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendv32_ctl,
       .spell = {"_mm_blendv_ps({0}, {1}, {c})", "blendvps {0}, {1}, {c:xmm0}", "__m128"},
       .formula = "out[i] = c[i] < 0 ? b[i] : a[i]"},
      {.id = "blendvpd", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 2, .lane = SHUFC_LANE(return select_lane(i, n, p)), .control = blendv64_ctl,
       .spell = {"_mm_blendv_pd({0}, {1}, {c})", "blendvpd {0}, {1}, {c:xmm0}", "__m128d"},
       .formula = "out[i] = c[i] < 0 ? b[i] : a[i]"},
      {.id = "insertps", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 2, .imm_count = 256,
       .lane = SHUFC_LANE(if (p.imm >> i & 1) return Z(); if (i == (p.imm >> 4 & 3)) return B(int(p.imm >> 6 & 3)); return A(int(i))),
       .spell = {"_mm_insert_ps({0}, {1}, {imm})", "insertps {0}, {1}, {imm}", "__m128"},
       .formula = "out[i] = imm >> i & 1 ? 0 : i == (imm >> 4 & 3) ? b[imm >> 6] : a[i]"},
      {.id = "packusdw", .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = 16, .src_elem_bits = 32,
       .num_inputs = 2, .lane = SHUFC_LANE(return pack(i, 8)), .value = ValueOp::UnsignedSat,
       .spell = {"_mm_packus_epi32({0}, {1})", "packusdw {0}, {1}", "__m128i"}, .formula = "out[i] = sat_u16(i < 4 ? a[i] : b[i-4])"},
#define SHUFC_PMOVX(ID, OP, TO, FROM, INTR)                                                                       \
  {.id = ID, .feature = F::sse41, .needs = fs(F::sse41), .reg_bits = 128, .elem_bits = TO, .src_elem_bits = FROM, \
   .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::OP,                                   \
   .spell = {INTR "({0})", ID " {d}, {0}", "__m128i"}, .formula = "out[i] = extend(a[i])"}
      SHUFC_PMOVX("pmovzxbw", ZeroExtend, 16, 8, "_mm_cvtepu8_epi16"),
      SHUFC_PMOVX("pmovzxbd", ZeroExtend, 32, 8, "_mm_cvtepu8_epi32"),
      SHUFC_PMOVX("pmovzxbq", ZeroExtend, 64, 8, "_mm_cvtepu8_epi64"),
      SHUFC_PMOVX("pmovzxwd", ZeroExtend, 32, 16, "_mm_cvtepu16_epi32"),
      SHUFC_PMOVX("pmovzxwq", ZeroExtend, 64, 16, "_mm_cvtepu16_epi64"),
      SHUFC_PMOVX("pmovzxdq", ZeroExtend, 64, 32, "_mm_cvtepu32_epi64"),
      SHUFC_PMOVX("pmovsxbw", SignExtend, 16, 8, "_mm_cvtepi8_epi16"),
      SHUFC_PMOVX("pmovsxbd", SignExtend, 32, 8, "_mm_cvtepi8_epi32"),
      SHUFC_PMOVX("pmovsxbq", SignExtend, 64, 8, "_mm_cvtepi8_epi64"),
      SHUFC_PMOVX("pmovsxwd", SignExtend, 32, 16, "_mm_cvtepi16_epi32"),
      SHUFC_PMOVX("pmovsxwq", SignExtend, 64, 16, "_mm_cvtepi16_epi64"),
      SHUFC_PMOVX("pmovsxdq", SignExtend, 64, 32, "_mm_cvtepi32_epi64"),
#undef SHUFC_PMOVX
  };
  return t;
}

}  // namespace

std::span<const Instruction> x86_sse_instructions() { return table(); }

}  // namespace shufc::isa
