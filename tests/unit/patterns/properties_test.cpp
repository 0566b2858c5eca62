// Property tests on random shuffles, against a reference interpreter that is obviously right:
//  - canonicalization never changes the result and is idempotent;
//  - every reported pattern, expanded back from its parameters, reproduces the mask;
//  - every pattern mask built from random parameters is recognised (completeness).
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "shufc/canonicalize.h"
#include "shufc/patterns.h"
#include "shufc/verify.h"

namespace shufc {
namespace {

// What lane i of the shuffle holds, as text: "%a[3]", "0", "7", or "" for undefined.
std::string reference_lane(const ShuffleVector& sv, unsigned i) {
  const int e = sv.mask[i];
  if (e == kUndef) return "";
  if (e == kZero) return "0";
  const unsigned n = sv.n();
  const Operand& op = unsigned(e) < n ? sv.v1 : sv.v2;
  const unsigned idx = unsigned(e) % n;
  auto lit = [&](const std::string& l) { return is_zero_literal(sv.type.elem, l) ? std::string("0") : l; };
  switch (op.kind) {
    case Operand::Kind::Value: return fmt::format("{}[{}]", op.name, idx);
    case Operand::Kind::Undef:
    case Operand::Kind::Poison: return "";
    case Operand::Kind::Zero: return "0";
    case Operand::Kind::Splat: return lit(op.splat);
    case Operand::Kind::Constant: return op.elem_is_undef(idx) ? "" : lit(op.elems[idx]);
  }
  return "?";
}

Operand random_operand(std::mt19937& rng, unsigned n) {
  switch (rng() % 8) {
    case 0: return Operand::undef();
    case 1: return Operand::zero();
    case 2: return Operand::splat_of(std::to_string(rng() % 3));
    case 3: {
      std::vector<std::string> e;
      for (unsigned i = 0; i < n; ++i) e.push_back(rng() % 5 == 0 ? "undef" : std::to_string(rng() % 3));
      return Operand::constant(e);
    }
    case 4: return Operand::value("%a");
    default: return Operand::value(rng() % 2 ? "%b" : "%c");
  }
}

ShuffleVector random_shuffle(std::mt19937& rng) {
  static const unsigned widths[] = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 32};
  ShuffleVector sv;
  const unsigned n = widths[rng() % std::size(widths)];
  const unsigned m = rng() % 3 == 0 ? widths[rng() % std::size(widths)] : n;
  sv.type = VecType{ElementCount::fixed(n), ElemType::i(8 << (rng() % 4))};
  sv.v1 = random_operand(rng, n);
  sv.v2 = random_operand(rng, n);
  const bool both_live = sv.v1.kind == Operand::Kind::Value && sv.v2.kind == Operand::Kind::Value;
  for (unsigned i = 0; i < m; ++i) {
    const unsigned r = rng() % 10;
    sv.mask.push_back(r == 0 ? kUndef : (r == 1 && both_live) ? kZero : int(rng() % (2 * n)));
  }
  return sv;
}

TEST(Properties, CanonicalFormKeepsTheResultAndIsIdempotent) {
  std::mt19937 rng(12345);
  for (int iter = 0; iter < 20000; ++iter) {
    const ShuffleVector sv = random_shuffle(rng);
    for (bool widen : {false, true}) {
      const ShuffleVector c = canonicalize(sv, {.widen = widen});
      ASSERT_EQ(canonicalize(c, {.widen = widen}), c) << sv.ir();
      ASSERT_EQ(c.m(), sv.m());
      for (unsigned i = 0; i < sv.m(); ++i) {
        const std::string want = reference_lane(sv, i);
        if (want.empty()) continue;  // undefined lanes may become anything
        ASSERT_EQ(reference_lane(c, i), want) << sv.ir() << "\n -> " << c.ir() << "\n lane " << i;
      }
      ASSERT_TRUE(same_result(sv, c)) << sv.ir();
      // Canonical order facts.
      if (c.v1.is_undef()) {
        ASSERT_TRUE(c.v2.is_undef()) << c.ir();
      }
      if (c.v1.kind == Operand::Kind::Zero) {
        ASSERT_TRUE(c.v2.is_undef()) << c.ir();
      }
    }
  }
}

TEST(Properties, EveryReportedPatternReproducesTheMask) {
  std::mt19937 rng(777);
  size_t reported = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    const ShuffleVector c = canonicalize(random_shuffle(rng));
    const MaskView v = MaskView::of(c);
    for (const PatternMatch& p : classify(c).patterns) {
      ++reported;
      ASSERT_TRUE(reproduces(p, v)) << name(p.kind) << " on " << c.ir();
    }
  }
  EXPECT_GT(reported, 1000u);  // the random corpus does exercise the check
}

// A random instance of `k` at `lanes` lanes, expanded to a mask over n-wide inputs.
struct Instance {
  PatternMatch p;
  unsigned n, m;
  bool v2_zero;
};

std::optional<Instance> random_instance(std::mt19937& rng, PatternKind k) {
  const unsigned n = 4u << (rng() % 3);  // 4, 8, 16
  auto pick = [&](int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); };
  Instance in{{.kind = k}, n, n, false};
  PatternMatch& p = in.p;
  const int N = int(n);
  switch (k) {
    case PatternKind::identity: break;
    case PatternKind::splat: p.index = pick(0, N - 1); break;
    case PatternKind::reverse: break;
    case PatternKind::rotate: p.amount = pick(1, N - 1); break;
    case PatternKind::shift_left:
    case PatternKind::shift_right: p.amount = pick(1, N - 1); in.v2_zero = true; break;
    case PatternKind::zero_extend:
      p.factor = 1 << pick(1, 2);
      p.index = pick(0, N - N / p.factor);
      in.v2_zero = true;
      break;
    case PatternKind::merge: p.index = pick(0, N / 2); break;
    case PatternKind::pack: p.index = pick(0, 1); break;
    case PatternKind::blend:
      p.list.assign(n, 0);
      for (int& b : p.list) b = int(rng() % 2);
      p.list[0] = 0;  // canonical: the first lane reads v1
      p.list[1] = 1;
      break;
    case PatternKind::parallel_extract: {
      for (int i = 0; i < N; ++i)
        if (rng() % 2) p.list.push_back(i);
      if (p.list.empty() || int(p.list.size()) == N) return std::nullopt;
      in.v2_zero = true;
      break;
    }
    case PatternKind::parallel_deposit: {
      for (int i = 0; i < N; ++i)
        if (rng() % 2) p.list.push_back(i);
      if (p.list.empty() || int(p.list.size()) == N) return std::nullopt;
      in.v2_zero = true;
      break;
    }
    case PatternKind::transpose: p.index = pick(0, 1); break;
    case PatternKind::splice: p.index = pick(1, N - 1); break;
    case PatternKind::extract_subvector:
      in.m = unsigned(N >> pick(1, 2));
      p.index = pick(0, N - int(in.m));
      break;
    case PatternKind::insert_subvector:
      p.source = 1;
      p.length = pick(1, N - 1);
      p.index = pick(1, N - p.length);  // not at 0: the canonical form keeps v1 as the base
      break;
    case PatternKind::concat: in.m = 2 * n; break;
    case PatternKind::replicate:
      p.factor = pick(2, 4);
      in.m = unsigned(p.factor) * unsigned(pick(1, N));
      break;
    case PatternKind::interleave: {
      p.factor = pick(2, 4);
      const int k = pick(2, N / 2);
      in.m = unsigned(p.factor * k);
      for (int f = 0; f < p.factor; ++f) p.list.push_back(pick(0, 2 * N - k));
      p.list[0] = pick(0, N - k);  // canonical: the first lane reads v1
      break;
    }
    case PatternKind::deinterleave:
      p.factor = pick(2, 4);
      p.index = pick(0, p.factor - 1);
      in.m = unsigned(2 * N / p.factor);
      if (in.m < 2) return std::nullopt;
      break;
  }
  return in;
}

TEST(Properties, EveryPatternInstanceIsRecognised) {
  std::mt19937 rng(4242);
  for (unsigned k = 0; k < kNumPatternKinds; ++k) {
    const PatternKind kind = PatternKind(k);
    int checked = 0;
    for (int iter = 0; iter < 400; ++iter) {
      const auto in = random_instance(rng, kind);
      if (!in) continue;
      ShuffleVector sv;
      sv.type = VecType{ElementCount::fixed(in->n), ElemType::i(16)};
      sv.v1 = Operand::value("%a");
      sv.v2 = in->v2_zero ? Operand::zero() : Operand::value("%b");
      sv.mask = expand(in->p, in->n, in->m, in->v2_zero);
      const ShuffleVector c = canonicalize(sv);
      const Classification cl = classify(c);
      bool found = false;
      for (const PatternMatch& p : cl.patterns) found |= p.kind == kind;
      ASSERT_TRUE(found) << name(kind) << " not recognised in " << c.ir();
      ++checked;
    }
    EXPECT_GT(checked, 100) << name(kind);
  }
}

}  // namespace
}  // namespace shufc
