#!/usr/bin/env python3
"""Every shuffle clang-19's vectorizer writes for real loops, given to `shufc synth`.

    python3 bench/vectorizer_shuffles.py build/bin/shufc [--targets ssse3,avx2] [--keep DIR]

bench/kernels/kernels.c (complex arithmetic, pixel formats, interleaved streams, transposes,
reverses, byte swaps, narrowing and widening) is compiled with `clang-19 -O3 -S -emit-llvm` for
each target's flags; `shufc synth FILE.ll --json` takes the module whole, as a user would paste
it. Per target: the shuffles in the file, how many shufc answered, how many proven optimal, the
summed cost of the answers, and every refusal grouped by its message (a refusal is exit 1 with a
reason; anything else, a crash or exit 2, fails the run).

Then each shuffle against LLVM's own lowering of it: the same `shufflevector` alone in a function of
its operands (`define <M x T> @f(<N x T> %a, <N x T> %b)`), compiled by `llc-19 -O3` for the same
CPU, and both sequences measured by llvm-mca-19 (Block RThroughput, tie within 0.05). Moves that
only return a result in memory (a wide result's stores through the sret pointer) are left out of
llc's code; a function whose operands arrive in general registers or on the stack (a <24 x i8> on
AArch64 is 24 scalar arguments) is not comparable and counted apart ("n/a"). A concatenation is
free for both (no instruction) and counts as a tie.

`--ll FILE` takes shuffles already in IR instead of the loops: an LLVM module, or a file of bare
`shufflevector` instructions (as LLVM's own `llvm/test/CodeGen/X86/vector-shuffle-*.ll` tests
write them), each then wrapped in a function of its value operands; the same file for every
target."""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_compilers as cc  # noqa: E402  (llvm-mca regions and asm splitting)

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
# llc-19 triple and -mattr per target (the CPU is the target's cost model's).
LLC = {
    "sse2": ("x86_64-linux-gnu", "-ssse3,-sse4.1,-avx"),
    "ssse3": ("x86_64-linux-gnu", "+ssse3,-sse4.1,-avx"),
    "sse4.1": ("x86_64-linux-gnu", "+sse4.1,-avx"),
    "avx2": ("x86_64-linux-gnu", "+avx2"),
    "avx512vbmi": ("x86_64-linux-gnu", None),
    "neon": ("aarch64-linux-gnu", None),
}
SHUFFLE = re.compile(r"shufflevector (<\d+ x [^>]+>) (\S+), (<\d+ x [^>]+>) (.+?), (<(\d+) x i32>) ?(.*)$")


def module_of(path):
    """The text of an LLVM module: the file itself where it defines functions, else each line
    holding a `shufflevector` instruction in a function of its own, its value operands the
    function's parameters (a line whose operands are neither values nor constants is left out)."""
    with open(path) as f:
        text = f.read()
    if re.search(r"^define ", text, flags=re.M):
        return text
    funcs = []
    for line in text.splitlines():
        m = SHUFFLE.search(line)
        if not m:
            continue
        ty, x, ty2, y, mty, m_lanes, mask = m.groups()
        elt = re.match(r"<\d+ x ([^>]+)>", ty).group(1)
        rty = "<%s x %s>" % (m_lanes, elt)
        params = []
        for v, t in ((x, ty), (y, ty2)):
            if v.startswith("%") and "%s %s" % (t, v) not in params:
                params.append("%s %s" % (t, v))
        k = len(funcs)
        funcs.append("define %s @s_%d(%s) {\n  %%shuffled = shufflevector %s %s, %s %s, %s %s\n  ret %s %%shuffled\n}\n" % (
            rty, k, ", ".join(params), ty, x, ty2, y, mty, mask, rty))
    return "".join(funcs)


def llc_functions(answers):
    """Per answer's shufflevector, two functions: f_k of its value operands in registers
    (parameters), and g_k of them in memory (loaded through pointers, the result stored)."""
    out = []
    for k, a in enumerate(answers):
        m = SHUFFLE.search(a["input"])
        if not m:
            continue
        ty, x, ty2, y, mty, m_lanes, mask = m.groups()
        elt = re.match(r"<\d+ x ([^>]+)>", ty).group(1)
        rty = "<%s x %s>" % (m_lanes, elt)
        params, loads = [], []

        def operand(v, name, t):
            if v.startswith("%"):
                params.append("%s %%%s" % (t, name))
                loads.append("  %%%s = load volatile %s, ptr %%p%s, align 64\n" % (name, t, name))
                return "%" + name
            return v
        xa = operand(x, "a", ty)
        yb = xa if y == x else operand(y, "b", ty2)  # (one value twice: one operand, as shufc reads it)
        shuffle = "  %%r = shufflevector %s %s, %s %s, %s %s\n" % (ty, xa, ty2, yb, mty, mask)
        in_regs = "define %s @f_%d(%s) {\n%s  ret %s %%r\n}\n" % (rty, k, ", ".join(params), shuffle, rty)
        in_memory = "define void @g_%d(ptr %%pa, ptr %%pb, ptr %%pr) {\n%s%s  store volatile %s %%r, ptr %%pr, align 64\n  ret void\n}\n" % (
            k, "".join(loads), shuffle, rty)
        out.append((k, in_regs + in_memory))
    return out


def abi_only(insn, arch, in_memory):
    """A move that only passes operands or the result: through the sret pointer (registers'
    version), or loads of the operands and the store of the result (memory version)."""
    op = insn.split()[0]
    if arch == "aarch64":
        if in_memory:
            return op in ("ldr", "ldp", "ld1", "ldur", "str", "stp", "st1", "stur") and re.search(r"\[x[012][,\]]", insn)
        return op in ("str", "stp", "st1") and "[x8" in insn
    if in_memory:
        return op.lstrip("v").startswith("mov") and re.search(r"\(%r(di|si|dx)\)", insn)
    return (op.startswith("mov") or op.startswith("vmov")) and ("(%rdi)" in insn or insn == "movq %rdi, %rax")


def not_comparable(insns, arch):
    """Operands that arrive in general registers or on the stack (illegal vector types' ABI). An
    operand's load folded into a shuffle (`vshufps $136, 32(%rdi), %ymm0, %ymm0`, memory version)
    stays: llc's code, one more load uop."""
    if arch == "aarch64":
        insns = [re.sub(r"\[x[012](, #\d+)?\]", "[mem]", i) for i in insns]
        return any("sp" in re.split(r"[\s,\[\]#]+", i) or re.search(r"\b[wx][0-7]\b", i) for i in insns)
    insns = [re.sub(r"-?\d*\(%r(di|si|dx)\)", "mem", i) for i in insns]
    return any("(%rsp)" in i or re.search(r"%(e|r)(di|si|dx|cx)\b|%r[89]d?\b", i) for i in insns)


def against_llc(t, cpu, answers, work):
    """(wins, ties, losses, n/a, [loss lines]) of shufc against llc-19 on each answer's shuffle."""
    triple, attrs = LLC[t]
    arch = "aarch64" if triple.startswith("aarch64") else "x86"
    funcs = llc_functions(answers)
    ll, asm = os.path.join(work, f"alone_{t}.ll"), os.path.join(work, f"alone_{t}.s")
    with open(ll, "w") as f:
        f.write("".join(text for _, text in funcs))
    cmd = ["llc-19", "-O3", "-mtriple=" + triple, "-mcpu=" + cpu] + (["-mattr=" + attrs] if attrs else []) + [ll, "-o", asm]
    subprocess.run(cmd, check=True)
    with open(asm) as f:
        text = f.read()
    code = cc.split_functions(text, arch)
    code_in_memory = cc.split_functions(re.sub(r"^g_(\d+):", r"f_\1:", re.sub(r"^f_\d+:", "h:", text, flags=re.M), flags=re.M), arch)
    llc_regions, shufc_regions, na = {}, {}, set()
    for k, _ in funcs:
        # Operands in registers where the ABI passes them so, else in memory (illegal types).
        insns = [i for i in code.get(k, []) if not abi_only(i, arch, False)]
        if not_comparable(insns, arch):
            insns = [i for i in code_in_memory.get(k, []) if not abi_only(i, arch, True)]
            if not_comparable(insns, arch):
                na.add(k)
                continue
        mine, _ = cc.shufc_insns(answers[k]["asm"], arch)
        if insns:
            llc_regions["l%d" % k] = insns
        if mine:
            shufc_regions["s%d" % k] = mine
    mca = ["-mtriple=" + triple, "-mcpu=" + cpu]
    got_l, _ = cc.mca_regions(mca, llc_regions, work, f"llc_{t}")
    got_s, _ = cc.mca_regions(mca, shufc_regions, work, f"shufc_{t}")
    wins = ties = losses = 0
    lines = []
    for k, _ in funcs:
        if k in na:
            continue
        if ("s%d" % k in shufc_regions and "s%d" % k not in got_s) or ("l%d" % k in llc_regions and "l%d" % k not in got_l):
            na.add(k)  # (llvm-mca could not read one of them)
            continue
        mine = got_s["s%d" % k][0] if "s%d" % k in shufc_regions else 0.0
        theirs = got_l["l%d" % k][0] if "l%d" % k in llc_regions else 0.0
        if mine < theirs - cc.TOL:
            wins += 1
        elif mine > theirs + cc.TOL:
            losses += 1
            lines.append(f"  {t}: shufc {mine:.2f} vs llc {theirs:.2f}: {answers[k]['input'][:160]}")
        else:
            ties += 1
    return wins, ties, losses, len(na), lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("shufc")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--budget-ms", type=int, default=1000)
    ap.add_argument("--keep", help="write each target's .ll and JSON lines here")
    ap.add_argument("--no-llc", action="store_true", help="leave out the comparison with llc-19")
    ap.add_argument("--kernels", default=KERNELS, help="the C file of loops (default bench/kernels/kernels.c)")
    ap.add_argument("--ll", help="shuffles already in IR instead of the loops: a module, or a file of shufflevector lines")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="shufc-kernels-")
    os.makedirs(work, exist_ok=True)
    print("| target (cpu) | shuffles | answered | proven | refused | mean cost (summed rthroughput) | mean instructions | wall s |")
    print("|---|---|---|---|---|---|---|---|")
    refusals = {}
    versus = {}
    failed = False
    for t in args.targets.split(","):
        flags, cpu = TARGETS[t]
        ll = os.path.join(work, f"kernels_{t}.ll")
        if args.ll:
            with open(ll, "w") as f:
                f.write(module_of(args.ll))
        else:
            subprocess.run([args.clang, "-O3", "-S", "-emit-llvm", *flags, args.kernels, "-o", ll], check=True)
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
        if not args.no_llc:
            versus[t] = (cpu, against_llc(t, cpu, answers, work))
    for t, reasons in refusals.items():
        for msg, n in reasons.most_common():
            print(f"  {t}: {n} x {msg}")
    if versus:
        print("\nAgainst LLVM's lowering of the same shuffles (llc-19 -O3, llvm-mca-19 Block RThroughput):\n")
        print("| target (cpu) | compared | wins | ties | losses | n/a |")
        print("|---|---|---|---|---|---|")
        for t, (cpu, (w, ti, lo, na, _)) in versus.items():
            print(f"| {t} ({cpu}) | {w + ti + lo} | {w} | {ti} | {lo} | {na} |")
        for t, (_, (*_, lines)) in versus.items():
            for line in lines:
                print(line)
    print(f"(.ll files and JSON lines in {work})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
