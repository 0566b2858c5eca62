#include "inputs.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>

#include <fmt/format.h>

#include "shufc/module_reader.h"
#include "shufc/parse.h"

namespace shufc::cli {

namespace {

bool is_regular_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Blank lines and lines that are only a comment (';' or '#') are skipped.
bool skippable(std::string_view line) {
  size_t p = line.find_first_not_of(" \t\r");
  return p == std::string_view::npos || line[p] == ';' || line[p] == '#';
}

Expected<std::vector<Input>> from_text(const std::string& text, const std::string& name) {
  std::vector<Input> out;
  if (looks_like_module(text)) {
    auto shuffles = read_module(text, name);
    if (!shuffles) {
      const Error& e = shuffles.error();
      return Error{fmt::format("{}:{}{}", name, e.line ? "" : " ", e.str())};
    }
    for (auto& s : *shuffles) out.push_back({name, s.function, s.line, "", std::move(s.shuffle)});
    return out;
  }
  std::istringstream in(text);
  std::string line;
  for (unsigned no = 1; std::getline(in, line); ++no) {
    if (skippable(line)) continue;
    out.push_back({name, "", no, line, parse_one(line)});
  }
  return out;
}

}  // namespace

std::string Input::prefix() const {
  if (file.empty()) return "";
  if (function.empty()) return fmt::format("{}:{}: ", file, line);
  return fmt::format("{}:{}: {}: ", file, line, function);
}

std::string Input::error_text() const {
  const Error& e = shuffle.error();
  if (!file.empty()) {
    const unsigned l = e.line > 1 ? e.line : line;  // parse errors are relative to their line
    return e.column ? fmt::format("{}:{}:{}: {}", file, l, e.column, e.message) : fmt::format("{}:{}: {}", file, l, e.message);
  }
  if (!e.column) return e.message;
  return fmt::format("{}\n  {}\n  {}^", e.message, text, std::string(e.column - 1, ' '));
}

Expected<std::optional<std::string>> read_source(const std::string& arg, const char* what) {
  std::stringstream ss;
  if (arg == "-") {
    ss << std::cin.rdbuf();
    return std::optional<std::string>(ss.str());
  }
  if (arg.find('\n') != std::string::npos) return std::optional<std::string>();
  if (struct stat st; ::stat(arg.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    return Error{fmt::format("'{}' is a directory, not {}", arg, what)};
  if (!is_regular_file(arg)) return std::optional<std::string>();
  std::ifstream f(arg, std::ios::binary);
  if (!f) return Error{fmt::format("cannot read '{}'", arg)};
  ss << f.rdbuf();
  return std::optional<std::string>(ss.str());
}

Expected<std::vector<Input>> read_inputs(const std::string& arg) {
  auto source = read_source(arg, "a file of shuffles");
  if (!source) return source.error();
  if (*source) return from_text(**source, arg == "-" ? "<stdin>" : arg);
  if (arg.find('\n') != std::string::npos) return from_text(arg, "<arg>");
  auto sv = parse_one(arg);
  const bool pathlike = arg.find(' ') == std::string::npos && arg.find(':') == std::string::npos &&
                        (arg.find('/') != std::string::npos || arg.ends_with(".ll") || arg.ends_with(".txt"));
  if (!sv && pathlike) return Error{fmt::format("cannot open '{}': no such file", arg)};
  std::vector<Input> out;
  out.push_back({"", "", 1, arg, std::move(sv)});
  return out;
}

}  // namespace shufc::cli
