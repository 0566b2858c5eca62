// One target instruction, described once as data (SPIRAL's "instructions as matrices").
//
// The record says what the instruction does to lanes: output element i (of `elem_bits`) comes
// from element `elem` (of `src_elem_bits`, or of that input's own width when the record gives
// one: in_elem_bits) of input `input`, or is zero; a function of i, the immediate and, for
// programmable instructions, the control vector. Everything else is derived from it: the index
// map of each instance, its use at finer element widths, the unary form of a binary instruction,
// simulation, and the generic parts of emission.
#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>
#include <span>
#include <string>
#include <vector>

#include "shufc/isa/feature.h"

namespace shufc::isa {

// Where one output element comes from.
struct LaneSrc {
  int input = -1;  // -1: zero
  int elem = 0;    // element index in the input, in units of that input's in_elem_bits
  static LaneSrc zero() { return {-1, 0}; }
  static LaneSrc from(int input, int elem) { return {input, elem}; }
  bool is_zero() const { return input < 0; }
  bool operator==(const LaneSrc&) const = default;
};

// Programmable instructions read a control vector: shufc keeps it abstract, one entry per output
// element, as the wanted source element over the table (inputs side by side, in src_elem_bits
// units) or -1 for zero; Control::encode turns it into the real constant.
struct Params {
  uint64_t imm = 0;
  std::span<const int> control;
};

// How the data changes on the way; Move for pure data movement. The op applies to the lanes read
// from an input whose element width (in_elem_bits) differs from elem_bits; a lane read from an
// input as wide as the output moves unchanged (xtn2 keeps its destination's low half).
enum class ValueOp : uint8_t {
  Move,          // out = in (same width)
  SignedSat,     // narrow with signed saturation (packsswb, packssdw)
  UnsignedSat,   // narrow a SIGNED value with unsigned saturation: clamp to [0, 2^w-1] (packuswb, sqxtun)
  BitOr,         // out = in0 | in1, bit by bit (por, orr): the lane function names input 0's element
                 // and input 1's element at the same place is or-ed in. With one side zero in a
                 // byte it moves the other side's byte, which is how synth uses it.
  UnsignedSatU,  // narrow an UNSIGNED value with unsigned saturation: min(v, 2^w-1) (uqxtn, vpmovuswb)
  Truncate,      // narrow by dropping high bits (xtn, vpmovwb)
  SignExtend,    // widen (pmovsx, sxtl)
  ZeroExtend,    // widen (pmovzx, uxtl)
};

// The constraints of a programmable instruction's control vector (pshufb, vpermd, tbl, ...).
struct Control {
  enum class Kind : uint8_t { None, Table, Select } kind = Kind::None;
  // Table: out[i] = table[ctl[i]] where the table is the inputs side by side; with block_elems,
  // an output element may only read its own block (pshufb: 16-byte blocks).
  // Select: out[i] = ctl[i] ? in1[i] : in0[i] (variable blends).
  unsigned table_inputs = 1;  // how many inputs form the table
  unsigned block_elems = 0;   // 0: the whole register
  // May a control entry be -1 ("out of range": pshufb's bit 7, tbl's 0xff)? The lane function
  // says what such an entry gives: zero for pshufb and tbl, the destination's element for tbx.
  bool zeroing = false;
  unsigned ctl_elem_bits = 8; // width of one control element in the real constant
  // Encodes an abstract control (one source index per output element, -1 zero) into the bytes of
  // the real control vector, element by element in ctl_elem_bits units.
  std::vector<uint64_t> (*encode)(std::span<const int> control, unsigned n) = nullptr;
};

// How to write the instruction down. Templates use {d} for the destination, {0} {1} {2} {3} for
// the inputs (in the order of the intrinsic's arguments), {imm} for the immediate and {c} for the
// control vector. x86 assembly is written in Intel syntax; AT&T is derived from it. A template
// whose destination is an input ("punpcklbw {0}, {1}") is destructive on that input.
struct Spelling {
  const char* intrinsic;  // "_mm_unpacklo_epi8({0}, {1})"
  const char* assembly;   // "punpcklbw {0}, {1}" / "vpunpcklbw {d}, {0}, {1}" / "zip1 {d}.16b, {0}.16b, {1}.16b"
  const char* ctype;      // the C vector type the intrinsic takes and returns: "__m128i", "uint8x16_t"
};

using LaneFn = LaneSrc (*)(unsigned i, unsigned n, const Params& p);

struct Instruction {
  const char* id;        // unique: "punpcklbw", "vpunpcklbw.256", "zip1.16b"
  Feature feature;       // the extension that introduced this form
  FeatureSet needs;      // every feature needed (e.g. avx512bw + avx512vl for a 128-bit EVEX form)
  unsigned reg_bits;     // register width: 64, 128, 256, 512
  unsigned elem_bits;    // output element width the lane function speaks of
  unsigned src_elem_bits;// input element width it indexes (differs for packs and extensions)
  unsigned num_inputs;   // vector inputs (not counting the control vector), at most 4 (tbl4)
  // Width of each input register when it differs from reg_bits (0: reg_bits): vextracti128 reads
  // 256 bits and writes 128, pmovzxbw ymm reads 128 bits.
  unsigned input_bits[4] = {0, 0, 0, 0};
  // Element width of each input when it differs from src_elem_bits (0: src_elem_bits): xtn2
  // reads its destination's old value in narrow elements (input 0, kept unchanged) and the wide
  // elements it narrows (input 1). A lane whose input's element is as wide as the output
  // element moves unchanged; `value` applies to the others.
  unsigned input_elem_bits[4] = {0, 0, 0, 0};
  unsigned imm_count;    // immediates 0 .. imm_count-1; 0 when there is no immediate
  LaneFn lane;
  ValueOp value = ValueOp::Move;
  Control control = {};
  Spelling spell = {};
  const char* formula = "";  // documentation: the index formula, Highway style

  unsigned n() const { return reg_bits / elem_bits; }
  unsigned in_bits(unsigned k) const { return input_bits[k] ? input_bits[k] : reg_bits; }
  unsigned in_elem_bits(unsigned k) const { return input_elem_bits[k] ? input_elem_bits[k] : src_elem_bits; }
  // Does a lane read from input k change value on the way (value applied), or move unchanged?
  bool converts(unsigned k) const { return value != ValueOp::Move && in_elem_bits(k) != elem_bits; }
  bool programmable() const { return control.kind != Control::Kind::None; }
  bool moves_only() const { return value == ValueOp::Move; }
  // A table whose blocks are one byte and that zeroes: it keeps or zeroes each byte in place (pand
  // with a constant of 0x00 / 0xff bytes).
  bool byte_mask() const { return control.kind == Control::Kind::Table && control.block_elems == 1 && control.zeroing; }
};

// The index map of one instance: for each output element, its source (in units of the source
// input's in_elem_bits).
std::vector<LaneSrc> index_map(const Instruction& in, const Params& p);

// The same instance seen at a finer element width `bits` (bits divides elem_bits): each element
// splits into elem_bits/bits pieces that move together. Only for pure data movement.
std::vector<LaneSrc> index_map_at(const Instruction& in, const Params& p, unsigned bits);

// The instance byte by byte, for every instruction whose result is made of its input bytes and
// zeros: pure data movement, zero extension (the new high bytes are zero) and truncation (the
// low bytes are kept). Empty for sign extension and saturation, whose bytes are computed.
std::vector<LaneSrc> byte_map(const Instruction& in, const Params& p);
// Does byte_map describe this instruction (moves, zero extension, truncation)?
bool is_bytewise(const Instruction& in);

// byte_map extended to saturating narrowing and sign extension. Unsigned saturation (packuswb,
// packusdw, sqxtun, uqxtn, vpmovus*) keeps a narrowed element's low bytes where the bytes it drops
// are zero; signed saturation (packssdw, packsswb) where they are the sign fill of the top kept
// byte: the instance moves bytes on those conditions. Sign extension (pmovsx, sxtl, psrad 16)
// writes input bytes and sign fills of them. `bytes` is empty when the instruction computes its
// bytes otherwise (an or).
struct ConditionalByteMap {
  std::vector<LaneSrc> bytes;         // as byte_map: out byte j <- (input, byte) or zero
  std::vector<bool> sign;             // empty, or: out byte j is the sign fill (0x00 / 0xff) of bytes[j]
  std::vector<LaneSrc> must_be_zero;  // input bytes that must be zero for `bytes` to hold
  std::vector<std::pair<LaneSrc, LaneSrc>> must_be_sign;  // (x, y): input byte x must be y's sign fill
  // Every out byte an input byte or zero (no sign fills): what a shuffle can express.
  bool moves_bytes() const { return !bytes.empty() && std::find(sign.begin(), sign.end(), true) == sign.end(); }
};
ConditionalByteMap conditional_byte_map(const Instruction& in, const Params& p);

// The unary form of a binary instruction: both inputs are the same register.
std::vector<LaneSrc> unary_form(std::span<const LaneSrc> map);

// Does a programmable instruction accept this abstract control (blocks, table size, zeroing)?
bool accepts(const Instruction& in, std::span<const int> control);

// A record of several instructions (an assembly template of several lines: pand.blend): each
// line's mnemonic, under which that line is costed (emit_asm, scripts/gen_costs.py); empty for a
// record of one instruction.
std::vector<std::string> line_mnemonics(const Instruction& in);

}  // namespace shufc::isa
