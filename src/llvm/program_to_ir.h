// A shufc Program as LLVM IR at an IRBuilder's insertion point: every value a <bytes x i8>
// vector, every data-movement step one or two shufflevectors from its byte map (zero bytes from
// a shuffle against zeroinitializer), BitOr steps an `or`.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include <llvm/IR/IRBuilder.h>

#include "shufc/expected.h"
#include "shufc/program.h"

namespace shufc::vls {

// `inputs` are the Program's inputs, each already a <bits/8 x i8> vector; returns its outputs as
// <bits/8 x i8> vectors. Saturating packs are the byte moves their labels proved; a sign
// extension's sign fills are `ashr 7` of their bytes. An Error when a step computes its bytes
// otherwise (a pack whose condition was not proved cannot come from a checked Program).
Expected<std::vector<llvm::Value*>> emit_program(llvm::IRBuilder<>& b, const Program& p,
                                                 const std::vector<llvm::Value*>& inputs);

// v (any fixed vector) as <bytes x i8>.
llvm::Value* as_bytes(llvm::IRBuilder<>& b, llvm::Value* v);

// What the emitted IR computes, byte by byte, on labels: each byte of `v` as the label of the
// input byte it holds (kZeroByte, or kNoByte for poison), following shufflevector, bitcast, `or`
// (one side zero) and `ashr 7` of bytes (a label | kSignOf: that byte's sign fill, never equal to
// a data byte's label) back to the values in `known`. The client checks the rewrite with it
// before using it, as the server checks its Programs with simulate_labels.
constexpr int64_t kZeroByte = -2;
constexpr int64_t kNoByte = -1;
constexpr int64_t kSignOf = int64_t(1) << 48;
std::vector<int64_t> byte_labels(const llvm::Value* v, const std::map<const llvm::Value*, std::vector<int64_t>>& known);

}  // namespace shufc::vls
