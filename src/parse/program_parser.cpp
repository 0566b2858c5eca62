// The text form of a Program (see program.h), checked against each instruction's record.
#include <charconv>
#include <map>

#include <fmt/format.h>

#include "cursor.h"
#include "shufc/isa/registry.h"
#include "shufc/program.h"
#include "type_parser.h"

namespace shufc {

namespace {

using detail::Cursor;

Error at_line(Error e, unsigned line) {
  e.line = line;
  return e;
}

bool is_ident(std::string_view w) {
  return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_');
}

}  // namespace

Expected<Program> parse_program(std::string_view text) {
  Program prog;
  std::map<std::string, unsigned, std::less<>> values;
  bool arch_known = false, saw_out = false;
  unsigned line_no = 0, last_line = 1;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (size_t c = line.find_first_of("#;"); c != std::string_view::npos) line = line.substr(0, c);
    Cursor c(line);
    if (c.at_end()) continue;
    last_line = line_no;
    if (saw_out) return Error{"nothing may follow the 'out' line", line_no, c.column()};
    const size_t at = c.mark();
    std::string_view first = c.word();
    auto lookup = [&](std::string_view name, size_t where) -> Expected<unsigned> {
      auto it = values.find(name);
      if (it == values.end()) return Error{fmt::format("'{}' is not defined", name), line_no, unsigned(where + 1)};
      return it->second;
    };
    // The end of an `in` or `out` line: `low BITS`, a part of the register (0: none), and nothing more.
    auto low_part = [&](unsigned reg, const char* what, const char* whose) -> Expected<unsigned> {
      unsigned held = 0;
      if (c.accept_word("low")) {
        const size_t h = c.mark();
        auto low = detail::to_uint(c.word());
        if (!low || *low == 0 || *low % 8 || *low >= reg)
          return Error{fmt::format("'low' gives {}, a whole number of bytes below the {} {}", what, whose, reg), line_no, unsigned(h + 1)};
        held = *low;
      }
      if (!c.at_end()) return at_line(c.error(fmt::format("unexpected {}", c.here())), line_no);
      return held;
    };
    if (first == "in") {
      if (!prog.steps.empty()) return Error{"inputs come before the first instruction", line_no, unsigned(at + 1)};
      std::vector<std::string> names;
      do {
        const size_t w = c.mark();
        std::string_view name = c.word();
        if (!is_ident(name)) return Error{"expected an input name", line_no, unsigned(w + 1)};
        if (values.count(name)) return Error{fmt::format("'{}' is defined twice", name), line_no, unsigned(w + 1)};
        names.emplace_back(name);
        values.emplace(std::string(name), unsigned(prog.inputs.size() + names.size() - 1));
      } while (c.accept(','));
      if (!c.accept(':')) return at_line(c.error("expected ': BITS' after the input names"), line_no);
      const size_t w = c.mark();
      auto bits = detail::to_uint(c.word());
      if (!bits || (*bits != 64 && *bits != 128 && *bits != 256 && *bits != 512))
        return Error{"an input register has 64, 128, 256 or 512 bits", line_no, unsigned(w + 1)};
      auto held = low_part(*bits, "the operand's bits", "register's");
      if (!held) return held.error();
      for (auto& n : names) prog.inputs.push_back({n, *bits, *held});
    } else if (first == "const") {
      // const NAME : BITS = [b0, b1, ...]: a constant input, every byte of its register.
      if (!prog.steps.empty()) return Error{"inputs come before the first instruction", line_no, unsigned(at + 1)};
      const size_t w = c.mark();
      std::string_view name = c.word();
      if (!is_ident(name)) return Error{"expected a constant's name", line_no, unsigned(w + 1)};
      if (values.count(name)) return Error{fmt::format("'{}' is defined twice", name), line_no, unsigned(w + 1)};
      if (!c.accept(':')) return at_line(c.error("expected ': BITS' after the constant's name"), line_no);
      const size_t bw = c.mark();
      auto bits = detail::to_uint(c.word());
      if (!bits || (*bits != 64 && *bits != 128 && *bits != 256 && *bits != 512))
        return Error{"a constant register has 64, 128, 256 or 512 bits", line_no, unsigned(bw + 1)};
      if (!c.accept('=')) return at_line(c.error("expected '= [BYTES]' after the constant's width"), line_no);
      if (!c.accept('[')) return at_line(c.error("expected '[' before the constant's bytes"), line_no);
      std::vector<uint8_t> bytes;
      do {
        const size_t e = c.mark();
        std::string_view v = c.word();
        unsigned byte = 256;
        if (v.starts_with("0x") || v.starts_with("0X")) {
          if (std::from_chars(v.data() + 2, v.data() + v.size(), byte, 16).ptr != v.data() + v.size() || v.size() == 2) byte = 256;
        } else if (auto k = detail::to_uint(v)) {
          byte = *k;
        }
        if (byte > 255) return Error{fmt::format("a constant's bytes are 0..255 (or 0x00..0xff), not '{}'", v), line_no, unsigned(e + 1)};
        bytes.push_back(uint8_t(byte));
      } while (c.accept(','));
      if (!c.accept(']')) return at_line(c.error("expected ']' to close the constant"), line_no);
      if (!c.at_end()) return at_line(c.error(fmt::format("unexpected {}", c.here())), line_no);
      if (bytes.size() != *bits / 8)
        return Error{fmt::format("a {}-bit constant has {} bytes, not {}", *bits, *bits / 8, bytes.size()), line_no, unsigned(w + 1)};
      values.emplace(std::string(name), unsigned(prog.inputs.size()));
      prog.inputs.push_back({std::string(name), *bits, 0, std::move(bytes)});
    } else if (first == "out") {
      do {
        const size_t w = c.mark();
        auto v = lookup(c.word(), w);
        if (!v) return v.error();
        prog.outputs.push_back(*v);
      } while (c.accept(','));
      const unsigned out_reg = prog.bits_of(prog.outputs.back());
      if (c.accept_word("zero")) {
        const size_t z = c.mark();
        auto to = detail::to_uint(c.word());
        if (!to || *to <= out_reg || *to > 512 || *to % out_reg || prog.arch != isa::Arch::x86)
          return Error{fmt::format("'zero' gives the result's bits, the {}-bit register and zeros past it up to an x86 register "
                                   "(256 or 512)", out_reg),
                       line_no, unsigned(z + 1)};
        if (!c.at_end()) return at_line(c.error(fmt::format("unexpected {}", c.here())), line_no);
        // (Only a VEX or EVEX write of an xmm or ymm zeroes the rest; SSE's keeps it.)
        for (const Program::Step& st : prog.steps)
          if (!std::string_view(st.instr->spell.assembly).starts_with("v"))
            return Error{fmt::format("'zero' needs VEX or EVEX instructions (AVX), whose writes zero the rest of the register; '{}' "
                                     "is not one",
                                     st.instr->id),
                         line_no, unsigned(z + 1)};
        prog.out_zeroed = *to;
      } else {
        auto held = low_part(out_reg, "the last result's bits", "register's");
        if (!held) return held.error();
        prog.out_held = *held;
      }
      saw_out = true;
    } else {
      if (!is_ident(first)) return Error{"expected 'in', 'const', 'out' or 'NAME = INSTRUCTION ...'", line_no, unsigned(at + 1)};
      if (values.count(first)) return Error{fmt::format("'{}' is defined twice", first), line_no, unsigned(at + 1)};
      if (!c.accept('=')) return at_line(c.error(fmt::format("expected '=' after '{}'", first)), line_no);
      Program::Step st;
      st.name = first;
      const size_t iat = c.mark();
      std::string_view id = c.word();
      st.instr = isa::find_instruction(id);
      if (!st.instr) return Error{fmt::format("unknown instruction '{}' (see shufc isa list)", id), line_no, unsigned(iat + 1)};
      const isa::Arch arch = st.instr->feature == isa::Feature::neon ? isa::Arch::aarch64 : isa::Arch::x86;
      if (arch_known && arch != prog.arch)
        return Error{"a program uses one architecture: x86 and AArch64 instructions do not mix", line_no, unsigned(iat + 1)};
      prog.arch = arch;
      arch_known = true;
      bool have_imm = false, have_ctl = false;
      bool more = !c.at_end();
      while (more) {
        const size_t w = c.mark();
        if (c.accept('[')) {
          do {
            const size_t e = c.mark();
            std::string_view v = c.word();
            if (v == "z") st.control.push_back(-1);
            else if (auto k = detail::to_uint(v); k && *k <= unsigned(kMaxElements)) st.control.push_back(int(*k));
            else return Error{fmt::format("control entries are element indices or z, not '{}'", v), line_no, unsigned(e + 1)};
          } while (c.accept(','));
          if (!c.accept(']')) return at_line(c.error("expected ']' to close the control"), line_no);
          have_ctl = true;
        } else {
          std::string_view v = c.word();
          uint64_t hex = 0;
          const bool is_hex = v.starts_with("0x") && v.size() > 2 &&
                              std::from_chars(v.data() + 2, v.data() + v.size(), hex, 16).ptr == v.data() + v.size();
          if (v.starts_with("0x") && !is_hex) return Error{fmt::format("'{}' is not a hexadecimal immediate", v), line_no, unsigned(w + 1)};
          if (auto k = detail::to_uint(v); k || is_hex) {
            st.imm = k ? *k : hex;
            have_imm = true;
          } else {
            if (have_imm || have_ctl) return Error{"arguments come before the immediate and control", line_no, unsigned(w + 1)};
            auto a = lookup(v, w);
            if (!a) return a.error();
            st.args.push_back(*a);
          }
        }
        more = c.accept(',');
      }
      if (!c.at_end()) return at_line(c.error(fmt::format("unexpected {}", c.here())), line_no);
      const isa::Instruction& in = *st.instr;
      if (st.args.size() != in.num_inputs)
        return Error{fmt::format("{} takes {} vector argument(s), got {}", in.id, in.num_inputs, st.args.size()), line_no, unsigned(iat + 1)};
      // A wider value is read through its low part (an xmm operand is the low half of a ymm).
      for (unsigned k = 0; k < in.num_inputs; ++k)
        if (prog.bits_of(st.args[k]) < in.in_bits(k))
          return Error{fmt::format("{} argument {} must be a {}-bit register; '{}' has {} bits", in.id, k + 1, in.in_bits(k),
                                   prog.name_of(st.args[k]), prog.bits_of(st.args[k])),
                       line_no, unsigned(iat + 1)};
      if (in.imm_count && !have_imm) return Error{fmt::format("{} needs an immediate 0..{}", in.id, in.imm_count - 1), line_no, unsigned(iat + 1)};
      if (!in.imm_count && have_imm) return Error{fmt::format("{} takes no immediate", in.id), line_no, unsigned(iat + 1)};
      if (in.imm_count && st.imm >= in.imm_count)
        return Error{fmt::format("{} immediate {} out of range 0..{}", in.id, st.imm, in.imm_count - 1), line_no, unsigned(iat + 1)};
      if (in.programmable() != have_ctl)
        return Error{in.programmable() ? fmt::format("{} needs a control [..] of {} entries", in.id, in.n())
                                       : fmt::format("{} takes no control", in.id),
                     line_no, unsigned(iat + 1)};
      if (in.programmable() && !isa::accepts(in, st.control))
        return Error{fmt::format("{} cannot do this control (entries: {}, table, block and zeroing limits: see shufc isa show {})",
                                 in.id, in.n(), in.id),
                     line_no, unsigned(iat + 1)};
      values.emplace(st.name, prog.num_values());
      prog.steps.push_back(std::move(st));
    }
  }
  if (prog.inputs.empty()) return Error{"a program declares its inputs: 'in a, b : 128'", 1, 1};
  if (prog.passed_inputs().empty()) return Error{"a program reads at least one input ('in a : 128'), not only constants", 1, 1};
  if (!saw_out) return Error{"a program ends with 'out NAME, ...'", last_line, 1};
  return prog;
}

}  // namespace shufc
