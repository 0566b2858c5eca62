// AArch64 NEON data movement, 64-bit (D register, reg_bits 64) and 128-bit (Q) forms. One record
// per instruction and arrangement; the lane function is the instruction's definition (Arm ARM), in
// the intrinsic's argument order. Intrinsics come from arm_neon.h, always on the unsigned vector
// type of the element size (uint8x16_t, uint16x4_t, ...); signed forms are wrapped in
// vreinterpret casts so that every record takes and returns unsigned types.
//
// Types. `ctype` is the type the intrinsic returns (reg_bits of elem_bits elements). Where an
// input's width or element differs, its type is uint{e}x{in_bits(k)/e}_t with e = in_elem_bits(k)
// (xtn.8b reads uint16x8_t, sxtl.8h reads uint8x8_t, tbl1.8b reads a uint8x16_t table, xtn2.16b
// reads uint8x16_t and uint16x8_t); a control vector is uint8x{n}_t.
//
// Template placeholders beyond {d} {0} {1} {2} {3} {c} {imm}, which ins needs because its
// immediate packs two lane numbers (see below):
//   {imm_hi}  imm / n(), in decimal: the destination lane of ins
//   {imm_lo}  imm % n(), in decimal: the source lane of ins
// Nothing else uses them. Multi-register tables (tbl2 .. tbl4) are written with literal braces,
// `vqtbl2q_u8((uint8x16x2_t){{{0}, {1}}}, {c})`; only the placeholders above are replaced. In
// assembly, `{ {0}.16b, {1}.16b }` must name consecutive registers (a register allocation
// constraint, as on hardware; modulo 32: v31, v0 is a valid list).
//
// Choices:
//  - ins: two inputs; input 0 is the destination's old value, input 1 the source. The immediate
//    is i * n + j for `ins d.T[i], s.T[j]` (imm_count n * n). The assembly is destructive on {0}.
//  - tbx1: input 0 is the 16-byte table (the Table control indexes it, table_inputs = 1) and
//    input 1 the destination's old value. The control entry -1 (encoded 0xff, out of range)
//    means "keep the destination's element i", not zero: the lane function says so, so the
//    index map and the simulator give d[i]. `zeroing` is set only because that is how the
//    Control struct admits the -1 entry; for tbx it reads "-1 selects the fallback d[i]". A
//    consumer wanting a zero byte from tbx must pass a zero destination. The assembly is
//    destructive on {1}.
//  - tbl out of range zeroes (encode_tbl writes 0xff); tbl1 .. tbl4 read 1 .. 4 table registers
//    of 16 bytes; the .8b forms index the same 16-byte tables with an 8-byte control.
//  - dup (element) and the 64-bit forms in general read a register of their own width:
//    dup.8b is vdup_lane_u8 (lane 0..7 of a 64-bit value), dup.16b is vdupq_laneq_u8.
//  - movi: only `movi #0`, zero inputs and every lane zero.
//  - Narrowing by uzp is uzp1 at the narrower width (uzp1.16b of two .8h values keeps the low
//    bytes); xtn (Truncate), sqxtn (SignedSat), sqxtun (UnsignedSat: signed in, unsigned out)
//    and uqxtn (UnsignedSatU: unsigned in, unsigned out) are here.
//  - xtn2 / sqxtn2 / sqxtun2 / uqxtn2 write the upper half of the destination and keep its lower
//    half: two inputs, input 0 the destination's old value (128 bits of narrow elements:
//    input_elem_bits[0] = elem_bits, so its lanes move unchanged) and input 1 the wide source
//    (src_elem_bits). The intrinsics (vmovn_high_u16(uint8x8_t r, uint16x8_t a), ...) take the
//    kept half as a 64-bit value: the template passes vget_low_u8({0}), which costs nothing (the
//    low half of a Q register is its D register). The assembly is destructive on {0}.
#include "records.h"

namespace shufc::isa {

using namespace rec;
using F = Feature;

namespace {

// Lane helpers, qualified (lanes::zip1) so that names records.h may add later cannot collide.
namespace lanes {
// zip: interleave the low (zip1) or high (zip2) halves of a and b.
LaneSrc zip1(unsigned i, unsigned n) { (void)n; return LaneSrc::from(int(i % 2), int(i / 2)); }
LaneSrc zip2(unsigned i, unsigned n) { return LaneSrc::from(int(i % 2), int(n / 2 + i / 2)); }
// uzp: the even (uzp1) or odd (uzp2) elements of a:b (a the low n elements).
LaneSrc cat(unsigned k, unsigned n) { return k < n ? A(int(k)) : B(int(k - n)); }
LaneSrc uzp1(unsigned i, unsigned n) { return cat(2 * i, n); }
LaneSrc uzp2(unsigned i, unsigned n) { return cat(2 * i + 1, n); }
// trn: the even (trn1) or odd (trn2) elements of a and b, alternating.
LaneSrc trn1(unsigned i, unsigned n) { (void)n; return LaneSrc::from(int(i % 2), int(i & ~1u)); }
LaneSrc trn2(unsigned i, unsigned n) { (void)n; return LaneSrc::from(int(i % 2), int(i | 1u)); }
// ins: destination lane imm / n takes source lane imm % n; the rest keep a (the old value).
LaneSrc ins(unsigned i, unsigned n, uint64_t imm) { return i == imm / n ? B(int(imm % n)) : A(int(i)); }
// tbx1: an in-range control entry reads the table (input 0); -1 keeps the destination (input 1).
LaneSrc tbx(unsigned i, const Params& p) { return p.control[i] < 0 ? B(int(i)) : A(p.control[i]); }
}  // namespace lanes

constexpr Control tbl1_ctl{Control::Kind::Table, 1, 0, true, 8, encode_tbl};
constexpr Control tbl2_ctl{Control::Kind::Table, 2, 0, true, 8, encode_tbl};
constexpr Control tbl3_ctl{Control::Kind::Table, 3, 0, true, 8, encode_tbl};
constexpr Control tbl4_ctl{Control::Kind::Table, 4, 0, true, 8, encode_tbl};
// Table over input 0 only; -1 (0xff) is tbx's "keep the destination", see the top of the file.
constexpr Control tbx1_ctl{Control::Kind::Table, 1, 0, true, 8, encode_tbl};

const std::vector<Instruction>& table() {
  static const std::vector<Instruction> t = {
      {.id = "orr.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return LaneSrc::from(0, int(i))), .value = ValueOp::BitOr,
       .spell = {"vorrq_u8({0}, {1})", "orr {d}.16b, {0}.16b, {1}.16b", "uint8x16_t"}, .formula = "out[i] = a[i] | b[i]"},
      {.id = "orr.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return LaneSrc::from(0, int(i))), .value = ValueOp::BitOr,
       .spell = {"vorr_u8({0}, {1})", "orr {d}.8b, {0}.8b, {1}.8b", "uint8x8_t"}, .formula = "out[i] = a[i] | b[i]"},
  // zip1/zip2, uzp1/uzp2, trn1/trn2 in every arrangement (.2d only as Q: there is no .1d form).
#define SHUFC_PERM(OP, ARR, REG, EB, SUF, CT, FORMULA)                                                     \
  {.id = #OP "." ARR, .feature = F::neon, .needs = fs(F::neon), .reg_bits = REG, .elem_bits = EB, .src_elem_bits = EB, \
   .num_inputs = 2, .lane = SHUFC_LANE(return lanes::OP(i, n)),                                                          \
   .spell = {"v" #OP SUF "({0}, {1})", #OP " {d}." ARR ", {0}." ARR ", {1}." ARR, CT}, .formula = FORMULA}
#define SHUFC_PERM_ALL(OP, FORMULA)                            \
  SHUFC_PERM(OP, "8b", 64, 8, "_u8", "uint8x8_t", FORMULA),      \
  SHUFC_PERM(OP, "16b", 128, 8, "q_u8", "uint8x16_t", FORMULA),  \
  SHUFC_PERM(OP, "4h", 64, 16, "_u16", "uint16x4_t", FORMULA),   \
  SHUFC_PERM(OP, "8h", 128, 16, "q_u16", "uint16x8_t", FORMULA), \
  SHUFC_PERM(OP, "2s", 64, 32, "_u32", "uint32x2_t", FORMULA),   \
  SHUFC_PERM(OP, "4s", 128, 32, "q_u32", "uint32x4_t", FORMULA), \
  SHUFC_PERM(OP, "2d", 128, 64, "q_u64", "uint64x2_t", FORMULA)
      SHUFC_PERM_ALL(zip1, "out[2i] = a[i], out[2i+1] = b[i]"),
      SHUFC_PERM_ALL(zip2, "out[2i] = a[n/2+i], out[2i+1] = b[n/2+i]"),
      SHUFC_PERM_ALL(uzp1, "out[i] = (a:b)[2i]  (a the low n)"),
      SHUFC_PERM_ALL(uzp2, "out[i] = (a:b)[2i+1]  (a the low n)"),
      SHUFC_PERM_ALL(trn1, "out[2i] = a[2i], out[2i+1] = b[2i]"),
      SHUFC_PERM_ALL(trn2, "out[2i] = a[2i+1], out[2i+1] = b[2i+1]"),
#undef SHUFC_PERM_ALL
#undef SHUFC_PERM
      // ext: a byte window over a:b.
      {.id = "ext.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .imm_count = 8, .lane = SHUFC_LANE(return lanes::cat(i + unsigned(p.imm), n)),
       .spell = {"vext_u8({0}, {1}, {imm})", "ext {d}.8b, {0}.8b, {1}.8b, #{imm}", "uint8x8_t"},
       .formula = "out[i] = (a:b)[i + imm]  (a the low 8 bytes)"},
      {.id = "ext.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .imm_count = 16, .lane = SHUFC_LANE(return lanes::cat(i + unsigned(p.imm), n)),
       .spell = {"vextq_u8({0}, {1}, {imm})", "ext {d}.16b, {0}.16b, {1}.16b, #{imm}", "uint8x16_t"},
       .formula = "out[i] = (a:b)[i + imm]  (a the low 16 bytes)"},
  // rev16/rev32/rev64: reverse the elements inside each 16/32/64-bit container.
#define SHUFC_REV(OP, ARR, REG, EB, CONT, INTR, CT, FORMULA)                                                   \
  {.id = OP "." ARR, .feature = F::neon, .needs = fs(F::neon), .reg_bits = REG, .elem_bits = EB, .src_elem_bits = EB, \
   .num_inputs = 1, .lane = SHUFC_LANE(return A(int(i ^ (CONT / EB - 1)))),                                      \
   .spell = {INTR "({0})", OP " {d}." ARR ", {0}." ARR, CT}, .formula = FORMULA}
      SHUFC_REV("rev16", "8b", 64, 8, 16, "vrev16_u8", "uint8x8_t", "out[i] = a[i ^ 1]"),
      SHUFC_REV("rev16", "16b", 128, 8, 16, "vrev16q_u8", "uint8x16_t", "out[i] = a[i ^ 1]"),
      SHUFC_REV("rev32", "8b", 64, 8, 32, "vrev32_u8", "uint8x8_t", "out[i] = a[i ^ 3]"),
      SHUFC_REV("rev32", "16b", 128, 8, 32, "vrev32q_u8", "uint8x16_t", "out[i] = a[i ^ 3]"),
      SHUFC_REV("rev32", "4h", 64, 16, 32, "vrev32_u16", "uint16x4_t", "out[i] = a[i ^ 1]"),
      SHUFC_REV("rev32", "8h", 128, 16, 32, "vrev32q_u16", "uint16x8_t", "out[i] = a[i ^ 1]"),
      SHUFC_REV("rev64", "8b", 64, 8, 64, "vrev64_u8", "uint8x8_t", "out[i] = a[i ^ 7]"),
      SHUFC_REV("rev64", "16b", 128, 8, 64, "vrev64q_u8", "uint8x16_t", "out[i] = a[i ^ 7]"),
      SHUFC_REV("rev64", "4h", 64, 16, 64, "vrev64_u16", "uint16x4_t", "out[i] = a[i ^ 3]"),
      SHUFC_REV("rev64", "8h", 128, 16, 64, "vrev64q_u16", "uint16x8_t", "out[i] = a[i ^ 3]"),
      SHUFC_REV("rev64", "2s", 64, 32, 64, "vrev64_u32", "uint32x2_t", "out[i] = a[i ^ 1]"),
      SHUFC_REV("rev64", "4s", 128, 32, 64, "vrev64q_u32", "uint32x4_t", "out[i] = a[i ^ 1]"),
#undef SHUFC_REV
  // dup (element): broadcast lane imm.
#define SHUFC_DUP(ARR, REG, EB, T, INTR, CT)                                                                   \
  {.id = "dup." ARR, .feature = F::neon, .needs = fs(F::neon), .reg_bits = REG, .elem_bits = EB, .src_elem_bits = EB, \
   .num_inputs = 1, .imm_count = REG / EB, .lane = SHUFC_LANE((void)i; return A(int(p.imm))),                             \
   .spell = {INTR "({0}, {imm})", "dup {d}." ARR ", {0}." T "[{imm}]", CT}, .formula = "out[i] = a[imm]"}
      SHUFC_DUP("8b", 64, 8, "b", "vdup_lane_u8", "uint8x8_t"),
      SHUFC_DUP("16b", 128, 8, "b", "vdupq_laneq_u8", "uint8x16_t"),
      SHUFC_DUP("4h", 64, 16, "h", "vdup_lane_u16", "uint16x4_t"),
      SHUFC_DUP("8h", 128, 16, "h", "vdupq_laneq_u16", "uint16x8_t"),
      SHUFC_DUP("2s", 64, 32, "s", "vdup_lane_u32", "uint32x2_t"),
      SHUFC_DUP("4s", 128, 32, "s", "vdupq_laneq_u32", "uint32x4_t"),
      SHUFC_DUP("2d", 128, 64, "d", "vdupq_laneq_u64", "uint64x2_t"),
#undef SHUFC_DUP
  // ins (element): a with lane imm / n replaced by b[imm % n].
#define SHUFC_INS(ARR, REG, EB, T, INTR, CT)                                                                   \
  {.id = "ins." ARR, .feature = F::neon, .needs = fs(F::neon), .reg_bits = REG, .elem_bits = EB, .src_elem_bits = EB, \
   .num_inputs = 2, .imm_count = (REG / EB) * (REG / EB), .lane = SHUFC_LANE(return lanes::ins(i, n, p.imm)),           \
   .spell = {INTR "({0}, {imm_hi}, {1}, {imm_lo})", "ins {0}." T "[{imm_hi}], {1}." T "[{imm_lo}]", CT},          \
   .formula = "out[i] = i == imm / n ? b[imm % n] : a[i]  (ins a.T[imm / n], b.T[imm % n]; a the old destination)"}
      SHUFC_INS("8b", 64, 8, "b", "vcopy_lane_u8", "uint8x8_t"),
      SHUFC_INS("16b", 128, 8, "b", "vcopyq_laneq_u8", "uint8x16_t"),
      SHUFC_INS("4h", 64, 16, "h", "vcopy_lane_u16", "uint16x4_t"),
      SHUFC_INS("8h", 128, 16, "h", "vcopyq_laneq_u16", "uint16x8_t"),
      SHUFC_INS("2s", 64, 32, "s", "vcopy_lane_u32", "uint32x2_t"),
      SHUFC_INS("4s", 128, 32, "s", "vcopyq_laneq_u32", "uint32x4_t"),
      SHUFC_INS("2d", 128, 64, "d", "vcopyq_laneq_u64", "uint64x2_t"),
#undef SHUFC_INS
      // tbl: byte lookup in 1..4 table registers of 16 bytes; out of range gives zero.
      {.id = "tbl1.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .input_bits = {128}, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl1_ctl,
       .spell = {"vqtbl1_u8({0}, {c})", "tbl {d}.8b, { {0}.16b }, {c}.8b", "uint8x8_t"},
       .formula = "out[i] = c[i] < 16 ? a[c[i]] : 0"},
      {.id = "tbl1.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 1, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl1_ctl,
       .spell = {"vqtbl1q_u8({0}, {c})", "tbl {d}.16b, { {0}.16b }, {c}.16b", "uint8x16_t"},
       .formula = "out[i] = c[i] < 16 ? a[c[i]] : 0"},
      {.id = "tbl2.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .input_bits = {128, 128}, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl2_ctl,
       .spell = {"vqtbl2_u8((uint8x16x2_t){{{0}, {1}}}, {c})", "tbl {d}.8b, { {0}.16b, {1}.16b }, {c}.8b", "uint8x8_t"},
       .formula = "out[i] = c[i] < 32 ? (a:b)[c[i]] : 0"},
      {.id = "tbl2.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl2_ctl,
       .spell = {"vqtbl2q_u8((uint8x16x2_t){{{0}, {1}}}, {c})", "tbl {d}.16b, { {0}.16b, {1}.16b }, {c}.16b", "uint8x16_t"},
       .formula = "out[i] = c[i] < 32 ? (a:b)[c[i]] : 0"},
      {.id = "tbl3.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 3, .input_bits = {128, 128, 128}, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl3_ctl,
       .spell = {"vqtbl3_u8((uint8x16x3_t){{{0}, {1}, {2}}}, {c})", "tbl {d}.8b, { {0}.16b, {1}.16b, {2}.16b }, {c}.8b",
                 "uint8x8_t"},
       .formula = "out[i] = k < 48 ? (a:b:c)[k] : 0, k = ctl[i]"},
      {.id = "tbl3.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 3, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl3_ctl,
       .spell = {"vqtbl3q_u8((uint8x16x3_t){{{0}, {1}, {2}}}, {c})", "tbl {d}.16b, { {0}.16b, {1}.16b, {2}.16b }, {c}.16b",
                 "uint8x16_t"},
       .formula = "out[i] = k < 48 ? (a:b:c)[k] : 0, k = ctl[i]"},
      {.id = "tbl4.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 4, .input_bits = {128, 128, 128, 128}, .lane = SHUFC_LANE(return table_lane(i, 16, p)),
       .control = tbl4_ctl,
       .spell = {"vqtbl4_u8((uint8x16x4_t){{{0}, {1}, {2}, {3}}}, {c})",
                 "tbl {d}.8b, { {0}.16b, {1}.16b, {2}.16b, {3}.16b }, {c}.8b", "uint8x8_t"},
       .formula = "out[i] = k < 64 ? (a:b:c:d)[k] : 0, k = ctl[i]"},
      {.id = "tbl4.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 4, .lane = SHUFC_LANE(return table_lane(i, 16, p)), .control = tbl4_ctl,
       .spell = {"vqtbl4q_u8((uint8x16x4_t){{{0}, {1}, {2}, {3}}}, {c})",
                 "tbl {d}.16b, { {0}.16b, {1}.16b, {2}.16b, {3}.16b }, {c}.16b", "uint8x16_t"},
       .formula = "out[i] = k < 64 ? (a:b:c:d)[k] : 0, k = ctl[i]"},
      // tbx1: like tbl1, but an out-of-range entry keeps the destination's byte (input 1).
      {.id = "tbx1.8b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .input_bits = {128, 64}, .lane = SHUFC_LANE(return lanes::tbx(i, p)), .control = tbx1_ctl,
       .spell = {"vqtbx1_u8({1}, {0}, {c})", "tbx {1}.8b, { {0}.16b }, {c}.8b", "uint8x8_t"},
       .formula = "out[i] = c[i] < 16 ? a[c[i]] : b[i]  (b the old destination; control -1 = keep b[i], not zero)"},
      {.id = "tbx1.16b", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 8, .src_elem_bits = 8,
       .num_inputs = 2, .lane = SHUFC_LANE(return lanes::tbx(i, p)), .control = tbx1_ctl,
       .spell = {"vqtbx1q_u8({1}, {0}, {c})", "tbx {1}.16b, { {0}.16b }, {c}.16b", "uint8x16_t"},
       .formula = "out[i] = c[i] < 16 ? a[c[i]] : b[i]  (b the old destination; control -1 = keep b[i], not zero)"},
      // movi #0: a zero register.
      {.id = "movi.2s", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = 32, .src_elem_bits = 32,
       .num_inputs = 0, .lane = SHUFC_LANE((void)i; return Z()),
       .spell = {"vdup_n_u32(0)", "movi {d}.2s, #0", "uint32x2_t"}, .formula = "out[i] = 0"},
      {.id = "movi.2d", .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = 64, .src_elem_bits = 64,
       .num_inputs = 0, .lane = SHUFC_LANE((void)i; return Z()),
       .spell = {"vdupq_n_u64(0)", "movi {d}.2d, #0", "uint64x2_t"}, .formula = "out[i] = 0"},
  // Element shifts by whole bytes, seen on bytes: the record's immediate k shifts by k + 1 bytes
  // ({imm_sh}, 8 (k + 1) bits: ushr shifts by one bit at least), zeros shifted in at one end of
  // each element (ushr.2d #32: the odd words, zero-extended). The 64-bit element of a d register
  // is the scalar form (ushr d0, d1, #32).
#define SHUFC_NSHIFT(OP, ARR, REG, EB, LANE, INTR, Q, UT, CT, ASM, FORMULA)                                            \
  {.id = OP "." ARR, .feature = F::neon, .needs = fs(F::neon), .reg_bits = REG, .elem_bits = 8, .src_elem_bits = 8,   \
   .num_inputs = 1, .imm_count = EB - 1, .lane = SHUFC_LANE(return LANE(i, p.imm + 1, EB)),                              \
   .spell = {"vreinterpret" Q "_u8_" UT "(" INTR "(vreinterpret" Q "_" UT "_u8({0}), {imm_sh}))", ASM, CT},               \
   .formula = "imm counts bytes from 1: " FORMULA}
#define SHUFC_NSHIFTS(OP, LANE, N, DIR)                                                                                         \
  SHUFC_NSHIFT(OP, "4h", 64, 2, LANE, "v" N "_n_u16", "", "u16", "uint8x8_t", OP " {d}.4h, {0}.4h, #{imm_sh}",              \
               "per 16-bit element, out = a " DIR " 8 (imm + 1)"),                                                             \
  SHUFC_NSHIFT(OP, "8h", 128, 2, LANE, "v" N "q_n_u16", "q", "u16", "uint8x16_t", OP " {d}.8h, {0}.8h, #{imm_sh}",          \
               "per 16-bit element, out = a " DIR " 8 (imm + 1)"),                                                             \
  SHUFC_NSHIFT(OP, "2s", 64, 4, LANE, "v" N "_n_u32", "", "u32", "uint8x8_t", OP " {d}.2s, {0}.2s, #{imm_sh}",              \
               "per 32-bit element, out = a " DIR " 8 (imm + 1)"),                                                             \
  SHUFC_NSHIFT(OP, "4s", 128, 4, LANE, "v" N "q_n_u32", "q", "u32", "uint8x16_t", OP " {d}.4s, {0}.4s, #{imm_sh}",          \
               "per 32-bit element, out = a " DIR " 8 (imm + 1)"),                                                             \
  SHUFC_NSHIFT(OP, "1d", 64, 8, LANE, "v" N "_n_u64", "", "u64", "uint8x8_t", OP " {d:d}, {0:d}, #{imm_sh}",                \
               "the 64-bit element, out = a " DIR " 8 (imm + 1)"),                                                             \
  SHUFC_NSHIFT(OP, "2d", 128, 8, LANE, "v" N "q_n_u64", "q", "u64", "uint8x16_t", OP " {d}.2d, {0}.2d, #{imm_sh}",          \
               "per 64-bit element, out = a " DIR " 8 (imm + 1)")
      SHUFC_NSHIFTS("ushr", elem_shift_right_bytes, "shr", ">>"),
      SHUFC_NSHIFTS("shl", elem_shift_left_bytes, "shl", "<<"),
#undef SHUFC_NSHIFTS
#undef SHUFC_NSHIFT
  // Narrowing: a 128-bit register of wide elements to a 64-bit one.
#define SHUFC_NARROW(OP, TO, FROM, TA, FA, VALUE, INTR, CT, FORMULA)                                               \
  {.id = OP "." TA, .feature = F::neon, .needs = fs(F::neon), .reg_bits = 64, .elem_bits = TO, .src_elem_bits = FROM, \
   .num_inputs = 1, .input_bits = {128}, .lane = SHUFC_LANE(return A(int(i))), .value = ValueOp::VALUE,              \
   .spell = {INTR, OP " {d}." TA ", {0}." FA, CT}, .formula = FORMULA}
      SHUFC_NARROW("xtn", 8, 16, "8b", "8h", Truncate, "vmovn_u16({0})", "uint8x8_t", "out[i] = (u8)a[i]"),
      SHUFC_NARROW("xtn", 16, 32, "4h", "4s", Truncate, "vmovn_u32({0})", "uint16x4_t", "out[i] = (u16)a[i]"),
      SHUFC_NARROW("xtn", 32, 64, "2s", "2d", Truncate, "vmovn_u64({0})", "uint32x2_t", "out[i] = (u32)a[i]"),
      SHUFC_NARROW("sqxtn", 8, 16, "8b", "8h", SignedSat, "vreinterpret_u8_s8(vqmovn_s16(vreinterpretq_s16_u16({0})))",
                   "uint8x8_t", "out[i] = sat_s8(a[i])"),
      SHUFC_NARROW("sqxtn", 16, 32, "4h", "4s", SignedSat, "vreinterpret_u16_s16(vqmovn_s32(vreinterpretq_s32_u32({0})))",
                   "uint16x4_t", "out[i] = sat_s16(a[i])"),
      SHUFC_NARROW("sqxtn", 32, 64, "2s", "2d", SignedSat, "vreinterpret_u32_s32(vqmovn_s64(vreinterpretq_s64_u64({0})))",
                   "uint32x2_t", "out[i] = sat_s32(a[i])"),
      SHUFC_NARROW("sqxtun", 8, 16, "8b", "8h", UnsignedSat, "vqmovun_s16(vreinterpretq_s16_u16({0}))", "uint8x8_t",
                   "out[i] = sat_u8(a[i])  (a signed)"),
      SHUFC_NARROW("sqxtun", 16, 32, "4h", "4s", UnsignedSat, "vqmovun_s32(vreinterpretq_s32_u32({0}))", "uint16x4_t",
                   "out[i] = sat_u16(a[i])  (a signed)"),
      SHUFC_NARROW("sqxtun", 32, 64, "2s", "2d", UnsignedSat, "vqmovun_s64(vreinterpretq_s64_u64({0}))", "uint32x2_t",
                   "out[i] = sat_u32(a[i])  (a signed)"),
      SHUFC_NARROW("uqxtn", 8, 16, "8b", "8h", UnsignedSatU, "vqmovn_u16({0})", "uint8x8_t",
                   "out[i] = min(a[i], 0xff)  (a unsigned)"),
      SHUFC_NARROW("uqxtn", 16, 32, "4h", "4s", UnsignedSatU, "vqmovn_u32({0})", "uint16x4_t",
                   "out[i] = min(a[i], 0xffff)  (a unsigned)"),
      SHUFC_NARROW("uqxtn", 32, 64, "2s", "2d", UnsignedSatU, "vqmovn_u64({0})", "uint32x2_t",
                   "out[i] = min(a[i], 0xffffffff)  (a unsigned)"),
#undef SHUFC_NARROW
  // Narrowing into the upper half: out = {d[0 .. n/2-1], narrow(a[0 .. n/2-1])}, d (input 0) the
  // destination's old value in narrow elements, moved unchanged; a (input 1) the wide source.
#define SHUFC_NARROW2(OP, TO, FROM, TA, FA, VALUE, INTR, CT, FORMULA)                                               \
  {.id = OP "." TA, .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = TO, .src_elem_bits = FROM, \
   .num_inputs = 2, .input_elem_bits = {TO, FROM}, .lane = SHUFC_LANE(return i < n / 2 ? A(int(i)) : B(int(i - n / 2))), \
   .value = ValueOp::VALUE, .spell = {INTR, OP " {0}." TA ", {1}." FA, CT}, .formula = FORMULA}
      SHUFC_NARROW2("xtn2", 8, 16, "16b", "8h", Truncate, "vmovn_high_u16(vget_low_u8({0}), {1})", "uint8x16_t",
                    "out[i] = i < 8 ? d[i] : (u8)a[i-8]  (d the old destination)"),
      SHUFC_NARROW2("xtn2", 16, 32, "8h", "4s", Truncate, "vmovn_high_u32(vget_low_u16({0}), {1})", "uint16x8_t",
                    "out[i] = i < 4 ? d[i] : (u16)a[i-4]  (d the old destination)"),
      SHUFC_NARROW2("xtn2", 32, 64, "4s", "2d", Truncate, "vmovn_high_u64(vget_low_u32({0}), {1})", "uint32x4_t",
                    "out[i] = i < 2 ? d[i] : (u32)a[i-2]  (d the old destination)"),
      SHUFC_NARROW2("sqxtn2", 8, 16, "16b", "8h", SignedSat,
                    "vreinterpretq_u8_s8(vqmovn_high_s16(vreinterpret_s8_u8(vget_low_u8({0})), vreinterpretq_s16_u16({1})))",
                    "uint8x16_t", "out[i] = i < 8 ? d[i] : sat_s8(a[i-8])  (d the old destination)"),
      SHUFC_NARROW2("sqxtn2", 16, 32, "8h", "4s", SignedSat,
                    "vreinterpretq_u16_s16(vqmovn_high_s32(vreinterpret_s16_u16(vget_low_u16({0})), vreinterpretq_s32_u32({1})))",
                    "uint16x8_t", "out[i] = i < 4 ? d[i] : sat_s16(a[i-4])  (d the old destination)"),
      SHUFC_NARROW2("sqxtn2", 32, 64, "4s", "2d", SignedSat,
                    "vreinterpretq_u32_s32(vqmovn_high_s64(vreinterpret_s32_u32(vget_low_u32({0})), vreinterpretq_s64_u64({1})))",
                    "uint32x4_t", "out[i] = i < 2 ? d[i] : sat_s32(a[i-2])  (d the old destination)"),
      SHUFC_NARROW2("sqxtun2", 8, 16, "16b", "8h", UnsignedSat, "vqmovun_high_s16(vget_low_u8({0}), vreinterpretq_s16_u16({1}))",
                    "uint8x16_t", "out[i] = i < 8 ? d[i] : sat_u8(a[i-8])  (a signed; d the old destination)"),
      SHUFC_NARROW2("sqxtun2", 16, 32, "8h", "4s", UnsignedSat,
                    "vqmovun_high_s32(vget_low_u16({0}), vreinterpretq_s32_u32({1}))", "uint16x8_t",
                    "out[i] = i < 4 ? d[i] : sat_u16(a[i-4])  (a signed; d the old destination)"),
      SHUFC_NARROW2("sqxtun2", 32, 64, "4s", "2d", UnsignedSat,
                    "vqmovun_high_s64(vget_low_u32({0}), vreinterpretq_s64_u64({1}))", "uint32x4_t",
                    "out[i] = i < 2 ? d[i] : sat_u32(a[i-2])  (a signed; d the old destination)"),
      SHUFC_NARROW2("uqxtn2", 8, 16, "16b", "8h", UnsignedSatU, "vqmovn_high_u16(vget_low_u8({0}), {1})", "uint8x16_t",
                    "out[i] = i < 8 ? d[i] : min(a[i-8], 0xff)  (a unsigned; d the old destination)"),
      SHUFC_NARROW2("uqxtn2", 16, 32, "8h", "4s", UnsignedSatU, "vqmovn_high_u32(vget_low_u16({0}), {1})", "uint16x8_t",
                    "out[i] = i < 4 ? d[i] : min(a[i-4], 0xffff)  (a unsigned; d the old destination)"),
      SHUFC_NARROW2("uqxtn2", 32, 64, "4s", "2d", UnsignedSatU, "vqmovn_high_u64(vget_low_u32({0}), {1})", "uint32x4_t",
                    "out[i] = i < 2 ? d[i] : min(a[i-2], 0xffffffff)  (a unsigned; d the old destination)"),
#undef SHUFC_NARROW2
  // Widening: sxtl/uxtl from a 64-bit register, sxtl2/uxtl2 from the upper half of a 128-bit one.
#define SHUFC_WIDEN(OP, TO, FROM, TA, FA, IN_BITS, HI, VALUE, INTR, CT, FORMULA)                                    \
  {.id = OP "." TA, .feature = F::neon, .needs = fs(F::neon), .reg_bits = 128, .elem_bits = TO, .src_elem_bits = FROM, \
   .num_inputs = 1, .input_bits = {IN_BITS}, .lane = SHUFC_LANE(return A(int(HI * n + i))), .value = ValueOp::VALUE,   \
   .spell = {INTR, OP " {d}." TA ", {0}." FA, CT}, .formula = FORMULA}
      SHUFC_WIDEN("sxtl", 16, 8, "8h", "8b", 64, 0, SignExtend, "vreinterpretq_u16_s16(vmovl_s8(vreinterpret_s8_u8({0})))",
                  "uint16x8_t", "out[i] = sext(a[i])"),
      SHUFC_WIDEN("sxtl", 32, 16, "4s", "4h", 64, 0, SignExtend,
                  "vreinterpretq_u32_s32(vmovl_s16(vreinterpret_s16_u16({0})))", "uint32x4_t", "out[i] = sext(a[i])"),
      SHUFC_WIDEN("sxtl", 64, 32, "2d", "2s", 64, 0, SignExtend,
                  "vreinterpretq_u64_s64(vmovl_s32(vreinterpret_s32_u32({0})))", "uint64x2_t", "out[i] = sext(a[i])"),
      SHUFC_WIDEN("uxtl", 16, 8, "8h", "8b", 64, 0, ZeroExtend, "vmovl_u8({0})", "uint16x8_t", "out[i] = zext(a[i])"),
      SHUFC_WIDEN("uxtl", 32, 16, "4s", "4h", 64, 0, ZeroExtend, "vmovl_u16({0})", "uint32x4_t", "out[i] = zext(a[i])"),
      SHUFC_WIDEN("uxtl", 64, 32, "2d", "2s", 64, 0, ZeroExtend, "vmovl_u32({0})", "uint64x2_t", "out[i] = zext(a[i])"),
      SHUFC_WIDEN("sxtl2", 16, 8, "8h", "16b", 128, 1, SignExtend,
                  "vreinterpretq_u16_s16(vmovl_high_s8(vreinterpretq_s8_u8({0})))", "uint16x8_t", "out[i] = sext(a[8+i])"),
      SHUFC_WIDEN("sxtl2", 32, 16, "4s", "8h", 128, 1, SignExtend,
                  "vreinterpretq_u32_s32(vmovl_high_s16(vreinterpretq_s16_u16({0})))", "uint32x4_t", "out[i] = sext(a[4+i])"),
      SHUFC_WIDEN("sxtl2", 64, 32, "2d", "4s", 128, 1, SignExtend,
                  "vreinterpretq_u64_s64(vmovl_high_s32(vreinterpretq_s32_u32({0})))", "uint64x2_t", "out[i] = sext(a[2+i])"),
      SHUFC_WIDEN("uxtl2", 16, 8, "8h", "16b", 128, 1, ZeroExtend, "vmovl_high_u8({0})", "uint16x8_t",
                  "out[i] = zext(a[8+i])"),
      SHUFC_WIDEN("uxtl2", 32, 16, "4s", "8h", 128, 1, ZeroExtend, "vmovl_high_u16({0})", "uint32x4_t",
                  "out[i] = zext(a[4+i])"),
      SHUFC_WIDEN("uxtl2", 64, 32, "2d", "4s", 128, 1, ZeroExtend, "vmovl_high_u32({0})", "uint64x2_t",
                  "out[i] = zext(a[2+i])"),
#undef SHUFC_WIDEN
  };
  return t;
}

}  // namespace

std::span<const Instruction> neon_instructions() { return table(); }

}  // namespace shufc::isa
