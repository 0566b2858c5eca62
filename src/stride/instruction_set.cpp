// Instruction matrices from the ISA records (seed 002 section 3.1 and the first two steps of the
// base-case library in 4.1): every instance of every record at the mode's register width, seen at
// the mode's element width (polymorphic instructions), filtered to the matrices that can take part
// in a permutation. Programmable instructions are solved for a wanted matrix instead of enumerated.
#include <cmath>

#include <fmt/format.h>

#include "shufc/isa/registry.h"
#include "shufc/stride/mode.h"

namespace shufc::stride {

std::string Mode::name() const {
  if (lanes > 1) return fmt::format("{} {}-way {}-bit in each 128-bit lane of {}-bit registers", target.name, nu(), elem_bits, reg_bits);
  return fmt::format("{} {}-way {}-bit ({}-bit registers)", target.name, nu(), elem_bits, reg_bits);
}

namespace {

std::string key_of(const std::vector<int>& map) {
  std::string k;
  for (int s : map) k += fmt::format("{},", s);
  return k;
}

// A byte map seen at `wb`-byte elements: element i <- arg*ν + element, -1 zero; nullopt when an
// element does not move whole (the instance is no instruction of this mode).
std::optional<std::vector<int>> coarsen(const std::vector<isa::LaneSrc>& bytes, unsigned wb, unsigned nu) {
  if (bytes.size() != size_t(wb) * nu) return std::nullopt;
  std::vector<int> map(nu);
  for (unsigned i = 0; i < nu; ++i) {
    const isa::LaneSrc first = bytes[i * wb];
    if (first.is_zero()) {
      for (unsigned t = 1; t < wb; ++t)
        if (!bytes[i * wb + t].is_zero()) return std::nullopt;
      map[i] = -1;
      continue;
    }
    if (first.elem % int(wb)) return std::nullopt;
    for (unsigned t = 1; t < wb; ++t)
      if (bytes[i * wb + t] != isa::LaneSrc::from(first.input, first.elem + int(t))) return std::nullopt;
    map[i] = first.input * int(nu) + first.elem / int(wb);
  }
  return map;
}

// The first lane of a byte map whose every lane does the same within itself; nullopt when some
// byte crosses lanes or the lanes differ.
std::optional<std::vector<isa::LaneSrc>> lane_view(const std::vector<isa::LaneSrc>& bytes, unsigned lanes) {
  if (lanes == 1) return bytes;
  const unsigned lb = unsigned(bytes.size()) / lanes;
  std::vector<isa::LaneSrc> first(bytes.begin(), bytes.begin() + lb);
  for (unsigned a = 0; a < lanes; ++a)
    for (unsigned j = 0; j < lb; ++j) {
      const isa::LaneSrc s = bytes[a * lb + j];
      const bool same = s.is_zero() ? first[j].is_zero()
                                    : unsigned(s.elem) / lb == a && first[j] == isa::LaneSrc::from(s.input, s.elem - int(a * lb));
      if (!same) return std::nullopt;
    }
  return first;
}

bool one_per_column(const std::vector<int>& map, unsigned cols) {
  std::vector<bool> seen(cols);
  for (int s : map) {
    if (s < 0 || unsigned(s) >= cols || seen[size_t(s)]) return false;
    seen[size_t(s)] = true;
  }
  return true;
}

void keep_cheapest(std::vector<Instance>& list, std::unordered_map<std::string, size_t>& index, Instance in, const Mode& mode) {
  auto [it, fresh] = index.emplace(key_of(in.map), list.size());
  if (fresh) list.push_back(std::move(in));
  else if (preferable(in, list[it->second], mode)) list[it->second] = std::move(in);
}

// Does the instruction work in the data's domain? x86 C types say it: __m128 / __m128d are FP.
bool in_domain(const Instance& in, const Mode& mode) {
  if (!in.instr || mode.target.arch != isa::Arch::x86) return true;
  const std::string_view t = in.instr->spell.ctype;
  const bool fp = !t.empty() && t.back() != 'i';
  return fp == mode.floating;
}

// The control making programmable `p` yield `map` on `arity` copies/vectors, checked against the
// record's own lane function.
std::optional<std::vector<int>> solve_control(const isa::Instruction& p, const std::vector<int>& map, unsigned arity,
                                              unsigned wb, unsigned nu, unsigned lanes) {
  if (p.control.kind != isa::Control::Kind::Table || p.num_inputs < arity) return std::nullopt;
  // The wanted bytes: (arg, byte), the same in every lane.
  std::vector<isa::LaneSrc> want;
  for (unsigned a = 0; a < lanes; ++a)
    for (int s : map)
      for (unsigned t = 0; t < wb; ++t)
        want.push_back(isa::LaneSrc::from(s / int(nu), int(a * nu * wb) + (s % int(nu)) * int(wb) + int(t)));
  const unsigned eb = p.elem_bits / 8, sb = p.src_elem_bits / 8;
  if (eb == 0 || eb != sb || want.size() % eb) return std::nullopt;
  const unsigned n_src = p.in_bits(0) / p.src_elem_bits;
  std::vector<int> control(want.size() / eb);
  for (unsigned j = 0; j < control.size(); ++j) {
    const isa::LaneSrc f = want[j * eb];
    if (f.elem % int(sb)) return std::nullopt;
    for (unsigned t = 1; t < eb; ++t)
      if (want[j * eb + t] != isa::LaneSrc::from(f.input, f.elem + int(t))) return std::nullopt;
    if (unsigned(f.input) >= p.control.table_inputs) return std::nullopt;
    control[j] = f.input * int(n_src) + f.elem / int(sb);
  }
  if (!isa::accepts(p, control)) return std::nullopt;
  std::vector<isa::LaneSrc> got = isa::index_map_at(p, {0, control}, 8);
  if (arity == 1) got = isa::unary_form(got);
  if (got != want) return std::nullopt;
  return control;
}

}  // namespace

bool preferable(const Instance& a, const Instance& b, const Mode& mode) {
  if (std::abs(a.cost - b.cost) > 1e-9) return a.cost < b.cost;
  if (std::abs(a.tie - b.tie) > 1e-9) return a.tie < b.tie;
  return in_domain(a, mode) && !in_domain(b, mode);
}

// The tie-break: the instruction's reciprocal throughput (with its control's load) on the
// reference CPU of the target's architecture.
static double tie_cost(const isa::Instruction& in, const Mode& mode) {
  const CpuModel* ref = find_cpu(mode.target.arch == isa::Arch::x86 ? "icelake-server" : "neoverse-n1");
  const auto c = ref ? instr_cost(*ref, in.id) : std::nullopt;
  double t = c ? c->rthroughput : 1.0;
  if (in.programmable() && ref)
    if (auto l = instr_cost(*ref, control_load_id(in))) t += l->rthroughput;
  return t;
}

const Instance* InstructionSet::find(const std::vector<int>& map, unsigned arity) const {
  const auto& index = arity == 1 ? unary_by_map : binary_by_map;
  const auto it = index.find(key_of(map));
  return it == index.end() ? nullptr : &(arity == 1 ? unary : binary)[it->second];
}

double InstructionSet::c_of(const isa::Instruction& in, bool programmable) const {
  if (mode.measure == CostMeasure::paper) return (in.num_inputs >= 2 ? 1.0 : 0.9) + (programmable ? 1.0 : 0.0);
  const auto c = instr_cost(*mode.cpu, in.id);
  if (!c) return -1;
  double total = c->rthroughput;
  if (programmable) {
    const auto l = instr_cost(*mode.cpu, control_load_id(in));
    if (!l) return -1;
    total += l->rthroughput;
  }
  return total;
}

InstructionSet build_instruction_set(const Mode& mode) {
  InstructionSet set;
  set.mode = mode;
  const unsigned nu = mode.nu(), wb = mode.elem_bits / 8;
  for (const isa::Instruction* in : isa::instructions_for(mode.target)) {
    if (in->reg_bits != mode.reg_bits || in->num_inputs == 0 || in->num_inputs > 2 || !in->moves_only() ||
        in->value == isa::ValueOp::BitOr || !isa::is_bytewise(*in))
      continue;
    bool widths = true;
    for (unsigned k = 0; k < in->num_inputs; ++k) widths &= in->in_bits(k) == mode.reg_bits;
    if (!widths) continue;
    if (in->programmable()) {
      if (set.c_of(*in, true) >= 0) set.programmable.push_back(in);
      continue;
    }
    const double c = set.c_of(*in, false);
    if (c < 0) continue;
    for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm) {
      const std::vector<isa::LaneSrc> bytes = isa::byte_map(*in, {imm, {}});
      ++set.instances;
      // Binary records also as unary (both inputs one register) and with their inputs swapped.
      const std::vector<std::vector<unsigned>> uses =
          in->num_inputs == 1 ? std::vector<std::vector<unsigned>>{{0}} : std::vector<std::vector<unsigned>>{{0, 0}, {0, 1}, {1, 0}};
      for (const std::vector<unsigned>& ops : uses) {
        std::vector<isa::LaneSrc> b = bytes;
        for (isa::LaneSrc& s : b)
          if (!s.is_zero()) s.input = int(ops[size_t(s.input)]);
        const unsigned arity = ops.size() == 2 && ops[0] != ops[1] ? 2 : 1;
        const auto lane = lane_view(b, mode.lanes);
        const auto map = lane ? coarsen(*lane, wb, nu) : std::nullopt;
        if (!map || !one_per_column(*map, arity * nu)) continue;  // the seed's filter
        Instance inst{in, imm, {}, arity, ops, *map, c, tie_cost(*in, mode)};
        if (arity == 1) keep_cheapest(set.unary, set.unary_by_map, std::move(inst), mode);
        else keep_cheapest(set.binary, set.binary_by_map, std::move(inst), mode);
      }
    }
  }
  return set;
}

std::optional<Instance> make_instance(const InstructionSet& set, const isa::Instruction& in, uint64_t imm,
                                      std::vector<int> control, std::vector<unsigned> operands) {
  const unsigned nu = set.mode.nu(), wb = set.mode.elem_bits / 8;
  if (in.reg_bits != set.mode.reg_bits || operands.size() != in.num_inputs || !in.moves_only() || !isa::is_bytewise(in))
    return std::nullopt;
  if (in.programmable() ? !isa::accepts(in, control) : (!control.empty() || imm >= std::max(1u, in.imm_count))) return std::nullopt;
  std::vector<isa::LaneSrc> bytes = in.programmable() ? isa::index_map_at(in, {0, control}, 8) : isa::byte_map(in, {imm, {}});
  unsigned arity = 0;
  for (unsigned o : operands) {
    if (o > 1) return std::nullopt;
    arity = std::max(arity, o + 1);
  }
  for (isa::LaneSrc& s : bytes)
    if (!s.is_zero()) s.input = int(operands[size_t(s.input)]);
  const auto lane = lane_view(bytes, set.mode.lanes);
  auto map = lane ? coarsen(*lane, wb, nu) : std::nullopt;
  if (!map) return std::nullopt;
  const double c = set.c_of(in, in.programmable());
  if (c < 0) return std::nullopt;
  return Instance{&in, imm, std::move(control), arity, std::move(operands), std::move(*map), c, tie_cost(in, set.mode)};
}

std::optional<Instance> cheapest_instance(const InstructionSet& set, const std::vector<int>& map, unsigned arity) {
  const unsigned nu = set.mode.nu(), wb = set.mode.elem_bits / 8;
  std::optional<Instance> best;
  auto offer = [&](Instance in) {
    if (!best || preferable(in, *best, set.mode)) best = std::move(in);
  };
  if (const Instance* in = set.find(map, arity)) offer(*in);
  if (arity == 2) {
    // Reading one vector only: a unary instance on it, or the vector itself.
    for (int v = 0; v < 2; ++v) {
      std::vector<int> local;
      for (int s : map)
        if (s / int(nu) == v) local.push_back(s % int(nu));
      if (local.size() != map.size()) continue;
      bool identity = true;
      for (unsigned i = 0; i < nu; ++i) identity &= local[i] == int(i);
      if (identity) {
        offer(Instance{nullptr, 0, {}, 2, {unsigned(v)}, map, 0});
        continue;
      }
      if (const Instance* found = set.find(local, 1)) {
        Instance in = *found;
        in.arity = 2;
        in.map = map;
        for (unsigned& o : in.operands) o = unsigned(v);
        offer(std::move(in));
      }
    }
  }
  for (const isa::Instruction* p : set.programmable)
    if (auto control = solve_control(*p, map, arity, wb, nu, set.mode.lanes)) {
      std::vector<unsigned> ops(p->num_inputs, 0);
      if (arity == 2) ops[1] = 1;
      offer(Instance{p, 0, std::move(*control), arity, std::move(ops), map, set.c_of(*p, true), tie_cost(*p, set.mode)});
    }
  return best;
}

}  // namespace shufc::stride
