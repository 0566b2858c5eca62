#include "shufc/stride/formula.h"

#include <gtest/gtest.h>

namespace shufc::stride {
namespace {

std::vector<int> iota(unsigned n) {
  std::vector<int> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = int(i);
  return v;
}

// The seed's example: L^6_2 x = (x0, x2, x4, x1, x3, x5).
TEST(StrideFormula, SeedExampleL62) { EXPECT_EQ(evaluate(*L(6, 2)), (std::vector<int>{0, 2, 4, 1, 3, 5})); }

// L^{mn}_m transposes an n x m matrix stored row-major.
TEST(StrideFormula, StrideIsTranspose) {
  for (unsigned m : {2u, 3u, 4u, 8u})
    for (unsigned n : {2u, 3u, 5u, 8u}) {
      const std::vector<int> y = evaluate(*L(m * n, m));
      for (unsigned r = 0; r < n; ++r)
        for (unsigned c = 0; c < m; ++c) EXPECT_EQ(y[c * n + r], int(r * m + c)) << m << " " << n;
    }
}

// Table 2's definitions of I_m (x) A (A on consecutive blocks) and A (x) I_n (A at stride n).
TEST(StrideFormula, TensorSemantics) {
  const std::vector<int> a = evaluate(*L(6, 2));
  const std::vector<int> left = evaluate(*tensor({I(3), L(6, 2)}));
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 6; ++j) EXPECT_EQ(left[i * 6 + j], int(i * 6) + a[j]);
  const std::vector<int> right = evaluate(*tensor({L(6, 2), I(3)}));
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 6; ++j) EXPECT_EQ(right[j * 3 + i], a[j] * 3 + int(i));
}

// Identities (1)-(4) of seed 002, for every small k, m, n.
TEST(StrideFormula, IdentitiesOneToFour) {
  for (unsigned k = 1; k <= 6; ++k)
    for (unsigned m = 1; m <= 6; ++m)
      for (unsigned n = 1; n <= 6; ++n) {
        const unsigned N = k * m * n;
        EXPECT_EQ(evaluate(*L(N, n)), evaluate(*product({tensor({L(k * n, n), I(m)}), tensor({I(k), L(m * n, n)})}))) << "(1) " << k << m << n;
        EXPECT_EQ(evaluate(*L(N, n)), evaluate(*product({L(N, k * n), L(N, m * n)}))) << "(2) " << k << m << n;
        EXPECT_EQ(evaluate(*L(N, k * m)), evaluate(*product({tensor({I(k), L(m * n, m)}), tensor({L(k * n, k), I(m)})}))) << "(3) " << k << m << n;
        EXPECT_EQ(evaluate(*L(N, k * m)), evaluate(*product({L(N, k), L(N, m)}))) << "(4) " << k << m << n;
      }
}

TEST(StrideFormula, InverseAndIdentity) {
  EXPECT_EQ(evaluate(*product({L(12, 3), L(12, 4)})), iota(12));
  EXPECT_EQ(evaluate(*L(8, 1)), iota(8));
  EXPECT_EQ(evaluate(*L(8, 8)), iota(8));
  EXPECT_TRUE(is_permutation(evaluate(*L(64, 8))));
  EXPECT_FALSE(is_permutation({0, 0, 1}));
}

TEST(StrideFormula, PrintsLikeThePaper) {
  const FormulaPtr f = product({tensor({L(8, 4), I(2)}), tensor({I(2), L(8, 4)})});
  EXPECT_EQ(print(*f), "(L^8_4 (x) I_2)(I_2 (x) L^8_4)");
  EXPECT_EQ(print(*f, Notation::latex), "\\left(L^{8}_{4} \\otimes I_{2}\\right)\\left(I_{2} \\otimes L^{8}_{4}\\right)");
  EXPECT_EQ(print(*product({L(32, 16), L(32, 16)})), "L^32_16 L^32_16");
  EXPECT_EQ(print(*ILI(1, 4, 2, 1)), "L^4_2");
  EXPECT_EQ(print(*ILI(2, 4, 4, 3)), "I_24");  // L^4_4 is the identity
  EXPECT_EQ(print(*tensor({I(2), I(3), L(4, 2)})), "I_6 (x) L^4_2");
}

TEST(StrideFormula, ShapesAreChecked) {
  EXPECT_THROW(L(6, 4), std::invalid_argument);
  EXPECT_THROW(product({L(4, 2), L(6, 2)}), std::invalid_argument);
  EXPECT_THROW(impl(L(4, 2), I(4)), std::logic_error);  // an implementation must be equal
}

// Lanes: G in every lane of the registers at once.
TEST(StrideFormula, LanesEvaluate) {
  // Two registers of 2 lanes x 2 elements; G interleaves the two registers within each lane, as
  // vunpcklpd / vunpckhpd ymm do.
  const FormulaPtr g = L(4, 2);  // over 2 "vectors" of one lane (2 elements each)
  const std::vector<int> y = evaluate(*lanes(g, 2, 2));
  // Register 0 lane 0 <- (reg 0 lane 0 elem 0, reg 1 lane 0 elem 0); lane 1 likewise in lane 1.
  EXPECT_EQ(y, (std::vector<int>{0, 4, 2, 6, 1, 5, 3, 7}));
}

}  // namespace
}  // namespace shufc::stride
