// Shared by the emitters (private to src/emit): spelling templates and names.
#pragma once
#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/program.h"

namespace shufc::emit_detail {

// Replaces every placeholder `{KEY}` of a spelling template for which `f(KEY)` returns a value;
// every other brace stays as written (so `(uint8x16x2_t){{{0}, {1}}}` keeps its literal braces).
template <class F>
std::string fill(std::string_view tpl, F&& f) {
  std::string out;
  size_t i = 0;
  while (i < tpl.size()) {
    if (tpl[i] == '{') {
      const size_t close = tpl.find('}', i + 1);
      if (close != std::string_view::npos) {
        const std::string_view key = tpl.substr(i + 1, close - i - 1);
        if (key.find('{') == std::string_view::npos) {
          if (std::optional<std::string> v = f(key)) {
            out += *v;
            i = close + 1;
            continue;
          }
        }
      }
    }
    out += tpl[i++];
  }
  return out;
}

// `{0}`..`{9}` as an input index.
inline std::optional<unsigned> input_key(std::string_view key) {
  if (key.size() == 1 && key[0] >= '0' && key[0] <= '9') return unsigned(key[0] - '0');
  return std::nullopt;
}

// The decimal value of imm-derived keys: {imm}, NEON's {imm_hi} / {imm_lo} (ins packs two lane
// numbers as imm = hi * n + lo) and {imm_sh} (a byte shift's bits: imm k shifts by k + 1 bytes).
inline std::optional<uint64_t> imm_key(std::string_view key, const isa::Instruction& in, uint64_t imm) {
  if (key == "imm") return imm;
  if (key == "imm_sh") return 8 * (imm + 1);
  if (key == "imm_hi") return imm / in.n();
  if (key == "imm_lo") return imm % in.n();
  return std::nullopt;
}

// Where an assembly template writes its result: the first operand names {d}, an input {k}
// (destructive on that input) or the control {c} (destructive on the control register).
struct DestSpec {
  enum Kind { Fresh, Input, Control } kind = Fresh;
  unsigned input = 0;
};

inline DestSpec dest_of(std::string_view assembly) {
  size_t sp = assembly.find(' ');
  if (sp == std::string_view::npos) return {};
  std::string_view ops = assembly.substr(sp + 1);
  const size_t comma = ops.find(',');
  std::string_view first = ops.substr(0, comma);
  const size_t open = first.find('{');
  if (open == std::string_view::npos) return {};
  const size_t close = first.find('}', open);
  if (close == std::string_view::npos) return {};
  const std::string_view key = first.substr(open + 1, close - open - 1);
  if (key == "d") return {};
  if (auto k = input_key(key)) return {DestSpec::Input, *k};
  if (key == "c" || key.starts_with("c:")) return {DestSpec::Control, 0};
  return {};
}

// The identifiers appearing in a text (so a generated name never shadows an intrinsic).
inline void collect_identifiers(std::string_view s, std::set<std::string>& out) {
  size_t i = 0;
  while (i < s.size()) {
    if (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.emplace(s.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
}

// Hands out unique identifiers: letters, digits and '_' (Program names may also hold . - + $).
class Names {
 public:
  void reserve(std::string n) { used_.insert(std::move(n)); }
  bool taken(const std::string& n) const { return used_.count(n) != 0; }
  std::string make(std::string_view want) {
    std::string base;
    for (char c : want) base += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (base.empty() || std::isdigit(static_cast<unsigned char>(base[0]))) base = "v_" + base;
    if (base.starts_with("__") || (base.size() > 1 && base[0] == '_' && std::isupper(static_cast<unsigned char>(base[1]))))
      base = "v" + base;
    std::string n = base;
    for (unsigned k = 2; used_.count(n); ++k) n = base + "_" + std::to_string(k);
    used_.insert(n);
    return n;
  }

 private:
  std::set<std::string> used_;
};

// For every value, the index of the last step that reads it (-1: none); outputs live to the end.
inline std::vector<int> last_uses(const Program& p) {
  std::vector<int> last(p.num_values(), -1);
  for (size_t j = 0; j < p.steps.size(); ++j)
    for (unsigned a : p.steps[j].args) last[a] = int(j);
  for (unsigned o : p.outputs) last[o] = int(p.steps.size());
  return last;
}

}  // namespace shufc::emit_detail
