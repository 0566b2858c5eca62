// Which records a shuffle table uses, as lane maps: every record of the register width whose
// instance moves whole lanes (its byte map, read at the lane width), or only LLVM's PerfectShuffle
// operators; programmable table lookups as "any arrangement" plus their control load.
#include "lane_ops.h"

#include <fmt/format.h>

#include <map>
#include <string_view>

#include "shufc/isa/registry.h"

namespace shufc::table {

double instruction_cost(const isa::Instruction& in, const CpuModel* cpu) {
  if (!cpu) return 1;
  auto c = instr_cost(*cpu, in.id);
  return c ? c->rthroughput : -1;
}

double control_load_cost(const isa::Instruction& in, const CpuModel* cpu) {
  if (!cpu) return 1;
  auto c = instr_cost(*cpu, control_load_id(in));
  return c ? c->rthroughput : -1;
}

namespace {

// The instance's lane map at lane width `eb` bytes, from its byte map: a lane must come whole
// from one lane of one argument, or be zero. Empty when the instance splits a lane.
std::optional<std::array<int, kTableLanes>> lane_map(const isa::Instruction& in, uint64_t imm, unsigned eb) {
  const auto bytes = isa::byte_map(in, {imm, {}});
  if (bytes.size() != kTableLanes * eb) return std::nullopt;
  std::array<int, kTableLanes> src{};
  for (unsigned i = 0; i < kTableLanes; ++i) {
    const isa::LaneSrc first = bytes[i * eb];
    if (first.is_zero()) {
      for (unsigned t = 1; t < eb; ++t)
        if (!bytes[i * eb + t].is_zero()) return std::nullopt;
      src[i] = -1;
      continue;
    }
    if (first.elem % int(eb)) return std::nullopt;
    for (unsigned t = 1; t < eb; ++t)
      if (!(bytes[i * eb + t] == isa::LaneSrc::from(first.input, first.elem + int(t)))) return std::nullopt;
    src[i] = first.input * int(kTableLanes) + first.elem / int(eb);
  }
  return src;
}

std::string instance_text(const isa::Instruction& in, uint64_t imm) {
  return in.imm_count ? fmt::format("{} #{}", in.id, imm) : std::string(in.id);
}

// Can the control of a table instruction arrange lanes freely? (compress/expand derive their
// result from a mask: a reversal is not something they do.)
bool arranges_freely(const isa::Instruction& in) {
  const unsigned n = in.n(), n_src = in.in_bits(0) / in.in_elem_bits(0);
  std::vector<int> reversed(n);
  for (unsigned i = 0; i < n; ++i) reversed[i] = int(((n - 1 - i) % n_src) + (in.control.table_inputs - 1) * (i % 2) * n_src);
  return isa::accepts(in, reversed);
}

// Why a record of the right width cannot take part, or "" when it can (as lane ops or a lookup).
std::string exclusion(const isa::Instruction& in, unsigned eb) {
  if (in.num_inputs > 2) return "reads more than two registers";
  for (unsigned k = 0; k < in.num_inputs; ++k)
    if (in.in_bits(k) != in.reg_bits) return "reads a register of another width";
  if (in.value == isa::ValueOp::BitOr) return "or of two registers: moves lanes only where one side is zero (outside the lane model)";
  if (!isa::is_bytewise(in)) return "computes values (saturation, sign extension)";
  if (in.programmable()) {
    if (!in.moves_only()) return "programmable and computes values";
    if (in.control.kind == isa::Control::Kind::Select) return "variable per-lane select: not modelled";
    if (in.control.table_inputs != in.num_inputs)
      return "keeps its destination on out-of-range entries (tbx): not modelled";
    if (in.control.block_elems && in.control.block_elems * in.elem_bits < in.reg_bits)
      return "looks up within blocks narrower than the register: not modelled";
    if (in.elem_bits > eb * 8 || (eb * 8) % in.elem_bits) return "its control moves elements wider than a lane";
    if (!arranges_freely(in)) return "its control cannot arrange lanes freely (compress / expand)";
  }
  return "";
}

// LLVM's NEON PerfectShuffle operators (utils/PerfectShuffle: vrev, vdup0..3, vext1..3, vuzp,
// vzip, vtrn left and right results) as shufc records of the 4-lane arrangement.
struct PerfectShuffleOp {
  std::string id;
  std::vector<uint64_t> imms;
  bool from_inputs = false;  // ins: its second argument is a or b
};

std::vector<PerfectShuffleOp> perfect_shuffle_ids(unsigned elem_bits, bool ins) {
  const std::string arr = elem_bits == 32 ? "4s" : "4h";
  // vrev swaps neighbouring lanes: rev64 of .4s, rev32 of .4h.
  const std::string rev = elem_bits == 32 ? "rev64.4s" : "rev32.4h";
  const std::string ext = elem_bits == 32 ? "ext.16b" : "ext.8b";
  const uint64_t eb = elem_bits / 8;
  std::vector<PerfectShuffleOp> ids = {{rev, {0}}, {"dup." + arr, {0, 1, 2, 3}}, {ext, {eb, 2 * eb, 3 * eb}}};
  for (const char* op : {"uzp1", "uzp2", "zip1", "zip2", "trn1", "trn2"}) ids.push_back({std::string(op) + "." + arr, {0}});
  // GENERATE_NEON_INS: one lane of an input into a lane of any value (ins .s / .h), or a half of
  // an input into a half (ins .d / .s: the D-register move). LLVM inserts from the inputs only.
  if (ins) {
    ids.push_back({"ins." + arr, {}, true});
    for (uint64_t i = 0; i < 16; ++i) ids.back().imms.push_back(i);
    ids.push_back({elem_bits == 32 ? "ins.2d" : "ins.2s", {0, 1, 2, 3}, true});
  }
  return ids;
}

}  // namespace

Expected<OpSet> lane_ops(const TableOptions& o) {
  const unsigned reg_bits = kTableLanes * o.elem_bits, eb = o.elem_bits / 8;
  if (o.elem_bits % 8 || o.elem_bits == 0) return Error{fmt::format("a lane of {} bits is not whole bytes", o.elem_bits)};
  if (o.cpu && o.cpu->arch != o.target.arch)
    return Error{fmt::format("CPU '{}' is not a {} CPU", o.cpu->name, o.target.name)};
  const auto all = isa::instructions_for(o.target);
  bool width_exists = false;
  for (const isa::Instruction* in : all) width_exists |= in->reg_bits == reg_bits;
  if (!width_exists || reg_bits > o.target.max_reg_bits)
    return Error{fmt::format("{} has no {}-bit register: 4 lanes of {} bits do not fill one", o.target.name, reg_bits, o.elem_bits)};
  OpSet set;
  std::map<std::array<int, kTableLanes + 1>, size_t> seen;  // lane map and arity -> op
  auto add_op = [&](LaneOp op) {
    // A copy of its argument (ext #0 of one register) never helps.
    if (op.arity == 1 && op.src == std::array<int, kTableLanes>{0, 1, 2, 3}) return;
    std::array<int, kTableLanes + 1> key{};
    std::copy(op.src.begin(), op.src.end(), key.begin());
    key[kTableLanes] = int(op.arity) * 4 + op.fixed_input + 1;
    auto [it, fresh] = seen.emplace(key, set.ops.size());
    if (fresh) set.ops.push_back(std::move(op));
    else if (op.cost < set.ops[it->second].cost) set.ops[it->second] = std::move(op);
  };
  // `from_inputs`: the second argument is an input (a or b), never a computed value.
  auto add_instances = [&](const isa::Instruction& in, const std::vector<uint64_t>& imms, double cost, bool from_inputs = false) {
    bool any = false;
    for (uint64_t imm : imms) {
      const auto src = lane_map(in, imm, eb);
      if (!src) continue;
      any = true;
      LaneOp op{&in, imm, in.num_inputs, false, -1, *src, cost, instance_text(in, imm)};
      if (from_inputs) {
        for (int k = 0; k < 2; ++k) {
          LaneOp fixed = op;
          fixed.arity = 1;
          fixed.fixed_input = k;
          fixed.text += k ? " (from b)" : " (from a)";
          add_op(std::move(fixed));
        }
        continue;
      }
      // An argument never read makes the op narrower (only the one register it reads).
      bool reads[2] = {false, false};
      for (int s : op.src)
        if (s >= 0) reads[s / int(kTableLanes)] = true;
      if (in.num_inputs == 2) {
        LaneOp shared = op;
        shared.arity = 1;
        shared.shared = true;
        for (int& s : shared.src)
          if (s >= 0) s %= int(kTableLanes);
        add_op(std::move(shared));
        if (!reads[0] || !reads[1]) continue;  // as a unary op it is already there
      }
      add_op(std::move(op));
    }
    return any;
  };

  if (o.set == TableSet::perfect_shuffle || o.set == TableSet::perfect_shuffle_ins) {
    if (o.target.arch != isa::Arch::aarch64 || (o.elem_bits != 32 && o.elem_bits != 16))
      return Error{"the perfect-shuffle set is LLVM's NEON operator set: --target neon with --elem i32 or i16"};
    for (const auto& [id, imms, from_inputs] : perfect_shuffle_ids(o.elem_bits, o.set == TableSet::perfect_shuffle_ins)) {
      const isa::Instruction* in = isa::find_instruction(id);
      if (!in) throw std::logic_error("table: no record " + id);
      const double c = instruction_cost(*in, o.cpu);
      if (c < 0) return Error{fmt::format("CPU '{}' has no cost for {}", o.cpu->name, id)};
      if (!add_instances(*in, imms, c, from_inputs)) throw std::logic_error("table: " + id + " does not move whole lanes");
    }
    return set;
  }

  for (const isa::Instruction* in : all) {
    if (in->reg_bits != reg_bits) continue;
    if (std::string why = exclusion(*in, eb); !why.empty()) {
      set.excluded.push_back({in->id, why});
      continue;
    }
    const double c = instruction_cost(*in, o.cpu);
    const double load = in->programmable() ? control_load_cost(*in, o.cpu) : 0;
    if (c < 0 || load < 0) {
      set.excluded.push_back({in->id, fmt::format("no cost on {}", o.cpu->name)});
      continue;
    }
    if (in->programmable()) {
      set.lookups.push_back({in, in->control.table_inputs, in->control.zeroing, c + load});
      continue;
    }
    std::vector<uint64_t> imms(std::max(1u, in->imm_count));
    for (uint64_t i = 0; i < imms.size(); ++i) imms[i] = i;
    if (!add_instances(*in, imms, c)) set.excluded.push_back({in->id, "moves parts of a lane"});
  }
  return set;
}

}  // namespace shufc::table
