// Where the server writes what --debug prints (the seed's trace format) and the graph pictures
// --dot writes. A null Trace* costs nothing.
#pragma once
#include <string>
#include <vector>

#include <fmt/format.h>

namespace shufc::vls {

struct Trace {
  std::string text;                      // the debug trace
  std::vector<std::string> dot_graphs;   // one Graphviz digraph per stage

  template <class... A>
  void line(unsigned indent, fmt::format_string<A...> f, A&&... a) {
    text.append(indent, ' ');
    text += fmt::format(f, std::forward<A>(a)...);
    text += '\n';
  }
};

}  // namespace shufc::vls
