#include "shufc/stride/generate.h"

#include <random>

#include <gtest/gtest.h>

#include "shufc/sim.h"

namespace shufc::stride {
namespace {

BaseLibrary library(const char* target, unsigned elem_bits, unsigned reg_bits = 128) {
  return build_base_library(Mode{*isa::find_target(target), elem_bits, reg_bits}, "");
}

// Runs the Program on random bytes and compares with y = L x element by element.
void expect_computes(const StrideResult& r, const Mode& m) {
  const unsigned nu = m.nu(), wb = m.elem_bits / 8, rb = m.reg_bits / 8;
  std::mt19937 rng(7);
  std::vector<std::vector<uint8_t>> in(r.vectors, std::vector<uint8_t>(rb));
  for (auto& v : in)
    for (auto& b : v) b = uint8_t(rng());
  const auto out = simulate_values(r.program, in);
  const std::vector<int> perm = evaluate(*L(r.size, r.stride));
  ASSERT_EQ(out.size(), r.vectors);
  for (unsigned i = 0; i < r.size; ++i)
    for (unsigned t = 0; t < wb; ++t)
      ASSERT_EQ(out[i / nu][(i % nu) * wb + t], in[unsigned(perm[i]) / nu][(unsigned(perm[i]) % nu) * wb + t]) << "element " << i;
}

struct Case {
  const char* target;
  unsigned elem_bits, reg_bits, nu;
  unsigned shuffles;  // the optimum, nu log2 nu (Floyd), for L_nu^{nu^2}
};

// The paper's Table 3 counts (2, 8, 24, 64 on SSE2), and the same optimum on NEON, AVX/AVX2
// (through the lane rule) and AVX-512 (lanes, then blocks of lanes).
TEST(StrideGenerate, TransposeReachesFloydsBound) {
  for (const Case& c : {Case{"sse2", 64, 128, 2, 2}, {"sse2", 32, 128, 4, 8}, {"sse2", 16, 128, 8, 24}, {"sse2", 8, 128, 16, 64},
                        {"neon", 64, 128, 2, 2}, {"neon", 32, 128, 4, 8}, {"neon", 16, 128, 8, 24}, {"neon", 8, 128, 16, 64},
                        {"avx", 32, 256, 8, 24}, {"avx2", 64, 256, 4, 8}, {"avx2", 32, 256, 8, 24}, {"avx2", 16, 256, 16, 64},
                        {"avx512", 64, 512, 8, 24}, {"avx512", 32, 512, 16, 64}, {"avx512", 16, 512, 32, 160}}) {
    const BaseLibrary lib = library(c.target, c.elem_bits, c.reg_bits);
    auto r = generate_stride(lib, c.nu * c.nu, c.nu);
    ASSERT_TRUE(r) << c.target << " " << c.elem_bits << ": " << r.error().str();
    EXPECT_EQ(r->shuffles, c.shuffles) << c.target << " " << c.elem_bits << " " << print(*r->formula);
    EXPECT_EQ(r->lower_bound, c.shuffles);
    EXPECT_TRUE(r->optimal());
    EXPECT_EQ(r->loads + r->stores, 2 * c.nu);  // the paper's "move instructions"
    expect_computes(*r, lib.set.mode);
  }
}

// The paper's formulas for L^16_4 on 4-way SSE2.
TEST(StrideGenerate, PaperFormulaL16_4) {
  const BaseLibrary lib = library("sse2", 32);
  auto r = generate_stride(lib, 16, 4);
  ASSERT_TRUE(r);
  EXPECT_EQ(print(*r->formula), "(L^8_4 (x) I_2)(I_2 (x) L^8_4)");
}

// L^{2ν}_ν takes 2 binary instructions on every 128-bit mode and with AVX-512's two-table
// permutes (AVX2 needs 4: its unpacks stay in 128-bit lanes); L^{2ν}_2 cannot be done optimally
// on 8- and 16-way SSE2 (section 4.3).
TEST(StrideGenerate, InterleaveAndDeinterleave) {
  for (auto [t, w, bits] : {std::tuple{"sse2", 32u, 128u}, {"sse2", 16u, 128u}, {"sse2", 8u, 128u}, {"neon", 8u, 128u}, {"avx512", 32u, 512u}}) {
    const BaseLibrary lib = library(t, w, bits);
    const unsigned nu = lib.set.mode.nu();
    auto r = generate_stride(lib, 2 * nu, nu);
    ASSERT_TRUE(r) << t << w;
    EXPECT_EQ(r->shuffles, 2u) << t << " " << w;
    expect_computes(*r, lib.set.mode);
  }
  for (unsigned w : {16u, 8u}) {
    const BaseLibrary lib = library("sse2", w);
    auto r = generate_stride(lib, 2 * lib.set.mode.nu(), 2);
    ASSERT_TRUE(r);
    EXPECT_GT(r->shuffles, 2u) << "L^2ν_2 on " << lib.set.mode.name();
    EXPECT_FALSE(r->optimal());
    expect_computes(*r, lib.set.mode);
  }
}

// Every stride permutation of a few vectors, on several modes and both cost measures: each
// Program computes y = L x.
TEST(StrideGenerate, AllStridesComputeThePermutation) {
  const CpuModel* skx = find_cpu("skylake");
  for (auto [t, w, bits] : {std::tuple{"sse2", 16u, 128u}, {"ssse3", 8u, 128u}, {"avx2", 32u, 256u}, {"avx512", 16u, 512u}, {"neon", 16u, 128u}})
    for (bool cpu : {false, true}) {
      Mode m{*isa::find_target(t), w, bits};
      if (cpu) {
        if (m.target.arch != isa::Arch::x86) continue;
        m.measure = CostMeasure::cpu;
        m.cpu = skx;
      }
      const BaseLibrary lib = build_base_library(m, "");
      const unsigned nu = m.nu();
      for (unsigned n : {1u, 2u, 4u})
        for (unsigned k = 1; k <= n * nu; ++k) {
          if ((n * nu) % k) continue;
          auto r = generate_stride(lib, n * nu, k);
          if (!r) continue;  // no vectorized formula: reported as an error, checked below
          expect_computes(*r, m);
        }
    }
}

// No vectorized formula (SSE2 cannot shuffle bytes within a register): the synthesiser makes each
// output vector.
TEST(StrideGenerate, FallbackAndExistence) {
  const BaseLibrary lib = library("sse2", 8);
  auto r = generate_stride(lib, 16, 8);
  ASSERT_TRUE(r) << r.error().str();
  EXPECT_FALSE(r->fallback.empty());
  EXPECT_EQ(r->formula, nullptr);
  expect_computes(*r, lib.set.mode);
  // L^16_2 has no formula either, but the synthesiser makes it (pand, psrlw 8, packuswb).
  auto d = generate_stride(lib, 16, 2);
  ASSERT_TRUE(d) << d.error().str();
  EXPECT_EQ(d->formula, nullptr);
  expect_computes(*d, lib.set.mode);
  // L^16_4 neither; the synthesiser's last resort (byte shifts masked with pand, or-ed) makes it.
  auto e = generate_stride(lib, 16, 4);
  ASSERT_TRUE(e) << e.error().str();
  EXPECT_EQ(e->formula, nullptr);
  expect_computes(*e, lib.set.mode);
}

TEST(StrideGenerate, BadInput) {
  const BaseLibrary lib = library("sse2", 32);
  EXPECT_FALSE(generate_stride(lib, 30, 4));   // stride does not divide
  EXPECT_FALSE(generate_stride(lib, 18, 3));   // not whole vectors
  EXPECT_FALSE(generate_stride(lib, 0, 1));
  EXPECT_FALSE(generate_stride(lib, 4096, 2)); // too many vectors
  auto e = generate_stride(lib, 30, 4);
  EXPECT_NE(e.error().message.find("does not divide"), std::string::npos);
}

}  // namespace
}  // namespace shufc::stride
