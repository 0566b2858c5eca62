#!/usr/bin/env python3
"""Issue 6, part 7: OptVLS on real loops.

Builds every loop of loops.c as
  scalar        clang-19 -O3 -mavx2 -fno-vectorize -fno-slp-vectorize
  clang_avx2    clang-19 -O3 -mavx2 -S -emit-llvm, then llc-19 -O2 -mattr=+avx2
  shufc         the same IR through `shufc vls --target avx2 --cpu CPU` (groups rewritten where the
                server's cost beats LLVM's), then llc-19 -O2 -mattr=+avx2
  shufc_always  the same with --always (every group the server serves)
  clang_native  clang-19 -O3 -march=native
  gcc_native    gcc-12 -O3 -march=native
  gather_avx2 / gather_avx512   gathers.c (float and double; AVX-512 also scatters)
links them with bench.cpp (Google Benchmark; each variant is first checked against the scalar
loop byte for byte), runs it and prints a Markdown table of ns per element with each variant's
speed-up over clang_avx2 (medians of --repetitions runs), and llvm-mca-19's Block RThroughput
(-mcpu=CPU) of the vector loop body (llc's first innermost loop per function) before and after
the rewrite (clang_avx2 / shufc_always: the same IR).

Usage: bench/vls/run.py PATH_TO_SHUFC [--cpu skylake] [--work DIR] [--min-time 0.2] [--repetitions 5]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ["scalar", "clang_avx2", "shufc", "shufc_always", "clang_native", "gcc_native", "gather_avx2", "gather_avx512"]


def run(cmd, **kw):
    print("+ " + " ".join(cmd), file=sys.stderr)
    return subprocess.run(cmd, check=True, **kw)


def vector_loops(asm):
    """Per function: the first innermost loop of llc's output (the vector body; its epilogue
    loops come later), as the instruction lines llvm-mca reads."""
    out, fn, body, label = {}, None, None, None
    for line in asm.splitlines():
        t = line.split("#", 1)[0].strip()  # code without llc's comment
        if t.endswith(":") and not t.startswith("."):
            fn, body, label = t[:-1], None, None
            continue
        if fn is None or fn in out:
            continue
        if body is None:
            if "Inner Loop Header" in line and t.startswith(".LBB"):
                label, body = t[:-1], []
            continue
        if not t or t.startswith("."):
            continue
        body.append(t)
        if t.split()[0].startswith("j") and t.split()[-1] == label:
            out[fn] = "\n".join(body) + "\n"
    return out


def mca_block_rthroughput(code, cpu):
    r = subprocess.run(["llvm-mca-19", "-mtriple=x86_64", f"-mcpu={cpu}"], input=code, capture_output=True, text=True)
    for line in r.stdout.splitlines():
        if line.startswith("Block RThroughput:"):
            return float(line.split(":")[1])
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shufc")
    ap.add_argument("--cpu", default="skylake")
    ap.add_argument("--work")
    ap.add_argument("--min-time", default="0.2")
    ap.add_argument("--repetitions", default="5", help="runs per benchmark; the table shows the median")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="bench_vls_")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(HERE, "loops.c")
    o = lambda name: os.path.join(work, name)

    run(["clang-19", "-O3", "-mavx2", "-fno-vectorize", "-fno-slp-vectorize", "-DPFX=scalar_", "-c", src, "-o", o("scalar.o")])
    for prefix in ["clang_avx2", "shufc", "shufc_always"]:
        run(["clang-19", "-O3", "-mavx2", "-S", "-emit-llvm", f"-DPFX={prefix}_", src, "-o", o(prefix + ".in.ll")])
    os.rename(o("clang_avx2.in.ll"), o("clang_avx2.ll"))
    with open(o("shufc.report.txt"), "w") as rep:
        run([a.shufc, "vls", o("shufc.in.ll"), "--target", "avx2", "--cpu", a.cpu, "-o", o("shufc.ll")], stdout=rep)
    with open(o("shufc_always.report.txt"), "w") as rep:
        run([a.shufc, "vls", o("shufc_always.in.ll"), "--target", "avx2", "--cpu", a.cpu, "--always", "-o", o("shufc_always.ll")], stdout=rep)
    for prefix in ["clang_avx2", "shufc", "shufc_always"]:
        run(["opt-19", "-passes=verify", "-disable-output", o(prefix + ".ll")])
        run(["llc-19", "-O2", "-mattr=+avx2", "-filetype=obj", o(prefix + ".ll"), "-o", o(prefix + ".o")])
    run(["clang-19", "-O3", "-march=native", "-DPFX=clang_native_", "-c", src, "-o", o("clang_native.o")])
    run(["gcc-12", "-O3", "-march=native", "-DPFX=gcc_native_", "-c", src, "-o", o("gcc_native.o")])
    run(["clang-19", "-O2", "-c", os.path.join(HERE, "gathers.c"), "-o", o("gathers.o")])
    objs = [o(v + ".o") for v in ["scalar", "clang_avx2", "shufc", "shufc_always", "clang_native", "gcc_native", "gathers"]]
    run(["clang++-19", "-std=c++20", "-O2", os.path.join(HERE, "bench.cpp")] + objs + ["-lbenchmark", "-lpthread", "-o", o("bench_vls")])
    res = run([o("bench_vls"), "--benchmark_format=json", f"--benchmark_min_time={a.min_time}",
               f"--benchmark_repetitions={a.repetitions}", "--benchmark_report_aggregates_only=true"], stdout=subprocess.PIPE)
    data = json.loads(res.stdout)
    with open(o("results.json"), "w") as f:
        json.dump(data, f, indent=1)

    ns = {}  # (kernel, variant) -> median ns per element
    for b in data["benchmarks"]:
        if b.get("aggregate_name", "median") != "median":
            continue
        kernel, variant = b["name"].split("/")[:2]
        ns[(kernel, variant.removesuffix("_median"))] = 1e9 / b["items_per_second"]
    kernels = []
    for b in data["benchmarks"]:
        k = b["name"].split("/")[0]
        if k not in kernels:
            kernels.append(k)
    # llvm-mca-19 on the vector loop body of the same IR before and after the rewrite.
    mca = {}
    for prefix in ["clang_avx2", "shufc_always"]:
        asm = subprocess.run(["llc-19", "-O2", "-mattr=+avx2", o(prefix + ".ll"), "-o", "-"], check=True,
                             capture_output=True, text=True).stdout
        for fn, code in vector_loops(asm).items():
            mca[(fn.removeprefix(prefix + "_"), prefix)] = mca_block_rthroughput(code, a.cpu)
    rewritten = {}
    for line in open(o("shufc.report.txt")):
        for k in kernels:
            if f"@shufc_{k} " in line and line.rstrip().endswith(": rewritten"):
                rewritten[k] = True
    print(f"median of {a.repetitions} runs, ns per element (lower is better), n = 4096 per field; x = speed-up over clang_avx2; "
          f"* = shufc rewrote a group by its cost model ({a.cpu})")
    print("| loop | " + " | ".join(VARIANTS) + " | mca clang_avx2 / shufc_always |")
    print("|---|" + "---|" * (len(VARIANTS) + 1))
    for k in kernels:
        base = ns.get((k, "clang_avx2"))
        cells = []
        for v in VARIANTS:
            t = ns.get((k, v))
            cells.append("—" if t is None else f"{t:.3f} ({base / t:.2f}x)")
        m0, m1 = mca.get((k, "clang_avx2")), mca.get((k, "shufc_always"))
        cells.append(f"{m0:.2f} / {m1:.2f}" if m0 is not None and m1 is not None else "—")
        print(f"| {k}{' *' if rewritten.get(k) else ''} | " + " | ".join(cells) + " |")
    print(f"\nwork directory: {work}", file=sys.stderr)


if __name__ == "__main__":
    main()
