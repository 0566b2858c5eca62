#include "shufc/permutation.h"

#include <unordered_map>

#include "shufc/shuffle_vector.h"

namespace shufc {

Permutation to_permutation(const ShuffleVector& sv) {
  Permutation p;
  p.input_type = sv.type;
  const unsigned n = sv.n();
  // Which input (or constant) each operand becomes.
  int input_of[2] = {-1, -1};
  for (int k = 0; k < 2; ++k) {
    const Operand& op = k == 0 ? sv.v1 : sv.v2;
    if (op.kind == Operand::Kind::Value) {
      input_of[k] = int(p.num_inputs++);
      p.input_names.push_back(op.name);
    }
  }
  std::unordered_map<std::string, uint32_t> constant_id;  // a linear search is quadratic on big constants
  auto constant = [&](const std::string& lit) {
    auto [it, fresh] = constant_id.emplace(lit, uint32_t(p.constants.size()));
    if (fresh) p.constants.push_back(lit);
    return Lane::constant(it->second);
  };
  std::vector<Lane> out;
  out.reserve(sv.m());
  for (int e : sv.mask) {
    if (e == kUndef) { out.push_back(Lane::undef()); continue; }
    if (e == kZero) { out.push_back(Lane::zero()); continue; }
    const int k = e < int(n) ? 0 : 1;
    const unsigned idx = unsigned(e) % n;
    const Operand& op = k == 0 ? sv.v1 : sv.v2;
    switch (op.kind) {
      case Operand::Kind::Value: out.push_back(Lane::input(uint32_t(input_of[k]), idx)); break;
      case Operand::Kind::Zero: out.push_back(Lane::zero()); break;
      case Operand::Kind::Splat: out.push_back(constant(op.splat)); break;
      case Operand::Kind::Constant:
        out.push_back(op.elem_is_undef(idx) ? Lane::undef() : constant(op.elems[idx]));
        break;
      case Operand::Kind::Undef:
      case Operand::Kind::Poison: out.push_back(Lane::undef()); break;
    }
  }
  p.outputs.push_back(std::move(out));
  return p;
}

}  // namespace shufc
