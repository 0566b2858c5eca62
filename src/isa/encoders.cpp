#include "records.h"

namespace shufc::isa::rec {

namespace {

template <class F>
std::vector<uint64_t> each(std::span<const int> c, F f) {
  std::vector<uint64_t> out;
  out.reserve(c.size());
  for (unsigned i = 0; i < c.size(); ++i) out.push_back(f(i, c[i]));
  return out;
}

}  // namespace

std::vector<uint64_t> encode_pshufb(std::span<const int> c, unsigned) {
  return each(c, [](unsigned, int e) -> uint64_t { return e < 0 ? 0x80 : uint64_t(e & 15); });
}
std::vector<uint64_t> encode_index(std::span<const int> c, unsigned) {
  return each(c, [](unsigned, int e) -> uint64_t { return e < 0 ? 0 : uint64_t(e); });
}
std::vector<uint64_t> encode_tbl(std::span<const int> c, unsigned) {
  return each(c, [](unsigned, int e) -> uint64_t { return e < 0 ? 0xff : uint64_t(e); });
}
std::vector<uint64_t> encode_blendv8(std::span<const int> c, unsigned n) {
  return each(c, [n](unsigned, int e) -> uint64_t { return e >= int(n) ? 0x80 : 0; });
}
std::vector<uint64_t> encode_blendv32(std::span<const int> c, unsigned n) {
  return each(c, [n](unsigned, int e) -> uint64_t { return e >= int(n) ? 0x80000000u : 0; });
}
std::vector<uint64_t> encode_blendv64(std::span<const int> c, unsigned n) {
  return each(c, [n](unsigned, int e) -> uint64_t { return e >= int(n) ? 0x8000000000000000ull : 0; });
}
std::vector<uint64_t> encode_selectmask(std::span<const int> c, unsigned n) {
  return each(c, [n](unsigned, int e) -> uint64_t { return e >= int(n) ? 0xff : 0; });
}
std::vector<uint64_t> encode_bytemask(std::span<const int> c, unsigned) {
  return each(c, [](unsigned, int e) -> uint64_t { return e < 0 ? 0 : 0xff; });
}

}  // namespace shufc::isa::rec
