// Google Benchmark harness of bench/vls/run.py: every loop of loops.c in every variant (each
// object file defines its functions under its own prefix; gathers.c gives the gather variants
// where x86 has them, weak here). Each variant's output is first checked against the scalar
// loop's, byte for byte; a difference aborts the run. All variants of one loop run on the same
// two buffers: where the input and output sit (4K aliasing between them) moves these
// memory-bound loops by up to 2x, and must not differ between the variants compared.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using Kernel = void (*)(const void*, void*, int);

#define DECL1(P, K) extern "C" __attribute__((weak)) void P##K(const void*, void*, int);
#define DECL_ALL(K) \
  DECL1(scalar_, K) DECL1(clang_avx2_, K) DECL1(shufc_, K) DECL1(shufc_always_, K) DECL1(clang_native_, K) \
  DECL1(gcc_native_, K) DECL1(gather_avx2_, K) DECL1(gather_avx512_, K)
#define FOR_KERNELS(X)                                                                                          \
  X(deint2_u8) X(inter2_u8) X(deint3_u8) X(inter3_u8) X(deint4_u8) X(inter4_u8) X(deint8_u8) X(inter8_u8)          \
  X(deint2_u16) X(inter2_u16) X(deint3_u16) X(inter3_u16) X(deint4_u16) X(inter4_u16) X(deint8_u16) X(inter8_u16) \
  X(deint2_f32) X(inter2_f32) X(deint3_f32) X(inter3_f32) X(deint4_f32) X(inter4_f32) X(deint8_f32) X(inter8_f32) \
  X(deint2_f64) X(inter2_f64) X(deint3_f64) X(inter3_f64) X(deint4_f64) X(inter4_f64) X(deint8_f64) X(inter8_f64)
FOR_KERNELS(DECL_ALL)

namespace {

struct Entry {
  const char* kernel;
  const char* variant;
  Kernel fn;
};


#define ENTRIES(K) \
  ENTRY1(scalar, K) ENTRY1(clang_avx2, K) ENTRY1(shufc, K) ENTRY1(shufc_always, K) ENTRY1(clang_native, K) \
  ENTRY1(gcc_native, K) ENTRY1(gather_avx2, K) ENTRY1(gather_avx512, K)
#define ENTRY1(P, K) {#K, #P, &P##_##K},
const Entry kEntries[] = {FOR_KERNELS(ENTRIES)};

unsigned factor_of(const std::string& k) { return unsigned(k[5] - '0'); }
unsigned size_of(const std::string& k) {
  if (k.ends_with("u8")) return 1;
  if (k.ends_with("u16")) return 2;
  if (k.ends_with("f32")) return 4;
  return 8;
}

constexpr int kN = 4096;  // elements per field

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::map<std::string, std::pair<std::vector<unsigned char>, std::vector<unsigned char>>> buffers;  // per loop
  for (const Entry& e : kEntries) {
    if (!e.fn) continue;  // no such variant (gathers of bytes, ...)
    const std::string k = e.kernel;
    const size_t bytes = size_t(kN) * factor_of(k) * size_of(k);
    auto& [in, out] = buffers[k];
    if (in.empty()) {
      in.resize(bytes);
      out.resize(bytes);
      unsigned seed = 7;
      for (auto& b : in) b = (unsigned char)((seed = seed * 1103515245u + 12345u) >> 16);
    }
    std::vector<unsigned char> ref(bytes);
    Kernel scalar = nullptr;
    for (const Entry& s : kEntries)
      if (k == s.kernel && std::string(s.variant) == "scalar") scalar = s.fn;
    scalar(in.data(), ref.data(), kN);
    std::memset(out.data(), 0xA5, bytes);  // nothing of the previous variant's output survives
    e.fn(in.data(), out.data(), kN);
    if (std::memcmp(ref.data(), out.data(), bytes)) {
      std::fprintf(stderr, "bench_vls: %s %s differs from the scalar loop\n", e.variant, e.kernel);
      return 1;
    }
    const unsigned char* src = in.data();
    unsigned char* dst = out.data();
    benchmark::RegisterBenchmark((k + "/" + e.variant).c_str(), [e, src, dst, k](benchmark::State& st) {
      for (auto _ : st) {
        e.fn(src, dst, kN);
        benchmark::DoNotOptimize(dst);
        benchmark::ClobberMemory();
      }
      st.SetItemsProcessed(int64_t(st.iterations()) * kN * factor_of(k));
    });
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
