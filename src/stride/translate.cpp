// Vectorized matrix formulas into Programs (seed 002 section 3.2). The registers in flight are
// a list of value ids, one per vector of the data; formulas rewrite that list.
#include <stdexcept>

#include <fmt/format.h>

#include "shufc/sim.h"
#include "shufc/stride/generate.h"

namespace shufc::stride {

namespace {

class Translator {
 public:
  Translator(unsigned nu, Program& p) : nu_(nu), p_(p) {}

  std::vector<unsigned> apply(const Formula& f, const std::vector<unsigned>& x) {
    if (f.cols() != x.size() * nu_) throw std::logic_error(fmt::format("stride: {} applied to {} vectors", print(f), x.size()));
    switch (f.kind) {
      case Formula::Kind::Identity: return x;
      case Formula::Kind::Lanes: {
        // The lane formula runs on the same registers, one lane's elements per vector.
        Translator lane(f.nu, p_);
        return lane.apply(*f.kids[0], x);
      }
      case Formula::Kind::Blocks: {
        // The block formula runs on the same registers, one block per element.
        Translator block(nu_ / f.nu, p_);
        return block.apply(*f.kids[0], x);
      }
      case Formula::Kind::Impl: return apply(*f.kids[1], x);
      case Formula::Kind::Product: {
        std::vector<unsigned> v = x;
        for (size_t t = f.kids.size(); t-- > 0;) v = apply(*f.kids[t], v);
        return v;
      }
      case Formula::Kind::Stack: {
        std::vector<unsigned> out;
        for (const auto& k : f.kids) {
          const std::vector<unsigned> part = apply(*k, x);
          out.insert(out.end(), part.begin(), part.end());
        }
        return out;
      }
      case Formula::Kind::Instr: {
        const Instance& in = *f.instr;
        if (!in.instr) return {x[in.operands[0]]};  // a copy: the register itself
        Program::Step s{fmt::format("t{}", p_.steps.size()), in.instr, {}, in.imm, in.control};
        for (unsigned o : in.operands) s.args.push_back(x[o]);
        p_.steps.push_back(std::move(s));
        return {p_.num_values() - 1};
      }
      case Formula::Kind::Tensor: {
        // P (x) I_{qν}: whole vectors (or blocks of them) renamed.
        const FormulaPtr& last = f.kids.back();
        if (last->kind == Formula::Kind::Identity && last->n % nu_ == 0) {
          std::vector<FormulaPtr> rest(f.kids.begin(), f.kids.end() - 1);
          rest.push_back(I(last->n / nu_));
          const std::vector<int> map = evaluate(*tensor(std::move(rest)));
          std::vector<unsigned> out;
          for (int s : map) out.push_back(x[size_t(s)]);
          return out;
        }
        // I_k (x) A: A on each block of vectors.
        const FormulaPtr& first = f.kids.front();
        if (first->kind == Formula::Kind::Identity) {
          const FormulaPtr a = tensor(std::vector<FormulaPtr>(f.kids.begin() + 1, f.kids.end()));
          if (a->cols() % nu_ == 0) {
            const size_t block = a->cols() / nu_;
            std::vector<unsigned> out;
            for (unsigned b = 0; b < first->n; ++b) {
              const std::vector<unsigned> part = apply(*a, std::vector<unsigned>(x.begin() + b * block, x.begin() + (b + 1) * block));
              out.insert(out.end(), part.begin(), part.end());
            }
            return out;
          }
        }
        break;
      }
      case Formula::Kind::Stride:
      case Formula::Kind::Select: break;
    }
    throw std::logic_error(fmt::format("stride: {} is not a vectorized formula for {}-way vectors", print(f), nu_));
  }

 private:
  unsigned nu_;
  Program& p_;
};

}  // namespace

Program to_program(const Formula& f, const Mode& mode, unsigned n) {
  Program p;
  p.arch = mode.target.arch;
  for (unsigned i = 0; i < n; ++i) p.inputs.push_back({fmt::format("x{}", i), mode.reg_bits});
  std::vector<unsigned> x(n);
  for (unsigned i = 0; i < n; ++i) x[i] = i;
  Translator t(mode.nu(), p);
  p.outputs = t.apply(f, x);
  for (size_t i = 0; i < p.steps.size(); ++i) p.steps[i].name = fmt::format("t{}", i);
  return p;
}

std::optional<std::string> check_program(const Program& p, const std::vector<int>& perm, const Mode& mode) {
  const auto labels = simulate_labels(p);
  if (!labels) return "the Program changes values";
  const unsigned nu = mode.nu(), wb = mode.elem_bits / 8;
  if (labels->size() * nu != perm.size()) return fmt::format("{} outputs, {} expected", labels->size(), perm.size() / nu);
  for (size_t i = 0; i < perm.size(); ++i) {
    const unsigned src = unsigned(perm[i]);
    for (unsigned t = 0; t < wb; ++t) {
      const ByteLabel got = (*labels)[i / nu][(i % nu) * wb + t];
      const ByteLabel want{int16_t(src / nu), uint16_t((src % nu) * wb + t)};
      if (got != want) return fmt::format("element {} (vector {}, lane {}) is not x[{}]", i, i / nu, i % nu, src);
    }
  }
  return std::nullopt;
}

}  // namespace shufc::stride
