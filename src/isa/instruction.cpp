#include "shufc/isa/instruction.h"

namespace shufc::isa {

std::vector<LaneSrc> index_map(const Instruction& in, const Params& p) {
  const unsigned n = in.n();
  std::vector<LaneSrc> map(n);
  for (unsigned i = 0; i < n; ++i) map[i] = in.lane(i, n, p);
  return map;
}

std::vector<LaneSrc> index_map_at(const Instruction& in, const Params& p, unsigned bits) {
  const std::vector<LaneSrc> coarse = index_map(in, p);
  if (bits == 0 || in.elem_bits % bits || !in.moves_only()) return {};
  for (unsigned k = 0; k < in.num_inputs; ++k)
    if (in.in_elem_bits(k) != in.elem_bits) return {};
  const unsigned k = in.elem_bits / bits;
  std::vector<LaneSrc> fine;
  fine.reserve(coarse.size() * k);
  for (const LaneSrc& s : coarse)
    for (unsigned j = 0; j < k; ++j)
      fine.push_back(s.is_zero() ? LaneSrc::zero() : LaneSrc::from(s.input, s.elem * int(k) + int(j)));
  return fine;
}

bool is_bytewise(const Instruction& in) {
  return in.value == ValueOp::Move || in.value == ValueOp::ZeroExtend || in.value == ValueOp::Truncate;
}

std::vector<LaneSrc> byte_map(const Instruction& in, const Params& p) {
  if (!is_bytewise(in) || in.elem_bits % 8) return {};
  const std::vector<LaneSrc> coarse = index_map(in, p);
  const unsigned eb = in.elem_bits / 8;
  std::vector<LaneSrc> bytes;
  bytes.reserve(coarse.size() * eb);
  for (const LaneSrc& s : coarse) {
    const unsigned sb = s.is_zero() ? eb : in.in_elem_bits(unsigned(s.input)) / 8;
    if (sb == 0) return {};
    for (unsigned k = 0; k < eb; ++k) {
      // A wider destination element gets zeros above its source (zero extension); a narrower
      // one keeps the source's low bytes (truncation).
      if (s.is_zero() || k >= sb) bytes.push_back(LaneSrc::zero());
      else bytes.push_back(LaneSrc::from(s.input, s.elem * int(sb) + int(k)));
    }
  }
  return bytes;
}

ConditionalByteMap conditional_byte_map(const Instruction& in, const Params& p) {
  if (is_bytewise(in)) return {byte_map(in, p), {}, {}, {}};
  const bool sext = in.value == ValueOp::SignExtend, ssat = in.value == ValueOp::SignedSat;
  if ((in.value != ValueOp::UnsignedSat && in.value != ValueOp::UnsignedSatU && !sext && !ssat) || in.elem_bits % 8) return {};
  ConditionalByteMap r;
  const unsigned eb = in.elem_bits / 8;
  for (const LaneSrc& s : index_map(in, p)) {
    if (s.is_zero()) {
      r.bytes.insert(r.bytes.end(), eb, LaneSrc::zero());
      r.sign.insert(r.sign.end(), eb, false);
      continue;
    }
    const unsigned sb = in.in_elem_bits(unsigned(s.input)) / 8;
    if (sb == 0 || in.in_elem_bits(unsigned(s.input)) % 8) return {};
    auto at = [&](unsigned k) { return LaneSrc::from(s.input, s.elem * int(sb) + int(k)); };
    if (sext) {
      if (sb > eb) return {};
      // The input element's bytes, then the sign fill of its top byte (an element as wide as
      // the result moves unchanged).
      for (unsigned k = 0; k < eb; ++k) {
        r.bytes.push_back(at(std::min(k, sb - 1)));
        r.sign.push_back(k >= sb);
      }
      continue;
    }
    if (sb < eb) return {};  // widening with saturation: not a move
    for (unsigned k = 0; k < sb; ++k) {
      if (k < eb) r.bytes.push_back(at(k)), r.sign.push_back(false);
      else if (ssat) r.must_be_sign.push_back({at(k), at(eb - 1)});
      else r.must_be_zero.push_back(at(k));  // empty when the lane moves unchanged (xtn2's low half)
    }
  }
  return r;
}

std::vector<LaneSrc> unary_form(std::span<const LaneSrc> map) {
  std::vector<LaneSrc> u(map.begin(), map.end());
  for (LaneSrc& s : u)
    if (s.input > 0) s.input = 0;
  return u;
}

std::vector<std::string> line_mnemonics(const Instruction& in) {
  const std::string_view tpl = in.spell.assembly;
  std::vector<std::string> ids;
  if (tpl.find('\n') == std::string_view::npos) return ids;
  for (size_t at = 0; at <= tpl.size();) {
    const size_t end = std::min(tpl.find('\n', at), tpl.size());
    const std::string_view one = tpl.substr(at, end - at);
    ids.emplace_back(one.substr(0, one.find(' ')));
    at = end + 1;
  }
  return ids;
}

bool accepts(const Instruction& in, std::span<const int> control) {
  const Control& c = in.control;
  const unsigned n = in.n();
  if (c.kind == Control::Kind::None) return control.empty();
  if (control.size() != n) return false;
  const unsigned n_src = in.in_bits(0) / in.in_elem_bits(0);
  for (unsigned i = 0; i < n; ++i) {
    const int e = control[i];
    if (e < 0) {
      if (!c.zeroing) return false;
      continue;
    }
    if (c.kind == Control::Kind::Select) {
      if (e != int(i) && e != int(n + i)) return false;
      continue;
    }
    if (unsigned(e) >= c.table_inputs * n_src) return false;
    if (c.block_elems && unsigned(e) / c.block_elems != i / c.block_elems) return false;
  }
  // The instruction must really do what the control asks: compress/expand, for one, derive their
  // result from a mask, so only some controls describe what they compute.
  if (c.kind == Control::Kind::Table) {
    const Params p{0, control};
    for (unsigned i = 0; i < n; ++i)
      if (control[i] >= 0 && !(in.lane(i, n, p) == LaneSrc::from(control[i] / int(n_src), control[i] % int(n_src))))
        return false;
  }
  return true;
}

}  // namespace shufc::isa
