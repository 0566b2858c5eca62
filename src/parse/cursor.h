// A tiny cursor over one line of text, shared by the hand-written parsers.
#pragma once
#include <cctype>
#include <string>
#include <string_view>

#include "shufc/expected.h"

namespace shufc::detail {

class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}

  void skip_ws() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool at_end() { skip_ws(); return pos_ >= s_.size(); }
  char peek() { skip_ws(); return pos_ < s_.size() ? s_[pos_] : '\0'; }
  bool accept(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  // The next word: letters, digits and . _ - + $ (literals like 1.5e+00, -7, 0x7FF0, i32, vscale).
  std::string_view word() {
    skip_ws();
    size_t b = pos_;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '+' || c == '$') ++pos_;
      else break;
    }
    return s_.substr(b, pos_ - b);
  }
  bool accept_word(std::string_view w) {
    size_t save = pos_;
    if (word() == w) return true;
    pos_ = save;
    return false;
  }
  size_t pos() const { return pos_; }
  // The position of the next token (for error locations).
  size_t mark() { skip_ws(); return pos_; }
  void set_pos(size_t p) { pos_ = p; }
  std::string_view rest() const { return s_.substr(pos_); }
  std::string_view text() const { return s_; }
  unsigned column() { skip_ws(); return unsigned(pos_ + 1); }
  Error error(std::string msg) { return Error{std::move(msg), 1, column()}; }
  Error error_at(size_t p, std::string msg) const { return Error{std::move(msg), 1, unsigned(p + 1)}; }
  // What is at the cursor, for messages: "end of input" or 'the next few characters'.
  std::string here() {
    skip_ws();
    if (pos_ >= s_.size()) return "end of input";
    return "'" + std::string(s_.substr(pos_, 12)) + "'";
  }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace shufc::detail
