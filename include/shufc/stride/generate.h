// y = L^N_k x on vectors: the whole stride engine (seed 002 section 4), from the permutation to
// a verified Program with its counts and what is known of its optimality.
#pragma once
#include <string>

#include "shufc/expected.h"
#include "shufc/cost.h"
#include "shufc/program.h"
#include "shufc/stride/search.h"

namespace shufc::stride {

struct StrideResult {
  unsigned size = 0, stride = 0;  // L^size_stride
  FormulaPtr formula;             // the vectorized matrix formula (null for the fallback)
  std::string fallback;           // why the synthesiser made the Program, when it did
  double cost = 0;                // Cost_{ISA,ν} of the formula
  Program program;                // verified by simulate_labels
  unsigned vectors = 0;           // n = size / ν registers in and out
  unsigned shuffles = 0;          // instructions of the Program
  unsigned constants = 0;         // control vectors loaded by programmable ones
  unsigned loads = 0, stores = 0; // vector moves between memory and registers (the seed's "moves")
  unsigned lower_bound = 0;       // on shuffles, within instructions of at most two inputs
  std::string bound;              // where the bound comes from
  double search_ms = 0;
  unsigned memo_entries = 0;
  bool optimal() const { return shuffles <= lower_bound; }
};

// Errors (bad sizes, a permutation too large) are input errors. When the rules reach no
// vectorized formula, each output vector that reads at most two input vectors is synthesized as
// one shuffle (synth/, costed on `fallback_cpu`); otherwise the error states the existence
// conditions of section 4.3 as found in this mode.
Expected<StrideResult> generate_stride(const BaseLibrary& lib, unsigned size, unsigned stride,
                                       const CpuModel* fallback_cpu = nullptr);

// The Program a vectorized formula translates into (section 3.2): instruction matrices become
// instructions, P (x) I_ν register renaming, I_k (x) A a block-wise application, stacks
// instructions side by side. n input registers x0.. and n outputs.
Program to_program(const Formula& f, const Mode& mode, unsigned n);

// The permutation the Program must compute, checked on byte labels: nullopt when it does, else
// what is wrong.
std::optional<std::string> check_program(const Program& p, const std::vector<int>& perm, const Mode& mode);

}  // namespace shufc::stride
