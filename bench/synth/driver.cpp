// main() of the bench/synth binaries: fills the inputs, checks every kernel's bytes against the
// expected shuffle (computed by gen.py from the mask), then runs Google Benchmark.
#include <cstdint>
#include <cstdio>

#include "harness.h"

alignas(64) unsigned char synth_in_a[kPairs * 64], synth_in_b[kPairs * 64], synth_out[kPairs * 64];

std::vector<CheckEntry> &check_entries() {
  static std::vector<CheckEntry> entries;
  return entries;
}

static uint64_t splitmix64(uint64_t &s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int main(int argc, char **argv) {
  uint64_t seed = 42;
  for (int i = 0; i < kPairs * 64; ++i) {
    synth_in_a[i] = static_cast<unsigned char>(splitmix64(seed));
    synth_in_b[i] = static_cast<unsigned char>(splitmix64(seed));
  }
  int bad = 0;
  for (const CheckEntry &e : check_entries()) {
    for (int p = 0; p < kCheckPairs; ++p) {
      alignas(64) unsigned char out[64];
      e.kernel(e.a + p * e.width, e.b + p * e.width, out);
      for (int i = 0; i < e.width; ++i) {
        int k = p * e.width + i;
        if (e.defined[k] && out[i] != e.expect[k]) {
          std::fprintf(stderr, "MISMATCH %s: input pair %d byte %d: got %d, want %d\n", e.name, p, i,
                       out[i], e.expect[k]);
          ++bad;
          break;
        }
      }
    }
  }
  if (bad) return 1;
  std::fprintf(stderr, "checked %zu kernels: all give the expected bytes\n", check_entries().size());
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
