#!/usr/bin/env python3
"""Measured results for issue 5, part 5 (c), (d), (e): stride permutations L_nu^{nu^2}.

Usage:
    python3 bench/stride/run.py SHUFC_BINARY [--out bench/out/stride] [--only sse2-i16,...]
                                [--min-time S] [--reps N] [--no-dft] [--write-results docs/results.md]

For every configuration (target, element type, nu) it
  1. asks `shufc stride 'L^{nu^2}_nu'` for its Program counts, its C (--emit c), its assembly
     (--emit asm) and the scalar reference (--emit scalar);
  2. writes one C file per variant (shufc's C, shufc's asm wrapped into a function, gathers,
     a scalar loop, plain C loops and __builtin_shufflevector / __builtin_shuffle code for the
     compilers) and compiles it with clang-19 / gcc-12 to an object and to assembly;
  3. counts the instructions of each function's assembly and runs llvm-mca-19 on it;
  4. links everything into one Google Benchmark binary that first checks every kernel against
     the scalar reference on random data (and exits non-zero on any mismatch), then times them;
  5. prints markdown tables (and writes them into docs/results.md with --write-results).
Standard library only; every number in the tables comes from this run.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

CLANG, GCC, CLANGXX, MCA = "clang-19", "gcc-12", "clang++-19", "llvm-mca-19"
MCA_CPUS = ("icelake-server", "sapphirerapids")

SSE2 = ["-march=x86-64", "-mtune=generic"]                     # SSE2 only
AVX2 = ["-march=x86-64", "-mtune=generic", "-mavx2"]
AVX512 = ["-march=x86-64", "-mtune=generic", "-mavx512f", "-mavx512bw", "-mavx512vl", "-mavx512dq"]

# name, shufc target, element type, nu, compiler flags
CONFIGS = [
    ("sse2-f64", "sse2", "f64", 2, SSE2),
    ("sse2-f32", "sse2", "f32", 4, SSE2),
    ("sse2-i16", "sse2", "i16", 8, SSE2),
    ("sse2-i8", "sse2", "i8", 16, SSE2),
    ("avx2-f32", "avx2", "f32", 8, AVX2),
    ("avx2-i16", "avx2", "i16", 16, AVX2),
    ("avx512-i32", "avx512", "i32", 16, AVX512),
    ("avx512-f64", "avx512", "f64", 8, AVX512),
]

CTYPE = {"i8": "signed char", "i16": "short", "i32": "int", "i64": "long long",
         "f32": "float", "f64": "double"}
ITYPE = {1: "signed char", 2: "short", 4: "int", 8: "long long"}
ESIZE = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "f32": 4, "f64": 8}

# Variants: key -> (compiler, which table, description). Order is the table order.
VARIANTS = {
    "shufc-c":        ("clang", "c", "shufc's C (`--emit c`), clang-19 -O3"),
    "shufc-c-gcc":    ("gcc",   "c", "shufc's C (`--emit c`), gcc-12 -O3"),
    "shufc-asm":      ("clang", "c", "shufc's assembly (`--emit asm`) unchanged, between ν vector loads and ν stores"),
    "gather-scalar":  ("clang", "c", "ν gathers, each a vector initializer of ν scalar loads, clang-19 -O3 -fno-slp-vectorize"),
    "gather-hw":      ("clang", "c", "ν hardware gathers (`vpgatherdd` / `vpgatherqq` intrinsics), clang-19 -O3"),
    "scalar":         ("clang", "c", "scalar loop (`--emit scalar`), clang-19 -O3 -fno-vectorize -fno-slp-vectorize"),
    "loop-clang":     ("clang", "d", "plain C loop `y[j*n+i] = x[i*n+j]`, clang-19 -O3"),
    "loop-gcc":       ("gcc",   "d", "plain C loop `y[j*n+i] = x[i*n+j]`, gcc-12 -O3"),
    "tree-clang":     ("clang", "d", "per output vector a balanced tree of ν−1 two-input `__builtin_shufflevector`, clang-19 -O3"),
    "tree-gcc":       ("gcc",   "d", "the same tree with `__builtin_shuffle`, gcc-12 -O3"),
    "concat-clang":   ("clang", "d", "inputs concatenated into one ν²-lane vector, one `__builtin_shufflevector` per output, clang-19 -O3"),
}


def die(msg):
    print("run.py: error: " + msg, file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        die("command failed: %s\n%s%s" % (" ".join(cmd), p.stdout[-3000:], p.stderr[-3000:]))
    return p.stdout


# ----------------------------------------------------------------------------- shufc
def shufc(binary, perm, target, elem, *extra):
    env = dict(os.environ)
    env.setdefault("SHUFC_CACHE_DIR", "/tmp/bench-cache")
    return run([binary, "stride", perm, "--target", target, "--elem", elem] + list(extra), env=env)


def shufc_info(binary, target, elem, nu, name):
    perm = "L^%d_%d" % (nu * nu, nu)
    info = json.loads(shufc(binary, perm, target, elem, "--json"))
    info["c_named"] = shufc(binary, perm, target, elem, "--emit", "c", "--name", name)
    info["asm_text"] = shufc(binary, perm, target, elem, "--emit", "asm")
    # --emit scalar uses int16_t etc. without including <stdint.h>
    info["scalar"] = "#include <stdint.h>\n" + shufc(binary, perm, target, elem, "--emit", "scalar",
                                                     "--name", "REF")
    return info


# ----------------------------------------------------------------------------- C generators
# Everything computes y = L^{nu^2}_nu x: output vector j, lane i is input vector i, lane j.
def vec_typedefs(elem, nu):
    esz = ESIZE[elem]
    return ("typedef %s V __attribute__((vector_size(%d)));\n"
            "typedef %s M __attribute__((vector_size(%d)));\n"
            % (CTYPE[elem], nu * esz, ITYPE[esz], nu * esz))


HEADER = "#include <string.h>\n#include <stddef.h>\n"


def gen_loop(name, elem, nu):
    """The plain C loop on fixed-size arrays. restrict on the parameters: gcc ignores it on
    local pointers and would version the function with a runtime alias check."""
    t = CTYPE[elem]
    return HEADER + (
        "void %s(const void *restrict in, void *restrict out) {\n"
        "  const %s *x = (const %s *)in;\n  %s *y = (%s *)out;\n"
        "  for (int i = 0; i < %d; ++i)\n    for (int j = 0; j < %d; ++j)\n"
        "      y[j * %d + i] = x[i * %d + j];\n}\n") % (name, t, t, t, t, nu, nu, nu, nu)


def gen_scalar(name, scalar_ref):
    """shufc's Table 2 reference under another name (the caller disables vectorization)."""
    return scalar_ref.replace("REF(", name + "(")


def gen_gather_scalar(name, elem, nu):
    """Paper-style gather: each output vector built from nu scalar loads, then one vector store."""
    lines = [HEADER, vec_typedefs(elem, nu),
             "void %s(const void *in, void *out) {\n  const %s *x = (const %s *)in;\n"
             % (name, CTYPE[elem], CTYPE[elem])]
    for j in range(nu):
        elems = ", ".join("x[%d]" % (i * nu + j) for i in range(nu))
        lines.append("  { V v = {%s}; memcpy((char *)out + %d, &v, sizeof v); }\n"
                     % (elems, j * nu * ESIZE[elem]))
    lines.append("}\n")
    return "".join(lines)


def gen_gather_hw(name, elem, nu, target):
    """nu hardware gathers with the integer gather of the element size; None if none fits."""
    esz = ESIZE[elem]
    if target == "avx2" and esz == 4 and nu == 8:
        idx = "_mm256_setr_epi32(%s)" % ", ".join(str(i * nu) for i in range(nu))
        body = ("  const __m256i idx = %s;\n  for (int j = 0; j < %d; ++j)\n"
                "    _mm256_storeu_si256((__m256i *)out + j, _mm256_i32gather_epi32(x + j, idx, 4));\n"
                % (idx, nu))
        ctype = "int"
    elif target == "avx512" and esz == 4 and nu == 16:
        idx = "_mm512_setr_epi32(%s)" % ", ".join(str(i * nu) for i in range(nu))
        body = ("  const __m512i idx = %s;\n  for (int j = 0; j < %d; ++j)\n"
                "    _mm512_storeu_si512((__m512i *)out + j, _mm512_i32gather_epi32(idx, x + j, 4));\n"
                % (idx, nu))
        ctype = "int"
    elif target == "avx512" and esz == 8 and nu == 8:
        idx = "_mm512_setr_epi64(%s)" % ", ".join(str(i * nu) for i in range(nu))
        body = ("  const __m512i idx = %s;\n  for (int j = 0; j < %d; ++j)\n"
                "    _mm512_storeu_si512((__m512i *)out + j, _mm512_i64gather_epi64(idx, x + j, 8));\n"
                % (idx, nu))
        ctype = "long long"
    else:
        return None
    return ("#include <immintrin.h>\nvoid %s(const void *in, void *out) {\n"
            "  const %s *x = (const %s *)in;\n%s}\n" % (name, ctype, ctype, body))


def tree_program(nu, j):
    """Two-input shuffles building output vector j as a balanced tree over the inputs.
    Returns [(dst, a, b, mask)] where mask entries index the concatenation a:b and None is
    "don't care". A node is (expr, {lane: position of the wanted value in expr})."""
    nodes = [("x[%d]" % i, {i: j}) for i in range(nu)]   # x_i holds x_i[j] at lane j, wants lane i
    steps, k = [], 0
    while len(nodes) > 1:
        nxt = []
        for p in range(0, len(nodes), 2):
            (ea, la), (eb, lb) = nodes[p], nodes[p + 1]
            mask = [la[l] if l in la else nu + lb[l] if l in lb else None for l in range(nu)]
            dst = "t%d_%d" % (j, k)
            k += 1
            steps.append((dst, ea, eb, mask))
            nxt.append((dst, {l: l for l in list(la) + list(lb)}))
        nodes = nxt
    return steps


def gen_tree(name, elem, nu, compiler):
    """A programmer's version: per output vector, ν-1 two-input shuffles in a balanced tree.
    clang: __builtin_shufflevector with -1 for don't-care lanes; gcc: __builtin_shuffle, which
    has no don't-care, so such a lane keeps the first operand's own lane."""
    lines = [HEADER, vec_typedefs(elem, nu),
             "void %s(const void *in, void *out) {\n  V x[%d], y[%d];\n  memcpy(x, in, sizeof x);\n"
             % (name, nu, nu)]
    for j in range(nu):
        steps = tree_program(nu, j)
        for dst, a, b, mask in steps:
            if compiler == "clang":
                idx = ", ".join("-1" if m is None else str(m) for m in mask)
                lines.append("  V %s = __builtin_shufflevector(%s, %s, %s);\n" % (dst, a, b, idx))
            else:
                idx = ", ".join(str(l if m is None else m) for l, m in enumerate(mask))
                lines.append("  V %s = __builtin_shuffle(%s, %s, (M){%s});\n" % (dst, a, b, idx))
        lines.append("  y[%d] = %s;\n" % (j, steps[-1][0]))
    lines.append("  memcpy(out, y, sizeof y);\n}\n")
    return "".join(lines)


def gen_concat(name, elem, nu):
    """clang only: concatenate the inputs pairwise into one ν²-lane vector (lane i*ν+j is
    x_i[j]), then each output is one __builtin_shufflevector of that vector."""
    esz = ESIZE[elem]
    lines = [HEADER, vec_typedefs(elem, nu)]
    w = 2
    while w <= nu:
        lines.append("typedef %s V%d __attribute__((vector_size(%d)));\n" % (CTYPE[elem], w, w * nu * esz))
        w *= 2
    lines.append("void %s(const void *in, void *out) {\n  V x[%d], y[%d];\n  memcpy(x, in, sizeof x);\n"
                 % (name, nu, nu))
    level, width, k = ["x[%d]" % i for i in range(nu)], nu, 0
    while len(level) > 1:
        nxt = []
        for p in range(0, len(level), 2):
            dst = "c%d" % k
            k += 1
            lines.append("  V%d %s = __builtin_shufflevector(%s, %s, %s);\n"
                         % (2 * width // nu, dst, level[p], level[p + 1],
                            ", ".join(str(i) for i in range(2 * width))))
            nxt.append(dst)
        level, width = nxt, 2 * width
    big = level[0]
    for j in range(nu):
        lines.append("  y[%d] = __builtin_shufflevector(%s, %s, %s);\n"
                     % (j, big, big, ", ".join(str(i * nu + j) for i in range(nu))))
    lines.append("  memcpy(out, y, sizeof y);\n}\n")
    return "".join(lines)


# ----------------------------------------------------------------------------- shufc asm
REG = re.compile(r"^[xyz]mm\d+$")


def gen_shufc_asm(name, info, nu, esz):
    """Wrap shufc's --emit asm in a function: load the inputs into the registers its header
    names, run it unchanged, store the outputs from theirs. Returns None if it cannot."""
    text = info["asm_text"]
    ins = re.search(r"^# inputs:\s*(.*)$", text, re.M)
    outs = re.search(r"^# outputs:\s*(.*)$", text, re.M)
    if not ins or not outs:
        return None
    in_regs = [p.split("=")[1].strip() for p in ins.group(1).split(",")]
    out_regs = [p.split("=")[1].strip() for p in outs.group(1).split(",")]
    if not all(REG.match(r) for r in in_regs + out_regs):
        return None
    spill = re.search(r"^# spill area: (\d+) bytes at \[rsp\]", text, re.M)
    vbytes = nu * esz
    vex = not info["target"].startswith("sse")          # VEX / EVEX encodings from AVX on
    mov = {16: "vmovdqu" if vex else "movdqu", 32: "vmovdqu", 64: "vmovdqu64"}[vbytes]
    ptr = {16: "xmmword", 32: "ymmword", 64: "zmmword"}[vbytes]
    code, consts, in_consts = [], [], False
    for line in text.splitlines():
        s = line.split("#", 1)[0].rstrip()
        if not s.strip() or s.strip() == ".intel_syntax noprefix":
            continue
        if s.strip().startswith(".p2align") or s.strip().endswith(":"):
            in_consts = True                   # the control constants follow the code
        (consts if in_consts else code).append(s)
    out = [".intel_syntax noprefix", ".text", ".globl %s" % name, ".type %s,@function" % name,
           "%s:" % name]
    if spill:
        out.append("  sub rsp, %d" % int(spill.group(1)))
    out += ["  %s %s, %s ptr [rdi + %d]" % (mov, r, ptr, i * vbytes) for i, r in enumerate(in_regs)]
    out += code
    out += ["  %s %s ptr [rsi + %d], %s" % (mov, ptr, i * vbytes, r) for i, r in enumerate(out_regs)]
    if spill:
        out.append("  add rsp, %d" % int(spill.group(1)))
    if vex:
        out.append("  vzeroupper")
    out += ["  ret", ".size %s, .-%s" % (name, name)]
    if consts:
        out += [".section .rodata"] + consts
    out.append('.section .note.GNU-stack,"",@progbits')
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- asm analysis
SKIP = {"ret", "retq", "vzeroupper", "endbr64", "nop", "nopl", "nopw"}


def function_body(asm, name, intel):
    """Instruction lines of function `name` in compiler (AT&T) or wrapped shufc (Intel) output;
    constants and directives dropped. `loop` is set when the body has jumps."""
    lines, inside, loop = [], False, False
    for raw in asm.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not inside:
            if line == name + ":":
                inside = True
            continue
        if not line:
            continue
        if line.startswith(".cfi_endproc") or line.startswith(".Lfunc_end") or line.startswith(".size") \
                or line.startswith(".section"):
            break
        if line.endswith(":"):                 # .LFB0 and friends; jumps decide "loop"
            continue
        if line.startswith("."):
            continue
        if line.split(None, 1)[0].startswith("j"):
            loop = True
        lines.append(line)
    return lines, loop


# Data-movement ops that run on the shuffle unit (or are blends/inserts), by mnemonic.
SHUF = re.compile(r"^v?(p?unpck|p?shuf|vshuf|p?perm|vperm|palignr|valign|pack|p?insert|p?extract|"
                  r"p?blend|p?broadcast|movlhps|movhlps|movddup|movshdup|movsldup|ps[lr]ldq|"
                  r"pinsr|pextr|pmov[sz]x|p?expand|p?compress|movs[sd]$)")
COPY = re.compile(r"^v?(mov|movl|movq|movd|movaps|movapd|movups|movupd|movdqa|movdqu|"
                  r"movdqa32|movdqa64|movdqu8|movdqu16|movdqu32|movdqu64)$")
VREG = re.compile(r"^%?[xyz]mm\d+$")


def split_operands(ops):
    return [o.strip() for o in re.split(r",(?![^\[(]*[\])])", ops) if o.strip()]


def classify(lines, intel):
    """Counts: instrs (without ret/vzeroupper/nop); loads, stores (mov-family and broadcasts with
    a memory operand); copies (register-to-register moves within one register file);
    shuffles (SHUF above, also with a folded load); other (ALU, shifts, gathers, GPR<->vector
    moves, mask and index setup)."""
    c = dict(instrs=0, loads=0, stores=0, regmoves=0, shuffles=0, other=0)
    for line in lines:
        parts = line.split(None, 1)
        mn, ops = parts[0], parts[1] if len(parts) > 1 else ""
        if mn in SKIP or mn.startswith("nop"):
            continue
        c["instrs"] += 1
        operands = split_operands(ops)
        is_mem = lambda o: ("[" in o) if intel else ("(" in o)
        memop = any(is_mem(o) for o in operands)
        movish = (mn.startswith("mov") or mn.startswith("vmov")) and not SHUF.match(mn)
        if memop and (movish or "broadcast" in mn or mn.startswith("movs") or mn.startswith("vmovs")):
            dst = operands[0] if intel else operands[-1]
            c["stores" if is_mem(dst) else "loads"] += 1
        elif COPY.match(mn) and len(operands) == 2 and \
                len({bool(VREG.match(o.lstrip("%"))) for o in operands}) == 1:
            c["regmoves"] += 1
        elif SHUF.match(mn):
            c["shuffles"] += 1
        else:
            c["other"] += 1
    return c


def mca(lines, intel, cpu):
    body = [l for l in lines if l.split(None, 1)[0] not in SKIP]
    if not body:
        return 0.0
    text = (".intel_syntax noprefix\n" if intel else "") + "\n".join(body) + "\n"
    p = subprocess.run([MCA, "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + cpu, "-iterations=100"],
                       input=text, capture_output=True, text=True)
    m = re.search(r"Block RThroughput:\s*([\d.]+)", p.stdout)
    if p.returncode != 0 or not m:
        print("warning: llvm-mca failed (%s): %s" % (cpu, p.stderr[:300]), file=sys.stderr)
        return None
    return float(m.group(1))


# ----------------------------------------------------------------------------- building
def compile_variant(src_path, compiler, flags, out_dir, key, intel_asm):
    base = os.path.join(out_dir, key)
    obj = base + ".o"
    if intel_asm:                                   # shufc's wrapped assembly
        run([CLANG, "-c", src_path, "-o", obj])
        return obj, open(src_path).read()
    cc = CLANG if compiler == "clang" else GCC
    cflags = ["-O3", "-std=gnu11", "-fno-asynchronous-unwind-tables", "-fno-stack-protector"] + flags
    if key == "scalar":
        cflags += ["-fno-vectorize", "-fno-slp-vectorize"]
    if key == "gather-scalar":      # else clang's SLP turns the AVX-512 initializers into vpgatherdd
        cflags += ["-fno-slp-vectorize"]
    run([cc] + cflags + ["-c", src_path, "-o", obj])
    asm = run([cc] + cflags + ["-S", src_path, "-o", "-"])
    return obj, asm


HARNESS = r"""// Generated by bench/stride/run.py: correctness check against the scalar reference, then timing.
#include <benchmark/benchmark.h>
#include <x86intrin.h>
#include <alloca.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <random>
#include <string>
typedef void (*fn_t)(const void *, void *);
extern "C" {
%(decls)s
}
struct Kernel { const char *name; fn_t fn; fn_t ref; int bytes; int fkind; };
static const Kernel kernels[] = {
%(table)s
};
static void noop(const void *, void *) {}
static fn_t volatile noop_ptr = noop;

// Random input; float types get small integers so that no NaN payload question arises.
static void fill(unsigned char *p, int bytes, int fkind, std::mt19937_64 &rng) {
  if (fkind == 4) for (int i = 0; i < bytes / 4; ++i) ((float *)p)[i] = (float)(int)(rng() %% 20001) - 10000;
  else if (fkind == 8) for (int i = 0; i < bytes / 8; ++i) ((double *)p)[i] = (double)(long)(rng() %% 2000001) - 1000000;
  else for (int i = 0; i < bytes; ++i) p[i] = (unsigned char)rng();
}

static int check_all() {
  std::mt19937_64 rng(12345);
  alignas(64) static unsigned char in[8192], want[8192 + 64], got[8192 + 64];
  int bad = 0;
  for (const Kernel &k : kernels) {
    for (int trial = 0; trial < 20; ++trial) {
      fill(in, k.bytes, k.fkind, rng);
      memset(want, 0xA5, sizeof want);
      memset(got, 0xA5, sizeof got);
      k.ref(in, want);
      k.fn(in, got);
      if (memcmp(want, got, k.bytes + 64) != 0) {   // + 64: nothing written past the output
        fprintf(stderr, "MISMATCH: %%s (trial %%d)\n", k.name, trial);
        ++bad;
        break;
      }
    }
  }
  return bad;
}

static void run_kernel(benchmark::State &st, fn_t fn, int bytes, int fkind) {
  // Every repetition runs the kernel with its stack frame at another offset modulo 4 KiB: a
  // kernel that spills can otherwise be slowed by 4K aliasing between its spill slots and the
  // buffers in some runs and not in others. The minimum over repetitions avoids the bad ones.
  static unsigned calls = 0;
  volatile char *pad = (volatile char *)alloca(64 + (calls++ * 592) %% 4096);
  pad[0] = 0;
  alignas(64) static unsigned char in[8192], out[8192];
  std::mt19937_64 rng(1);
  fill(in, bytes, fkind, rng);
  uint64_t t0 = __rdtsc();
  for (auto _ : st) {
    fn(in, out);
    benchmark::ClobberMemory();
  }
  uint64_t t1 = __rdtsc();
  st.counters["tsc"] = benchmark::Counter((double)(t1 - t0) / (double)st.iterations());
}

int main(int argc, char **argv) {
  int bad = check_all();
  if (bad) { fprintf(stderr, "%%d kernel(s) disagree with the scalar reference\n", bad); return 2; }
  fprintf(stderr, "all %%d kernels agree with the scalar reference\n", (int)(sizeof kernels / sizeof *kernels));
  if (argc > 1 && std::string(argv[1]) == "--check-only") return 0;
  benchmark::RegisterBenchmark("call-overhead", [](benchmark::State &st) { run_kernel(st, noop_ptr, 64, 0); });
  // 1000 dependent 1-cycle register adds per iteration: ns per iteration / 1000 = the core's
  // clock period. (Not `add $1`: Golden Cove-class cores fold immediate adds at rename.)
  benchmark::RegisterBenchmark("clock-1000-adds", [](benchmark::State &st) {
    uint64_t x = 0, y = 1;
    for (auto _ : st) asm volatile(".rept 1000\n\taddq %%1, %%0\n\t.endr" : "+r"(x) : "r"(y));
    benchmark::DoNotOptimize(x);
  });
  for (const Kernel &k : kernels)
    benchmark::RegisterBenchmark(k.name, [k](benchmark::State &st) { run_kernel(st, k.fn, k.bytes, k.fkind); });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
"""


def build_config(binary, cfg, out_dir, pool):
    cname, target, elem, nu, flags = cfg
    esz = ESIZE[elem]
    cdir = os.path.join(out_dir, cname)
    os.makedirs(cdir, exist_ok=True)
    sym = lambda key: "k_%s_%s" % (cname.replace("-", "_"), key.replace("-", "_"))
    info = shufc_info(binary, target, elem, nu, sym("shufc-c"))
    sources = {
        "shufc-c": info["c_named"],
        "shufc-c-gcc": info["c_named"].replace(sym("shufc-c") + "(", sym("shufc-c-gcc") + "("),
        "shufc-asm": gen_shufc_asm(sym("shufc-asm"), info, nu, esz),
        "gather-scalar": gen_gather_scalar(sym("gather-scalar"), elem, nu),
        "gather-hw": gen_gather_hw(sym("gather-hw"), elem, nu, target),
        "scalar": gen_scalar(sym("scalar"), info["scalar"]),
        "loop-clang": gen_loop(sym("loop-clang"), elem, nu),
        "loop-gcc": gen_loop(sym("loop-gcc"), elem, nu),
        "tree-clang": gen_tree(sym("tree-clang"), elem, nu, "clang"),
        "tree-gcc": gen_tree(sym("tree-gcc"), elem, nu, "gcc"),
        "concat-clang": gen_concat(sym("concat-clang"), elem, nu),
    }
    # The checker: shufc's scalar reference at -O0, so that it shares no optimiser with the kernels.
    ref_src = os.path.join(cdir, "ref.c")
    with open(ref_src, "w") as f:
        f.write(info["scalar"].replace("REF(", "ref_%s(" % cname.replace("-", "_")))
    ref_obj = os.path.join(cdir, "ref.o")
    run([CLANG, "-O0", "-c", ref_src, "-o", ref_obj])

    jobs = {}
    for key, src in sources.items():
        if src is None:
            continue
        intel = key == "shufc-asm"
        path = os.path.join(cdir, key + (".s" if intel else ".c"))
        with open(path, "w") as f:
            f.write(src)
        jobs[key] = pool.submit(compile_variant, path, VARIANTS[key][0], flags, cdir, key, intel)
    results = {}
    for key, fut in jobs.items():
        obj, asm = fut.result()
        intel = key == "shufc-asm"
        body, loop = function_body(asm, sym(key), intel)
        if not body:
            die("no body found for %s in %s" % (sym(key), cname))
        counts = classify(body, intel)
        r = dict(obj=obj, sym=sym(key), loop=loop, **counts)
        for cpu in MCA_CPUS:
            r["mca_" + cpu] = None if loop else mca(body, intel, cpu)
        results[key] = r
    return dict(name=cname, target=target, elem=elem, nu=nu, flags=flags, info=info,
                ref_obj=ref_obj, ref_sym="ref_" + cname.replace("-", "_"), variants=results)


def build_harness(configs, out_dir):
    decls, table, objs = [], [], []
    for c in configs:
        fkind = {"f32": 4, "f64": 8}.get(c["elem"], 0)
        nbytes = c["nu"] * c["nu"] * ESIZE[c["elem"]]
        decls.append("void %s(const void *, void *);" % c["ref_sym"])
        objs.append(c["ref_obj"])
        for key, r in c["variants"].items():
            decls.append("void %s(const void *, void *);" % r["sym"])
            objs.append(r["obj"])
            table.append('  {"%s/%s", %s, %s, %d, %d},' % (c["name"], key, r["sym"], c["ref_sym"], nbytes, fkind))
    src = os.path.join(out_dir, "harness.cpp")
    with open(src, "w") as f:
        f.write(HARNESS % dict(decls="\n".join(decls), table="\n".join(table)))
    exe = os.path.join(out_dir, "stride_bench")
    run([CLANGXX, "-O2", "-std=c++17", src] + objs + ["-o", exe, "-lbenchmark", "-lpthread"])
    return exe


def time_all(exe, out_dir, min_time, reps):
    run([exe, "--check-only"])          # fails loudly (exit 2) on any mismatch
    js = os.path.join(out_dir, "timings.json")
    run([exe, "--benchmark_min_time=%s" % min_time, "--benchmark_repetitions=%d" % reps,
         "--benchmark_display_aggregates_only=true", "--benchmark_enable_random_interleaving=true", "--benchmark_out=" + js,
         "--benchmark_out_format=json"])
    return per_repetition(js)


def per_repetition(js):
    """Per benchmark over its repetitions: ns = the median CPU time (the repetitions are
    randomly interleaved across benchmarks, so a burst of load from the other tenants of this
    shared machine hits single repetitions; the minimum is not used because CPU-time accounting
    in the guest now and then under-counts a repetition by a few percent), ns_min, and min /
    median TSC ticks."""
    data = json.load(open(js))
    reps = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "iteration":
            reps.setdefault(b["run_name"], []).append(b)
    med = lambda xs: sorted(xs)[len(xs) // 2]
    res = {}
    for name, bs in reps.items():
        res[name] = dict(ns=med([b["cpu_time"] for b in bs]), ns_min=min(b["cpu_time"] for b in bs),
                         tsc=med([b.get("tsc", 0) for b in bs]), tsc_min=min(b.get("tsc", 0) for b in bs),
                         reps=len(bs))
    return res, data.get("context", {})


# ----------------------------------------------------------------------------- tables
def fmt(x, nd=1):
    if x is None:
        return "–"
    if isinstance(x, float):
        return ("%." + str(nd) + "f") % x
    return str(x)


def counts_cells(r):
    star = "*" if r["loop"] else ""
    return ["%d%s" % (r["instrs"], star), str(r["loads"]), str(r["stores"]), str(r["regmoves"]),
            str(r["shuffles"]), str(r["other"])]


def tables(configs, timing, ghz):
    out = []
    cyc = lambda ns: None if ns is None or ghz is None else ns * ghz
    # Paper-style summary (Table 3), one column per configuration.
    head = ["", *["%s %s ν=%d" % (c["target"].upper(), c["elem"], c["nu"]) for c in configs]]
    rows = []

    def row(label, f):
        rows.append([label] + [f(c) for c in configs])

    def t(c, key, field="ns"):
        v = timing.get("%s/%s" % (c["name"], key))
        return None if v is None else v[field]

    row("shufc: shuffles (Program)", lambda c: str(c["info"]["shuffles"]))
    row("shufc: lower bound ν·log₂ν", lambda c: fmt(c["info"].get("lower_bound")))
    row("shufc: moves (loads+stores)", lambda c: str(c["info"]["moves"]))
    row("shufc C via clang-19: shuffles (+ copies, other)", lambda c: "%d (+%d, %d)" % (
        c["variants"]["shufc-c"]["shuffles"], c["variants"]["shufc-c"]["regmoves"],
        c["variants"]["shufc-c"]["other"]))
    row("shufc C via clang-19: ns", lambda c: fmt(t(c, "shufc-c"), 2))
    row("shufc C via clang-19: cycles", lambda c: fmt(cyc(t(c, "shufc-c"))))
    row("shufc C via clang-19: TSC ticks (min)", lambda c: fmt(t(c, "shufc-c", "tsc_min")))
    row("shufc asm as emitted: ns", lambda c: fmt(t(c, "shufc-asm"), 2))
    row("shufc C: llvm-mca RThroughput (%s)" % MCA_CPUS[0],
        lambda c: fmt(c["variants"]["shufc-c"]["mca_" + MCA_CPUS[0]]))
    row("gather (scalar loads): instrs", lambda c: counts_cells(c["variants"]["gather-scalar"])[0])
    row("gather (scalar loads): ns", lambda c: fmt(t(c, "gather-scalar"), 2))
    row("gather (scalar loads): cycles", lambda c: fmt(cyc(t(c, "gather-scalar"))))
    row("gather (scalar loads): TSC ticks (min)", lambda c: fmt(t(c, "gather-scalar", "tsc_min")))
    row("gather (scalar loads): llvm-mca (%s)" % MCA_CPUS[0],
        lambda c: fmt(c["variants"]["gather-scalar"]["mca_" + MCA_CPUS[0]]))
    row("hw gather: instrs", lambda c: counts_cells(c["variants"]["gather-hw"])[0] if "gather-hw" in c["variants"] else "–")
    row("hw gather: ns", lambda c: fmt(t(c, "gather-hw"), 2))
    row("hw gather: cycles", lambda c: fmt(cyc(t(c, "gather-hw"))))
    row("hw gather: llvm-mca (%s)" % MCA_CPUS[0],
        lambda c: fmt(c["variants"]["gather-hw"]["mca_" + MCA_CPUS[0]]) if "gather-hw" in c["variants"] else "–")
    row("scalar loop: ns", lambda c: fmt(t(c, "scalar"), 2))
    row("scalar loop: cycles", lambda c: fmt(cyc(t(c, "scalar"))))
    row("best gather / shufc C (time)", lambda c: fmt(min(x for x in (t(c, "gather-scalar"), t(c, "gather-hw")) if x)
                                                    / t(c, "shufc-c"), 2) + "×")
    out.append("#### Table 3 on this machine (summary)\n")
    out.append(md_table(head, rows))
    out.append("\nVariants (columns of the tables below; each `void f(const void *in, void *out)`):\n")
    out.append("\n".join("- `%s`: %s" % (k, v[2]) for k, v in VARIANTS.items()) + "\n")

    # (d) at a glance: shuffles in the compiled code / measured cycles.
    dkeys = ["shufc-c", "loop-clang", "loop-gcc", "tree-clang", "tree-gcc", "concat-clang"]
    head = ["config", "shufc Program (bound)"] + dkeys
    rows = []
    for c in configs:
        cells = []
        for k in dkeys:
            r = c["variants"][k]
            cells.append("%d%s / %s" % (r["shuffles"], "*" if r["loop"] else "", fmt(cyc(t(c, k)))))
        rows.append([c["name"], "%s (%s)" % (c["info"]["shuffles"], c["info"].get("lower_bound"))] + cells)
    out.append("\n#### (d) at a glance: shuffle instructions in the compiled code / measured cycles\n")
    out.append(md_table(head, rows))

    for part, title in (("c", "(c) shuffle-based vs gather-based vs scalar, per configuration"),
                        ("d", "(d) the same transposes compiled by clang-19 / gcc-12 (shufc's C for reference)")):
        out.append("\n#### %s\n" % title)
        head = ["config", "variant", "instrs", "loads", "stores", "copies", "shuffles", "other",
                "mca %s" % MCA_CPUS[0], "mca %s" % MCA_CPUS[1], "ns", "cycles", "time / shufc C"]
        rows = []
        for c in configs:
            base = t(c, "shufc-c")
            keys = [k for k in VARIANTS if VARIANTS[k][1] == part or (part == "d" and k == "shufc-c")]
            for k in keys:
                if k not in c["variants"]:
                    continue
                r = c["variants"][k]
                ns = t(c, k)
                rows.append([c["name"], k] + counts_cells(r) +
                            [fmt(r["mca_" + MCA_CPUS[0]]), fmt(r["mca_" + MCA_CPUS[1]]),
                             fmt(ns, 2), fmt(cyc(ns)), fmt(ns / base if ns and base else None, 2)])
        out.append(md_table(head, rows))
    return "\n".join(out) + "\n"


def md_table(head, rows):
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def machine():
    model = "?"
    for line in run(["lscpu"]).splitlines():
        if line.startswith("Model name:"):
            model = line.split(":", 1)[1].strip()
    flags = open("/proc/cpuinfo").read()
    extra = [f for f in ("avx512vbmi", "avx512_vbmi2", "avx512_fp16", "amx_tile") if f in flags]
    ver = lambda cmd: run([cmd, "--version"]).strip().splitlines()
    mca = next(l.strip() for l in ver(MCA) if "version" in l)
    return model, extra, [ver(CLANG)[0], ver(GCC)[0], "llvm-mca-19: " + mca]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("shufc")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out", "stride"))
    ap.add_argument("--only", help="comma-separated configuration names")
    ap.add_argument("--min-time", default="0.2", help="Google Benchmark min time per repetition (s)")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--no-dft", action="store_true")
    ap.add_argument("--write-results", help="replace the stride section of this markdown file")
    args = ap.parse_args()
    binary = os.path.abspath(args.shufc)
    for tool in (CLANG, GCC, CLANGXX, MCA):
        if not shutil.which(tool):
            die(tool + " not found")
    out_dir = os.path.abspath(args.out)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    cfgs = [c for c in CONFIGS if not args.only or c[0] in args.only.split(",")]

    t0 = time.time()
    with ThreadPoolExecutor(max_workers=2) as pool:     # shared 2-core machine
        configs = [build_config(binary, c, out_dir, pool) for c in cfgs]
    print("built in %.1f s" % (time.time() - t0), file=sys.stderr)
    exe = build_harness(configs, out_dir)
    timing, ctx = time_all(exe, out_dir, args.min_time, args.reps)
    overhead = timing.get("call-overhead", {}).get("ns")
    clock = timing.get("clock-1000-adds", {}).get("ns")
    ghz = 1000.0 / clock if clock else None
    dft_text = ""
    if not args.no_dft:
        import dft
        dft_text = dft.run_all(binary, out_dir, sys.modules[__name__], args.min_time, args.reps)

    model, extra_flags, versions = machine()
    text = tables(configs, timing, ghz) + ("\n" + dft_text if dft_text else "")
    json.dump(dict(configs=[{k: v for k, v in c.items() if k != "info"} | {"shufc": {
        k: c["info"][k] for k in ("formula", "shuffles", "moves", "lower_bound") if k in c["info"]}}
        for c in configs], timing=timing), open(os.path.join(out_dir, "results.json"), "w"), indent=1)
    header = ("Machine: `%s` (lscpu model name; flags include %s), %s CPUs, TSC %s MHz; core clock "
              "measured with a chain of dependent adds: %s GHz (cycles = ns × that). %s. "
              "Empty-function call through the same pointer: %s ns = %s cycles (included in every "
              "time). Times: median CPU time over %s repetitions, randomly interleaved across kernels.\n"
              % (model, ", ".join(extra_flags), ctx.get("num_cpus"), ctx.get("mhz_per_cpu"),
                 fmt(ghz, 2), "; ".join(versions), fmt(overhead, 2),
                 fmt(overhead * ghz if overhead and ghz else None), args.reps))
    formulas = "\n".join("- %s: `%s` (%s shuffles, bound %s)" % (
        c["name"], c["info"]["formula"], c["info"]["shuffles"], c["info"].get("lower_bound"))
        for c in configs)
    report = header + "\nshufc's formulas:\n\n" + formulas + "\n\n" + text
    with open(os.path.join(out_dir, "tables.md"), "w") as f:
        f.write(report)
    print(report)
    if args.write_results:
        write_results(args.write_results, report)


BEGIN, END = "<!-- bench/stride/run.py: begin -->", "<!-- bench/stride/run.py: end -->"


def write_results(path, report):
    """Replace the generated block between the markers (the prose around it stays)."""
    text = open(path).read()
    block = BEGIN + "\n" + report + END
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    sys.path.insert(0, HERE)          # for dft.py
    main()
