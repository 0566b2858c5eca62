// LLVM vector types (<4 x i32>, <vscale x 2 x double>) and compact ones (v8i16, nxv4i32).
#include <charconv>

#include <fmt/format.h>

#include "cursor.h"
#include "shufc/parse.h"
#include "type_parser.h"

namespace shufc {
namespace detail {

std::optional<unsigned> to_uint(std::string_view s) {
  unsigned v = 0;
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0]))) return std::nullopt;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<ElemType> elem_from_ir(std::string_view w) {
  if (w == "half") return ElemType::f16();
  if (w == "bfloat") return ElemType::bf16();
  if (w == "float") return ElemType::f32();
  if (w == "double") return ElemType::f64();
  if (w == "ptr") return ElemType::ptr();
  if (w.size() >= 2 && w[0] == 'i') {
    auto b = to_uint(w.substr(1));
    if (b && *b >= 1 && *b <= (1u << 23)) return ElemType::i(*b);
  }
  return std::nullopt;
}

std::optional<ElemType> elem_from_compact(std::string_view w) {
  if (w == "f16") return ElemType::f16();
  if (w == "bf16") return ElemType::bf16();
  if (w == "f32") return ElemType::f32();
  if (w == "f64") return ElemType::f64();
  if (w == "p0") return ElemType::ptr();
  if (w.size() >= 2 && w[0] == 'i') {
    auto b = to_uint(w.substr(1));
    if (b && *b >= 1 && *b <= 1024) return ElemType::i(*b);
  }
  return std::nullopt;
}

Expected<VecType> check_count(VecType t, Cursor& c, size_t at) {
  if (t.count.min == 0) return c.error_at(at, "a vector needs at least one element");
  if (t.count.min > kMaxElements)
    return c.error_at(at, fmt::format("vector too large: {} elements (shufc handles up to {})", t.count.min, kMaxElements));
  return t;
}

Expected<VecType> parse_vec_type(Cursor& c) {
  const size_t at = c.mark();
  if (!c.accept('<')) return c.error(fmt::format("expected a vector type like <4 x i32>, found {}", c.here()));
  bool scalable = false;
  if (c.accept_word("vscale")) {
    if (!c.accept_word("x")) return c.error("expected 'x' after 'vscale'");
    scalable = true;
  }
  const size_t at_n = c.mark();
  auto n = to_uint(c.word());
  if (!n) return c.error_at(at_n, "expected the element count of the vector type");
  if (!c.accept_word("x")) return c.error(fmt::format("expected 'x' after the element count, found {}", c.here()));
  const size_t at_e = c.mark();
  std::string_view ew = c.word();
  auto e = elem_from_ir(ew);
  if (!e) return c.error_at(at_e, fmt::format("unsupported element type '{}'", ew));
  if (!c.accept('>')) return c.error(fmt::format("expected '>' to close the vector type, found {}", c.here()));
  return check_count(VecType{{*n, scalable}, *e}, c, at);
}

}  // namespace detail

Expected<VecType> parse_ir_vec_type(std::string_view text) {
  detail::Cursor c(text);
  auto t = detail::parse_vec_type(c);
  if (t && !c.at_end()) return c.error(fmt::format("unexpected {} after the type", c.here()));
  return t;
}

Expected<VecType> parse_compact_type(std::string_view text) {
  detail::Cursor c(text);
  std::string_view w = c.word();
  if (!c.at_end()) return c.error(fmt::format("unexpected {} after the type", c.here()));
  bool scalable = false;
  if (w.starts_with("nx")) {
    scalable = true;
    w.remove_prefix(2);
  }
  if (w.empty() || w[0] != 'v')
    return Error{fmt::format("expected a compact vector type like v8i16 or nxv4i32, found '{}'", text), 1, 1};
  w.remove_prefix(1);
  size_t digits = 0;
  while (digits < w.size() && std::isdigit(static_cast<unsigned char>(w[digits]))) ++digits;
  auto n = detail::to_uint(w.substr(0, digits));
  auto e = detail::elem_from_compact(w.substr(digits));
  if (!n || !e)
    return Error{fmt::format("expected a compact vector type like v8i16 or nxv4i32, found '{}'", text), 1, 1};
  return detail::check_count(VecType{{*n, scalable}, *e}, c, 0);
}

}  // namespace shufc
