#!/usr/bin/env python3
"""Shuffles with a constant operand: shufc synth against clang-19 -O3 and gcc-12 -O3.

    python3 bench/constant_operands.py [SHUFC] [--targets T,...] [--per-type N] [--seed S]

What a vectorizer and SIMD code write next to data: an alpha channel (rgb to rgba: every fourth
byte 0xff), an interleave with a splat (a complex number's zero imaginary part, a pixel's
constant), and constants into chosen lanes. For every target of compare_compilers.py and every
width and element type it has: those two shapes and N random masks over a random constant (zero,
all-ones, small and random elements, some undef). shufc reads the IR line
(`shufflevector <16 x i8> %v, <16 x i8> splat (i8 -1), ...`); clang gets
`__builtin_shufflevector(a, (T){...}, ...)` and gcc `__builtin_shuffle(a, (T){...}, ...)`, the same
constant written in C. Each answer is measured with llvm-mca-19 (Block RThroughput, the constant's
load included in all three) on the target's CPU; the table is compare_compilers.py's (wins, ties
within 0.05, losses, every loss written to bench/out/losses-constants-TARGET.txt).
"""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_compilers as cc  # noqa: E402

# Literals as C writes them and as LLVM IR does (floats exact in both).
FLOATS = [("1.0", "1.000000e+00"), ("-2.5", "-2.500000e+00"), ("0.5", "5.000000e-01"), ("0.0", "0.000000e+00"),
          ("3.0", "3.000000e+00"), ("-1.0", "-1.000000e+00")]
ELEMS = [("i", 8), ("i", 16), ("i", 32), ("i", 64), ("f", 32), ("f", 64)]
IR_TYPE = {("i", 8): "i8", ("i", 16): "i16", ("i", 32): "i32", ("i", 64): "i64", ("f", 32): "float", ("f", 64): "double"}


class ConstCase(cc.Case):
    """A case whose operand b is a constant: consts[i] = (C literal, IR literal) or None (undef)."""

    def __init__(self, idx, kind, bits, n, mask, consts, section):
        ty = IR_TYPE[(kind, bits)]
        if len({c for c in consts}) == 1 and consts[0] is not None:
            const = "splat (%s %s)" % (ty, consts[0][1])
        else:
            const = "<%s>" % ", ".join("%s %s" % (ty, c[1] if c else "poison") for c in consts)
        idx_ir = ", ".join("i32 poison" if x == "u" else "i32 %d" % x for x in mask)
        text = "shufflevector <%d x %s> %%v, <%d x %s> %s, <%d x i32> <%s>" % (n, ty, n, ty, const, len(mask), idx_ir)
        super().__init__(idx, text, kind, bits, n, mask, section)
        self.consts = consts


def const_vector(c):
    return "(%s){%s}" % (cc.tname(c), ", ".join(x[0] if x else "0" for x in c.consts))


def clang_body(c):
    idx = [-1 if x == "u" else x for x in c.mask]
    return "return __builtin_shufflevector(a, %s, %s);" % (const_vector(c), ", ".join(map(str, idx)))


def gcc_body(c):
    return "return __builtin_shuffle(a, %s, (%s){%s});" % (const_vector(c), cc.mname(c), ", ".join(map(str, cc.gcc_fill(c.mask, c.n, 0))))


def literal(rng, kind, bits):
    if kind == "f":
        return rng.choice(FLOATS)
    v = rng.choice([0, -1, 1, 7, rng.randrange(-(1 << (bits - 1)), 1 << (bits - 1))])
    return (str(v) + ("LL" if bits == 64 else ""), str(v))


def cases_for(widths, per_type, rng):
    out = []

    def add(kind, bits, n, mask, consts, section):
        # an undef constant element read by the mask is an undef lane (clang and gcc see a 0)
        mask = ["u" if isinstance(x, int) and x >= n and consts[x - n] is None else x for x in mask]
        out.append(ConstCase(len(out), kind, bits, n, mask, consts, section))
    for width in widths:
        for kind, bits in ELEMS:
            n = width * 8 // bits
            if n < 2:
                continue
            one = ("-1", "-1") if kind == "i" else FLOATS[0]
            if n >= 4:
                add(kind, bits, n, [(i // 4) * 3 + i % 4 if i % 4 != 3 else n for i in range(n)], [one] * n,
                    "# alpha: every fourth lane the constant (rgb to rgba)")
            add(kind, bits, n, [i // 2 + (n if i % 2 else 0) for i in range(n)], [literal(rng, kind, bits)] * n,
                "# an interleave with a splat")
            for _ in range(per_type):
                consts = [literal(rng, kind, bits) if rng.random() > 0.1 else None for _ in range(n)]
                if all(x is None for x in consts):
                    consts[0] = literal(rng, kind, bits)
                mask = [i if rng.random() < 0.6 else n + rng.randrange(n) for i in range(n)]
                add(kind, bits, n, mask, consts, "# random: constants into lanes")
                mask = [rng.randrange(2 * n) if rng.random() > 0.1 else "u" for _ in range(n)]
                if not any(isinstance(x, int) and x < n for x in mask):
                    mask[0] = 0
                add(kind, bits, n, mask, consts, "# random: any lanes")
    # section headers in order of first appearance, as load_corpus would give
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shufc", nargs="?", default="build/bin/shufc")
    ap.add_argument("--targets", default="ssse3,sse4.1,avx2,avx512vbmi,neon")
    ap.add_argument("--per-type", type=int, default=4, help="random constants per width and element type")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--budget-ms", type=int, default=1000)
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    a = ap.parse_args()
    if not os.path.exists(a.shufc):
        sys.exit("no shufc binary at %s (build it first)" % a.shufc)
    cc.clang_body, cc.gcc_body = clang_body, gcc_body
    results = []
    for t in a.targets.split(","):
        cfg = dict(cc.TARGETS[t])
        rng = random.Random("%d-%s" % (a.seed, t))
        cases = cases_for(cfg["widths"], a.per_type, rng)
        r = cc.bench_target(os.path.abspath(a.shufc), t, cfg, a.budget_ms,
                            os.path.join(a.out, "constants"), False, cases=cases)
        print("%s: %d cases in %.0f s (shufc %.0f s); losses in %s" % (t, r["cases"], r["seconds"], r["shufc_seconds"], r["log"]),
              file=sys.stderr)
        results.append(r)
        if cfg["arch"] == "aarch64":  # (the compilers' adrp dropped: one load per constant for all three)
            results.append(cc.bench_target(os.path.abspath(a.shufc), t, cfg, a.budget_ms, os.path.join(a.out, "constants"), False,
                                           drop_adrp=True, cases=cases))
    cc.print_table(results)
    print("\nShuffles with a constant operand; win/tie/loss as in compare_compilers.py (llvm-mca Block RThroughput, "
          "tie within %.2f, the constant's load counted for all three)." % cc.TOL)
    cc.print_stats(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
