// The lexical line pass (see instruction_lines.h).
#include "instruction_lines.h"

namespace shufc::vls {
namespace {

std::string_view trim(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// The line without its `;` comment (a `;` inside "..." is text).
std::string_view code_of(std::string_view line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    else if (line[i] == ';' && !quoted) return trim(line.substr(0, i));
  }
  return trim(line);
}

// "define ... @name(...) ... {" -> name ("" when it is not a definition opening a body).
std::string defined_name(std::string_view code) {
  if (code.substr(0, 7) != "define " || code.empty() || code.back() != '{') return {};
  const size_t at = code.find('@');
  if (at == std::string_view::npos) return {};
  if (at + 1 < code.size() && code[at + 1] == '"') {
    const size_t q = code.find('"', at + 2);
    return q == std::string_view::npos ? std::string() : std::string(code.substr(at + 2, q - at - 2));
  }
  size_t e = at + 1;
  while (e < code.size() && code[e] != '(' && code[e] != ' ') ++e;
  return std::string(code.substr(at + 1, e - at - 1));
}

bool is_label(std::string_view code) {
  return !code.empty() && code.back() == ':' && code.find(' ') == std::string_view::npos;
}

int bracket_balance(std::string_view code) {
  int d = 0;
  bool quoted = false;
  for (char c : code) {
    if (c == '"') quoted = !quoted;
    else if (!quoted && c == '[') ++d;
    else if (!quoted && c == ']') --d;
  }
  return d;
}

}  // namespace

std::map<std::string, std::vector<unsigned>> instruction_lines(std::string_view text) {
  std::map<std::string, std::vector<unsigned>> out;
  std::vector<unsigned>* body = nullptr;
  int open = 0;  // brackets an instruction left open on its line
  unsigned line = 0;
  for (size_t a = 0; a <= text.size();) {
    size_t e = text.find('\n', a);
    if (e == std::string_view::npos) e = text.size();
    ++line;
    const std::string_view code = code_of(text.substr(a, e - a));
    a = e + 1;
    if (!body) {
      if (std::string n = defined_name(code); !n.empty()) body = &out[n];
      continue;
    }
    if (code.empty()) continue;
    if (open > 0) {
      open += bracket_balance(code);
      continue;
    }
    if (code == "}") {
      body = nullptr;
      continue;
    }
    if (is_label(code)) continue;
    body->push_back(line);
    open = bracket_balance(code);
  }
  return out;
}

}  // namespace shufc::vls
