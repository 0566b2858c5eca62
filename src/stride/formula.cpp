// Formula construction, evaluation to index maps, and printing.
#include "shufc/stride/formula.h"

#include <stdexcept>

#include <fmt/format.h>

namespace shufc::stride {

std::string Instance::text() const {
  if (!instr) return "copy";
  std::string t = instr->id;
  if (instr->imm_count > 1) t += fmt::format(" {:#x}", imm);
  if (!control.empty()) {
    t += " [";
    for (size_t i = 0; i < control.size(); ++i) t += (i ? "," : "") + (control[i] < 0 ? std::string("z") : std::to_string(control[i]));
    t += "]";
  }
  return t;
}

unsigned Formula::rows() const {
  switch (kind) {
    case Kind::Identity:
    case Kind::Stride: return n;
    case Kind::Tensor: {
      unsigned r = 1;
      for (const auto& k : kids) r *= k->rows();
      return r;
    }
    case Kind::Product: return kids.front()->rows();
    case Kind::Stack: {
      unsigned r = 0;
      for (const auto& k : kids) r += k->rows();
      return r;
    }
    case Kind::Instr: return nu;
    case Kind::Impl: return kids[0]->rows();
    case Kind::Select: return unsigned(map.size());
    case Kind::Lanes: return n * kids[0]->rows();
    case Kind::Blocks: return nu * kids[0]->rows();
  }
  return 0;
}

unsigned Formula::cols() const {
  switch (kind) {
    case Kind::Identity:
    case Kind::Stride: return n;
    case Kind::Tensor: {
      unsigned c = 1;
      for (const auto& k : kids) c *= k->cols();
      return c;
    }
    case Kind::Product: return kids.back()->cols();
    case Kind::Stack: return kids.front()->cols();
    case Kind::Instr: return nu * instr->arity;
    case Kind::Impl: return kids[0]->cols();
    case Kind::Select: return n;
    case Kind::Lanes: return n * kids[0]->cols();
    case Kind::Blocks: return nu * kids[0]->cols();
  }
  return 0;
}

namespace {

FormulaPtr make(Formula f) { return std::make_shared<const Formula>(std::move(f)); }

bool is_identity(const FormulaPtr& f) {
  if (f->kind == Formula::Kind::Identity) return true;
  if (f->kind == Formula::Kind::Stride) return f->m == 1 || f->m == f->n;
  return false;
}

std::vector<FormulaPtr> flatten(Formula::Kind kind, std::vector<FormulaPtr> kids) {
  std::vector<FormulaPtr> out;
  for (auto& k : kids) {
    if (k->kind == kind) out.insert(out.end(), k->kids.begin(), k->kids.end());
    else out.push_back(std::move(k));
  }
  return out;
}

}  // namespace

FormulaPtr I(unsigned n) { return make({Formula::Kind::Identity, n, n}); }

FormulaPtr L(unsigned n, unsigned m) {
  if (m == 0 || n % m) throw std::invalid_argument(fmt::format("L^{}_{}: the stride must divide the size", n, m));
  return make({Formula::Kind::Stride, n, m});
}

FormulaPtr tensor(std::vector<FormulaPtr> kids) {
  kids = flatten(Formula::Kind::Tensor, std::move(kids));
  // Adjacent identities merge (I_a (x) I_b = I_ab); I_1 disappears.
  std::vector<FormulaPtr> out;
  for (auto& k : kids) {
    if (k->kind == Formula::Kind::Identity && k->n == 1) continue;
    if (k->kind == Formula::Kind::Identity && !out.empty() && out.back()->kind == Formula::Kind::Identity)
      out.back() = I(out.back()->n * k->n);
    else out.push_back(std::move(k));
  }
  if (out.empty()) return I(1);
  if (out.size() == 1) return out[0];
  return make({Formula::Kind::Tensor, 0, 0, std::move(out)});
}

FormulaPtr product(std::vector<FormulaPtr> kids) {
  kids = flatten(Formula::Kind::Product, std::move(kids));
  for (size_t i = 1; i < kids.size(); ++i)
    if (kids[i - 1]->cols() != kids[i]->rows())
      throw std::invalid_argument(fmt::format("product of a {}-column and a {}-row matrix", kids[i - 1]->cols(), kids[i]->rows()));
  if (kids.size() == 1) return kids[0];
  return make({Formula::Kind::Product, 0, 0, std::move(kids)});
}

FormulaPtr stack(std::vector<FormulaPtr> kids) {
  for (const auto& k : kids)
    if (k->cols() != kids[0]->cols()) throw std::invalid_argument("stacked matrices must have the same columns");
  if (kids.size() == 1) return kids[0];
  return make({Formula::Kind::Stack, 0, 0, std::move(kids)});
}

FormulaPtr instr(std::shared_ptr<const Instance> in, unsigned nu) {
  Formula f{Formula::Kind::Instr};
  f.instr = std::move(in);
  f.nu = nu;
  return make(std::move(f));
}

FormulaPtr impl(FormulaPtr spec, FormulaPtr implementation) {
  // An implementation is only ever recorded once it is proven equal to what it implements.
  if (evaluate(*spec) != evaluate(*implementation))
    throw std::logic_error(fmt::format("stride: {} does not implement {}", print(*implementation, Notation::ascii, true), print(*spec)));
  return make({Formula::Kind::Impl, 0, 0, {std::move(spec), std::move(implementation)}});
}

FormulaPtr select(std::vector<int> rows, unsigned cols) {
  Formula f{Formula::Kind::Select, cols, 0};
  f.map = std::move(rows);
  return make(std::move(f));
}

FormulaPtr lanes(FormulaPtr g, unsigned lanes, unsigned lane_elems) {
  if (g->rows() % lane_elems || g->cols() % lane_elems) throw std::invalid_argument("lanes: the formula does not fill whole lanes");
  Formula f{Formula::Kind::Lanes, lanes, 0, {std::move(g)}};
  f.nu = lane_elems;
  return make(std::move(f));
}

FormulaPtr blocks(FormulaPtr f, unsigned block_elems) {
  Formula b{Formula::Kind::Blocks, 0, 0, {std::move(f)}};
  b.nu = block_elems;
  return make(std::move(b));
}

FormulaPtr ILI(unsigned l, unsigned mn, unsigned m, unsigned r) {
  FormulaPtr s = is_identity(L(mn, m)) ? I(mn) : L(mn, m);
  return tensor({I(l), s, I(r)});
}

std::vector<int> evaluate(const Formula& f) {
  std::vector<int> y;
  switch (f.kind) {
    case Formula::Kind::Identity:
      y.resize(f.n);
      for (unsigned i = 0; i < f.n; ++i) y[i] = int(i);
      return y;
    case Formula::Kind::Stride: {
      const unsigned k = f.n / f.m;  // rows of the matrix read row-major
      y.resize(f.n);
      for (unsigned r = 0; r < k; ++r)
        for (unsigned c = 0; c < f.m; ++c) y[c * k + r] = int(r * f.m + c);
      return y;
    }
    case Formula::Kind::Tensor: {
      y = evaluate(*f.kids[0]);
      unsigned cols = f.kids[0]->cols();
      for (size_t t = 1; t < f.kids.size(); ++t) {
        const std::vector<int> b = evaluate(*f.kids[t]);
        const unsigned cb = f.kids[t]->cols();
        std::vector<int> z;
        z.reserve(y.size() * b.size());
        for (int a : y)
          for (int s : b) z.push_back(a < 0 || s < 0 ? -1 : int(unsigned(a) * cb + unsigned(s)));
        y = std::move(z);
        cols *= cb;
      }
      return y;
    }
    case Formula::Kind::Product: {
      y = evaluate(*f.kids[0]);
      for (size_t t = 1; t < f.kids.size(); ++t) {
        const std::vector<int> b = evaluate(*f.kids[t]);
        for (int& s : y) s = s < 0 ? -1 : b[size_t(s)];
      }
      return y;
    }
    case Formula::Kind::Stack:
      for (const auto& k : f.kids) {
        const std::vector<int> part = evaluate(*k);
        y.insert(y.end(), part.begin(), part.end());
      }
      return y;
    case Formula::Kind::Instr: return f.instr->map;
    case Formula::Kind::Impl: return evaluate(*f.kids[1]);
    case Formula::Kind::Select: return f.map;
    case Formula::Kind::Blocks: return evaluate(*tensor({f.kids[0], I(f.nu)}));
    case Formula::Kind::Lanes: {
      // Output (register j, lane a, element p) <- G's source (register v, element q) in lane a.
      const std::vector<int> g = evaluate(*f.kids[0]);
      const unsigned h = f.nu, width = f.n * h;
      y.resize(f.rows());
      for (unsigned i = 0; i < y.size(); ++i) {
        const unsigned j = i / width, a = i % width / h, p = i % h;
        const int src = g[j * h + p];
        y[i] = src < 0 ? -1 : int(unsigned(src) / h * width + a * h + unsigned(src) % h);
      }
      return y;
    }
  }
  return y;
}

bool is_permutation(const std::vector<int>& map) {
  std::vector<bool> seen(map.size());
  for (int s : map) {
    if (s < 0 || size_t(s) >= map.size() || seen[size_t(s)]) return false;
    seen[size_t(s)] = true;
  }
  return true;
}

namespace {

std::string print_rec(const Formula& f, Notation nt, bool impls, bool parens_if_compound) {
  const bool tex = nt == Notation::latex;
  auto wrap = [&](std::string s) { return parens_if_compound ? (tex ? "\\left(" + s + "\\right)" : "(" + s + ")") : s; };
  switch (f.kind) {
    case Formula::Kind::Identity: return tex ? fmt::format("I_{{{}}}", f.n) : fmt::format("I_{}", f.n);
    case Formula::Kind::Stride: return tex ? fmt::format("L^{{{}}}_{{{}}}", f.n, f.m) : fmt::format("L^{}_{}", f.n, f.m);
    case Formula::Kind::Tensor: {
      std::string s;
      for (size_t i = 0; i < f.kids.size(); ++i) s += (i ? (tex ? " \\otimes " : " (x) ") : "") + print_rec(*f.kids[i], nt, impls, true);
      return wrap(s);
    }
    case Formula::Kind::Product: {
      // Each factor of a product in parentheses when it is compound: (A (x) B)(C (x) D).
      // Bare factors are separated by a space: L^32_16 L^32_16.
      std::string s;
      bool last_bare = false;
      for (const auto& k : f.kids) {
        const Formula& shown = k->kind == Formula::Kind::Impl ? *k->kids[impls ? 1 : 0] : *k;
        const bool compound = shown.kind == Formula::Kind::Tensor || shown.kind == Formula::Kind::Product;
        std::string part = print_rec(*k, nt, impls, false);
        if (!s.empty() && (last_bare || !compound)) s += " ";
        s += compound ? (tex ? "\\left(" + part + "\\right)" : "(" + part + ")") : part;
        last_bare = !compound;
      }
      return wrap(s);
    }
    case Formula::Kind::Stack: {
      std::string s = tex ? "\\begin{pmatrix}" : "[";
      for (size_t i = 0; i < f.kids.size(); ++i) s += (i ? (tex ? " \\\\ " : "; ") : "") + print_rec(*f.kids[i], nt, impls, false);
      return s + (tex ? "\\end{pmatrix}" : "]");
    }
    case Formula::Kind::Instr:
      return tex ? fmt::format("M_{{\\mathtt{{{}}}}}", f.instr->text()) : fmt::format("M[{}]", f.instr->text());
    case Formula::Kind::Impl: return print_rec(*f.kids[impls ? 1 : 0], nt, impls, parens_if_compound);
    case Formula::Kind::Select: {
      std::string s;
      for (size_t i = 0; i < f.map.size(); ++i) s += (i ? "," : "") + std::to_string(f.map[i]);
      return tex ? fmt::format("S^{{{}}}_{{{}}}", f.n, s) : fmt::format("S{}[{}]", f.n, s);
    }
    case Formula::Kind::Blocks: {
      const std::string g = print_rec(*f.kids[0], nt, impls, false);
      return tex ? fmt::format("\\mathrm{{blocks}}_{{{}}}\\left({}\\right)", f.nu, g) : fmt::format("blocks{}({})", f.nu, g);
    }
    case Formula::Kind::Lanes: {
      const std::string g = print_rec(*f.kids[0], nt, impls, false);
      return tex ? fmt::format("\\mathrm{{lanes}}_{{{}}}\\left({}\\right)", f.n, g) : fmt::format("lanes{}({})", f.n, g);
    }
  }
  return "";
}

}  // namespace

std::string print(const Formula& f, Notation notation, bool implementations) {
  return print_rec(f, notation, implementations, false);
}

}  // namespace shufc::stride
