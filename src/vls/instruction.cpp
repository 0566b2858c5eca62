#include "shufc/vls/instruction.h"

#include <fmt/format.h>

namespace shufc::vls {

bool Instruction::masked() const {
  for (bool b : element_mask)
    if (!b) return true;
  return false;
}

std::string Instruction::str(const std::string& base) const {
  std::string bits;
  for (bool b : element_mask) bits += b ? '1' : '0';
  const unsigned eb = type.element_bits, n = type.num_elements;
  switch (kind) {
    case Kind::Load:
      return fmt::format("%{} = mask.load.{}.{} (<Base:{} Offset:{}>, {})", value, eb, n, base, offset, bits);
    case Kind::Store:
      return fmt::format("mask.store.{}.{} (%{}, <Base:{} Offset:{}>, {})", eb, n, sources.at(0), base, offset, bits);
    case Kind::Shuffle: {
      // The seed's form: both operands are printed; a single-source shuffle reads undef second.
      std::string s = fmt::format("%{} = shufflevector {} %{}, {} ", value, type.str(), sources.at(0), type.str());
      s += sources.size() > 1 ? fmt::format("%{}", sources[1]) : std::string("undef");
      s += fmt::format(", <{} x 32><", mask.size());
      for (size_t i = 0; i < mask.size(); ++i) s += fmt::format("{}{}", i ? ", " : "", mask[i]);
      return s + ">";
    }
  }
  return {};
}

}  // namespace shufc::vls
