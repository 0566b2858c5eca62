// The compact mask form: "v8i16:0,8,1,9,u,z" over operands %a and %b.
#include <algorithm>

#include <fmt/format.h>

#include "cursor.h"
#include "shufc/parse.h"
#include "type_parser.h"

namespace shufc {

Expected<ShuffleVector> parse_compact(std::string_view text) {
  if (size_t semi = text.find(';'); semi != std::string_view::npos) text = text.substr(0, semi);
  detail::Cursor c(text);
  c.skip_ws();
  const size_t type_at = c.mark();
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    return c.error("expected TYPE:MASK, e.g. v8i16:0,8,1,9,2,10,3,11");
  auto type = parse_compact_type(text.substr(type_at, colon - type_at));
  if (!type) {
    Error e = type.error();
    e.column += unsigned(type_at);
    return e;
  }
  ShuffleVector sv;
  sv.type = *type;
  sv.from_compact = true;
  sv.v1 = Operand::value("%a");
  sv.v2 = Operand::value("%b");
  if (sv.scalable()) {
    // Like LLVM: a scalable mask is all 0 (splat of element 0) or all undef, min-count entries.
    sv.v2 = Operand::poison();
  }
  c.set_pos(colon + 1);
  const unsigned n = sv.n();
  // One allocation for the mask instead of log2(m) (capped: a longer mask is an error below).
  sv.mask.reserve(std::min<size_t>(size_t(std::count(text.begin() + colon + 1, text.end(), ',')) + 1, kMaxElements + 1));
  while (true) {
    size_t at = c.pos();
    // Fast path for the usual entry: an index (at most 9 digits, in range), `u` or `z`, right at
    // the cursor (so at == c.mark()) and followed by ',' or the end. Anything else (spaces,
    // errors, other word characters) takes the general path, so results and errors match.
    size_t q = at;
    int fast = kUndef - 1;  // no fast entry
    if (at < text.size()) {
      const char ch = text[at];
      if (ch >= '0' && ch <= '9') {
        unsigned v = 0;
        while (q < text.size() && q - at < 9 && text[q] >= '0' && text[q] <= '9') v = v * 10 + unsigned(text[q++] - '0');
        if ((q == text.size() || text[q] == ',') && v < 2 * n) fast = int(v);
      } else if ((ch == 'u' || ch == 'z') && (at + 1 == text.size() || text[at + 1] == ',')) {
        q = at + 1;
        fast = ch == 'u' ? kUndef : kZero;
      }
    }
    if (fast != kUndef - 1) {
      sv.mask.push_back(fast);
      c.set_pos(q);
    } else {
      at = c.mark();
      std::string_view w = c.word();
      if (w == "u") sv.mask.push_back(kUndef);
      else if (w == "z") sv.mask.push_back(kZero);
      else {
        auto v = detail::to_uint(w);
        if (!v) return c.error_at(at, fmt::format("mask entry '{}' is not an index, 'u' (undef) or 'z' (zero)",
                                                  w.empty() ? c.here() : std::string(w)));
        if (*v >= 2 * n)
          return c.error_at(at, fmt::format("mask index {} out of range: two {} operands allow 0..{}", *v, sv.type.compact(), 2 * n - 1));
        sv.mask.push_back(int(*v));
      }
    }
    if (sv.mask.size() > kMaxElements)
      return c.error_at(at, fmt::format("mask too long: more than {} entries", kMaxElements));
    if (c.pos() < text.size() && text[c.pos()] == ',') c.set_pos(c.pos() + 1);  // = accept(',') here
    else if (!c.accept(',')) break;
  }
  if (!c.at_end()) return c.error(fmt::format("expected ',' or the end of the mask, found {}", c.here()));
  if (sv.scalable()) {
    for (int e : sv.mask)
      if (e != sv.mask[0] || (e != 0 && e != kUndef))
        return Error{"a scalable mask can only be all 0 (splat) or all u, as in LLVM", 1, unsigned(colon + 2)};
    if (sv.mask.size() != n)
      return Error{fmt::format("a scalable mask has one entry per minimum element: {} here", n), 1, unsigned(colon + 2)};
  }
  return sv;
}

Expected<ShuffleVector> parse_one(std::string_view text) {
  detail::Cursor c(text);
  c.skip_ws();
  std::string_view first = c.word();
  const bool compact = !first.empty() && (first[0] == 'v' || first.starts_with("nxv")) &&
                       text.find(':') != std::string_view::npos && text.find("shufflevector") == std::string_view::npos;
  return compact ? parse_compact(text) : parse_shufflevector(text);
}

}  // namespace shufc
