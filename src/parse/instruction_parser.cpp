// One shufflevector instruction in LLVM IR syntax.
#include <fmt/format.h>

#include "cursor.h"
#include "shufc/parse.h"
#include "type_parser.h"

namespace shufc {

namespace {

using detail::Cursor;

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '$' || c == '.' || c == '_';
}

// %name, %7 or %"quoted name".
Expected<std::string> parse_local(Cursor& c) {
  const size_t at = c.mark();
  if (!c.accept('%')) return c.error("expected a value name like %x");
  std::string_view s = c.text();
  size_t p = c.pos();
  if (p < s.size() && s[p] == '"') {
    size_t q = s.find('"', p + 1);
    if (q == std::string_view::npos) return c.error_at(p, "unterminated quoted name");
    c.set_pos(q + 1);
    return std::string(s.substr(at, q + 1 - at));
  }
  size_t e = p;
  while (e < s.size() && is_name_char(s[e])) ++e;
  if (e == p) return c.error_at(p, "expected a name after '%'");
  c.set_pos(e);
  return std::string(s.substr(at, e - at));
}

// A scalar literal: 7, -3, 1.5e+00, 0x7FF8000000000000, true, null, undef, poison.
Expected<std::string> parse_literal(Cursor& c) {
  const size_t at = c.mark();
  std::string_view w = c.word();
  if (w.empty()) return c.error(fmt::format("expected a constant, found {}", c.here()));
  const bool ok = w == "true" || w == "false" || w == "null" || w == "undef" || w == "poison" ||
                  std::isdigit(static_cast<unsigned char>(w[0])) ||
                  ((w[0] == '-' || w[0] == '+') && w.size() > 1);
  if (!ok) return c.error_at(at, fmt::format("'{}' is not a constant", w));
  return std::string(w);
}

// The element type inside a constant, which must match the vector's.
Expected<bool> expect_elem(Cursor& c, const ElemType& elem) {
  const size_t at = c.mark();
  std::string_view w = c.word();
  auto e = detail::elem_from_ir(w);
  if (!e || !(*e == elem))
    return c.error_at(at, fmt::format("expected element type {}, found '{}'", elem.ir(), w.empty() ? c.here() : std::string(w)));
  return true;
}

Expected<Operand> parse_operand(Cursor& c, const VecType& type) {
  if (c.peek() == '%') {
    auto n = parse_local(c);
    if (!n) return n.error();
    return Operand::value(*n);
  }
  if (c.peek() == '<') {
    const size_t at = c.mark();
    c.accept('<');
    std::vector<std::string> elems;
    do {
      if (auto e = expect_elem(c, type.elem); !e) return e.error();
      auto lit = parse_literal(c);
      if (!lit) return lit.error();
      elems.push_back(*lit);
    } while (c.accept(','));
    if (!c.accept('>')) return c.error(fmt::format("expected ',' or '>' in the constant vector, found {}", c.here()));
    if (elems.size() != type.count.min)
      return c.error_at(at, fmt::format("constant vector has {} elements, its type {} has {}", elems.size(), type.ir(), type.count.min));
    return Operand::constant(std::move(elems));
  }
  const size_t at = c.mark();
  std::string_view w = c.word();
  if (w == "undef") return Operand::undef();
  if (w == "poison") return Operand::poison();
  if (w == "zeroinitializer") return Operand::zero();
  if (w == "splat") {
    if (!c.accept('(')) return c.error("expected '(' after 'splat'");
    if (auto e = expect_elem(c, type.elem); !e) return e.error();
    auto lit = parse_literal(c);
    if (!lit) return lit.error();
    if (!c.accept(')')) return c.error("expected ')' to close 'splat ('");
    return Operand::splat_of(*lit);
  }
  return c.error_at(at, fmt::format("expected an operand (%name, undef, poison, zeroinitializer, splat (...) or <...>), found {}",
                                    w.empty() ? c.here() : "'" + std::string(w) + "'"));
}

Expected<int> parse_mask_elem(Cursor& c, unsigned limit) {
  if (!c.accept_word("i32")) return c.error(fmt::format("expected 'i32' in the mask, found {}", c.here()));
  const size_t at = c.mark();
  std::string_view w = c.word();
  if (w == "undef" || w == "poison") return kUndef;
  auto v = detail::to_uint(w);
  if (!v) return c.error_at(at, fmt::format("mask element '{}' is not an index, undef or poison", w.empty() ? c.here() : std::string(w)));
  if (*v >= limit)
    return c.error_at(at, fmt::format("mask index {} out of range: two operands of {} elements allow 0..{}", *v, limit / 2, limit - 1));
  return int(*v);
}

Expected<std::vector<int>> parse_mask(Cursor& c, const VecType& operand_type) {
  const size_t at = c.mark();
  auto mt = detail::parse_vec_type(c);
  if (!mt) return mt.error();
  if (!(mt->elem == ElemType::i(32))) return c.error_at(at, "the mask type must be a vector of i32");
  if (mt->count.scalable != operand_type.count.scalable)
    return c.error_at(at, "the mask must be scalable exactly when the operands are");
  const unsigned m = mt->count.min, limit = 2 * operand_type.count.min;
  const size_t at_value = c.mark();
  std::string_view w = c.word();
  if (w == "zeroinitializer") return std::vector<int>(m, 0);
  if (w == "undef" || w == "poison") return std::vector<int>(m, kUndef);
  if (operand_type.count.scalable)
    return c.error_at(at_value, "a scalable shufflevector mask can only be zeroinitializer, undef or poison");
  if (w == "splat") {
    if (!c.accept('(')) return c.error("expected '(' after 'splat'");
    auto e = parse_mask_elem(c, limit);
    if (!e) return e.error();
    if (!c.accept(')')) return c.error("expected ')' to close 'splat ('");
    return std::vector<int>(m, *e);
  }
  if (!w.empty()) return c.error_at(at_value, fmt::format("expected the mask constant, found '{}'", w));
  if (!c.accept('<')) return c.error(fmt::format("expected the mask constant <i32 ...>, found {}", c.here()));
  std::vector<int> mask;
  do {
    auto e = parse_mask_elem(c, limit);
    if (!e) return e.error();
    mask.push_back(*e);
  } while (c.accept(','));
  if (!c.accept('>')) return c.error(fmt::format("expected ',' or '>' in the mask, found {}", c.here()));
  if (mask.size() != m)
    return c.error_at(at_value, fmt::format("the mask has {} elements, its type says {}", mask.size(), m));
  return mask;
}

}  // namespace

Expected<ShuffleVector> parse_shufflevector(std::string_view text) {
  // A trailing comment is not part of the instruction; a ';' inside a quoted name is.
  for (size_t i = 0, quoted = 0; i < text.size(); ++i) {
    if (text[i] == '"') quoted ^= 1;
    else if (text[i] == ';' && !quoted) {
      text = text.substr(0, i);
      break;
    }
  }
  Cursor c(text);
  ShuffleVector sv;
  if (c.peek() == '%') {
    auto r = parse_local(c);
    if (!r) return r.error();
    sv.result = *r;
    if (!c.accept('=')) return c.error(fmt::format("expected '=' after {}, found {}", sv.result, c.here()));
  }
  if (!c.accept_word("shufflevector")) return c.error(fmt::format("expected 'shufflevector', found {}", c.here()));
  auto t1 = detail::parse_vec_type(c);
  if (!t1) return t1.error();
  sv.type = *t1;
  auto a = parse_operand(c, sv.type);
  if (!a) return a.error();
  sv.v1 = *a;
  if (!c.accept(',')) return c.error(fmt::format("expected ',' after the first operand, found {}", c.here()));
  const size_t at_t2 = c.mark();
  auto t2 = detail::parse_vec_type(c);
  if (!t2) return t2.error();
  if (!(*t2 == sv.type))
    return c.error_at(at_t2, fmt::format("both operands must have the same type: {} and {}", sv.type.ir(), t2->ir()));
  auto b = parse_operand(c, sv.type);
  if (!b) return b.error();
  sv.v2 = *b;
  if (!c.accept(',')) return c.error(fmt::format("expected ',' before the mask, found {}", c.here()));
  auto mask = parse_mask(c, sv.type);
  if (!mask) return mask.error();
  sv.mask = std::move(*mask);
  // Trailing metadata attachments: ", !dbg !12".
  while (c.accept(',')) {
    if (c.peek() != '!') return c.error(fmt::format("unexpected {} after the mask", c.here()));
    c.set_pos(c.text().size());
  }
  if (!c.at_end()) return c.error(fmt::format("unexpected {} after the mask", c.here()));
  return sv;
}

}  // namespace shufc
