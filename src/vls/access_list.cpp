// The command-line client's memrefs (see access_list.h).
#include "shufc/vls/access_list.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace shufc::vls {

namespace {

constexpr int64_t kMaxCoefficient = int64_t(1) << 24;  // keeps byte arithmetic far from overflow

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

Expected<ElemType> parse_type(const std::string& t) {
  if (t == "i8") return ElemType::i(8);
  if (t == "i16") return ElemType::i(16);
  if (t == "i32") return ElemType::i(32);
  if (t == "i64") return ElemType::i(64);
  if (t == "f16" || t == "half") return ElemType::f16();
  if (t == "f32" || t == "float") return ElemType::f32();
  if (t == "f64" || t == "double") return ElemType::f64();
  return Error{fmt::format("unknown element type '{}' (i8, i16, i32, i64, f16, f32, f64)", t)};
}

// a*k + b from "2k+1", "2*k - 1", "k", "-k+3", "4": terms separated by + and -.
Expected<std::pair<int64_t, int64_t>> parse_linear(const std::string& text) {
  std::string s;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  if (s.empty()) return Error{"an empty index"};
  int64_t a = 0, b = 0;
  size_t i = 0;
  while (i < s.size()) {
    int sign = 1;
    if (s[i] == '+' || s[i] == '-') sign = s[i++] == '-' ? -1 : 1;
    else if (i > 0) return Error{fmt::format("unexpected '{}' in the index '{}'", s[i], text)};
    size_t j = i;
    int64_t num = -1;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
      num = (num < 0 ? 0 : num) * 10 + (s[j] - '0');
      if (num > kMaxCoefficient) return Error{fmt::format("the index '{}' has a number too large", text)};
      ++j;
    }
    if (j < s.size() && s[j] == '*') {
      if (num < 0) return Error{fmt::format("'*' without a number in the index '{}'", text)};
      ++j;
      if (j >= s.size() || s[j] != 'k') return Error{fmt::format("the index '{}' must be linear in k: a*k + b", text)};
    }
    if (j < s.size() && s[j] == 'k') {
      a += sign * (num < 0 ? 1 : num);
      ++j;
    } else if (num >= 0) {
      b += sign * num;
    } else {
      return Error{fmt::format("the index '{}' must be linear in k: a*k + b", text)};
    }
    i = j;
  }
  if (a == 0) return Error{fmt::format("the index '{}' does not move with k (a stride of 0)", text)};
  if (std::abs(a) > kMaxCoefficient || std::abs(b) > kMaxCoefficient) return Error{fmt::format("the index '{}' is too large", text)};
  return std::make_pair(a, b);
}

bool is_name(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

struct Spec {
  std::string text, array, index;
  ElemType elem;
  bool store = false;
  bool indexed = false;
  int64_t a = 0, b = 0;
};

// "[load|store] NAME[INDEX]:TYPE"
Expected<Spec> parse_access(const std::string& item) {
  Spec s;
  std::string t = trim(item);
  for (const char* kw : {"load ", "store "})
    if (t.rfind(kw, 0) == 0) {
      s.store = kw[0] == 's';
      t = trim(t.substr(std::string(kw).size()));
      break;
    }
  const size_t colon = t.rfind(':');
  const size_t open = t.find('[');
  const size_t close = t.rfind(']');
  if (colon == std::string::npos || open == std::string::npos || close == std::string::npos || close < open || colon < close)
    return Error{fmt::format("'{}' is not an access like x[2k+1]:f64 (optionally after load/store)", trim(item))};
  s.array = trim(t.substr(0, open));
  if (!is_name(s.array)) return Error{fmt::format("'{}' is not an array name", s.array)};
  s.index = trim(t.substr(open + 1, close - open - 1));
  int depth = 0;
  for (char c : s.index) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (depth < 0) break;
  }
  if (depth != 0) return Error{fmt::format("unbalanced brackets in '{}'", trim(item))};
  if (!trim(t.substr(close + 1, colon - close - 1)).empty()) return Error{fmt::format("unexpected text after ']' in '{}'", trim(item))};
  auto et = parse_type(trim(t.substr(colon + 1)));
  if (!et) return et.error();
  s.elem = *et;
  s.text = fmt::format("{}[{}]", s.array, s.index);
  if (s.index.find('[') != std::string::npos) {
    s.indexed = true;  // x[idx[k]]: addresses known only at run time
    return s;
  }
  auto lin = parse_linear(s.index);
  if (!lin) return lin.error();
  s.a = lin->first;
  s.b = lin->second;
  return s;
}

Expected<Spec> parse_json_item(const nlohmann::json& j) {
  if (j.is_string()) return parse_access(j.get<std::string>());
  if (!j.is_object()) return Error{"a JSON access is a string or an object"};
  Spec s;
  try {
    s.array = j.at("array").get<std::string>();
    auto et = parse_type(j.at("type").get<std::string>());
    if (!et) return et.error();
    s.elem = *et;
    s.store = j.value("store", false);
    s.indexed = j.value("indexed", false);
    if (!s.indexed) {
      s.a = j.at("stride").get<int64_t>();
      s.b = j.value("offset", int64_t(0));
    }
  } catch (const nlohmann::json::exception& e) {
    return Error{fmt::format("a JSON access needs \"array\", \"type\" and \"stride\" (or \"indexed\"): {}", e.what())};
  }
  if (!is_name(s.array)) return Error{fmt::format("'{}' is not an array name", s.array)};
  if (!s.indexed && (s.a == 0 || std::abs(s.a) > kMaxCoefficient || std::abs(s.b) > kMaxCoefficient))
    return Error{fmt::format("the stride {} / offset {} of {} is zero or too large", s.a, s.b, s.array)};
  s.text = s.indexed ? fmt::format("{}[?]", s.array)
                     : s.b ? fmt::format("{}[{}k{:+}]", s.array, s.a, s.b) : fmt::format("{}[{}k]", s.array, s.a);
  return s;
}

}  // namespace

ArrayAccess::ArrayAccess(const AccessList& list, unsigned order, std::string text, std::string array, ElemType elem,
                         int64_t a, int64_t b, bool indexed, bool store, unsigned num_elements)
    : Memref({num_elements, elem.bits},
             indexed ? (store ? AccessType::IndexedStore : AccessType::IndexedLoad)
                     : (store ? AccessType::StridedStore : AccessType::StridedLoad)),
      list_(list), order_(order), text_(std::move(text)), array_(std::move(array)), elem_(elem), a_(a), b_(b),
      indexed_(indexed) {}

bool ArrayAccess::is_a_const_distance_from(const Memref& other, int64_t* dist) const {
  const auto* o = dynamic_cast<const ArrayAccess*>(&other);
  if (!o || o->array_ != array_ || indexed_ || o->indexed_ || o->elem_.bits != elem_.bits) return false;
  *dist = (b_ - o->b_) * int64_t(elem_.bits / 8);
  return true;
}

bool ArrayAccess::have_same_num_elements(const Memref& other) const { return type().num_elements == other.type().num_elements; }

bool ArrayAccess::has_a_const_stride(int64_t* stride) const {
  if (indexed_) return false;
  *stride = a_ * int64_t(elem_.bits / 8);
  return true;
}

bool ArrayAccess::may_overlap(const ArrayAccess& o) const {
  if (o.array_ != array_) return false;
  if (indexed_ || o.indexed_ || a_ != o.a_ || elem_.bits != o.elem_.bits) return true;
  // Same stride: element i of one meets element j of the other when a*i + b == a*j + b'.
  const int64_t d = o.b_ - b_;
  if (d % a_) return false;
  return std::abs(d / a_) < int64_t(type().num_elements);
}

bool ArrayAccess::can_move_to(const Memref& other) const {
  const unsigned lo = std::min(order_, other.program_order()), hi = std::max(order_, other.program_order());
  const bool store = !is_load(access());
  // Moving past an access of the same bytes is wrong when either of the two writes.
  for (const auto& x : list_.accesses()) {
    if (x->order_ <= lo || x->order_ >= hi || x.get() == this) continue;
    if ((store || !is_load(x->access())) && may_overlap(*x)) return false;
  }
  return true;
}

Expected<std::unique_ptr<AccessList>> AccessList::parse(std::string_view text, unsigned vector_length) {
  std::vector<Spec> specs;
  const std::string t = trim(text);
  if (t.empty()) return Error{"no accesses given"};
  if (t[0] == '[' || t[0] == '{') {
    nlohmann::json j = nlohmann::json::parse(t, nullptr, false);
    if (j.is_discarded()) return Error{"the accesses are not valid JSON"};
    if (j.is_object() && j.contains("accesses")) j = j["accesses"];
    if (!j.is_array()) return Error{"JSON accesses are an array (or an object with \"accesses\")"};
    for (const auto& item : j) {
      auto s = parse_json_item(item);
      if (!s) return s.error();
      specs.push_back(*s);
    }
  } else {
    // Split at ',' ';' and new lines outside brackets (an index never holds them, but x[idx[k]] nests).
    int depth = 0;
    std::string cur;
    auto flush = [&]() -> Expected<bool> {
      if (!trim(cur).empty()) {
        auto s = parse_access(cur);
        if (!s) return s.error();
        specs.push_back(*s);
      }
      cur.clear();
      return true;
    };
    for (char c : t) {
      if (c == '[') ++depth;
      if (c == ']') --depth;
      if (depth == 0 && (c == ',' || c == ';' || c == '\n')) {
        auto r = flush();
        if (!r) return r.error();
      } else {
        cur += c;
      }
    }
    auto r = flush();
    if (!r) return r.error();
  }
  if (specs.empty()) return Error{"no accesses given"};
  if (specs.size() > 64) return Error{"at most 64 accesses"};
  auto list = std::make_unique<AccessList>();
  for (size_t k = 0; k < specs.size(); ++k) {
    const Spec& s = specs[k];
    const unsigned eb = s.elem.bits / 8;
    if (vector_length % eb || vector_length / eb < 2)
      return Error{fmt::format("a vector of {} bytes does not hold several {}", vector_length, s.elem.compact())};
    list->accesses_.push_back(std::make_unique<ArrayAccess>(*list, unsigned(k), s.text, s.array, s.elem, s.a, s.b, s.indexed,
                                                            s.store, vector_length / eb));
  }
  return list;
}

std::vector<const Memref*> AccessList::memrefs() const {
  std::vector<const Memref*> m;
  for (const auto& a : accesses_) m.push_back(a.get());
  return m;
}

}  // namespace shufc::vls
