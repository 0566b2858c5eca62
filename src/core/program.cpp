#include "shufc/program.h"

#include <fmt/format.h>

namespace shufc {

unsigned Program::bits_of(unsigned v) const {
  return v < inputs.size() ? inputs[v].bits : steps.at(v - inputs.size()).instr->reg_bits;
}

const std::string& Program::name_of(unsigned v) const {
  return v < inputs.size() ? inputs[v].name : steps.at(v - inputs.size()).name;
}

std::vector<unsigned> Program::passed_inputs() const {
  std::vector<unsigned> k;
  for (unsigned i = 0; i < inputs.size(); ++i)
    if (!inputs[i].is_constant()) k.push_back(i);
  return k;
}

std::string print_program(const Program& p) {
  std::string s;
  // Inputs of one width share a line; a constant has its own.
  for (size_t i = 0; i < p.inputs.size();) {
    if (p.inputs[i].is_constant()) {
      s += fmt::format("const {} : {} = [", p.inputs[i].name, p.inputs[i].bits);
      for (size_t b = 0; b < p.inputs[i].constant.size(); ++b) s += fmt::format("{}{:#04x}", b ? "," : "", p.inputs[i].constant[b]);
      s += "]\n";
      ++i;
      continue;
    }
    size_t j = i;
    std::string names;
    for (; j < p.inputs.size() && !p.inputs[j].is_constant() && p.inputs[j].bits == p.inputs[i].bits && p.inputs[j].held == p.inputs[i].held; ++j)
      names += (j > i ? ", " : "") + p.inputs[j].name;
    s += fmt::format("in {} : {}", names, p.inputs[i].bits);
    s += p.inputs[i].held ? fmt::format(" low {}\n", p.inputs[i].held) : "\n";
    i = j;
  }
  for (const Program::Step& st : p.steps) {
    s += fmt::format("{} = {}", st.name, st.instr->id);
    for (size_t a = 0; a < st.args.size(); ++a) s += (a ? ", " : " ") + p.name_of(st.args[a]);
    if (st.instr->imm_count) s += fmt::format(", {}", st.imm);
    if (st.instr->programmable()) {
      s += ", [";
      for (size_t k = 0; k < st.control.size(); ++k)
        s += (k ? "," : "") + (st.control[k] < 0 ? std::string("z") : fmt::format("{}", st.control[k]));
      s += "]";
    }
    s += "\n";
  }
  s += "out";
  for (size_t o = 0; o < p.outputs.size(); ++o) s += (o ? ", " : " ") + p.name_of(p.outputs[o]);
  if (p.out_held) s += fmt::format(" low {}", p.out_held);
  if (p.out_zeroed) s += fmt::format(" zero {}", p.out_zeroed);
  return s + "\n";
}

std::vector<std::string> program_lines(const Program& p) {
  std::vector<std::string> lines;
  const std::string text = print_program(p);
  for (size_t a = 0, b; a < text.size(); a = b + 1) {
    b = text.find('\n', a);
    if (b == std::string::npos) b = text.size();
    if (b > a) lines.push_back(text.substr(a, b - a));
  }
  return lines;
}

}  // namespace shufc
