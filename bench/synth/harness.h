// Timing loops for bench/synth (included by every generated kernels_*.cpp).
// Each generated translation unit is compiled with its target's flags (-msse4.1, -march=skylake,
// ...) so that the kernels inline into these loops; everything here is in an anonymous namespace,
// so no instantiation is shared between translation units built with different flags.
#pragma once
#include <benchmark/benchmark.h>

#include <cstring>
#include <type_traits>
#include <vector>

using Kernel = void (*)(const void *a, const void *b, void *r);

// One kernel to check before timing: its output on the check inputs must equal `expect` on
// every byte `defined` marks (undefined `u` lanes are free).
struct CheckEntry {
  const char *name;
  int width;
  Kernel kernel;
  const unsigned char *a, *b, *expect, *defined;  // [kCheckPairs][width]
};
constexpr int kCheckPairs = 2;
std::vector<CheckEntry> &check_entries();  // defined in driver.cpp

constexpr int kPairs = 256;   // input pairs per throughput pass: 3 x 16 KiB at 64 bytes, in L1
constexpr int kSteps = 64;    // dependent shuffles per latency pass
extern unsigned char synth_in_a[kPairs * 64], synth_in_b[kPairs * 64], synth_out[kPairs * 64];

namespace {

typedef unsigned char V16 __attribute__((vector_size(16)));
typedef unsigned char V32 __attribute__((vector_size(32)));
typedef unsigned char V64 __attribute__((vector_size(64)));
template <int W>
using Vec = std::conditional_t<W == 16, V16, std::conditional_t<W == 32, V32, V64>>;

// Throughput: kPairs independent shuffles from an array of inputs into an array of outputs.
// ClobberMemory after each pass makes the compiler reload the inputs and keep the stores.
template <int W, Kernel F>
void throughput_loop(benchmark::State &st) {
  const unsigned char *a = synth_in_a, *b = synth_in_b;
  unsigned char *r = synth_out;
  benchmark::DoNotOptimize(a);
  benchmark::DoNotOptimize(b);
  benchmark::DoNotOptimize(r);
  for (auto _ : st) {
    // the same unrolling for every kernel: clang unrolls by 8 on its own, but not loops with
    // the empty asm statements of shufc's kernels, which left them a loop branch per shuffle
#pragma GCC unroll 8
    for (int i = 0; i < kPairs; ++i) F(a + i * W, b + i * W, r + i * W);
    benchmark::ClobberMemory();
  }
  st.SetItemsProcessed(st.iterations() * kPairs);
}

// Latency: each result is the next `a` (and the previous `a` the next `b`), so every shuffle
// waits for the one before. The empty asm keeps both in registers and hides their values, so
// the compiler can neither fold consecutive constant shuffles nor hoist work out of the chain.
template <int W, Kernel F>
void latency_loop(benchmark::State &st) {
  Vec<W> x, y;
  std::memcpy(&x, synth_in_a, W);
  std::memcpy(&y, synth_in_b, W);
  for (auto _ : st) {
    for (int i = 0; i < kSteps; ++i) {
      // fresh copies for the kernel's pointers, so that x and y are never address-taken
      Vec<W> xa = x, ya = y, r;
      F(&xa, &ya, &r);
      y = x;
      x = r;
      asm volatile("" : "+v"(x), "+v"(y));
    }
  }
  // keep the result through memory, not DoNotOptimize(x): that would take x's address, and gcc
  // then keeps x in a stack slot inside the chain
  std::memcpy(synth_out, &x, W);
  benchmark::ClobberMemory();
  st.SetItemsProcessed(st.iterations() * kSteps);
}

}  // namespace
