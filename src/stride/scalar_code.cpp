// The seed's Table 2: a formula translated recursively into scalar C, the reference every
// vectorized program is checked against. Subvectors are views x[base : stride]; products get a
// temporary, I_m (x) A and A (x) I_n become loops.
#include <fmt/format.h>

#include "shufc/stride/formula.h"

namespace shufc::stride {

namespace {

struct View {
  std::string arr;
  std::string base;  // an expression in the enclosing loop variables
  unsigned stride = 1;
  std::string at(const std::string& k) const { return fmt::format("{}[{} + {} * ({})]", arr, base, stride, k); }
  std::string at(unsigned k) const { return fmt::format("{}[{} + {}]", arr, base, stride * k); }
  View sub(const std::string& offset, unsigned new_stride) const {
    return {arr, fmt::format("{} + {} * ({})", base, stride, offset), stride * new_stride};
  }
};

class Gen {
 public:
  explicit Gen(std::string ctype) : ctype_(std::move(ctype)) {}
  std::string code;

  void emit(const Formula& f, const View& x, const View& y, int depth) {
    const std::string pad(size_t(2 * depth), ' ');
    switch (f.kind) {
      case Formula::Kind::Identity: {
        const std::string i = var();
        code += fmt::format("{0}for (int {1} = 0; {1} < {2}; ++{1}) {3} = {4};\n", pad, i, f.n, y.at(i), x.at(i));
        return;
      }
      case Formula::Kind::Stride: {  // y[c*k + r] = x[r*m + c]
        const std::string r = var(), c = var();
        code += fmt::format("{}for (int {} = 0; {} < {}; ++{})\n", pad, r, r, f.n / f.m, r);
        code += fmt::format("{}  for (int {} = 0; {} < {}; ++{}) {} = {};\n", pad, c, c, f.m, c,
                            y.at(fmt::format("{} * {} + {}", c, f.n / f.m, r)), x.at(fmt::format("{} * {} + {}", r, f.m, c)));
        return;
      }
      case Formula::Kind::Product: {
        // Right to left through temporaries.
        std::vector<std::string> temps;
        code += pad + "{\n";
        View in = x;
        for (size_t t = f.kids.size(); t-- > 1;) {
          const std::string tmp = fmt::format("t{}", temp_++);
          code += fmt::format("{}  {} {}[{}];\n", pad, ctype_, tmp, f.kids[t]->rows());
          View out{tmp, "0", 1};
          emit(*f.kids[t], in, out, depth + 1);
          in = out;
        }
        emit(*f.kids[0], in, y, depth + 1);
        code += pad + "}\n";
        return;
      }
      case Formula::Kind::Tensor: {
        const Formula& a = *f.kids[0];
        Formula rest = f;
        rest.kids.erase(rest.kids.begin());
        const Formula& b = rest.kids.size() == 1 ? *rest.kids[0] : rest;
        const unsigned rb = b.rows(), cb = b.cols();
        if (a.kind == Formula::Kind::Identity) {  // I_m (x) B: B on consecutive blocks
          const std::string i = var();
          code += fmt::format("{0}for (int {1} = 0; {1} < {2}; ++{1}) {{\n", pad, i, a.n);
          emit(b, x.sub(fmt::format("{} * {}", i, cb), 1), y.sub(fmt::format("{} * {}", i, rb), 1), depth + 1);
          code += pad + "}\n";
          return;
        }
        if (b.kind == Formula::Kind::Identity) {  // A (x) I_n: A at stride n
          const std::string i = var();
          code += fmt::format("{0}for (int {1} = 0; {1} < {2}; ++{1}) {{\n", pad, i, b.n);
          emit(a, x.sub(i, b.n), y.sub(i, b.n), depth + 1);
          code += pad + "}\n";
          return;
        }
        // A (x) B = (A (x) I_rb)(I_ca (x) B).
        Formula p{Formula::Kind::Product};
        p.kids = {tensor({f.kids[0], I(rb)}), tensor({I(a.cols()), std::make_shared<const Formula>(b)})};
        emit(p, x, y, depth);
        return;
      }
      case Formula::Kind::Stack: {
        unsigned row = 0;
        for (const auto& k : f.kids) {
          emit(*k, x, y.sub(std::to_string(row), 1), depth);
          row += k->rows();
        }
        return;
      }
      case Formula::Kind::Impl: emit(*f.kids[0], x, y, depth); return;
      case Formula::Kind::Instr:
      case Formula::Kind::Lanes:
      case Formula::Kind::Blocks:
      case Formula::Kind::Select: {
        const std::vector<int> map = evaluate(f);
        for (unsigned i = 0; i < map.size(); ++i)
          code += fmt::format("{}{} = {};\n", pad, y.at(i), map[i] < 0 ? std::string("0") : x.at(unsigned(map[i])));
        return;
      }
    }
  }

 private:
  std::string var() { return fmt::format("i{}", var_++); }
  std::string ctype_;
  int var_ = 0, temp_ = 0;
};

}  // namespace

std::string scalar_c(const Formula& f, const std::string& name, const std::string& ctype) {
  Gen g(ctype);
  g.emit(f, {"x", "0", 1}, {"y", "0", 1}, 1);
  return fmt::format("/* y = ({}) x, the seed's Table 2 translated into scalar C */\n"
                     "#include <stdint.h>\n\n"
                     "void {}(const {} *x, {} *y) {{\n{}}}\n",
                     print(f), name, ctype, ctype, g.code);
}

}  // namespace shufc::stride
