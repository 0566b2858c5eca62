// The simulator. Labels follow bytes through pure data movement (a proof for every input);
// values go through every instruction, saturation and extension included.
#include "shufc/sim.h"

#include <algorithm>
#include <stdexcept>

namespace shufc {

namespace {

uint64_t read_le(const std::vector<uint8_t>& r, size_t at, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned k = 0; k < bytes; ++k) v |= uint64_t(r.at(at + k)) << (8 * k);
  return v;
}

void write_le(std::vector<uint8_t>& r, size_t at, unsigned bytes, uint64_t v) {
  for (unsigned k = 0; k < bytes; ++k) r.at(at + k) = uint8_t(v >> (8 * k));
}

int64_t sign_extend(uint64_t v, unsigned bits) {
  if (bits >= 64) return int64_t(v);
  const uint64_t m = 1ull << (bits - 1);
  v &= (m << 1) - 1;
  return int64_t((v ^ m) - m);
}

uint64_t convert(isa::ValueOp op, uint64_t v, unsigned from_bits, unsigned to_bits) {
  const int64_t s = sign_extend(v, from_bits);
  switch (op) {
    case isa::ValueOp::Move:
    case isa::ValueOp::BitOr:  // execute() ors whole registers before it gets here
    case isa::ValueOp::Truncate:
    case isa::ValueOp::ZeroExtend: return v;
    case isa::ValueOp::SignExtend: return uint64_t(s);
    case isa::ValueOp::SignedSat: {
      const int64_t hi = (int64_t(1) << (to_bits - 1)) - 1, lo = -hi - 1;
      return uint64_t(std::clamp(s, lo, hi));
    }
    case isa::ValueOp::UnsignedSat: {  // the value read as signed
      const int64_t hi = (int64_t(1) << to_bits) - 1;
      return uint64_t(std::clamp<int64_t>(s, 0, hi));
    }
    case isa::ValueOp::UnsignedSatU: {  // the value read as unsigned
      const uint64_t u = from_bits >= 64 ? v : v & ((uint64_t(1) << from_bits) - 1);
      const uint64_t hi = to_bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << to_bits) - 1;
      return std::min(u, hi);
    }
  }
  return v;
}

}  // namespace

std::vector<uint8_t> execute(const isa::Instruction& in, const isa::Params& params,
                             const std::vector<std::vector<uint8_t>>& args) {
  if (args.size() != in.num_inputs) throw std::invalid_argument("wrong number of arguments");
  if (in.value == isa::ValueOp::BitOr) {
    std::vector<uint8_t> out(in.reg_bits / 8, 0);
    for (size_t j = 0; j < out.size(); ++j) out[j] = uint8_t(args.at(0).at(j) | args.at(1).at(j));
    return out;
  }
  const std::vector<isa::LaneSrc> map = isa::index_map(in, params);
  const unsigned eb = in.elem_bits / 8;
  std::vector<uint8_t> out(in.reg_bits / 8, 0);
  for (size_t i = 0; i < map.size(); ++i) {
    const isa::LaneSrc s = map[i];
    if (s.is_zero()) continue;
    // Each input has its own element width; a lane from an input as wide as the output moves
    // unchanged (xtn2's kept low half), the others go through the value op.
    const unsigned from = in.in_elem_bits(unsigned(s.input)), sb = from / 8;
    const uint64_t v = read_le(args.at(size_t(s.input)), size_t(s.elem) * sb, sb);
    write_le(out, i * eb, eb, in.converts(unsigned(s.input)) ? convert(in.value, v, from, in.elem_bits) : v);
  }
  return out;
}

std::vector<std::vector<uint8_t>> simulate_values(const Program& p, const std::vector<std::vector<uint8_t>>& inputs) {
  // A constant input holds its bytes; `inputs` has a vector per input, or one per passed input.
  std::vector<std::vector<uint8_t>> values;
  const bool all = inputs.size() == p.inputs.size();
  for (size_t k = 0, next = 0; k < p.inputs.size(); ++k) {
    if (p.inputs[k].is_constant()) {
      values.push_back(p.inputs[k].constant);
      if (all) ++next;
    } else {
      values.push_back(inputs.at(next++));
    }
  }
  for (const Program::Step& s : p.steps) {
    std::vector<std::vector<uint8_t>> args;
    for (unsigned a : s.args) args.push_back(values.at(a));
    values.push_back(execute(*s.instr, s.params(), args));
  }
  std::vector<std::vector<uint8_t>> out;
  for (unsigned o : p.outputs) out.push_back(values.at(o));
  return out;
}

std::optional<std::vector<std::vector<ByteLabel>>> simulate_labels(const Program& p) {
  std::vector<std::vector<ByteLabel>> values;
  for (size_t k = 0; k < p.inputs.size(); ++k) {
    std::vector<ByteLabel> r(p.inputs[k].bits / 8);
    // (A constant's zero bytes are zeros: what an or or a pack's condition may rely on.)
    for (size_t j = 0; j < r.size(); ++j)
      r[j] = p.inputs[k].is_constant() && p.inputs[k].constant.at(j) == 0 ? ByteLabel::zero() : ByteLabel{int16_t(k), uint16_t(j)};
    values.push_back(std::move(r));
  }
  for (const Program::Step& s : p.steps) {
    const isa::Instruction& in = *s.instr;
    // Labels follow bytes through moves, zero extensions and truncations (byte_map), sign
    // extensions (sign fills) and saturating packs on their conditions.
    if (in.value == isa::ValueOp::BitOr) {
      // x | y byte by byte is known only where one side is zero: then it is the other side.
      const auto& x = values.at(s.args.at(0));
      const auto& y = values.at(s.args.at(1));
      std::vector<ByteLabel> r(in.reg_bits / 8);
      for (size_t j = 0; j < r.size(); ++j) {
        if (x.at(j).input < 0) r[j] = y.at(j);
        else if (y.at(j).input < 0) r[j] = x.at(j);
        else return std::nullopt;
      }
      values.push_back(std::move(r));
      continue;
    }
    // Saturating narrowing moves bytes where the bytes it drops are zero (unsigned) or the sign
    // fill of the top kept byte (signed); sign extension writes sign fills.
    const isa::ConditionalByteMap cm = isa::conditional_byte_map(in, s.params());
    const std::vector<isa::LaneSrc>& map = cm.bytes;
    if (map.empty()) return std::nullopt;
    auto byte = [&](const isa::LaneSrc& b) { return values.at(s.args.at(size_t(b.input))).at(size_t(b.elem)); };
    for (const isa::LaneSrc& z : cm.must_be_zero)
      if (byte(z).input >= 0) return std::nullopt;
    for (const auto& [x, y] : cm.must_be_sign)
      if (byte(x) != byte(y).sign_fill()) return std::nullopt;
    std::vector<ByteLabel> r(in.reg_bits / 8, ByteLabel::zero());
    for (size_t i = 0; i < map.size(); ++i) {
      if (map[i].is_zero()) continue;
      r[i] = byte(map[i]);
      if (!cm.sign.empty() && cm.sign[i]) r[i] = r[i].sign_fill();
    }
    values.push_back(std::move(r));
  }
  std::vector<std::vector<ByteLabel>> out;
  for (unsigned o : p.outputs) out.push_back(values.at(o));
  return out;
}

}  // namespace shufc
