#include "shufc/expected.h"

#include <fmt/format.h>

namespace shufc {

std::string Error::str() const {
  if (line == 0) return message;
  if (column == 0) return fmt::format("{}: {}", line, message);
  return fmt::format("{}:{}: {}", line, column, message);
}

}  // namespace shufc
