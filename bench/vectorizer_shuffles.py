#!/usr/bin/env python3
"""Every shuffle clang-19's vectorizer writes for real loops, given to `shufc synth`.

    python3 bench/vectorizer_shuffles.py build/bin/shufc [--targets ssse3,avx2] [--keep DIR]

bench/kernels/kernels.c (complex arithmetic, pixel formats, interleaved streams, transposes,
reverses, byte swaps, narrowing and widening) is compiled with `clang-19 -O3 -S -emit-llvm` for
each target's flags; `shufc synth FILE.ll --json` takes the module whole, as a user would paste
it. Per target: the shuffles in the file, how many shufc answered, how many proven optimal, the
summed cost of the answers, and every refusal grouped by its message (a refusal is exit 1 with a
reason; anything else, a crash or exit 2, fails the run)."""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels", "kernels.c")

TARGETS = {
    "sse2": (["--target=x86_64-linux-gnu", "-msse2"], "skylake"),
    "ssse3": (["--target=x86_64-linux-gnu", "-mssse3"], "skylake"),
    "sse4.1": (["--target=x86_64-linux-gnu", "-msse4.1"], "skylake"),
    "avx2": (["--target=x86_64-linux-gnu", "-mavx2"], "skylake"),
    "avx512vbmi": (["--target=x86_64-linux-gnu", "-march=icelake-server"], "icelake-server"),
    "neon": (["--target=aarch64-linux-gnu", "-mcpu=neoverse-n1"], "neoverse-n1"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("shufc")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--budget-ms", type=int, default=1000)
    ap.add_argument("--keep", help="write each target's .ll and JSON lines here")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="shufc-kernels-")
    os.makedirs(work, exist_ok=True)
    print("| target (cpu) | shuffles | answered | proven | refused | mean cost (summed rthroughput) | mean instructions | wall s |")
    print("|---|---|---|---|---|---|---|---|")
    refusals = {}
    failed = False
    for t in args.targets.split(","):
        flags, cpu = TARGETS[t]
        ll = os.path.join(work, f"kernels_{t}.ll")
        subprocess.run([args.clang, "-O3", "-S", "-emit-llvm", *flags, KERNELS, "-o", ll], check=True)
        with open(ll) as f:
            shuffles = sum(1 for line in f if re.search(r"= shufflevector ", line))
        start = time.time()
        p = subprocess.run([args.shufc, "synth", ll, "--target", t, "--cpu", cpu, "--json", "--budget-ms", str(args.budget_ms)],
                           capture_output=True, text=True)
        wall = time.time() - start
        with open(os.path.join(work, f"kernels_{t}.jsonl"), "w") as f:
            f.write(p.stdout)
        answers = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
        errors = [line for line in p.stderr.splitlines() if line.strip()]
        if p.returncode not in (0, 1) or (p.returncode == 1 and not errors):
            print(f"shufc synth {ll} --target {t}: exit {p.returncode}\n{p.stderr}", file=sys.stderr)
            failed = True
        # "shufc: error: FILE:LINE: @fn: message" -> message
        reasons = collections.Counter(re.sub(r"^shufc: error: [^:]+:\d+: (@[^:]+: )?", "", e) for e in errors)
        refusals[t] = reasons
        proven = sum(1 for a in answers if a.get("optimal"))
        costs = [a["cost"]["throughput"] for a in answers]
        instrs = [a["cost"]["instructions"] for a in answers]
        mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
        print(f"| {t} ({cpu}) | {shuffles} | {len(answers)} | {proven} | {sum(reasons.values())} | {mean(costs):.2f} | {mean(instrs):.2f} | {wall:.1f} |")
    for t, reasons in refusals.items():
        for msg, n in reasons.most_common():
            print(f"  {t}: {n} x {msg}")
    print(f"(.ll files and JSON lines in {work})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
