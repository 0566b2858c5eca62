"""Part (e) of issue 5, in small: a split-complex DFT_n, n = k·ν², with the stride permutation
L^n_ν done by shufc's L_ν^{ν²} (shuffles) or by gathers (vectors built from scalar loads).

    DFT_n = (DFT_ν ⊗ I_m) T^n_m (I_ν ⊗ DFT_m) L^n_ν          (m = n/ν = kν)
          = (DFT_ν ⊗ I_m) T^n_m L^n_ν (DFT_m ⊗ I_ν)

Stage 1, (DFT_m ⊗ I_ν), and stage 3, (DFT_ν ⊗ I_m) T^n_m, are pure vector arithmetic on
ν-lane vectors (straight-line radix-2 code generated here). Stage 2, L^n_ν, is k transposes
of ν×ν blocks (I_k ⊗ L_ν^{ν²}) followed by a renaming of vectors (free): the only part that
differs between the variants. An empty asm with a memory clobber between the stages keeps the
intermediates in memory (the paper's L1-to-L1 setting), so a compiler cannot turn the gathers'
scalar loads into shuffles of registers. Each kernel is checked against a naive DFT in double.
"""
import cmath
import json
import math
import os

# (shufc target, ν, sizes n = kν² ≤ 128, compiler flags)
DFT_CONFIGS = [
    ("sse2", 4, (16, 32, 64, 128), ["-march=x86-64", "-mtune=generic"]),
    ("avx2", 8, (64, 128), ["-march=x86-64", "-mtune=generic", "-mavx2"]),
]
VARIANTS = ("shufc", "gather", "noperm")   # noperm: stage 2 left out (not a DFT; cost reference)


class Gen:
    """Straight-line SSA code on vectors of type V (split complex: a value is (re, im))."""

    def __init__(self):
        self.lines, self.n = [], 0

    def tmp(self, expr):
        name = "v%d" % self.n
        self.n += 1
        self.lines.append("  V %s = %s;" % (name, expr))
        return name

    def add(self, a, b):
        return (self.tmp("%s + %s" % (a[0], b[0])), self.tmp("%s + %s" % (a[1], b[1])))

    def sub(self, a, b):
        return (self.tmp("%s - %s" % (a[0], b[0])), self.tmp("%s - %s" % (a[1], b[1])))

    def mul_const(self, a, w):
        """a times the complex constant w; w may be a number or a per-lane list."""
        if isinstance(w, complex):
            if abs(w - 1) < 1e-12:
                return a
            if abs(w + 1j) < 1e-12:                  # -i: (r, i) -> (i, -r)
                return (a[1], self.tmp("-%s" % a[0]))
            wr, wi = "%.9ef" % w.real, "%.9ef" % w.imag
        else:
            if all(abs(x - 1) < 1e-12 for x in w):
                return a
            wr = "(V){%s}" % ", ".join("%.9ef" % x.real for x in w)
            wi = "(V){%s}" % ", ".join("%.9ef" % x.imag for x in w)
        re = self.tmp("%s * %s - %s * %s" % (a[0], wr, a[1], wi))
        im = self.tmp("%s * %s + %s * %s" % (a[0], wi, a[1], wr))
        return (re, im)

    def fft(self, xs):
        """Radix-2 DIT DFT of the list of (re, im) vectors (each lane its own transform)."""
        m = len(xs)
        if m == 1:
            return list(xs)
        even, odd = self.fft(xs[0::2]), self.fft(xs[1::2])
        out = [None] * m
        for q in range(m // 2):
            t = self.mul_const(odd[q], cmath.exp(-2j * math.pi * q / m))
            out[q], out[q + m // 2] = self.add(even[q], t), self.sub(even[q], t)
        return out


BARRIER = '  __asm__ volatile("" : : "r"(%s), "r"(%s) : "memory");'


def kernel_source(name, nu, n, variant, transpose_name):
    m, k = n // nu, n // (nu * nu)
    g = Gen()
    g.lines += ["void %s(const float *xr, const float *xi, float *yr, float *yi) {" % name,
                "  _Alignas(64) float tr[%d], ti[%d], ur[%d], ui[%d];" % (n, n, n, n)]
    # Stage 1: (DFT_m ⊗ I_ν): vector v of x is x[vν .. vν+ν).
    xs = []
    for v in range(m):
        xs.append((g.tmp("load(xr + %d)" % (v * nu)), g.tmp("load(xi + %d)" % (v * nu))))
    for v, (re, im) in enumerate(g.fft(xs)):
        g.lines.append("  store(tr + %d, %s); store(ti + %d, %s);" % (v * nu, re, v * nu, im))
    g.lines.append(BARRIER % ("tr", "ti"))
    # Stage 2: block a (vectors aν .. aν+ν of t) transposed into u[aν² ..]; afterwards vector
    # i·k + a of L^n_ν t is vector aν + i of u (renaming, free).
    src = ("tr", "ti")
    dst = ("ur", "ui") if variant != "noperm" else ("tr", "ti")
    for a in range(k):
        for s, d in zip(src, dst):
            if variant == "shufc":
                g.lines.append("  %s(%s + %d, %s + %d);" % (transpose_name, s, a * nu * nu, d, a * nu * nu))
            elif variant == "gather":
                for i in range(nu):       # u vector aν + i, lane b = t vector aν + b, lane i
                    elems = ", ".join("%s[%d]" % (s, a * nu * nu + b * nu + i) for b in range(nu))
                    g.lines.append("  { V w = {%s}; store(%s + %d, w); }" % (elems, d, a * nu * nu + i * nu))
    g.lines.append(BARRIER % dst)
    # Stage 3: T^n_m then (DFT_ν ⊗ I_m). Vector c = i·k + a of L t holds entries (i, j = aν .. aν+ν).
    ur, ui = dst
    for a in range(k):
        col = []
        for i in range(nu):
            off = (a * nu + i) * nu
            v = (g.tmp("load(%s + %d)" % (ur, off)), g.tmp("load(%s + %d)" % (ui, off)))
            tw = [cmath.exp(-2j * math.pi * i * (a * nu + b) / n) for b in range(nu)]
            col.append(g.mul_const(v, tw))
        for i, (re, im) in enumerate(g.fft(col)):
            off = (i * k + a) * nu                # output entry i·m + j, j = aν + b
            g.lines.append("  store(yr + %d, %s); store(yi + %d, %s);" % (off, re, off, im))
    g.lines.append("}")
    return "\n".join(g.lines) + "\n"


def file_source(target, nu, sizes, transpose_c, transpose_name, tag):
    out = ["/* Generated by bench/stride/dft.py: split-complex DFTs, nu = %d (%s). */" % (nu, target),
           "#include <string.h>",
           "typedef float V __attribute__((vector_size(%d)));" % (4 * nu),
           "static inline V load(const float *p) { V v; memcpy(&v, p, sizeof v); return v; }",
           "static inline void store(float *p, V v) { memcpy(p, &v, sizeof v); }",
           transpose_c.replace("void %s(" % transpose_name, "static inline void %s(" % transpose_name)]
    for n in sizes:
        for var in VARIANTS:
            out.append(kernel_source("%s_dft_%s_%d_%s" % (tag, target, n, var), nu, n, var, transpose_name))
    return "\n".join(out)


HARNESS = r"""// Generated by bench/stride/dft.py: check every DFT against a naive one, then time them.
#include <benchmark/benchmark.h>
#include <alloca.h>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
typedef void (*dft_t)(const float *, const float *, float *, float *);
extern "C" {
%(decls)s
}
struct K { const char *name; dft_t fn; int n; bool is_dft; };
static const K kernels[] = {
%(table)s
};

static double check(const K &k) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  alignas(64) float xr[128], xi[128], yr[128], yi[128];
  double worst = 0;
  for (int trial = 0; trial < 10; ++trial) {
    for (int i = 0; i < k.n; ++i) { xr[i] = u(rng); xi[i] = u(rng); }
    k.fn(xr, xi, yr, yi);
    for (int f = 0; f < k.n; ++f) {
      double sr = 0, si = 0;
      for (int t = 0; t < k.n; ++t) {
        double a = -2 * M_PI * (double)f * t / k.n;
        sr += xr[t] * cos(a) - xi[t] * sin(a);
        si += xr[t] * sin(a) + xi[t] * cos(a);
      }
      worst = std::fmax(worst, std::fmax(std::fabs(sr - yr[f]), std::fabs(si - yi[f])));
    }
  }
  return worst;
}

int main(int argc, char **argv) {
  for (const K &k : kernels) {
    if (!k.is_dft) continue;
    double err = check(k);
    if (!(err < 1e-4 * k.n)) { fprintf(stderr, "DFT MISMATCH: %%s max error %%g\n", k.name, err); return 2; }
  }
  fprintf(stderr, "all DFT kernels agree with the naive DFT\n");
  if (argc > 1 && std::string(argv[1]) == "--check-only") return 0;
  for (const K &k : kernels)
    benchmark::RegisterBenchmark(k.name, [k](benchmark::State &st) {
      static unsigned calls = 0;       // another stack offset modulo 4 KiB per repetition
      volatile char *pad = (volatile char *)alloca(64 + (calls++ * 592) %% 4096);
      pad[0] = 0;
      alignas(64) static float xr[128], xi[128], yr[128], yi[128];
      for (int i = 0; i < k.n; ++i) { xr[i] = (float)i; xi[i] = 1.0f / (i + 1); }
      for (auto _ : st) { k.fn(xr, xi, yr, yi); benchmark::ClobberMemory(); }
    });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
"""


def run_all(binary, out_dir, h, min_time, reps):
    """h: the driver module run.py (its run, shufc, per_repetition, md_table, fmt, compiler
    names). Builds, checks and times the DFTs; returns the markdown table."""
    d = os.path.join(out_dir, "dft")
    os.makedirs(d, exist_ok=True)
    objs, decls, table, shuffles = [], [], [], {}
    for target, nu, sizes, flags in DFT_CONFIGS:
        tname = "tr_%s_%d" % (target, nu)
        perm = "L^%d_%d" % (nu * nu, nu)
        tc = h.shufc(binary, perm, target, "f32", "--emit", "c", "--name", tname)
        shuffles[target] = json.loads(h.shufc(binary, perm, target, "f32", "--json"))["shuffles"]
        for cc, tag in ((h.CLANG, "clang"), (h.GCC, "gcc")):
            # one file per compiler; the kernels' names carry the compiler
            src = os.path.join(d, "dft_%s_%s.c" % (target, tag))
            with open(src, "w") as f:
                f.write(file_source(target, nu, sizes, tc, tname, tag))
            o = src[:-2] + ".o"
            h.run([cc, "-O3", "-std=gnu11", "-ffp-contract=off", "-c", src, "-o", o] + flags)
            objs.append(o)
        for n in sizes:
            for var in VARIANTS:
                for tag in ("clang", "gcc"):
                    sym = "%s_dft_%s_%d_%s" % (tag, target, n, var)
                    decls.append("void %s(const float *, const float *, float *, float *);" % sym)
                    table.append('  {"dft/%s/%d/%s/%s", %s, %d, %s},'
                                 % (target, n, var, tag, sym, n, "false" if var == "noperm" else "true"))
    src = os.path.join(d, "dft_harness.cpp")
    with open(src, "w") as f:
        f.write(HARNESS % dict(decls="\n".join(decls), table="\n".join(table)))
    exe = os.path.join(d, "dft_bench")
    h.run([h.CLANGXX, "-O2", "-std=c++17", src] + objs + ["-o", exe, "-lbenchmark", "-lpthread"])
    h.run([exe, "--check-only"])
    js = os.path.join(d, "timings.json")
    h.run([exe, "--benchmark_min_time=%s" % min_time, "--benchmark_repetitions=%d" % reps,
           "--benchmark_display_aggregates_only=true", "--benchmark_enable_random_interleaving=true", "--benchmark_out=" + js, "--benchmark_out_format=json"])
    t = {name: r["ns"] for name, r in h.per_repetition(js)[0].items()}     # medians over repetitions
    head = ["target", "ν", "n", "k transposes ×2 (re, im)", "shufc shuffles per L_ν^{ν²}", "compiler",
            "shufc L (ns)", "gathers (ns)", "no permutation (ns, not a DFT)", "gathers / shufc",
            "shufc: ns in stage 2", "gathers: ns in stage 2"]
    rows = []
    for target, nu, sizes, _ in DFT_CONFIGS:
        for n in sizes:
            for tag in ("clang", "gcc"):
                g = lambda var: t.get("dft/%s/%d/%s/%s" % (target, n, var, tag))
                s, ga, no = g("shufc"), g("gather"), g("noperm")
                rows.append([target, str(nu), str(n), str(n // (nu * nu)), str(shuffles[target]), tag,
                             h.fmt(s, 2), h.fmt(ga, 2), h.fmt(no, 2), h.fmt(ga / s, 2) + "×",
                             h.fmt(s - no, 2), h.fmt(ga - no, 2)])
    return "#### (e) split-complex DFT_n with L_ν^{ν²} by shufc vs gathers\n\n" + h.md_table(head, rows)
