#include "shufc/constant_bytes.h"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace shufc {

namespace {

Error unreadable(const ElemType& t, const std::string& lit, std::string_view why) {
  return Error{fmt::format("cannot read the constant element '{} {}': {}", t.ir(), lit, why)};
}

// Decimal digits into `bytes` little-endian, two's complement when negative; false on overflow.
bool decimal_into(std::string_view s, std::vector<uint8_t>& bytes) {
  const bool neg = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty()) return false;
  for (char ch : s) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
    unsigned carry = unsigned(ch - '0');
    for (uint8_t& b : bytes) {
      const unsigned v = unsigned(b) * 10 + carry;
      b = uint8_t(v);
      carry = v >> 8;
    }
    if (carry) return false;
  }
  const bool top = bytes.back() & 0x80;
  if (neg) {
    // The magnitude may reach 2^(bits-1) (the most negative value), no more.
    bool min_value = top;
    for (size_t i = 0; i + 1 < bytes.size() && min_value; ++i) min_value = bytes[i] == 0;
    if (top && !(min_value && bytes.back() == 0x80)) return false;
    unsigned carry = 1;
    for (uint8_t& b : bytes) {
      const unsigned v = unsigned(uint8_t(~b)) + carry;
      b = uint8_t(v);
      carry = v >> 8;
    }
  }
  return true;
}

template <typename T>
std::vector<uint8_t> bytes_of(T v) {
  std::vector<uint8_t> out(sizeof v);
  std::memcpy(out.data(), &v, sizeof v);
  return out;
}

// A double's value in half precision, rounded to nearest even (exact for what LLVM prints).
uint16_t to_half(double d) {
  const float f = float(d);
  const uint32_t x = std::bit_cast<uint32_t>(f);
  const uint32_t sign = (x >> 16) & 0x8000u;
  const int exp = int((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffffu;
  if (((x >> 23) & 0xff) == 0xff) return uint16_t(sign | 0x7c00u | (mant ? 0x200u : 0));
  if (exp >= 31) return uint16_t(sign | 0x7c00u);
  if (exp <= 0) {
    if (exp < -10) return uint16_t(sign);
    mant |= 0x800000u;
    const unsigned shift = unsigned(14 - exp);
    uint32_t h = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (h & 1))) ++h;
    return uint16_t(sign | h);
  }
  uint32_t h = (uint32_t(exp) << 10) | (mant >> 13);
  const uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1))) ++h;
  return uint16_t(sign | h);
}

}  // namespace

Expected<std::vector<uint8_t>> literal_bytes(const ElemType& t, const std::string& lit) {
  if (t.bits % 8) return unreadable(t, lit, "elements of whole bytes only");
  std::vector<uint8_t> out(t.bits / 8, 0);
  if (t.is_ptr()) {
    if (lit == "null") return out;
    return unreadable(t, lit, "a pointer constant other than null has no known bytes");
  }
  if (t.is_int()) {
    if (lit == "true" || lit == "false") {
      out[0] = lit == "true" ? 1 : 0;
      return out;
    }
    if (!decimal_into(lit, out)) return unreadable(t, lit, fmt::format("not a decimal {}-bit integer", t.bits));
    return out;
  }
  // Floating point: hexadecimal bit patterns first.
  if (lit.size() > 2 && lit[0] == '0' && (lit[1] == 'x' || lit[1] == 'X')) {
    std::string_view digits(lit);
    digits.remove_prefix(2);
    char kind = 0;
    if (!digits.empty() && !std::isxdigit(static_cast<unsigned char>(digits[0]))) kind = digits[0], digits.remove_prefix(1);
    if (digits.empty() || digits.size() > 16) return unreadable(t, lit, "not a hexadecimal bit pattern");
    uint64_t bits = 0;
    for (char ch : digits) {
      if (!std::isxdigit(static_cast<unsigned char>(ch))) return unreadable(t, lit, "not a hexadecimal bit pattern");
      bits = bits << 4 | uint64_t(std::isdigit(static_cast<unsigned char>(ch)) ? ch - '0' : (std::tolower(ch) - 'a' + 10));
    }
    if (kind == 0 && (t.kind == ElemType::Kind::Double || t.kind == ElemType::Kind::Float)) {
      if (t.kind == ElemType::Kind::Double) return bytes_of(bits);
      return bytes_of(float(std::bit_cast<double>(bits)));  // LLVM writes a float as the double of its value
    }
    if ((kind == 'H' && t.kind == ElemType::Kind::Half) || (kind == 'R' && t.kind == ElemType::Kind::BFloat)) {
      if (bits > 0xffff) return unreadable(t, lit, "more than 16 bits");
      return bytes_of(uint16_t(bits));
    }
    return unreadable(t, lit, "not a bit pattern of this type (0x for float and double, 0xH half, 0xR bfloat)");
  }
  char* end = nullptr;
  const double d = std::strtod(lit.c_str(), &end);
  if (lit.empty() || !end || *end != '\0') return unreadable(t, lit, "not a decimal floating-point number");
  switch (t.kind) {
    case ElemType::Kind::Double: return bytes_of(d);
    case ElemType::Kind::Float: return bytes_of(float(d));
    case ElemType::Kind::Half: return bytes_of(to_half(d));
    case ElemType::Kind::BFloat: return bytes_of(uint16_t(std::bit_cast<uint32_t>(float(d)) >> 16));
    default: return unreadable(t, lit, "unknown type");
  }
}

Expected<std::vector<uint8_t>> operand_bytes(const Operand& op, const ElemType& t, unsigned n) {
  const unsigned eb = t.bits / 8;
  std::vector<uint8_t> out(size_t(n) * eb, 0);
  if (op.kind == Operand::Kind::Zero || op.is_undef()) return out;
  if (op.kind == Operand::Kind::Value) return Error{"a value operand has no constant bytes"};
  for (unsigned i = 0; i < n; ++i) {
    if (op.elem_is_undef(i)) continue;
    auto b = literal_bytes(t, op.kind == Operand::Kind::Splat ? op.splat : op.elems.at(i));
    if (!b) return b.error();
    std::memcpy(out.data() + size_t(i) * eb, b->data(), eb);
  }
  return out;
}

}  // namespace shufc
