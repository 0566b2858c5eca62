// Matrix formulas of SPIRAL's Kronecker formalism (seed 002, section 2.2): identities I_n,
// stride permutations L^{mn}_m, tensor products, products and stacking, plus the leaves the
// stride engine builds from target instructions. Formulas are immutable trees shared by pointer.
//
// Convention (the seed's example and its "transposition" reading): y = L^{mn}_m x reads x at
// stride m, y[c*n + r] = x[r*m + c] for 0 <= r < n, 0 <= c < m. It transposes an n x m row-major
// matrix. (The seed's Table 2 code writes the inverse; its example, L^6_2 x = (x0,x2,x4,x1,x3,x5),
// and identities (1)-(4) agree with this convention, which the unit tests check.)
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "shufc/isa/instruction.h"

namespace shufc::stride {

// One instruction instance in a vector mode: what it does to the ν elements of its inputs.
struct Instance {
  const isa::Instruction* instr = nullptr;  // nullptr: a copy (register renaming, free)
  uint64_t imm = 0;
  std::vector<int> control;  // programmable instructions: the solved abstract control
  unsigned arity = 1;        // vector arguments of the matrix: it is ν x (arity ν)
  std::vector<unsigned> operands;  // the record's input k reads argument operands[k] ({0, 0}: a
                                   // binary record used as unary; {1, 0}: swapped)
  std::vector<int> map;      // output element i <- element map[i] of the arguments side by side
  double cost = 0;           // c_instr under the search's cost measure
  double tie = 0;            // reciprocal throughput on the mode's reference CPU: breaks ties
  std::string text() const;  // "punpcklwd", "pshufd 0xd8", "pshufb [..]", "copy"
};

struct Formula;
using FormulaPtr = std::shared_ptr<const Formula>;

struct Formula {
  enum class Kind {
    Identity,  // I_n
    Stride,    // L^n_m (n = size, m = stride)
    Tensor,    // kids[0] (x) kids[1] (x) ...
    Product,   // kids[0] kids[1] ...: kids.back() applies first
    Stack,     // the rows of kids[0] over those of kids[1] ...
    Instr,     // one instruction matrix M_instr: ν x (arity ν)
    Impl,      // kids[0] is the specification, kids[1] its vectorized implementation
    Select,    // a 0/1 matrix with one 1 per row: y[i] = x[map[i]] (picks vectors when (x) I_ν)
    Lanes,     // kids[0], a formula on one 128-bit lane of every register, done in all n lanes at
               // once: V^-1 (I_n (x) kids[0]) V where V gathers each lane's elements together
    Blocks,    // kids[0] (x) I_nu, with kids[0] a formula whose elements are nu-element blocks
               // (128-bit lanes) and whose instructions move whole blocks
  };
  Kind kind;
  unsigned n = 0, m = 0;               // Identity: n; Stride: n, m
  std::vector<FormulaPtr> kids;
  std::shared_ptr<const Instance> instr;  // Instr
  unsigned nu = 0;                        // Instr: the vector length ν; Lanes, Blocks: elements per lane
  std::vector<int> map;                   // Select: the rows; n = its columns

  unsigned rows() const;
  unsigned cols() const;
};

FormulaPtr I(unsigned n);
FormulaPtr L(unsigned n, unsigned m);
// Tensor and Product drop I_1 factors and flatten nested nodes of the same kind.
FormulaPtr tensor(std::vector<FormulaPtr> kids);
FormulaPtr product(std::vector<FormulaPtr> kids);
FormulaPtr stack(std::vector<FormulaPtr> kids);
FormulaPtr instr(std::shared_ptr<const Instance> in, unsigned nu);
FormulaPtr impl(FormulaPtr spec, FormulaPtr implementation);
FormulaPtr select(std::vector<int> rows, unsigned cols);
// G done in each of `lanes` lanes, for registers of lanes * `lane_elems` elements.
FormulaPtr lanes(FormulaPtr g, unsigned lanes, unsigned lane_elems);
// F on blocks of `block_elems` elements: F (x) I_block_elems, vectorized in the block view.
FormulaPtr blocks(FormulaPtr f, unsigned block_elems);
// I_l (x) L^{mn}_m (x) I_r, the shape rule (12) normalises to.
FormulaPtr ILI(unsigned l, unsigned mn, unsigned m, unsigned r);

// The index map: y[i] = x[map[i]] (-1: zero, for instruction matrices of zeroing instructions).
// rows() entries over cols() inputs.
std::vector<int> evaluate(const Formula& f);
bool is_permutation(const std::vector<int>& map);

enum class Notation { ascii, latex };
// "(L^8_4 (x) I_2)(I_2 (x) L^8_4)" or the LaTeX "(L^{8}_{4} \otimes I_{2})(I_{2} \otimes L^{8}_{4})".
// With `implementations`, Impl nodes print their instructions ("M[punpcklwd]") instead of their
// specification.
std::string print(const Formula& f, Notation notation = Notation::ascii, bool implementations = false);

// The scalar reference code of the seed's Table 2 for a formula of identities, stride
// permutations, tensors, products and stacks: `void NAME(const T *x, T *y)`.
std::string scalar_c(const Formula& f, const std::string& name, const std::string& ctype);

}  // namespace shufc::stride
