#include "operand_goal.h"

#include "cost_lattice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>

#include "goal.h"
#include "program_build.h"
#include "register_split.h"
#include "shufc/constant_bytes.h"
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/sim.h"

namespace shufc::synth {

namespace {

// Input `value` of p as (input of g, register r of it), or nullopt.
std::optional<std::pair<unsigned, unsigned>> input_of(const Program& p, unsigned value, const OperandGoal& g, unsigned in_bits) {
  const Program::Input& in = p.inputs.at(value);
  const unsigned per = (in_bits + in.bits - 1) / in.bits;
  for (unsigned j = 0; j < g.names.size(); ++j)
    for (unsigned r = 0; r < per; ++r)
      if (in.name == register_input_name(g.names[j], r, per)) return std::pair{j, r};
  return std::nullopt;
}

// Both operands one value: operand 1 is operand 0.
int same_value(const ShuffleVector& sv, int which) {
  return which == 1 && sv.v1.kind == Operand::Kind::Value && sv.v1 == sv.v2 ? 0 : which;
}

// Appends `r = or(result, c)` with a new constant input c holding `fill` (or_fill's last step).
// False when the Program is not one whole register of fill's width or the target has no or.
bool or_in_fill(Program& p, const std::vector<uint8_t>& fill, const SynthOptions& o) {
  const unsigned bits = unsigned(fill.size() * 8);
  if (p.outputs.size() != 1 || p.out_held || p.bits_of(p.outputs[0]) != bits) return false;
  const Chosen orr = cheapest_or(o, bits);
  if (!orr.in) return false;
  std::string name = "c";
  while (std::any_of(p.inputs.begin(), p.inputs.end(), [&](const auto& i) { return i.name == name; })) name += "_2";
  // The constant is one more input: the steps' value ids move up by one.
  const unsigned k = unsigned(p.inputs.size());
  p.inputs.push_back({name, bits, 0, fill});
  for (Program::Step& st : p.steps)
    for (unsigned& a : st.args)
      if (a >= k) ++a;
  const unsigned made = p.outputs[0] >= k ? p.outputs[0] + 1 : p.outputs[0];
  p.steps.push_back({"", orr.in, {made, k}, orr.imm, {}});
  p.outputs[0] = unsigned(p.num_values() - 1);
  finish(p);  // (steps named t0, t1, ..., the or r)
  return true;
}

// One load for equal constants (the registers of a splat split into several): later copies'
// readers read the first, and the copies go.
void merge_equal_constants(Program& p) {
  for (unsigned j = 0; j < p.inputs.size(); ++j) {
    if (!p.inputs[j].is_constant()) continue;
    unsigned same = j;
    for (unsigned i = 0; i < j && same == j; ++i)
      if (p.inputs[i].is_constant() && p.inputs[i].bits == p.inputs[j].bits && p.inputs[i].constant == p.inputs[j].constant) same = i;
    if (same == j) continue;
    auto renumber = [&](unsigned& v) { v = v == j ? same : v > j ? v - 1 : v; };
    for (Program::Step& st : p.steps)
      for (unsigned& a : st.args) renumber(a);
    for (unsigned& o : p.outputs) renumber(o);
    p.inputs.erase(p.inputs.begin() + j);
    --j;
  }
}

// Whether some group of the natural goal's bytes, as wide as the target's narrowest register
// (an xmm, a NEON d register), holds a constant's byte (not zero there) and an input value's:
// every register holding that group (a result register is at least that wide, a split result
// keeps its groups whole) holds both, which only an instruction that reads two registers makes.
// The modelled instructions make zeros and move bytes; a programmable one's control bytes never
// reach its result, so a loaded constant's bytes arrive alone (a load) and a one-register
// instruction keeps one register's bytes.
bool joins_constant(const OperandGoal& natural, const isa::Target& target) {
  unsigned group = 64;
  for (const isa::Instruction* in : isa::instructions_for(target)) group = std::min(group, in->reg_bits / 8);
  for (size_t first = 0; first < natural.goal.size(); first += std::max(1u, group)) {
    bool constant = false, value = false;
    for (size_t j = first; j < std::min(natural.goal.size(), first + group); ++j)
      if (const int g = natural.goal[j]; g >= 0) (natural.constant.at(size_t(g / 256)).empty() ? value : constant) = true;
    if (constant && value) return true;
  }
  return false;
}

// The least an or of two registers costs (por, orr), or another instruction that reads two
// registers does (a blend, an unpack, a two-register lookup), under the throughput objective with
// control loads left out, over the target's instructions of every width; kInf where it has none.
// (Not cheapest_record, which leaves out programmable ones: a bound must count tbl2 and vpermt2b.)
double least_or(const SynthOptions& opts, bool is_or) {
  double least = kInf;
  for (const isa::Instruction* in : isa::instructions_for(opts.target))
    if (in->num_inputs >= 2 && (in->value == isa::ValueOp::BitOr) == is_or)
      if (const auto c = instr_cost(*opts.cpu, in->id)) least = std::min(least, c->ports.empty() ? kPortlessCost : c->rthroughput);
  return least;
}

// The least any instruction that reads two registers costs (0 where none does).
double least_join(const SynthOptions& opts) {
  const double least = std::min(least_or(opts, true), least_or(opts, false));
  return least < kInf ? least : 0.0;
}

// The least a register's load from memory costs (kInf: the table has none).
double least_load(const SynthOptions& opts) {
  double load = kInf;
  for (unsigned bits : {64u, 128u, 256u, 512u})
    if (const auto c = instr_cost(*opts.cpu, fmt::format("load.{}", bits))) load = std::min(load, c->rthroughput);
  return load;
}

// The least an instruction that takes a port costs (the zero idiom's token apart).
double least_step(const SynthOptions& opts) {
  double least = kInf;
  for (const isa::Instruction* in : isa::instructions_for(opts.target))
    if (const auto c = instr_cost(*opts.cpu, in->id); c && !c->ports.empty()) least = std::min(least, c->rthroughput);
  return least < kInf ? least : 0.0;
}

// The constant's bytes (-1: any) with which a two-register byte map, reading value input x as its
// argument a and the constant as the other, makes the natural goal: each value byte from the
// input where the goal wants it, each constant or zero byte a zero, or read from the constant
// where no other result byte wants that constant byte otherwise (a sign fill of it, which the
// layout cannot choose, is left free); nullopt where no constant does.
std::optional<std::vector<int>> constant_layout(const isa::ConditionalByteMap& m, const OperandGoal& natural, size_t x, int a) {
  std::vector<int> k(natural.goal.size(), -1);
  for (unsigned j = 0; j < natural.goal.size(); ++j) {
    const int g = natural.goal[j];
    const isa::LaneSrc src = m.bytes.at(j);
    const bool sign = j < m.sign.size() && m.sign[j];  // (a sign fill: a constant's, or a value's unknown one)
    if (g == kAnyByte) continue;
    const bool value = g >= 0 && natural.constant.at(size_t(g / 256)).empty();
    if (value) {
      if (sign || g / 256 != int(x) || src.input != a || src.elem != g % 256) return std::nullopt;
      continue;
    }
    const int want = g == kZeroByte ? 0 : natural.constant[size_t(g / 256)].at(size_t(g % 256));
    if (src.is_zero()) {
      if (want != 0) return std::nullopt;
      continue;
    }
    if (src.input != 1 - a) return std::nullopt;
    if (sign) continue;
    int& at = k.at(size_t(src.elem));
    if (at >= 0 && at != want) return std::nullopt;
    at = want;
  }
  return k;
}

// What the first instruction that holds a constant beside a value costs, with what else a Program
// then holds, where it is not an or (docs/synth.md "Constant operands"), its control's load
// counted as the objective counts it. Either it moves no byte (a blend: each result byte its
// arguments' at that place, or a zero): the value bytes then move through other instructions,
// whose byte classes (lower_bound.h: within a qword, across qwords, across blocks) cover what the
// goal's value bytes need; or it moves bytes: it makes the shuffle alone from a value input and a
// constant of its choice (a byte map that puts the input's bytes where the goal wants them and
// reads the constant at the constant's places; any lookup of two registers, tbx), or one more
// instruction is there. Where it cannot tell (a result of several registers, none of its width):
// the cheapest such instruction of any width and one more.
double non_or_join_bound(const OperandGoal& natural, const SynthOptions& opts) {
  const unsigned bits = unsigned(natural.goal.size() * 8), n = bits / 8;
  const auto& all = isa::instructions_for(opts.target);
  if (natural.input_bits != 0 || bits > opts.target.max_reg_bits ||
      std::none_of(all.begin(), all.end(), [&](const isa::Instruction* in) { return in->reg_bits == bits; }))
    return least_or(opts, false) + least_step(opts);
  std::vector<int> values;  // the natural goal's value inputs
  for (size_t k = 0; k < natural.constant.size(); ++k)
    if (natural.constant[k].empty()) values.push_back(int(k));
  auto is_constant = [&](int g) { return g >= 0 && !natural.constant.at(size_t(g / 256)).empty(); };
  // Byte classes: 1 within a qword, 2 across qwords of a block, 4 across blocks.
  auto class_of = [](unsigned from, unsigned to) -> unsigned {
    return from == to ? 0u : from / 16 != to / 16 ? 4u : from / 8 != to / 8 ? 2u : 1u;
  };
  unsigned need = 0;  // what the goal's value bytes need
  for (unsigned j = 0; j < n; ++j)
    if (const int g = natural.goal[j]; g >= 0 && !is_constant(g)) need |= class_of(unsigned(g % 256), j);
  // Per instruction of the width: its cost, and per immediate its byte map's classes.
  double cover[8];  // the least a set of instructions covering each class set costs
  std::fill(std::begin(cover), std::end(cover), kInf);
  cover[0] = 0;
  double inplace = kInf, inplace_alone = kInf, moving = kInf, moving_alone = kInf;
  // An instruction that may move any byte anywhere (and, reading two registers, make the
  // shuffle alone).
  auto moves_anything = [&](double cost, bool join) {
    for (unsigned m = 8; m-- > 0;) cover[m | 7] = std::min(cover[m | 7], cover[m] + cost);
    if (join) moving = std::min(moving, cost), moving_alone = std::min(moving_alone, cost);
  };
  // Whether the value input as one argument and a constant as the other make the goal through
  // this byte map.
  auto alone = [&](const isa::ConditionalByteMap& m) {
    for (int x : values)
      for (int a = 0; a < 2; ++a)
        if (constant_layout(m, natural, size_t(x), a)) return true;
    return false;
  };
  for (const isa::Instruction* in : all) {
    if (in->reg_bits != bits || in->num_inputs == 0 || in->value == isa::ValueOp::BitOr) continue;  // (an or moves nothing)
    const auto c = instr_cost(*opts.cpu, in->id);
    if (!c) continue;
    double cost = c->ports.empty() ? kPortlessCost : c->rthroughput;
    if (in->programmable())
      if (const auto l = instr_cost(*opts.cpu, control_load_id(*in))) cost = opts.loads_beside ? std::max(cost, l->rthroughput) : cost + l->rthroughput;
    const bool join = in->num_inputs >= 2;
    auto add_cover = [&](unsigned cls) {
      for (unsigned m = 8; m-- > 0;) cover[m | cls] = std::min(cover[m | cls], cover[m] + cost);
    };
    if (in->programmable()) {
      if (in->control.kind == isa::Control::Kind::Select) {  // a variable blend moves nothing
        if (!join) continue;
        inplace = std::min(inplace, cost);
        if (need == 0) inplace_alone = std::min(inplace_alone, cost);  // (the value's bytes in place)
        continue;
      }
      // A lookup: whatever its blocks let it move (pshufb within 16 bytes), or a byte mask.
      const unsigned block = in->control.block_elems ? in->control.block_elems * in->src_elem_bits / 8 : n;
      const unsigned cls = in->byte_mask() ? 0u : block > 16 ? 7u : block > 8 ? 3u : 1u;
      if (cls) add_cover(cls);
      if (join) moving = std::min(moving, cost), moving_alone = std::min(moving_alone, cost);  // (two registers: may make it alone)
      continue;
    }
    if (in->num_inputs > 2) {
      moves_anything(cost, join);
      continue;
    }
    for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm) {
      // (Where the map holds on conditions, as a pack's, they only rule out more.)
      const isa::ConditionalByteMap m = isa::conditional_byte_map(*in, {imm, {}});
      if (m.bytes.size() != n) {  // (a map not of bytes)
        moves_anything(cost, join);
        continue;
      }
      unsigned cls = 0;
      for (unsigned j = 0; j < n; ++j)
        if (!m.bytes[j].is_zero()) cls |= class_of(unsigned(m.bytes[j].elem), j);
      if (cls) add_cover(cls);
      if (!join) continue;
      double& least = cls ? moving : inplace;
      double& least_alone = cls ? moving_alone : inplace_alone;
      least = std::min(least, cost);
      if (cost < least_alone && alone(m)) least_alone = cost;
    }
  }
  // A blend alone, or with another instruction, which also moves what the value's bytes need; a
  // moving one alone, or with another.
  const double step = least_step(opts);
  const double by_blend = std::min(inplace_alone + cover[need], inplace + std::max(cover[need], step));
  const double by_move = std::min(moving_alone, moving + step);
  return std::min(by_blend, by_move);
}

// The cheapest Program of one fixed two-register instruction on a value input and a constant
// laid out for it (`palignr` with the constant's elements where it reads them: `<3, 5, 6, 4>` of a
// float vector and a constant, 1.5, where the three layouts searched gave `psrldq`, `por` and the
// load, 1.83), the natural goal one register; nullopt where none makes it for less than `below`.
std::optional<Program> one_join_layout(const OperandGoal& natural, const SynthOptions& opts, double below) {
  const unsigned bits = unsigned(natural.goal.size() * 8), n = bits / 8;
  if (natural.input_bits != 0) return std::nullopt;
  std::optional<Program> best;
  double best_cost = below;
  // (Each Program loads its constant: an instruction that costs the rest of the cap is no use.)
  const double load = least_load(opts);
  if (load == kInf) return std::nullopt;
  for (const isa::Instruction* in : isa::instructions_for(opts.target)) {
    if (in->reg_bits != bits || in->num_inputs != 2 || in->programmable() || in->value == isa::ValueOp::BitOr ||
        in->in_bits(0) != bits || in->in_bits(1) != bits)
      continue;
    const auto c = instr_cost(*opts.cpu, in->id);
    if (!c || c->rthroughput + load >= best_cost) continue;
    for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm) {
      const isa::ConditionalByteMap m = isa::conditional_byte_map(*in, {imm, {}});
      if (m.bytes.size() != n || !m.moves_bytes() || !m.must_be_zero.empty() || !m.must_be_sign.empty()) continue;
      for (size_t x = 0; x < natural.constant.size(); ++x) {
        if (!natural.constant[x].empty()) continue;
        for (int a = 0; a < 2; ++a) {  // the value input as argument a, the constant as the other
          const auto k = constant_layout(m, natural, x, a);
          if (!k) continue;
          Program p;
          p.inputs.push_back({natural.names[x], bits});
          std::vector<uint8_t> bytes(n, 0);
          for (unsigned q = 0; q < n; ++q) bytes[q] = uint8_t(std::max(0, (*k)[q]));
          p.inputs.push_back({"c", bits, 0, bytes});
          p.steps.push_back({"", in, a == 0 ? std::vector<unsigned>{0, 1} : std::vector<unsigned>{1, 0}, imm, {}});
          p.outputs = {2};
          finish(p);
          if (const double cost = objective_cost(p, opts); cost < best_cost) best_cost = cost, best = std::move(p);
        }
      }
    }
  }
  return best;
}

}  // namespace

bool OperandGoal::has_constant() const {
  return std::any_of(constant.begin(), constant.end(), [](const auto& c) { return !c.empty(); });
}

bool OperandGoal::has_value() const {
  return std::any_of(constant.begin(), constant.end(), [](const auto& c) { return c.empty(); });
}

Expected<std::optional<OperandGoal>> operand_goal(const ShuffleVector& sv, ConstantLayout layout, unsigned register_bits) {
  const Operand* ops[2] = {&sv.v1, &sv.v2};
  const unsigned n = sv.n(), bpe = sv.type.elem.bits / 8;
  // Registers per operand (1: the operand whole) and their bytes.
  const unsigned whole = n * bpe, rb = register_bits ? register_bits / 8 : whole;
  if (rb == 0 || whole % rb) throw std::logic_error("operand_goal: operands are not whole registers");
  const unsigned regs = whole / rb;
  // A constant operand's bytes, and whether the result reads an element of it that is not zero
  // (a zero element is a zero lane: no constant is loaded for it).
  std::vector<uint8_t> bytes[2];
  bool needed[2] = {false, false};
  for (int k = 0; k < 2; ++k) {
    if (ops[k]->kind != Operand::Kind::Splat && ops[k]->kind != Operand::Kind::Constant) continue;
    auto b = operand_bytes(*ops[k], sv.type.elem, n);
    if (!b) return b.error();
    bytes[k] = std::move(*b);
  }
  auto zero_elem = [&](int which, unsigned elem) {
    return std::all_of(bytes[which].begin() + elem * bpe, bytes[which].begin() + (elem + 1) * bpe, [](uint8_t b) { return b == 0; });
  };
  for (int e : sv.mask) {
    if (e < 0) continue;
    const int which = e >= int(n) ? 1 : 0;
    if (bytes[which].empty() || ops[which]->elem_is_undef(unsigned(e) % n)) continue;
    needed[which] |= !zero_elem(which, unsigned(e) % n);
  }
  if ((layout == ConstantLayout::in_place && (sv.m() > n || regs > 1)) ||
      ((layout == ConstantLayout::in_place || layout == ConstantLayout::or_fill) && !needed[0] && !needed[1]))
    return std::optional<OperandGoal>{};

  OperandGoal g;
  g.input_bits = register_bits;
  int input[2] = {-1, -1};  // each operand's first input (its registers' follow)
  auto add_one = [&](std::string name, int operand, std::vector<uint8_t> constant, unsigned offset) {
    while (std::find(g.names.begin(), g.names.end(), name) != g.names.end()) name += "_2";
    g.names.push_back(std::move(name));
    g.operand.push_back(operand);
    g.constant.push_back(std::move(constant));
    g.offset.push_back(offset);
    return int(g.names.size() - 1);
  };
  // An operand's inputs: itself, or each of its registers (named as register_split names them).
  auto add = [&](const std::string& name, int operand, const std::vector<uint8_t>& constant) {
    if (regs == 1) return add_one(name, operand, constant, 0);
    int first = -1;
    for (unsigned r = 0; r < regs; ++r) {
      std::vector<uint8_t> part;
      if (!constant.empty()) part.assign(constant.begin() + long(r * rb), constant.begin() + long((r + 1) * rb));
      const int i = add_one(register_input_name(name, r, regs), operand, std::move(part), r * rb);
      first = first < 0 ? i : first;
    }
    return first;
  };
  // The label of an operand's byte: its register's input, the byte's place there.
  auto label_of = [&](int which, unsigned byte) { return int(label(input[which] + int(byte / rb), int(byte % rb))); };
  // Value operands, in order and named after them (the same value once).
  for (int k = 0; k < 2; ++k) {
    const Operand& op = *ops[k];
    if (op.kind != Operand::Kind::Value) continue;
    if (same_value(sv, k) != k) {
      input[k] = input[0];
      continue;
    }
    std::string name;
    for (char c : op.name.substr(1))
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') name += c;
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = std::string(k ? "b" : "a") + name;
    input[k] = add(name, k, {});
  }
  // Constants: each operand as it is, or one register of them all in place.
  int in_place = -1;
  if (layout == ConstantLayout::in_place) in_place = add("c", -1, std::vector<uint8_t>(size_t(n) * bpe, 0));
  if (layout == ConstantLayout::or_fill) g.fill.assign(size_t(sv.m()) * bpe, 0);
  if (layout == ConstantLayout::natural)
    for (int k = 0; k < 2; ++k)
      if (needed[k]) input[k] = k == 1 && needed[0] && sv.v1 == sv.v2 ? input[0] : add("c", k, bytes[k]);

  for (unsigned i = 0; i < sv.mask.size(); ++i) {
    const int e = sv.mask[i];
    for (unsigned k = 0; k < bpe; ++k) {
      const unsigned at = i * bpe + k;
      if (e == kUndef) {
        g.goal.push_back(kAnyByte);
        continue;
      }
      if (e == kZero) {
        g.goal.push_back(kZeroByte);
        continue;
      }
      const int which = e >= int(n) ? 1 : 0;
      const Operand& op = *ops[which];
      const unsigned byte = (unsigned(e) % n) * bpe + k;
      if (op.kind == Operand::Kind::Zero) g.goal.push_back(kZeroByte);
      else if (op.is_undef() || op.elem_is_undef(unsigned(e) % n)) g.goal.push_back(kAnyByte);
      else if (op.kind == Operand::Kind::Value) g.goal.push_back(label_of(which, byte));
      // A zero element is a zero lane, but for a constant register that is loaded anyway: there
      // its zero bytes are as good (one blend with the constant, zeros and all).
      else if (zero_elem(which, unsigned(e) % n) &&
               (layout == ConstantLayout::free || layout == ConstantLayout::or_fill || !needed[which]))
        g.goal.push_back(kZeroByte);
      else if (layout == ConstantLayout::free) g.goal.push_back(kAnyByte);
      else if (layout == ConstantLayout::natural) g.goal.push_back(label_of(which, byte));
      else if (layout == ConstantLayout::or_fill) {
        g.fill[at] = bytes[which][byte];
        g.goal.push_back(kZeroByte);
      } else {
        g.constant[size_t(in_place)][at] = bytes[which][byte];
        g.goal.push_back(int(label(in_place, int(at))));
      }
    }
  }
  return std::optional<OperandGoal>{std::move(g)};
}

void attach_constants(Program& p, const OperandGoal& g, unsigned in_bits) {
  for (unsigned v = 0; v < p.inputs.size(); ++v) {
    const auto at = input_of(p, v, g, in_bits);
    if (!at || g.constant[at->first].empty()) continue;
    Program::Input& in = p.inputs[v];
    const std::vector<uint8_t>& all = g.constant[at->first];
    const size_t rb = in.bits / 8, from = std::min(all.size(), at->second * rb);
    in.constant.assign(rb, 0);  // (past the operand: zeros, so a narrower constant is a whole register)
    std::copy(all.begin() + long(from), all.begin() + long(std::min(all.size(), from + rb)), in.constant.begin());
    in.held = 0;
  }
}

std::optional<unsigned> wrong_result(const Program& p, const ShuffleVector& sv, const OperandGoal& g) {
  const auto labels = simulate_labels(p);
  if (!labels || p.outputs.empty()) return 0;
  const Operand* ops[2] = {&sv.v1, &sv.v2};
  const unsigned n = sv.n(), bpe = sv.type.elem.bits / 8, in_bits = g.input_bits ? g.input_bits : n * sv.type.elem.bits;
  const unsigned out_rb = p.bits_of(p.outputs[0]) / 8;
  std::vector<uint8_t> bytes[2];
  for (int k = 0; k < 2; ++k)
    if (ops[k]->is_constant())
      if (auto b = operand_bytes(*ops[k], sv.type.elem, n)) bytes[k] = std::move(*b);
  for (unsigned i = 0; i < sv.m() * bpe; ++i) {
    const int e = sv.mask[i / bpe];
    if (e == kUndef) continue;
    if (i / out_rb >= labels->size()) return i;
    const ByteLabel got = (*labels)[i / out_rb].at(i % out_rb);
    const int which = e >= int(n) ? 1 : 0;
    const Operand& op = *ops[which];
    const unsigned byte = (unsigned(e) % n) * bpe + i % bpe;
    if (e >= 0 && (op.is_undef() || op.elem_is_undef(unsigned(e) % n))) continue;
    const bool zero = e == kZero || op.kind == Operand::Kind::Zero || (op.is_constant() && bytes[which].at(byte) == 0);
    if (zero) {
      if (got.input >= 0) return i;
      continue;
    }
    if (got.input < 0 || got.is_sign()) return i;
    const Program::Input& in = p.inputs.at(unsigned(got.input));
    if (op.kind == Operand::Kind::Value) {
      const auto at = input_of(p, unsigned(got.input), g, in_bits);
      if (in.is_constant() || !at || g.operand[at->first] != same_value(sv, which) ||
          g.offset[at->first] + at->second * (in.bits / 8) + got.byte != byte)
        return i;
    } else if (!in.is_constant() || in.constant.at(got.byte) != bytes[which].at(byte)) {
      return i;
    }
  }
  return std::nullopt;
}

Expected<SynthResult> with_constants(const ShuffleVector& sv, const OperandGoal& natural, unsigned in_bits,
                                     const SynthOptions& opts, const SolveGoal& solve) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); };
  SynthResult stats;  // every search's, added up
  stats.levels = ~0u;
  // A share of what is left of the budget (time and nodes).
  auto share = [&](double part) {
    SynthOptions o = opts;
    o.budget_ms = unsigned(std::max(1.0, (double(opts.budget_ms) - elapsed()) * part));
    o.node_budget = std::max<uint64_t>(1, uint64_t(double(opts.node_budget - std::min(stats.nodes, opts.node_budget)) * part));
    return o;
  };
  auto in_place = operand_goal(sv, ConstantLayout::in_place, natural.input_bits);
  if (!in_place) return in_place.error();
  auto or_fill = operand_goal(sv, ConstantLayout::or_fill, natural.input_bits);
  if (!or_fill) return or_fill.error();
  auto relaxed = operand_goal(sv, ConstantLayout::free, natural.input_bits);
  if (!relaxed) return relaxed.error();

  std::optional<SynthResult> best;
  const OperandGoal* best_goal = nullptr;
  std::optional<Error> first_error;
  std::optional<double> zeros_bound;  // the or-fill layout's search's bound (its goal has zeros where constants go)
  auto consider = [&](const OperandGoal& g, const SynthOptions& o) {
    auto r = solve(g, o);
    if (!r) {
      if (!first_error) first_error = r.error();
      return;
    }
    add_search_stats(stats, *r);
    if (!g.fill.empty()) zeros_bound = r->lower_bound;
    // The search saw a constant as an input (or or_fill's or comes after it): its load is paid on top.
    const double before = objective_cost(r->program, opts);
    attach_constants(r->program, g, in_bits);
    if (!g.fill.empty() && !or_in_fill(r->program, g.fill, opts)) return;
    merge_equal_constants(r->program);
    r->cost += objective_cost(r->program, opts) - before;
    if (!best || r->cost < best->cost - kTie) best = std::move(*r), best_goal = &g;
  };
  // The budget's shares: most to the searches that answer, a little to the bound.
  consider(natural, share(*in_place ? 0.3 : 0.45));
  if (*in_place) consider(**in_place, share(0.45));
  if (*or_fill) consider(**or_fill, share(0.8));
  if (!best) return *first_error;
  // One instruction with a constant laid out for it: checked against the shuffle below, as the rest.
  if (auto one = one_join_layout(natural, opts, best->cost - kTie)) {
    best->cost = objective_cost(*one, opts);
    best->program = std::move(*one);
    best_goal = &natural;
  }

  // The bound: a Program for the shuffle is one for the free layout with its constant registers
  // read as zero registers (the free layout's input bytes cannot come from a constant, and where
  // a constant's bytes only mask or fill they act as zeros there), at no more cost.
  double bound = 0;
  if ((*relaxed)->has_value()) {
    SynthOptions o = share(1.0);
    if (auto r = solve(**relaxed, o)) {
      add_search_stats(stats, *r);
      bound = r->lower_bound;
      // And the result holds a constant byte that is not zero, which only a loaded register
      // holds (the modelled instructions make zeros and move bytes): under throughput that
      // load is paid on top, less the zero idiom the free layout's Program pays in its place.
      if (opts.objective == Objective::throughput) {
        const double load = least_load(opts);
        // Besides the load the Program costs what the free layout's does less that token, and,
        // where a result register holds a constant's byte beside a value's, an instruction that
        // joins two registers (the free layout's Program may need none: x itself where a blend
        // puts a loaded 1.0 into x).
        if (load < kInf)
          bound = std::max(bound + std::max(0.0, load - kPortlessCost), (joins_constant(natural, opts.target) ? least_join(opts) : 0.0) + load);
      }
    }
  }
  // Stronger, from the or-fill layout's goal (the shuffle with zeros where constants go): a
  // Program for the shuffle with its constant registers read as zero registers computes it (each
  // constant byte comes from a loaded register, and is then zero), at its cost less the load plus
  // the zero idiom's token; so that search's bound holds too. Where a register holds a constant's
  // byte beside a value's, the first instruction whose result holds both reads two registers, one
  // of constants alone: an or (por: with zeros there it is no step at all, so the Program without
  // it makes that goal, and costs the or less), or another (at least the cheapest such, and where
  // no one such instruction makes the shuffle from a value input and a constant, another
  // instruction besides). `pshufb` and `por` with the constant: 1.83 on Skylake, proven.
  if (zeros_bound && opts.objective == Objective::throughput && (*relaxed)->has_value()) {
    if (const double load = least_load(opts); load < kInf) {
      const double image = *zeros_bound + std::max(0.0, load - kPortlessCost);
      double z = image;
      if (joins_constant(natural, opts.target)) {
        const double by_or = *zeros_bound + least_or(opts, true) + load - kPortlessCost;
        // (The byte maps looked at only where they may raise the bound.)
        const double other = by_or > image + 1e-9 ? non_or_join_bound(natural, opts) + load : kInf;
        z = std::max(image, std::min(by_or, other));
      }
      if (z < kInf) bound = std::max(bound, z);
    }
  }
  SynthResult out = std::move(*best);
  // (No Program costs between two sums of the table's entries: cost_lattice.h.)
  if (opts.objective == Objective::throughput && opts.cpu) bound = on_cost_lattice(bound, out.cost, *opts.cpu);
  out.optimal = out.cost <= bound + 1e-5;
  out.lower_bound = std::min(bound, out.cost);
  out.nodes = stats.nodes, out.values = stats.values, out.cpu_ms = stats.cpu_ms, out.catalog_ms = stats.catalog_ms;
  out.budget_exhausted = stats.budget_exhausted;
  out.levels = stats.levels;
  out.ms = elapsed() - stats.catalog_ms;  // (the budget's clock: the catalog apart, as in synth_goal)
  // Never print an unverified Program: checked against the shuffle, not against a layout's goal.
  if (const auto wrong = wrong_result(out.program, sv, *best_goal))
    throw std::logic_error(fmt::format("synth: byte {} of the Program with constants is wrong:\n{}", *wrong, print_program(out.program)));
  return out;
}

}  // namespace shufc::synth
