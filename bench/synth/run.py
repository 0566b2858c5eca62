#!/usr/bin/env python3
"""Time a handful of shufc sequences natively against clang-19 and gcc-12 (Google Benchmark).

Usage: python3 bench/synth/run.py PATH_TO_SHUFC [--work DIR] [--min-time 0.02] [--repetitions 5]

For each case of CASES (about ten per x86 target this host runs: sse4.1, avx2, avx512vbmi, and
LLVM #53124 on avx) it
  1. takes shufc's C (`shufc synth MASK --target T --cpu C --emit c --name shufc_<k>`),
  2. writes the compilers' version (`__builtin_shufflevector` for clang, `__builtin_shuffle` for
     gcc: the same expressions as bench/compare_compilers.py),
  3. builds one Google Benchmark binary per compiler (clang++-19, g++-12): one translation unit per
     target, compiled with that target's flags of compare_compilers.py so the kernels inline into
     the loops of harness.h, plus driver.cpp. Each binary holds shufc's kernel and its own
     compiler's, both compiled by that compiler,
  4. runs it: every kernel is first checked byte for byte against the mask's expected result on
     two input pairs (a mismatch stops the run), then a throughput loop (256 independent shuffles
     over arrays) and a latency loop (the result feeds the next input) per kernel,
and prints a Markdown table of ns per shuffle (medians of --repetitions runs) next to
llvm-mca-19's Block RThroughput of the same cases (compare_compilers.py's measurement).
Needs a host with AVX-512 VBMI (the avx512vbmi kernels run natively). Standard library only.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import compare_compilers as cc  # noqa: E402  (bench/compare_compilers.py: C expressions, llvm-mca)

# Per target: shufc's --target/--cpu and the compilers' flags (compare_compilers.py's, plus avx).
GROUPS = {
    "sse4.1": dict(cc.TARGETS["sse4.1"]),
    "avx": dict(cc.TARGETS["sse4.1"], cflags=["-mavx", "-mno-avx2", "-mtune=skylake"], widths=(16, 32)),
    "avx2": dict(cc.TARGETS["avx2"]),
    "avx512vbmi": dict(cc.TARGETS["avx512vbmi"]),
}


def corpus_line(fname, prefix):
    """The first case of bench/corpus/<fname> starting with prefix (for the long random masks)."""
    with open(os.path.join(cc.CORPUS_DIR, fname)) as f:
        for line in f:
            if line.startswith(prefix):
                return line.strip()
    raise KeyError(prefix)


def seq(elt, xs):
    """Compact mask of integer elements: seq("i8", [..]) -> "v16i8:..."."""
    return cc.compact("i", int(elt[1:]), xs)


# (target, mask, what it is). Chosen from compare_compilers.py's results: mostly llvm-mca wins
# of shufc, some ties and one loss per 128/256-bit target, no `u` lanes (so every byte is checked).
CASES = [
    ("sse4.1", "v4i32:0,4,2,6", "LLVM kind: even dwords of a and b (trn1)"),
    ("sse4.1", "v4i32:7,0,4,6", "random two-input v4i32"),
    ("sse4.1", seq("i8", [x for i in range(1, 16, 2) for x in (i, 16 + i)]), "odd bytes of a and b (trn2)"),
    ("sse4.1", "v16i8:1,4,10,30,12,z,12,23,6,z,16,10,z,9,9,19", "random two-input v16i8 with zeros"),
    ("sse4.1", "v16i8:14,30,24,18,22,25,11,z,13,28,21,16,3,6,17,23", "random two-input v16i8"),
    ("sse4.1", "v16i8:8,15,29,6,19,27,4,11,2,10,19,13,28,18,20,0", "random two-input v16i8"),
    ("sse4.1", "v16i8:7,5,0,9,1,1,10,14,14,5,7,10,11,13,6,14", "random one-input v16i8"),
    ("sse4.1", "v8i16:0,8,1,9,2,10,3,11", "unpack low words"),
    ("sse4.1", "v4i32:0,2,4,6", "even-dword deinterleave"),
    ("sse4.1", seq("i8", list(range(1, 32, 2))), "odd-byte deinterleave"),
    ("avx", "v8f32:8,0,1,2,3,4,5,6", "LLVM #53124: b[0] then a[0..6]"),
    ("avx2", "v8i32:0,8,1,9,2,10,3,11", "full 256-bit dword interleave (low)"),
    ("avx2", seq("i16", list(range(0, 32, 2))), "even-word deinterleave, 256-bit"),
    ("avx2", corpus_line("avx2.txt", "v16i16:26,15,30"), "random two-input v16i16"),
    ("avx2", "v8i16:0,2,4,6,8,10,12,14", "even-word deinterleave, 128-bit"),
    ("avx2", "v16i8:14,30,24,18,22,25,11,z,13,28,21,16,3,6,17,23", "random two-input v16i8"),
    ("avx2", "v4i32:7,0,4,6", "random two-input v4i32"),
    ("avx2", seq("i8", [x for i in range(16) for x in (i, 32 + i)]), "byte interleave over 256 bits (low)"),
    ("avx2", seq("i8", list(range(31, -1, -1))), "byte reverse, 256-bit"),
    ("avx2", "v16i8:8,15,29,6,19,27,4,11,2,10,19,13,28,18,20,0", "random two-input v16i8"),
    ("avx2", corpus_line("avx2.txt", "v32i8:55,5,55"), "random two-input v32i8"),
    ("avx512vbmi", seq("i8", [5] * 64), "broadcast byte 5 over 512 bits"),
    ("avx512vbmi", corpus_line("avx512vbmi.txt", "v32i16:4,43,1,28"), "random two-input v32i16"),
    ("avx512vbmi", corpus_line("avx512vbmi.txt", "v16i16:24,18,11"), "random two-input v16i16"),
    ("avx512vbmi", seq("i16", list(range(0, 32, 2))), "even-word deinterleave, 256-bit"),
    ("avx512vbmi", "v8i16:0,2,4,6,8,10,12,14", "even-word deinterleave, 128-bit"),
    ("avx512vbmi", "v16i8:14,30,24,18,22,25,11,z,13,28,21,16,3,6,17,23", "random two-input v16i8"),
    ("avx512vbmi", "v4i32:1,2,3,4", "dword rotate across a, b"),
    ("avx512vbmi", seq("i8", list(range(1, 128, 2))), "odd-byte deinterleave, 512-bit"),
    ("avx512vbmi", corpus_line("avx512vbmi.txt", "v64i8:112,105,103"), "random two-input v64i8"),
    ("avx512vbmi", corpus_line("avx512vbmi.txt", "v64i8:9,0,47,45"), "random one-input v64i8 (vpermb, #116931-like)"),
    ("avx512vbmi", corpus_line("avx512vbmi.txt", "v32i8:55,5,55"), "random two-input v32i8 (vpermt2b ymm)"),
]

COMPILERS = {"clang": "clang++-19", "gcc": "g++-12"}


def run(cmd, **kw):
    print("+ " + " ".join(cmd), file=sys.stderr)
    return subprocess.run(cmd, check=True, **kw)


def expected_bytes(c, a, b):
    """(bytes, defined) of the shuffle c applied to byte strings a, b."""
    eb = c.elt_bits // 8
    out, defined = [], []
    for x in c.mask:
        for k in range(eb):
            if x == "u":
                out.append(0)
                defined.append(0)
            elif x == "z":
                out.append(0)
                defined.append(1)
            else:
                src = a if x < c.n else b
                out.append(src[(x % c.n) * eb + k])
                defined.append(1)
    return out, defined


def check_inputs(width):
    """Two input pairs: all 2*width bytes distinct (a wrong lane shows), then random bytes."""
    rng = random.Random(7)
    a0, b0 = list(range(width)), [0x80 | i for i in range(width)]
    a1 = [rng.randrange(256) for _ in range(width)]
    b1 = [rng.randrange(256) for _ in range(width)]
    return [(a0, b0), (a1, b1)]


def shufc_c(shufc, c, cfg, target):
    """shufc's C for case c as a static inline function shufc_<idx> (the translation unit's
    flags give the instruction set, so its target attribute and includes go)."""
    name = "shufc_%d" % c.idx
    p = subprocess.run([shufc, "synth", c.text, "--target", target, "--cpu", cfg["cpu"],
                        "--emit", "c", "--name", name], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("shufc failed on %s: %s" % (c.text, p.stderr.strip()))
    lines = [ln for ln in p.stdout.splitlines()
             if not ln.startswith("#include") and "__attribute__((target(" not in ln]
    src = "\n".join(lines).replace("void %s(" % name, "static inline void %s(" % name, 1)
    # An empty asm after each step: clang otherwise merges shufc's intrinsics and lowers the mask
    # its own way (v4i32:0,4,2,6: shufc's pshufd + blendps came out as clang's two shufps), and
    # the "shufc" column would time clang's sequence. No instruction is added.
    # (not after the last step, whose value goes to r)
    outputs = set(re.findall(r"memcpy\(r\w*, &(\w+)", src))
    src = STEP.sub(lambda m: m[0] if m[3] in outputs else
                   '%s%s %s = %s; __asm__("" : "+v"(%s));' % (m[1], m[2], m[3], m[4], m[3]), src)
    steps = re.findall(r"/\* \w+ = ([\w.]+) ", p.stdout)  # the instruction of each step
    return src, steps


STEP = re.compile(r"^(\s*)const (__m\w+) (\w+) = (.+);$", re.M)  # one step of shufc's C


def byte_list(xs):
    return "{" + ",".join(str(x) for x in xs) + "}"


def kernels_tu(group, cases, compiler, shufc_src):
    """One translation unit: the group's kernels (shufc's and the compiler's) and their
    benchmark registrations and checks."""
    body = cc.clang_body if compiler == "clang" else cc.gcc_body
    out = ['#include <immintrin.h>', '#include <stdint.h>', '#include <string.h>',
           '#include "harness.h"', ""]
    out += cc.typedefs(cases)
    reg = []
    for c in cases:
        T, W = cc.tname(c), c.bytes
        out.append("/* %s: %s */" % (group, c.text))
        out.append(shufc_src[c.idx])
        out.append("static inline %s cc_f%d(%s a, %s b) { %s }" % (T, c.idx, T, T, body(c)))
        out.append("static inline void %s_%d(const void *a, const void *b, void *r) {\n"
                   "  %s x, y; memcpy(&x, a, %d); memcpy(&y, b, %d);\n"
                   "  %s z = cc_f%d(x, y); memcpy(r, &z, %d);\n}" % (compiler, c.idx, T, W, W, T, c.idx, W))
        pairs = check_inputs(W)
        exp = [expected_bytes(c, a, b) for a, b in pairs]
        out.append("static const unsigned char check_a_%d[] = %s, check_b_%d[] = %s;"
                   % (c.idx, byte_list(pairs[0][0] + pairs[1][0]), c.idx, byte_list(pairs[0][1] + pairs[1][1])))
        out.append("static const unsigned char expect_%d[] = %s, defined_%d[] = %s;"
                   % (c.idx, byte_list(exp[0][0] + exp[1][0]), c.idx, byte_list(exp[0][1] + exp[1][1])))
        for variant in ("shufc", compiler):
            fn = "%s_%d" % (variant, c.idx)
            reg.append('  check_entries().push_back({"%s/%d", %d, %s, check_a_%d, check_b_%d, expect_%d, defined_%d});'
                       % (variant, c.idx, W, fn, c.idx, c.idx, c.idx, c.idx))
            for loop in ("throughput", "latency"):
                reg.append('  benchmark::RegisterBenchmark("%s/%d/%s", %s_loop<%d, %s>);'
                           % (loop, c.idx, variant, loop, W, fn))
    out.append("static int registered = [] {\n%s\n  return 0;\n}();" % "\n".join(reg))
    return "\n".join(out) + "\n"


def build(compiler, groups, work):
    cxx = COMPILERS[compiler]
    objs, jobs = [], []
    for group, (cases, srcs) in groups.items():
        path = os.path.join(work, "kernels_%s_%s.cpp" % (compiler, group.replace(".", "")))
        with open(path, "w") as f:
            f.write(kernels_tu(group, cases, compiler, srcs))
        objs.append(path[:-4] + ".o")
        jobs.append([cxx, "-std=c++17", "-O3", "-w", "-I", HERE] + GROUPS[group]["cflags"]
                    + ["-c", path, "-o", objs[-1]])
    drv = os.path.join(work, "driver_%s.o" % compiler)
    jobs.append([cxx, "-std=c++17", "-O2", "-I", HERE, "-c", os.path.join(HERE, "driver.cpp"), "-o", drv])
    with ThreadPoolExecutor(max_workers=2) as ex:
        list(ex.map(run, jobs))
    exe = os.path.join(work, "synth_bench_%s" % compiler)
    run([cxx] + objs + [drv, "-lbenchmark", "-lpthread", "-o", exe])
    return exe


def medians(exe, min_time, reps):
    """{(loop, idx, variant): ns per shuffle} from the median of reps runs (CPU time)."""
    p = run([exe, "--benchmark_format=json", "--benchmark_min_time=%s" % min_time,
             "--benchmark_repetitions=%d" % reps, "--benchmark_report_aggregates_only=true"],
            stdout=subprocess.PIPE, text=True)
    out = {}
    for b in json.loads(p.stdout)["benchmarks"]:
        # with one repetition there are no aggregates: take the single run
        if b.get("aggregate_name") == "median" or (reps == 1 and b.get("run_type") == "iteration"):
            loop, idx, variant = b["run_name"].split("/")
            out[(loop, int(idx), variant)] = 1e9 / b["items_per_second"]
    return out


# data-moving vector instructions (not loads, stores or register copies)
SHUFFLE_OP = re.compile(r"shuf|blend|perm|unpck|^v?por|^v?pand|^v?pack|^v?ps[rl][la]|align|insert|extract"
                        r"|broadcast|^v?movs[sd]$|^v?mov(lh|hl)ps$|dup$|^v?pmov[sz]x|^vpmov(u?s)?[wdq][bwd]$|ternlog")


def loop_shuffles(exe):
    """{(kernel name, e.g. "shufc_3"): [mnemonics]}: the shuffle-type instructions of each
    throughput loop in the binary, each once, in order (what the compiler really emitted)."""
    p = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", exe], capture_output=True, text=True)
    out, cur = {}, None
    for line in p.stdout.splitlines():
        m = re.match(r"^[0-9a-f]+ <.*throughput_loop<\d+, &\((\w+)\(.*State&\)>:$", line)
        if m:
            cur = out.setdefault(m.group(1), [])
            continue
        if not line.strip():
            cur = None
            continue
        if cur is not None and "\t" in line:
            insn = line.split("\t")[1] if len(line.split("\t")) > 1 else ""
            mnem = insn.split()[0] if insn.split() else ""
            # movss/movsd count only register to register (else a scalar load/store, e.g. the
            # benchmark library's doubles)
            if re.match(r"v?movs[sd]$", mnem) and "(" in insn:
                continue
            if SHUFFLE_OP.search(mnem) and mnem not in cur:
                cur.append(mnem)
    return out


def mca_costs(shufc, groups, work):
    """{idx: (shufc, clang, gcc) Block RThroughput} from compare_compilers.bench_target."""
    out = {}
    for group, (cases, _) in groups.items():
        cc.bench_target(shufc, group, GROUPS[group], 1000, os.path.join(work, "mca"), False, cases=cases)
        with open(os.path.join(work, "mca", "results-%s.json" % group)) as f:
            for c, r in zip(cases, json.load(f)):
                out[c.idx] = tuple((r[t] or [float("nan")])[0] for t in cc.TOOLS) + (r["verdict"],)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shufc")
    ap.add_argument("--work", help="build directory (default: a new temporary one)")
    ap.add_argument("--min-time", default="0.02", help="--benchmark_min_time per run, seconds")
    ap.add_argument("--repetitions", type=int, default=5, help="runs per benchmark; the table shows the median")
    a = ap.parse_args()
    shufc = os.path.abspath(a.shufc)
    work = a.work or tempfile.mkdtemp(prefix="shufc-synth-bench-")
    os.makedirs(work, exist_ok=True)

    groups, notes = {}, {}
    for k, (group, text, note) in enumerate(CASES):
        kind, bits, n, mask = cc.parse_compact(text)
        c = cc.Case(k, text, kind, bits, n, mask, section=group)
        groups.setdefault(group, ([], {}))[0].append(c)
        notes[k] = note
    steps = {}
    for group, (cases, srcs) in groups.items():
        for c in cases:
            srcs[c.idx], steps[c.idx] = shufc_c(shufc, c, GROUPS[group], group)
    mca = mca_costs(shufc, groups, work)
    exes = {comp: build(comp, groups, work) for comp in COMPILERS}
    ns = {}
    for comp, exe in exes.items():
        for (loop, idx, variant), v in medians(exe, a.min_time, a.repetitions).items():
            # shufc's kernel is in both binaries: name it by the compiler that built it
            ns[(loop, idx, variant if variant != "shufc" else "shufc/" + comp)] = v

    emitted = {comp: loop_shuffles(exe) for comp, exe in exes.items()}
    with open(os.path.join(work, "loop_shuffles.txt"), "w") as f:
        for comp in exes:
            for name, ops in sorted(emitted[comp].items()):
                f.write("%s build, %s: %s\n" % (comp, name, " ".join(ops)))

    cols = ("shufc/clang", "clang", "shufc/gcc", "gcc")
    print("| # | target | case | shufc's steps | clang's / gcc's shuffles | llvm-mca shufc / clang / gcc "
          "| throughput ns: shufc (clang++) / clang / shufc (g++) / gcc "
          "| latency ns: shufc (clang++) / clang / shufc (g++) / gcc |")
    print("|" + "---|" * 8)
    for group, (cases, _) in groups.items():
        for c in cases:
            m = mca[c.idx]
            text = c.text if len(c.text) <= 40 else c.text[:37] + "..."
            theirs = " / ".join(", ".join(emitted[comp].get("%s_%d" % (comp, c.idx), [])) or "-" for comp in exes)
            print("| %d | %s | `%s` (%s) | %s | %s | %.1f / %.1f / %.1f (%s) | %s | %s |"
                  % (c.idx, group, text, notes[c.idx], ", ".join(steps[c.idx]), theirs, m[0], m[1], m[2], m[3],
                     " / ".join("%.2f" % ns.get(("throughput", c.idx, v), float("nan")) for v in cols),
                     " / ".join("%.2f" % ns.get(("latency", c.idx, v), float("nan")) for v in cols)))
    print("\nns per shuffle, median of %d runs (--benchmark_min_time=%s, CPU time); build dir %s "
          "(loop_shuffles.txt: the shuffle instructions of every timed loop, shufc's kernels too)"
          % (a.repetitions, a.min_time, work))
    return 0


if __name__ == "__main__":
    sys.exit(main())
