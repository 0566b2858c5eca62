#!/usr/bin/env python3
"""Compare shufc synth against clang-19 -O3 and gcc-12 -O3 on a corpus of shuffles.

Usage:
    python3 bench/compare_compilers.py build/bin/shufc [--targets ssse3,sse4.1,avx2,avx512vbmi,neon]
    python3 bench/compare_compilers.py --write-corpus      # regenerate bench/corpus/*.txt

For every case of bench/corpus/<target>.txt (compact masks, one a line, `#` comments):
  1. shufc synth CASE --target T --cpu C  -> its "asm" (an error is "shufc: no answer"),
  2. clang-19 -O3 on __builtin_shufflevector(a, b, idx...),
  3. gcc-12 -O3 on __builtin_shuffle(a, b, mask) (aarch64-linux-gnu-gcc for neon),
then llvm-mca-19 -iterations=100 on each instruction sequence, comparing "Block RThroughput"
(and reporting uops per iteration). All cases of a target go into one C file (one function
each) compiled once per compiler, and into one llvm-mca run per tool (code regions).
After the summary table: wins/ties/losses per corpus `#` section, random-mask sections against the
rest (share of random masks where shufc is strictly cheaper), and the shufc / best ratio's
quantiles and histogram (--no-stats: only the summary). ssse3 reuses the sse4.1 corpus and rejects
any SSE4.1-or-newer instruction in the listings.
Standard library only.
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS_DIR = os.path.join(HERE, "corpus")

X86_MCA = ["-mtriple=x86_64-unknown-linux-gnu"]
# Instructions newer than SSSE3 (SSE4.1/4.2 mnemonics, AT&T); any VEX/EVEX one starts with "v".
# -mno-sse4.1 should keep the compilers off them; the ssse3 run checks every listing.
SSE41_MNEMONICS = re.compile(
    r"^(v\w+|blendv?p[sd]|dpp[sd]|extractps|insertps|movntdqa|mpsadbw|packusdw|pblendvb|pblendw"
    r"|pcmpeqq|pcmpgtq|pcmp[ei]str[im]|pextr[bdq]|pinsr[bdq]|phminposuw|pmax(sb|sd|ud|uw)"
    r"|pmin(sb|sd|ud|uw)|pmov[sz]x\w+|pmuldq|pmulld|ptest|round[ps][sd])$")
# ...and newer than SSE2 (SSE3, SSSE3): the sse2 run's check.
SSSE3_MNEMONICS = re.compile(
    SSE41_MNEMONICS.pattern[:-2] + r"|pshufb|palignr|ph(add|sub)\w+|pabs[bwd]|psign[bwd]|pmaddubsw|pmulhrsw"
    r"|movddup|movs[hl]dup|lddqu|addsubp[sd]|h(add|sub)p[sd])$")
TARGETS = {
    "sse2": dict(corpus="sse41.txt", cpu="skylake", arch="x86",
                 cflags=["-msse2", "-mno-sse3", "-mtune=skylake"], gcc="gcc-12",
                 mca=X86_MCA + ["-mcpu=skylake"], widths=(16,), forbid=SSSE3_MNEMONICS),
    "ssse3": dict(corpus="sse41.txt", cpu="skylake", arch="x86",
                  cflags=["-mssse3", "-mno-sse4.1", "-mtune=skylake"], gcc="gcc-12",
                  mca=X86_MCA + ["-mcpu=skylake"], widths=(16,), forbid=SSE41_MNEMONICS),
    "sse4.1": dict(corpus="sse41.txt", cpu="skylake", arch="x86",
                   cflags=["-msse4.1", "-mno-avx", "-mtune=skylake"], gcc="gcc-12",
                   mca=X86_MCA + ["-mcpu=skylake"], widths=(16,)),
    "avx2": dict(corpus="avx2.txt", cpu="skylake", arch="x86",
                 cflags=["-march=skylake"], gcc="gcc-12",
                 mca=X86_MCA + ["-mcpu=skylake"], widths=(16, 32)),
    "avx512vbmi": dict(corpus="avx512vbmi.txt", cpu="icelake-server", arch="x86",
                       cflags=["-march=icelake-server"], gcc="gcc-12",
                       mca=X86_MCA + ["-mcpu=icelake-server"], widths=(16, 32, 64)),
    "neon": dict(corpus="neon.txt", cpu="neoverse-n1", arch="aarch64",
                 cflags=["-mcpu=neoverse-n1"], clang_extra=["--target=aarch64-linux-gnu"],
                 gcc="aarch64-linux-gnu-gcc",
                 mca=["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"], widths=(8, 16)),
}
TOOLS = ("shufc", "clang", "gcc")
TOL = 0.05  # llvm-mca prints Block RThroughput with one decimal


# ----------------------------------------------------------------------------- masks
class Case:
    def __init__(self, idx, text, elt_kind, elt_bits, n, mask, section=""):
        self.idx, self.text, self.section = idx, text, section
        self.elt_kind, self.elt_bits, self.n, self.mask = elt_kind, elt_bits, n, mask
        self.bytes = n * elt_bits // 8


COMPACT = re.compile(r"^v(\d+)([if])(\d+):(.*)$")


def parse_compact(text):
    m = COMPACT.match(text.replace(" ", ""))
    if not m:
        raise ValueError("not a compact mask: " + text)
    n, kind, bits = int(m.group(1)), m.group(2), int(m.group(3))
    mask = []
    for tok in m.group(4).split(","):
        if tok in ("u", "z"):
            mask.append(tok)
        else:
            v = int(tok)
            if not 0 <= v < 2 * n:
                raise ValueError("index out of range: " + text)
            mask.append(v)
    return kind, bits, n, mask


def section_name(header):
    """Short name of a `# ...` section header: up to its first '(' or ':'
    ("# random masks (seed 20240607): ..." -> "random masks")."""
    return re.split(r"[(:]", header.lstrip("#"), 1)[0].strip()


def is_random(section):
    return "random" in section


def load_corpus(path, widths):
    cases, skipped = [], []
    section = ""
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                section = section_name(line)
                continue
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            kind, bits, n, mask = parse_compact(line)
            if len(mask) != n or n * bits // 8 not in widths or bits % 8:
                skipped.append(line)
                continue
            cases.append(Case(len(cases), line, kind, bits, n, mask, section))
    return cases, skipped


def compact(kind, bits, mask):
    return "v%d%s%d:%s" % (len(mask), kind, bits, ",".join(str(x) for x in mask))


# ----------------------------------------------------------------------------- C source
CTYPE = {("i", 8): "signed char", ("i", 16): "short", ("i", 32): "int", ("i", 64): "long long",
         ("f", 32): "float", ("f", 64): "double"}
ITYPE = {8: "signed char", 16: "short", 32: "int", 64: "long long"}


def tname(c):
    return "T_v%d%s%d" % (c.n, c.elt_kind, c.elt_bits)


def mname(c):
    return "M_v%d%s%d" % (c.n, c.elt_kind, c.elt_bits)


def typedefs(cases):
    seen, out = set(), []
    for c in cases:
        if tname(c) in seen:
            continue
        seen.add(tname(c))
        out.append("typedef %s %s __attribute__((vector_size(%d)));"
                   % (CTYPE[(c.elt_kind, c.elt_bits)], tname(c), c.bytes))
        out.append("typedef %s %s __attribute__((vector_size(%d)));"
                   % (ITYPE[c.elt_bits], mname(c), c.bytes))
    return out


def sources(mask, n):
    defined = [x for x in mask if isinstance(x, int)]
    return any(x < n for x in defined), any(x >= n for x in defined)


def clang_body(c):
    """Return the body of f_k using __builtin_shufflevector (undef -> -1)."""
    n, T, mask = c.n, tname(c), c.mask
    uses_a, uses_b = sources(mask, n)
    if "z" not in mask:
        idx = [-1 if x == "u" else x for x in mask]
        return "return __builtin_shufflevector(a, b, %s);" % ", ".join(map(str, idx))
    zero = "(%s){0}" % T
    if not uses_b:   # a and zeros: zero vector as the second operand
        idx = [-1 if x == "u" else n if x == "z" else x for x in mask]
        return "return __builtin_shufflevector(a, %s, %s);" % (zero, ", ".join(map(str, idx)))
    if not uses_a:   # b and zeros: zero vector as the first operand
        idx = [-1 if x == "u" else 0 if x == "z" else x for x in mask]
        return "return __builtin_shufflevector(%s, b, %s);" % (zero, ", ".join(map(str, idx)))
    inner = [-1 if x in ("u", "z") else x for x in mask]
    outer = [n if x == "z" else -1 if x == "u" else i for i, x in enumerate(mask)]
    return ("%s t = __builtin_shufflevector(a, b, %s); return __builtin_shufflevector(t, %s, %s);"
            % (T, ", ".join(map(str, inner)), zero, ", ".join(map(str, outer))))


def gcc_fill(mask, n, zero_idx):
    """__builtin_shuffle has no undef: a `u` lane continues its left neighbour (prev + 1),
    else precedes its right neighbour, else takes its own lane; `z` -> zero_idx."""
    out = []
    for i, x in enumerate(mask):
        if x == "z":
            out.append(zero_idx)
        elif x == "u":
            prev = out[-1] if out and isinstance(mask[i - 1], int) else None
            nxt = next((y for y in mask[i + 1:] if isinstance(y, int)), None)
            if prev is not None and prev + 1 < 2 * n:
                out.append(prev + 1)
            elif nxt is not None and nxt >= 1:
                out.append(nxt - 1)
            else:
                out.append(i)
        else:
            out.append(x)
    return out


def gcc_body(c):
    n, T, M, mask = c.n, tname(c), mname(c), c.mask
    uses_a, uses_b = sources(mask, n)

    def lit(v):
        return "(%s){%s}" % (M, ", ".join(map(str, v)))
    if "z" not in mask:
        return "return __builtin_shuffle(a, b, %s);" % lit(gcc_fill(mask, n, 0))
    zero = "(%s){0}" % T
    if not uses_b:
        return "return __builtin_shuffle(a, %s, %s);" % (zero, lit(gcc_fill(mask, n, n)))
    if not uses_a:
        return "return __builtin_shuffle(%s, b, %s);" % (zero, lit(gcc_fill(mask, n, 0)))
    inner = gcc_fill([("u" if x == "z" else x) for x in mask], n, 0)
    outer = [n if x == "z" else i for i, x in enumerate(mask)]
    return ("%s t = __builtin_shuffle(a, b, %s); return __builtin_shuffle(t, %s, %s);"
            % (T, lit(inner), zero, lit(outer)))


def c_file(cases, body):
    lines = typedefs(cases)
    for c in cases:
        lines.append("/* %s */" % c.text)
        lines.append("%s f_%d(%s a, %s b) { %s }" % (tname(c), c.idx, tname(c), tname(c), body(c)))
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- asm
def strip_comment(line, arch):
    marker = "//" if arch == "aarch64" else "#"
    return line.split(marker, 1)[0].strip()


SKIP_INSNS = {"ret", "retq", "endbr64"}


def split_functions(asm_text, arch):
    """Instructions of each f_k: everything between the label and the end, minus ret,
    directives, labels and comments (constant-pool loads stay)."""
    funcs, cur = {}, None
    for raw in asm_text.splitlines():
        line = strip_comment(raw, arch)
        m = re.match(r"^f_(\d+):$", line)
        if m:
            cur = int(m.group(1))
            funcs[cur] = []
            continue
        if cur is None or not line:
            continue
        if line.startswith(".Lfunc_end") or line.startswith(".size") or line == ".cfi_endproc":
            cur = None
            continue
        if line.endswith(":") or line.startswith("."):
            continue
        if line.split()[0] in SKIP_INSNS:
            continue
        funcs[cur].append(line)
    return funcs


def shufc_insns(asm_text, arch):
    out, outreg = [], ""
    for raw in asm_text.splitlines():
        s = raw.strip()
        m = re.search(r"outputs:\s*(.*)$", s)
        if m:
            outreg = m.group(1)
        line = strip_comment(raw, arch)
        if not line:
            continue
        if line.endswith(":") or line.startswith("."):
            break  # control constants follow the code
        out.append(line)
    return out, outreg


def compile_all(compiler, args, src, workdir, stem):
    cpath = os.path.join(workdir, stem + ".c")
    spath = os.path.join(workdir, stem + ".s")
    with open(cpath, "w") as f:
        f.write(src)
    p = subprocess.run([compiler] + args + ["-o", spath, cpath], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (compiler, p.stderr[-4000:]))
    with open(spath) as f:
        return f.read()


# ----------------------------------------------------------------------------- shufc
def run_shufc(shufc, cases, target, cpu, budget, workdir, objective="throughput"):
    """Returns {idx: (json or None, error text)}. Uses --batch when available."""
    res = {}
    path = os.path.join(workdir, "cases.txt")
    with open(path, "w") as f:
        for c in cases:
            f.write(c.text + "\n")
    base = ["--target", target, "--cpu", cpu, "--budget-ms", str(budget), "--objective", objective]
    p = subprocess.run([shufc, "synth", path, "--batch"] + base, capture_output=True, text=True)
    for line in p.stdout.splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        if "line" in j and "asm" in j:
            res[j["line"] - 1] = (j, "")
    for line in p.stderr.splitlines():
        m = re.search(re.escape(path) + r":(\d+):\s*(.*)$", line)
        if m and int(m.group(1)) - 1 not in res:
            res[int(m.group(1)) - 1] = (None, m.group(2))
    missing = [c for c in cases if c.idx not in res]

    def one(c):
        q = subprocess.run([shufc, "synth", c.text, "--json"] + base, capture_output=True, text=True)
        if q.returncode == 0:
            try:
                return c.idx, (json.loads(q.stdout.splitlines()[0]), "")
            except (ValueError, IndexError):
                pass
        return c.idx, (None, (q.stderr.strip() or q.stdout.strip() or "rc=%d" % q.returncode))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        for k, v in ex.map(one, missing):
            res[k] = v
    return res


# ----------------------------------------------------------------------------- llvm-mca
def parse_mca(text):
    """{region name: (block rthroughput, total uops)}"""
    out, name = {}, None
    uops = None
    for line in text.splitlines():
        m = re.match(r"^\[\d+\] Code Region - (\S+)", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r"^Iterations:\s+(\d+)", line)
        if m:
            iters = int(m.group(1))
        m = re.match(r"^Total uOps:\s+(\d+)", line)
        if m:
            uops = int(m.group(1)) / max(iters, 1)
        m = re.match(r"^Block RThroughput:\s+([\d.]+)", line)
        if m:
            out[name] = (float(m.group(1)), uops)
    return out


def mca_regions(mca, regions, workdir, stem):
    """regions: {name: [insns]} (non-empty). One llvm-mca run; if it fails, one run each."""
    def run(regs, tag):
        path = os.path.join(workdir, "%s-%s.s" % (stem, tag))
        with open(path, "w") as f:
            for name, insns in regs.items():
                f.write("# LLVM-MCA-BEGIN %s\n" % name)
                for i in insns:
                    f.write("  %s\n" % i)
                f.write("# LLVM-MCA-END %s\n" % name)
        p = subprocess.run(["llvm-mca-19"] + mca + ["-iterations=100", "-instruction-info=false",
                            "-resource-pressure=false", path], capture_output=True, text=True)
        return p
    if not regions:
        return {}, {}
    p = run(regions, "all")
    if p.returncode == 0:
        got = parse_mca(p.stdout)
        if len(got) == len(regions):
            return got, {}
    got, errs = {}, {}

    def one(item):
        name, insns = item
        q = run({name: insns}, name)
        return name, q
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        for name, q in ex.map(one, regions.items()):
            r = parse_mca(q.stdout) if q.returncode == 0 else {}
            if name in r:
                got[name] = r[name]
            else:
                errs[name] = q.stderr.strip()[-500:]
    return got, errs


# ----------------------------------------------------------------------------- driver
def bench_target(shufc, target, cfg, budget, outdir, verbose, drop_adrp=False, cases=None, objective="throughput"):
    """cases: a list of Case to use instead of the target's corpus (bench/synth/run.py)."""
    t0 = time.time()
    if cases is None:
        cases, skipped = load_corpus(os.path.join(CORPUS_DIR, cfg["corpus"]), cfg["widths"])
    else:
        skipped = []
    arch = cfg["arch"]
    workdir = tempfile.mkdtemp(prefix="shufc-cmp-")
    try:
        sres = run_shufc(shufc, cases, target, cfg["cpu"], budget, workdir, objective)
        t_shufc = time.time() - t0
        clang_args = ["-O3", "-S", "-w"] + cfg.get("clang_extra", []) + cfg["cflags"]
        if arch == "x86":
            clang_args.append("-masm=att")
        gcc_args = ["-O3", "-S", "-w", "-Wno-psabi", "-fno-asynchronous-unwind-tables"] + cfg["cflags"]
        if arch == "x86":
            gcc_args += ["-masm=att", "-fcf-protection=none"]
        csrc = c_file(cases, clang_body)
        gsrc = c_file(cases, gcc_body)
        asm = {
            "clang": split_functions(compile_all("clang-19", clang_args, csrc, workdir, "clang"), arch),
            "gcc": split_functions(compile_all(cfg["gcc"], gcc_args, gsrc, workdir, "gcc"), arch),
        }
        if drop_adrp:
            # shufc loads its constants with a PC-relative literal `ldr q, label` (one
            # instruction); the compilers use adrp + ldr [x, :lo12:]. This variant drops the
            # adrp so that both pay one load per constant.
            for tool in ("clang", "gcc"):
                asm[tool] = {k: [i for i in v if i.split()[0] != "adrp"] for k, v in asm[tool].items()}
        shufc_out = {}
        asm["shufc"] = {}
        for c in cases:
            j, err = sres.get(c.idx, (None, "no result"))
            if j is not None:
                asm["shufc"][c.idx], shufc_out[c.idx] = shufc_insns(j["asm"], arch)
        if cfg.get("forbid"):
            check_isa(cfg["forbid"], target, asm, sres, cases, arch)
        perf, mca_errs = {}, {}
        for tool in TOOLS:
            regions = {"c%d" % k: v for k, v in asm[tool].items() if v}
            got, errs = mca_regions(cfg["mca"], regions, workdir, tool)
            perf[tool] = {}
            for k, v in asm[tool].items():
                if not v:
                    perf[tool][k] = (0.0, 0.0)
                elif "c%d" % k in got:
                    perf[tool][k] = got["c%d" % k]
            mca_errs[tool] = errs
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    wins = ties = losses = 0
    ratios, loss_log, rows = [], [], []
    case_ratio = {}  # idx -> shufc / best compiler (inf: shufc > 0 against an empty body)
    uops_sum = {t: 0.0 for t in TOOLS}
    uops_n = 0
    thr_sum = {t: 0.0 for t in TOOLS}
    for c in cases:
        s = perf["shufc"].get(c.idx)
        comp = [perf[t][c.idx] for t in ("clang", "gcc") if c.idx in perf[t]]
        best = min(comp, key=lambda x: (x[0], x[1])) if comp else None
        if best is None:
            verdict = "no compiler result"
        elif s is None:
            verdict = "loss"
        elif s[0] < best[0] - TOL:
            verdict = "win"
        elif s[0] <= best[0] + TOL:
            verdict = "tie"
        else:
            verdict = "loss"
        if s is not None and best is not None:
            if best[0] > 0:
                ratios.append(s[0] / best[0])
                case_ratio[c.idx] = ratios[-1]
            elif s[0] == 0:
                ratios.append(1.0)
                case_ratio[c.idx] = 1.0
            else:
                case_ratio[c.idx] = float("inf")
            if all(c.idx in perf[t] for t in TOOLS):
                uops_n += 1
                for t in TOOLS:
                    uops_sum[t] += perf[t][c.idx][1]
                    thr_sum[t] += perf[t][c.idx][0]
        wins += verdict == "win"
        ties += verdict == "tie"
        losses += verdict == "loss"
        rows.append((c, verdict))
        if verdict == "loss":
            loss_log.append(describe(c, target, sres, asm, perf, shufc_out, clang_body, gcc_body))
    os.makedirs(outdir, exist_ok=True)
    suffix = "-noadrp" if drop_adrp else ""
    logpath = os.path.join(outdir, "losses-%s%s.txt" % (target, suffix))
    with open(logpath, "w") as f:
        f.write("# shufc losses on %s (cpu %s): %d of %d cases\n\n" % (target, cfg["cpu"], losses, len(cases)))
        f.write("\n".join(loss_log))
        for tool in TOOLS:
            for name, e in mca_errs[tool].items():
                f.write("\n# llvm-mca error (%s, %s): %s\n" % (tool, name, e))
    with open(os.path.join(outdir, "results-%s%s.json" % (target, suffix)), "w") as f:
        json.dump([{"case": c.text, "section": c.section, "random": is_random(c.section), "verdict": v,
                    "ratio": case_ratio.get(c.idx) if case_ratio.get(c.idx, 0) != float("inf") else "inf",
                    **{t: perf[t].get(c.idx) for t in TOOLS},
                    "shufc_error": sres.get(c.idx, (None, ""))[1] or None} for c, v in rows], f, indent=0)
    no_answer = sum(1 for c in cases if c.idx not in perf["shufc"])
    return dict(target=target + (" (adrp dropped)" if drop_adrp else ""), cpu=cfg["cpu"], cases=len(cases), skipped=len(skipped), wins=wins,
                ties=ties, losses=losses, no_answer=no_answer,
                median=statistics.median(ratios) if ratios else float("nan"),
                uops={t: uops_sum[t] / max(uops_n, 1) for t in TOOLS},
                thr={t: thr_sum[t] / max(uops_n, 1) for t in TOOLS}, both=uops_n,
                seconds=time.time() - t0, shufc_seconds=t_shufc, log=logpath,
                sections=section_stats(rows, case_ratio),
                random=tally([(c, v) for c, v in rows if is_random(c.section)], case_ratio),
                rest=tally([(c, v) for c, v in rows if not is_random(c.section)], case_ratio),
                ratios=[case_ratio[c.idx] for c, _ in rows if c.idx in case_ratio])


def check_isa(forbid, target, asm, sres, cases, arch):
    """Fail if any listing uses an instruction outside the target (e.g. SSE4.1 on ssse3)."""
    bad = []
    for tool in TOOLS:
        for k, insns in asm[tool].items():
            for i in insns:
                if forbid.match(i.split()[0]):
                    bad.append("%s case %d (%s): %s" % (tool, k, cases[k].text, i))
    if bad:
        raise RuntimeError("instructions outside %s:\n  %s" % (target, "\n  ".join(bad[:40])))


def tally(rows, case_ratio):
    """wins / ties / losses of (case, verdict) rows, and the median shufc/best ratio."""
    rs = [case_ratio[c.idx] for c, _ in rows if c.idx in case_ratio]
    return dict(cases=len(rows), wins=sum(v == "win" for _, v in rows),
                ties=sum(v == "tie" for _, v in rows), losses=sum(v == "loss" for _, v in rows),
                median=statistics.median(rs) if rs else float("nan"))


def section_stats(rows, case_ratio):
    """[(section, tally)] in corpus order."""
    order, by = [], {}
    for c, v in rows:
        if c.section not in by:
            order.append(c.section)
            by[c.section] = []
        by[c.section].append((c, v))
    return [(sec, tally(by[sec], case_ratio)) for sec in order]


def describe(c, target, sres, asm, perf, shufc_out, cb, gb):
    j, err = sres.get(c.idx, (None, ""))
    out = ["=" * 78, "case %d: %s" % (c.idx, c.text)]
    for tool in TOOLS:
        p = perf[tool].get(c.idx)
        if tool == "shufc" and j is None:
            out.append("-- shufc: no answer: %s" % err)
            continue
        head = "-- %s: " % tool
        head += ("RThroughput %.2f, %.2f uops" % p) if p else "llvm-mca failed"
        if tool == "shufc":
            head += "  [%s; outputs: %s]" % ("; ".join(j["program"][1:-1]), shufc_out.get(c.idx, ""))
        if tool == "clang":
            head += "  [%s]" % cb(c)
        if tool == "gcc":
            head += "  [%s]" % gb(c)
        out.append(head)
        for i in asm[tool].get(c.idx, []):
            out.append("    " + i)
    return "\n".join(out) + "\n"


def pct(part, whole):
    return 100.0 * part / whole if whole else float("nan")


def quantile(sorted_xs, q):
    """Nearest-rank quantile (no interpolation: the values are llvm-mca's few distinct ones)."""
    return sorted_xs[min(len(sorted_xs) - 1, max(0, int(round(q * (len(sorted_xs) - 1)))))]


# ratio bins shufc / best: wins below 1, ties at 1, losses above (tie = within TOL absolute)
RATIO_BINS = [("< 0.5", 0.0, 0.5), ("0.5-0.67", 0.5, 0.67), ("0.67-0.8", 0.67, 0.8),
              ("0.8-0.99", 0.8, 0.995), ("~1", 0.995, 1.005), ("1.01-1.5", 1.005, 1.5),
              ("> 1.5", 1.5, float("inf"))]


def print_stats(results):
    """Per-section and random-vs-rest win/tie/loss, and the distribution of shufc / best."""
    print("\nPer section (corpus `#` headers):\n")
    print("| target | section | cases | wins | ties | losses | shufc strictly cheaper | median shufc/best |")
    print("|" + "---|" * 8)
    for r in results:
        for sec, t in r["sections"]:
            print("| %s | %s | %d | %d | %d | %d | %.0f%% | %.2f |"
                  % (r["target"], sec or "-", t["cases"], t["wins"], t["ties"], t["losses"],
                     pct(t["wins"], t["cases"]), t["median"]))
    print("\nRandom-mask sections combined vs the rest (target: shufc strictly cheaper on >= 15% of "
          "random masks):\n")
    print("| target | random: cases | wins / ties / losses | strictly cheaper | median shufc/best "
          "| rest: cases | wins / ties / losses | strictly cheaper |")
    print("|" + "---|" * 8)
    for r in results:
        a, b = r["random"], r["rest"]
        print("| %s | %d | %d / %d / %d | %.1f%% | %.2f | %d | %d / %d / %d | %.1f%% |"
              % (r["target"], a["cases"], a["wins"], a["ties"], a["losses"], pct(a["wins"], a["cases"]),
                 a["median"], b["cases"], b["wins"], b["ties"], b["losses"], pct(b["wins"], b["cases"])))
    print("\nshufc / best compiler Block RThroughput, all cases with both answers "
          "(quantiles; histogram counts):\n")
    print("| target | p10 | p25 | p50 | p75 | p90 | min / max | "
          + " | ".join(name for name, _, _ in RATIO_BINS) + " |")
    print("|" + "---|" * (7 + len(RATIO_BINS)))
    for r in results:
        xs = sorted(r["ratios"])
        if not xs:
            continue
        q = [quantile(xs, p) for p in (0.1, 0.25, 0.5, 0.75, 0.9)]
        hist = [sum(lo <= x < hi for x in xs) for _, lo, hi in RATIO_BINS]
        hist[-1] += sum(x == float("inf") for x in xs)
        print("| %s | %s | %.2f / %.2f | %s |"
              % (r["target"], " | ".join("%.2f" % v for v in q), xs[0], xs[-1], " | ".join(map(str, hist))))


def print_table(results):
    hdr = ("| target (cpu) | cases | wins | ties | losses (no answer) | median shufc/best RThroughput "
           "| mean RThroughput shufc / clang / gcc | mean uops shufc / clang / gcc |")
    print(hdr)
    print("|" + "---|" * 8)
    for r in results:
        print("| %s (%s) | %d | %d | %d | %d (%d) | %.2f | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f |"
              % (r["target"], r["cpu"], r["cases"], r["wins"], r["ties"], r["losses"], r["no_answer"],
                 r["median"], r["thr"]["shufc"], r["thr"]["clang"], r["thr"]["gcc"],
                 r["uops"]["shufc"], r["uops"]["clang"], r["uops"]["gcc"]))


# ----------------------------------------------------------------------------- corpus
def common_128():
    L = ["# seed examples (docs/patterns.md; tests/golden/seed_examples.test), 128-bit ones",
         "v4i32:0,z,1,z", "v8i16:z,z,1,2,3,4,5,6", "v8i16:z,z,z,1,2,3,4,5",
         "v8i16:z,z,0,1,2,3,4,5", "v8i16:z,z,z,0,1,2,3,4", "v8i16:2,3,4,5,6,7,z,z",
         "v8i16:1,2,3,4,5,6,7,z", "v8i16:5,6,7,z,z,z,z,z", "v8i16:0,8,1,9,2,10,3,11",
         "v8i16:0,2,4,6,8,10,12,14", "v8i16:1,3,5,7,9,11,13,15", "v4i32:0,5,6,3",
         "v8i16:0,2,3,z,z,z,z,z", "v8i16:0,z,1,z,z,2,z,3",
         "v16i8:0,z,1,z,2,z,3,z,4,z,5,z,6,z,7,z",
         "# LLVM shuffle kinds (tests/golden/llvm_kinds.test), the square 128-bit ones",
         "v4i32:0,1,2,3", "v4i32:2,2,2,2", "v8i16:7,6,5,4,3,2,1,0", "v8i16:3,2,1,0,7,6,5,4",
         "v16i8:1,0,3,2,5,4,7,6,9,8,11,10,13,12,15,14", "v4i32:0,4,2,6", "v4i32:1,5,3,7",
         "v4i32:1,2,3,4", "v16i8:3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18",
         "v8i16:0,1,2,3,8,9,10,11", "v8i16:8,9,10,11,4,5,6,7", "v4i32:u,u,u,u",
         "v8i16:3,9,0,14,7,7,2,12", "v8i16:0,u,u,3,u,5,6,u",
         "# interleave / deinterleave / transpose / half moves / reverse / broadcast"]
    for ty, n in (("i8", 16), ("i16", 8), ("i32", 4), ("i64", 2)):
        h = n // 2
        masks = [
            [x for i in range(h) for x in (i, n + i)],               # unpack low
            [x for i in range(h, n) for x in (i, n + i)],            # unpack high
            list(range(0, 2 * n, 2)), list(range(1, 2 * n, 2)),      # even / odd
            [x for i in range(0, n, 2) for x in (i, n + i)],         # trn1
            [x for i in range(1, n, 2) for x in (i + 0, n + i)],     # trn2
            list(range(h)) + list(range(n, n + h)),                  # low halves
            list(range(h, n)) + list(range(n + h, 2 * n)),           # high halves
            list(range(n - 1, -1, -1)),                              # reverse
            [0] * n, [n - 1] * n,                                    # broadcast
        ]
        for m in masks:
            L.append(compact("i", int(ty[1:]), m))
    # 4x4 byte transpose, 2x4 word transposes, interleave of one input with itself
    L.append(compact("i", 8, [(i % 4) * 4 + i // 4 for i in range(16)]))
    L.append(compact("i", 16, [(i % 2) * 4 + i // 2 for i in range(8)]))
    L.append(compact("i", 16, [(i % 4) * 2 + i // 4 for i in range(8)]))
    L.append(compact("i", 8, [i // 2 for i in range(16)]))
    L.append(compact("i", 8, [8 + i // 2 for i in range(16)]))
    L.append("# random masks (seed 20240607): a third one-input, some with u / z lanes")
    rng = random.Random(20240607)
    seen = set(L)
    types = ((8, 16), (16, 8), (32, 4))
    count = 0
    while count < 100:
        bits, n = types[rng.randrange(3)]
        one = rng.random() < 1 / 3
        pu = 1 / 8 if rng.random() < 0.25 else 0
        pz = 1 / 8 if rng.random() < 0.25 else 0
        m = []
        for _ in range(n):
            r = rng.random()
            if r < pu:
                m.append("u")
            elif r < pu + pz:
                m.append("z")
            else:
                m.append(rng.randrange(n if one else 2 * n))
        s = compact("i", bits, m)
        if s not in seen:
            seen.add(s)
            L.append(s)
            count += 1
    return L


def rand_masks(rng, bits, n, count, pu=0.0, pz=0.0, one=False):
    out = []
    for _ in range(count):
        m = []
        for _ in range(n):
            r = rng.random()
            m.append("u" if r < pu else "z" if r < pu + pz else rng.randrange(n if one else 2 * n))
        out.append(compact("i", bits, m))
    return out


def dedupe(lines):
    seen, out = set(), []
    for x in lines:
        if x.startswith("#") or x not in seen:
            seen.add(x)
            out.append(x)
    return out


def write_corpus():
    os.makedirs(CORPUS_DIR, exist_ok=True)
    common = dedupe(common_128())
    head = "# shufc vs compilers corpus for %s: compact masks, one a line (bench/compare_compilers.py).\n"
    with open(os.path.join(CORPUS_DIR, "sse41.txt"), "w") as f:
        f.write(head % "sse4.1" + "\n".join(common) + "\n")
    rng = random.Random(256)
    avx2 = ["# 256-bit: seed rotates, LLVM kinds, in-lane and full interleaves, lane swaps",
            "v8i32:1,2,3,4,5,6,7,0", "v8i32:2,3,4,5,6,7,0,1", "v8i32:3,4,5,6,7,0,1,2",
            "v8i32:1,2,3,0,5,6,7,4", "v8i32:0,8,1,9,4,12,5,13", "v8i32:2,10,3,11,6,14,7,15",
            "v16i16:0,16,1,17,2,18,3,19,8,24,9,25,10,26,11,27", "v8i32:4,5,6,7,0,1,2,3",
            "v8i32:0,1,2,3,8,9,10,11", "v8i32:4,5,6,7,12,13,14,15", "v4i64:3,2,1,0", "v4i64:0,0,2,2",
            "v4i64:0,4,2,6", "v8i32:0,8,1,9,2,10,3,11", "v8i32:0,2,4,6,8,10,12,14",
            "v16i16:0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30",
            compact("i", 8, [x for i in range(16) for x in (i, 32 + i)]),
            compact("i", 8, list(range(31, -1, -1))), compact("i", 8, [0] * 32),
            compact("i", 8, [(i + 5) % 32 for i in range(32)]),
            "# 256-bit random (seed 256)"]
    avx2 += rand_masks(rng, 8, 32, 6) + rand_masks(rng, 8, 32, 2, one=True) + \
        rand_masks(rng, 16, 16, 5) + rand_masks(rng, 16, 16, 2, pz=0.15) + \
        rand_masks(rng, 32, 8, 6) + rand_masks(rng, 32, 8, 2, pu=0.2) + rand_masks(rng, 64, 4, 4)
    with open(os.path.join(CORPUS_DIR, "avx2.txt"), "w") as f:
        f.write(head % "avx2" + "\n".join(dedupe(common + avx2)) + "\n")
    rng = random.Random(512)
    avx512 = ["# 512-bit byte masks: interleaves, deinterleaves, reverse, rotate, broadcast",
              compact("i", 8, [x for i in range(32) for x in (i, 64 + i)]),
              compact("i", 8, [x for i in range(32, 64) for x in (i, 64 + i)]),
              compact("i", 8, list(range(0, 128, 2))), compact("i", 8, list(range(1, 128, 2))),
              compact("i", 8, list(range(63, -1, -1))), compact("i", 8, [(i + 1) % 64 for i in range(64)]),
              compact("i", 8, [i + 3 for i in range(64)]), compact("i", 8, [5] * 64),
              compact("i", 8, [i if i % 2 == 0 else "z" for i in range(64)]),
              compact("i", 8, [i // 2 if i % 2 == 0 else "z" for i in range(64)]),
              "v16i32:0,16,1,17,4,20,5,21,8,24,9,25,12,28,13,29", "v16i32:15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0",
              "# 512-bit random (seed 512)"]
    avx512 += rand_masks(rng, 8, 64, 8) + rand_masks(rng, 8, 64, 3, one=True) + \
        rand_masks(rng, 8, 64, 3, pu=0.1, pz=0.1) + rand_masks(rng, 16, 32, 3) + rand_masks(rng, 32, 16, 3)
    with open(os.path.join(CORPUS_DIR, "avx512vbmi.txt"), "w") as f:
        # avx2's section headers stay, so that per-section statistics see its random masks
        f.write(head % "avx512vbmi" + "\n".join(dedupe(common + avx2 + avx512)) + "\n")
    rng = random.Random(64)
    neon = ["# NEON: ext, rev16/32/64, dup lane, tbl-only byte masks (seed 64)",
            compact("i", 8, [i + 3 for i in range(16)]), compact("i", 8, [i + 13 for i in range(16)]),
            compact("i", 8, [i ^ 1 for i in range(16)]), compact("i", 8, [i ^ 3 for i in range(16)]),
            compact("i", 8, [i ^ 7 for i in range(16)]), compact("i", 16, [i ^ 3 for i in range(8)]),
            compact("i", 8, [5] * 16), compact("i", 16, [11] * 8), "v4i32:0,1,4,5", "v4i32:2,3,6,7",
            compact("i", 8, [x if i != 9 else 20 for i, x in enumerate(range(16))]),
            "v4i32:0,1,2,6", "v8i16:8,1,2,3,4,5,6,7"]
    neon += rand_masks(rng, 8, 16, 4, pz=0.2)
    with open(os.path.join(CORPUS_DIR, "neon.txt"), "w") as f:
        f.write(head % "neon" + "\n".join(dedupe(common + neon)) + "\n")


def cases_of(lines, widths):
    """The cases of corpus lines (as load_corpus reads a file) whose width the target has."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        return load_corpus(f.name, widths)[0]
    finally:
        os.unlink(f.name)


def heldout_cases(seed, widths):
    """A random corpus the team did not look at (--heldout SEED): 200 masks of 128 bits (v16i8,
    v8i16, v4i32, v2i64) and 60 of 256, each a third one-input, a quarter with `u` lanes, a quarter
    with `z` lanes, drawn with rand_masks; the cases whose byte width the target has."""
    rng = random.Random(seed)
    lines = ["# random held-out 128-bit (seed %d)" % seed]
    for _ in range(200):
        bits, n = ((8, 16), (16, 8), (32, 4), (64, 2))[rng.randrange(4)]
        one = rng.random() < 1 / 3
        pu, pz = (1 / 8 if rng.random() < 0.25 else 0), (1 / 8 if rng.random() < 0.25 else 0)
        lines += rand_masks(rng, bits, n, 1, pu, pz, one)
    lines.append("# random held-out 256-bit (seed %d)" % seed)
    for _ in range(60):
        bits, n = ((8, 32), (16, 16), (32, 8), (64, 4))[rng.randrange(4)]
        one = rng.random() < 1 / 3
        pu, pz = (1 / 8 if rng.random() < 0.25 else 0), (1 / 8 if rng.random() < 0.25 else 0)
        lines += rand_masks(rng, bits, n, 1, pu, pz, one)
    return cases_of(lines, widths)


def structured_mask(rng, kind, bits, n):
    """One mask of a shape compilers special-case, with random parameters."""
    t = rng.randrange(10)
    if t == 0:  # near identity: one or two elements from anywhere
        m = list(range(n))
        for _ in range(rng.randrange(1, 3)):
            m[rng.randrange(n)] = rng.randrange(2 * n)
    elif t == 1:  # rotate of a:b (palignr, valignd)
        k = rng.randrange(1, n)
        m = [(i + k) % (2 * n) for i in range(n)]
    elif t == 2:  # blend
        m = [i + (n if rng.random() < .5 else 0) for i in range(n)]
    elif t == 3:  # interleave low or high, some lanes undefined
        h = rng.randrange(2)
        m = []
        for i in range(n // 2):
            m += [i + h * n // 2, i + h * n // 2 + n]
        if rng.random() < .5:
            m = [x if rng.random() < .8 else "u" for x in m]
    elif t == 4:  # broadcast of one element, perhaps blended
        e = rng.randrange(2 * n)
        m = [e if rng.random() < .6 else i for i in range(n)] if rng.random() < .5 else [e] * n
    elif t == 5:  # shift in zeros
        k = rng.randrange(1, n)
        m = [i - k if i >= k else "z" for i in range(n)] if rng.random() < .5 else [i + k if i + k < n else "z" for i in range(n)]
    elif t == 6:  # even or odd elements
        o = rng.randrange(2)
        m = [2 * i + o for i in range(n)]
    elif t == 7:  # reverse, or pairs swapped (a rotate of each pair), perhaps of both inputs
        m = [n - 1 - i for i in range(n)] if rng.random() < .5 else [i ^ 1 for i in range(n)]
        if rng.random() < .5:
            m = [x + n if rng.random() < .5 else x for x in m]
    elif t == 8:  # one input, random
        m = [rng.randrange(n) for _ in range(n)]
    else:  # two inputs, random, with zeros
        m = [rng.randrange(2 * n) if rng.random() < .8 else "z" for _ in range(n)]
    return compact(kind, bits, m)


def structured_cases(seed, widths):
    """A held-out corpus of structured masks (--structured SEED): 260 masks of the shapes compilers
    special-case (near identity, rotates, blends, interleaves, broadcasts, zero shifts, even/odd,
    reverses and pair swaps, one-input and zeroing random), integer and float elements, at every
    register width the target has. It found what the random one did not: AVX-512's vprold after a
    word blend, AVX2's near-identity patches across lanes."""
    rng = random.Random(seed)
    lines = ["# structured held-out (seed %d)" % seed]
    for _ in range(260):
        kind = rng.choice("iiff")
        bits = rng.choice((8, 16, 32, 64)) if kind == "i" else rng.choice((32, 64))
        width = rng.choice([w for w in (16, 16, 32, 64) if w in widths] or [16])
        lines.append(structured_mask(rng, kind, bits, width * 8 // bits))
    return cases_of(lines, widths)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shufc", nargs="?", default="build/bin/shufc")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--budget-ms", type=int, default=1000, help="shufc search budget per case")
    ap.add_argument("--out", default=os.path.join(HERE, "out"), help="loss logs (default bench/out)")
    ap.add_argument("--write-corpus", action="store_true", help="regenerate bench/corpus/*.txt and exit")
    ap.add_argument("--no-stats", action="store_true",
                    help="only the summary table (no per-section / random / ratio tables)")
    ap.add_argument("--heldout", type=int, metavar="SEED",
                    help="a random held-out corpus from this seed instead of bench/corpus (heldout_cases)")
    ap.add_argument("--structured", type=int, metavar="SEED",
                    help="a held-out corpus of structured masks from this seed (structured_cases)")
    ap.add_argument("--objective", default="throughput",
                    help="shufc synth --objective: throughput (summed, the default) or ports (llvm-mca's Block "
                         "RThroughput, what this table measures)")
    ap.add_argument("--cpu", action="append", default=[], metavar="TARGET=CPU",
                    help="another CPU model for a target (avx2=znver4, neon=neoverse-v1): shufc's cost table and "
                         "llvm-mca's -mcpu; on AArch64 the compilers' -mcpu too (on x86 they keep the target's "
                         "-march: gcc-12 knows no znver4)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    for spec in a.cpu:
        t, _, cpu = spec.partition("=")
        if t not in TARGETS or not cpu:
            sys.exit("--cpu wants TARGET=CPU with TARGET one of %s" % ", ".join(TARGETS))
        cfg = TARGETS[t]
        cfg["cpu"] = cpu
        cfg["mca"] = [x for x in cfg["mca"] if not x.startswith("-mcpu=")] + ["-mcpu=" + cpu]
        if cfg["arch"] == "aarch64":
            cfg["cflags"] = [x for x in cfg["cflags"] if not x.startswith("-mcpu=")] + ["-mcpu=" + cpu]
    if a.write_corpus:
        write_corpus()
        return 0
    if not os.path.exists(a.shufc):
        sys.exit("no shufc binary at %s (build it first)" % a.shufc)
    results = []
    for t in a.targets.split(","):
        cases = heldout_cases(a.heldout, TARGETS[t]["widths"]) if a.heldout is not None else None
        if a.structured is not None:
            cases = structured_cases(a.structured, TARGETS[t]["widths"])
        r = bench_target(os.path.abspath(a.shufc), t, TARGETS[t], a.budget_ms, a.out, a.verbose, cases=cases,
                         objective=a.objective)
        print("%s: %d cases in %.0f s (shufc %.0f s); losses in %s"
              % (t, r["cases"], r["seconds"], r["shufc_seconds"], r["log"]), file=sys.stderr)
        results.append(r)
        if TARGETS[t]["arch"] == "aarch64":
            results.append(bench_target(os.path.abspath(a.shufc), t, TARGETS[t], a.budget_ms, a.out,
                                        a.verbose, drop_adrp=True, cases=cases, objective=a.objective))
    print_table(results)
    print("\nwin/tie/loss: shufc's llvm-mca Block RThroughput against the better of clang-19 -O3 and "
          "gcc-12 -O3 (tie within %.2f); 'no answer' (shufc found no sequence) counts as a loss. "
          "Means are over cases where all three answered." % TOL)
    if not a.no_stats:
        print_stats(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
