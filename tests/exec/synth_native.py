#!/usr/bin/env python3
"""`shufc synth` checked against the mask itself, on real hardware.

For every target: a fixed-seed set of masks (random ones of every element type and width the
target has, with undef and zero lanes, one- and two-input, and structured ones: interleaves,
deinterleaves, reverses, byte swaps, rotations, broadcasts; and shuffles of several registers:
an operand of two registers, a result of two, a plane of three registers; and narrower than a
register: <2 x float> and the like in a register's low part, concatenations of two, halves, an
operand of one and a half registers; and constant operands: IR shuffles of a value and a constant
vector or splat, whose lanes the checker takes from the constant's bytes; with --kernels, every
shuffle clang-19 -O3 writes for bench/kernels/kernels.c on the target, constant operands
included) goes through `shufc synth --batch`; the C of
every answer is compiled (clang-19 and gcc-12, -O1 -Wall -Werror) into one harness with a
checker written from the mask alone (r[i] = (a:b)[m[i]], zero for z, anything for u), and run on
random inputs (and checked to write nothing past the result): natively for x86 (targets whose features /proc/cpuinfo lacks are skipped), under
qemu-aarch64 for NEON. The simulator is not the oracle here: the mask is.

Usage: synth_native.py SHUFC [--targets T,...] [--per-shape N] [--objective O] [--keep DIR]
Exit 0 when every answer computes its mask, 1 otherwise.
"""
import argparse
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ELEMS = [("i8", 8, "uint8_t"), ("i16", 16, "uint16_t"), ("i32", 32, "uint32_t"),
         ("i64", 64, "uint64_t"), ("f32", 32, "uint32_t"), ("f64", 64, "uint64_t")]

# target -> (widths in bits, cpuinfo flags needed, arch)
TARGETS = {
    "sse2": ([128], ["sse2"], "x86"),
    "sse3": ([128], ["pni"], "x86"),
    "ssse3": ([128], ["ssse3"], "x86"),
    "sse4.1": ([128], ["sse4_1"], "x86"),
    "avx": ([128, 256], ["avx"], "x86"),
    "avx2": ([128, 256], ["avx2"], "x86"),
    "avx512": ([128, 256, 512], ["avx512f", "avx512bw", "avx512vl"], "x86"),
    "avx512vbmi": ([128, 256, 512], ["avx512vbmi"], "x86"),
    "avx512vbmi2": ([128, 256, 512], ["avx512_vbmi2"], "x86"),
    "neon": ([64, 128], [], "aarch64"),
}


def structured(n, rng):
    """Masks of the shapes compilers special-case, over two n-lane inputs."""
    out = [
        [i // 2 + (n if i % 2 else 0) for i in range(n)],                # interleave low
        [n // 2 + i // 2 + (n if i % 2 else 0) for i in range(n)],       # interleave high
        [2 * i for i in range(n)],                                       # even lanes of a:b
        [2 * i + 1 for i in range(n)],                                   # odd lanes
        [n - 1 - i for i in range(n)],                                   # reverse
        [(i + rng.randrange(1, n)) % n for i in range(n)] if n > 1 else [0],
        [(i + n // 3 + 1) % (2 * n) for i in range(n)],                  # rotate across a:b
        [rng.randrange(2 * n)] * n,                                      # broadcast
        [i if i % 2 == 0 else "z" for i in range(n)],                    # zero the odd lanes
        [i + n * rng.randrange(2) for i in range(n)],                    # blend
        [i ^ 1 for i in range(n)] if n > 1 else [0],                     # pairs swapped (a rotate)
    ]
    near = list(range(n))                                                # near identity: patched
    for _ in range(2):
        near[rng.randrange(n)] = rng.randrange(2 * n)
    out.append(near)
    # Stages built of stages: a reverse of a blend (merged, then a one-input reverse), a broadcast
    # with a few lanes kept in place, a blend with a broadcast lane of b (each input apart, zeros
    # last).
    out.append([(n - 1 - i) + (n if i % 2 else 0) for i in range(n)])
    k = rng.randrange(n)
    out.append([i if rng.random() < 0.25 else k for i in range(n)])
    out.append([i if rng.random() < 0.5 else n + k for i in range(n)])
    if n >= 4:
        out.append([3 * i % n if i < n // 2 else "u" for i in range(n)])
        out.append([i ^ 3 for i in range(n)])                            # reverse in groups of 4 (bswap32)
        out.append([4 * i % (2 * n) for i in range(n)])                  # stride-4 extract of a:b (SSE2: two packs)
        out.append([0 if i != n - 1 else 2 for i in range(n)])           # even lanes broadcast (SSE2: as words)
    if n >= 8:
        out.append([i ^ 7 for i in range(n)])                            # in groups of 8 (bswap64)
    return out


def random_mask(n, rng, inputs, zeros):
    m = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            m.append("u")
        elif zeros and r < 0.2:
            m.append("z")
        else:
            m.append(rng.randrange(inputs * n))
    return m


def cases(target, per_shape, rng):
    widths, _, _ = TARGETS[target]
    out = []
    for bits in widths:
        for name, eb, ctype in ELEMS:
            n = bits // eb
            shapes = structured(n, rng)
            for k in range(per_shape):
                shapes.append(random_mask(n, rng, 1 + k % 2, k % 3 == 2))
            for m in shapes:
                out.append((f"v{n}{name}:" + ",".join(str(x) for x in m), n, eb, ctype, m))
    # Several registers (a vectorizer's interleaved loads and stores): a one-register result from
    # an operand of two registers, and a two-register result from two one-register operands.
    def reads_input(lanes, inputs):  # (a mask of only undef and zero lanes is a constant: refused)
        while True:
            m = random_mask(lanes, rng, inputs, True)
            if any(isinstance(x, int) for x in m):
                return m
    bits = max(widths)
    for name, eb, ctype in ELEMS:
        n = bits // eb
        if n < 2:
            continue
        wide = [[2 * i for i in range(n)], [2 * i + 1 for i in range(n)], reads_input(n, 2)]
        for m in wide:
            out.append((f"v{2 * n}{name}:" + ",".join(str(x) for x in m), 2 * n, eb, ctype, m))
        stores = [[i // 2 + (n if i % 2 else 0) for i in range(2 * n)], reads_input(2 * n, 1)]
        for m in stores:
            out.append((f"v{n}{name}:" + ",".join(str(x) for x in m), n, eb, ctype, m))
        # A plane of three (packed RGB): each result register reads three, an or of parts. Planes
        # of five and eight (structures of five or eight fields): each result register reads five
        # or eight, a tree of two-input shuffles; on AVX-512 operands of 2,560 and 4,096 bits,
        # split into registers before the search.
        for stride, field in ((3, 1), (5, 3), (8, 6)):
            plane = [stride * i + field for i in range(n)]
            out.append((f"v{stride * n}{name}:" + ",".join(str(x) for x in plane), stride * n, eb, ctype, plane))
    # Lanes past a narrower register undefined or zero (LLVM's vector-shuffle-512 tests): made in
    # that register, the zeros by the VEX write (stored by the C): the low quarter shuffled, the
    # rest `u`, or the rest `z`.
    if bits >= 256:
        for name, eb, ctype in ELEMS:
            n = bits // eb
            q = max(1, n // 4)
            low = [x if not isinstance(x, int) or x < q else n + x - q for x in reads_input(q, 2)]
            for rest in ("u", "z"):
                m = low + [rest] * (n - len(low))
                out.append((f"v{n}{name}:" + ",".join(str(x) for x in m), n, eb, ctype, m))
    # Narrower than a register (a loop epilogue's <2 x float>): operands and results of half the
    # narrowest register, or a quarter, in its low part; a concatenation of two halves into a whole
    # one, and a half from two whole ones.
    low = min(widths)
    for name, eb, ctype in ELEMS:
        for part in (low // 2, low // 4):
            h = part // eb
            if h < 1:
                continue
            for m in ([h - 1 - i for i in range(h)], reads_input(h, 2)):
                out.append((f"v{h}{name}:" + ",".join(str(x) for x in m), h, eb, ctype, m))
        h = low // 2 // eb
        if h >= 1:
            concat = list(range(2 * h))
            out.append((f"v{h}{name}:" + ",".join(str(x) for x in concat), h, eb, ctype, concat))
            half = reads_input(h, 2)
            n = low // eb
            half = [x if not isinstance(x, int) else (x * 2 + 1) % (2 * n) for x in half]
            out.append((f"v{n}{name}:" + ",".join(str(x) for x in half), n, eb, ctype, half))
            # An operand of one and a half registers (a <24 x i8> load on SSE: an xmm and the low
            # half of another): a plane of it into a half register, random lanes into a whole one.
            n3 = 3 * h
            plane = [3 * i + 2 for i in range(h)]
            out.append((f"v{n3}{name}:" + ",".join(str(x) for x in plane), n3, eb, ctype, plane))
            picks = [rng.randrange(n3) for _ in range(n)]
            out.append((f"v{n3}{name}:" + ",".join(str(x) for x in picks), n3, eb, ctype, picks))
    out += constant_cases(target, per_shape, rng)
    return out


IR_TYPES = {"i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "f32": "float", "f64": "double"}
FLOATS = ["1.000000e+00", "-2.500000e+00", "0.000000e+00", "5.000000e-01", "-0.000000e+00", "0x7FF0000000000000"]


def literal_bytes(ty, lit):
    """An IR element literal's bytes, little-endian (None for undef/poison)."""
    if lit in ("undef", "poison"):
        return None
    if ty.startswith("i"):
        bits = int(ty[1:])
        return (int(lit) & ((1 << bits) - 1)).to_bytes(bits // 8, "little")
    d = struct.unpack("<d", int(lit, 16).to_bytes(8, "little"))[0] if lit.lower().startswith("0x") else float(lit)
    return struct.pack("<f" if ty == "float" else "<d", d)


def constant_bytes(ty, n, elems):
    """A constant operand's bytes (undef elements zero) and which of its elements are undef."""
    lits = [literal_bytes(ty, e) for e in elems]
    size = (8 if ty == "double" else 4) if ty in ("float", "double") else int(ty[1:]) // 8
    return b"".join(b or bytes(size) for b in lits), [b is None for b in lits]


def constant_case(n, eb, name, ctype, mask, elems):
    """An IR shufflevector of %v and a constant vector (a list of literals) as a case whose checker
    reads the constant's bytes as operand b; a splat when every literal is one."""
    ty = IR_TYPES[name]
    const = (f"splat ({ty} {elems[0]})" if len(set(elems)) == 1 and elems[0] != "poison"
             else "<" + ", ".join(f"{ty} {e}" for e in elems) + ">")
    bconst, undef = constant_bytes(ty, n, elems)
    lanes = ["u" if x == "u" or (x >= n and undef[x - n]) else x for x in mask]
    idx = ", ".join("i32 poison" if x == "u" else f"i32 {x}" for x in mask)
    text = f"shufflevector <{n} x {ty}> %v, <{n} x {ty}> {const}, <{len(mask)} x i32> <{idx}>"
    return (text, n, eb, ctype, lanes, bconst)


def constant_cases(target, per_shape, rng):
    """Shuffles of a value and a constant: an alpha channel (rgb to rgba), an interleave with a
    splat, constants into chosen lanes, and random masks over random constants (zero, all-ones and
    undef elements among them), at every width and element type."""
    widths, _, _ = TARGETS[target]
    out = []
    for bits in widths:
        for name, eb, ctype in ELEMS:
            n = bits // eb
            if n < 2:
                continue
            ty = IR_TYPES[name]

            def lit():
                if ty in ("float", "double"):
                    return rng.choice(FLOATS)
                return str(rng.choice([0, -1, 1, 7, rng.randrange(-(1 << (eb - 1)), 1 << (eb - 1))]))
            alpha = [(i // 4) * 3 + i % 4 if i % 4 != 3 else n for i in range(n)] if n >= 4 else [0, n]
            out.append(constant_case(n, eb, name, ctype, alpha, ["-1" if ty[0] == "i" else "1.000000e+00"] * n))
            out.append(constant_case(n, eb, name, ctype, [i // 2 + (n if i % 2 else 0) for i in range(n)], [lit()] * n))
            for _ in range(max(1, per_shape // 2)):
                elems = [lit() if rng.random() > 0.1 else "poison" for _ in range(n)]
                if all(e == "poison" for e in elems):
                    elems[0] = lit()
                picks = [i if rng.random() < 0.6 else n + rng.randrange(n) for i in range(n)]
                out.append(constant_case(n, eb, name, ctype, picks, elems))
                m = [rng.randrange(2 * n) if rng.random() > 0.1 else "u" for _ in range(n)]
                if not any(isinstance(x, int) and x < n for x in m):
                    m[0] = 0
                out.append(constant_case(n, eb, name, ctype, m, elems))
    return out


KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "kernels", "kernels.c")
CLANG_FLAGS = {"sse2": ["-msse2"], "sse3": ["-msse3"], "ssse3": ["-mssse3"], "sse4.1": ["-msse4.1"], "avx": ["-mavx"],
               "avx2": ["-mavx2"], "avx512": ["-mavx512bw", "-mavx512vl"], "avx512vbmi": ["-march=icelake-server"],
               "avx512vbmi2": ["-march=icelake-server"], "neon": ["--target=aarch64-linux-gnu", "-mcpu=neoverse-n1"]}
IR_ELEMS = {"i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "float": "f32", "double": "f64"}
SHUFFLE = re.compile(r"shufflevector <(\d+) x (\w+)> (\S+), <\d+ x \w+> (splat \([^)]*\)|<[^>]*>|\S+), <(\d+) x i32> "
                     r"(zeroinitializer|poison|undef|<[^>]*>)")


def vectorizer_cases(target, work):
    """The shuffles clang-19 -O3 writes for bench/kernels/kernels.c on this target, as compact masks,
    or as the IR line itself when the second operand is a constant (its bytes are the checker's b)."""
    ll = os.path.join(work, f"{target}-kernels.ll")
    flags = CLANG_FLAGS[target] if TARGETS[target][2] == "aarch64" else ["--target=x86_64-linux-gnu"] + CLANG_FLAGS[target]
    subprocess.run(["clang-19", "-O3", "-S", "-emit-llvm", *flags, KERNELS, "-o", ll], check=True)
    out, seen = [], set()
    with open(ll) as f:
        for line in f:
            m = SHUFFLE.search(line)
            if not m or m.group(2) not in IR_ELEMS:
                continue
            n, elem, ops, mask = int(m.group(1)), IR_ELEMS[m.group(2)], (m.group(3), m.group(4)), m.group(6)
            if ops[0].startswith("<") or ops[0].startswith("splat"):
                continue  # (clang writes the constant second)
            bconst = None
            if ops[1].startswith("<") or ops[1].startswith("splat"):
                lits = ([ops[1][ops[1].index("(") + 1:-1].split()[-1]] * n if ops[1].startswith("splat")
                        else [x.split()[-1] for x in ops[1][1:-1].split(",")])
                bconst, undef = constant_bytes(m.group(2), n, lits)
            entries = ([x.split()[-1] for x in mask[1:-1].split(",")] if mask.startswith("<")
                       else ["0" if mask == "zeroinitializer" else "poison"] * int(m.group(5)))
            lanes = []
            for e in entries:
                if e in ("poison", "undef"):
                    lanes.append("u")
                    continue
                k = int(e)
                op = ops[k // n]
                if op in ("poison", "undef") or (bconst is not None and k >= n and undef[k - n]):
                    lanes.append("u")
                elif op == "zeroinitializer":
                    lanes.append("z")
                else:
                    lanes.append(k % n if ops[0] == ops[1] else k)
            if not any(isinstance(x, int) for x in lanes):
                continue
            name, eb, ctype = next(e for e in ELEMS if e[0] == elem)
            text = f"v{n}{name}:" + ",".join(str(x) for x in lanes)
            if bconst is not None:
                text = m.group(0)
            if text not in seen:
                seen.add(text)
                out.append((text, n, eb, ctype, lanes, bconst))
    return out


def adapter(i, ans):
    """g{i}(a, b, r) on the logical operands, calling f{i} as its Program's registers need: one
    pointer per input register (operand a's register 1 is `a_1`: a + its width), or, with several
    outputs, the inputs one after another in `in` and the outputs in `out`."""
    lines = ans["program"]
    heads = [x for x in lines if x.startswith("in ")]  # (one line per width and low part)
    names = [x.strip() for head in heads for x in head[3:head.rindex(":")].split(",")]
    rb = int(heads[0].rsplit(":", 1)[1].split()[0]) // 8  # (`in a, b : 128 low 64`: a register's bytes)
    outs = [x.strip() for x in lines[-1][4:].split(",")]

    def ptr(name):
        base, _, reg = name.rpartition("_")
        if not base or not reg.isdigit():
            base, reg = name, "0"
        return f"({'b' if base == 'b' else 'a'} + {int(reg) * rb})"
    if len(outs) == 1:
        return f"static void g{i}(const uint8_t *a, const uint8_t *b, uint8_t *r) {{ (void)a; (void)b; f{i}({', '.join(ptr(x) for x in names)}, r); }}"
    body = "".join(f" memcpy(in + {k * rb}, {ptr(x)}, {rb});" for k, x in enumerate(names))
    return (f"static void g{i}(const uint8_t *a, const uint8_t *b, uint8_t *r) {{ (void)a; (void)b; uint8_t in[{max(1, len(names)) * rb}];"
            f"{body} f{i}(in, r); }}")


def harness(cases, answers):
    """One C file: every answer as a function, and a main that checks each against its mask."""
    parts = ["#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n"]
    checks = []
    for i, ((text, n, eb, ctype, mask, bconst), ans) in enumerate(zip(cases, answers)):
        parts.append(ans["c"].replace("shufc_shuffle", f"f{i}"))
        parts.append(adapter(i, ans))
        entries = ",".join("-1" if x == "u" else "-2" if x == "z" else str(x) for x in mask)
        b = "0"
        if bconst is not None:
            parts.append(f"static const uint8_t b{i}[] = {{{','.join(str(x) for x in bconst)}}};")
            b = f"b{i}"
        checks.append(f'  {{ static const int m[] = {{{entries}}}; '
                      f'fails += check({i}, "{text}", g{i}, m, {n}, {len(mask)}, {eb // 8}, {b}, seed); }}')
    parts.append(r"""
typedef void (*shuffle_fn)(const uint8_t *, const uint8_t *, uint8_t *);
static uint64_t state;
static uint8_t next_byte(void) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint8_t)(state >> 56);
}
/* r[i] = (a:b)[m[i]] for i < m_len, a and b of n lanes; -2 zero, -1 undef (not checked). */
/* bconst: operand b is this constant (the function has no parameter for it). */
static int check(int id, const char *text, shuffle_fn f, const int *m, int n, int m_len, int eb, const uint8_t *bconst,
                 uint64_t seed) {
  uint8_t a[512], b[512], r[640], ab[1024];  /* operands up to eight zmm (a stride-8 plane) */
  for (int round = 0; round < 4; ++round) {
    state = seed + (uint64_t)id * 7919u + (uint64_t)round;
    for (int j = 0; j < n * eb; ++j) a[j] = next_byte(), b[j] = bconst ? bconst[j] : next_byte();
    /* the result's bytes start as garbage, so a lane left unwritten shows */
    memset(r, 0xa5 + round, sizeof r);
    f(a, b, r);
    memcpy(ab, a, (size_t)(n * eb));
    memcpy(ab + n * eb, b, (size_t)(n * eb));
    for (int i = 0; i < m_len; ++i) {
      if (m[i] == -1) continue;
      for (int k = 0; k < eb; ++k) {
        const uint8_t want = m[i] == -2 ? 0 : ab[m[i] * eb + k];
        if (r[i * eb + k] != want) {
          printf("FAIL %s: lane %d byte %d is %02x, the mask says %02x\n", text, i, k, r[i * eb + k], want);
          return 1;
        }
      }
    }
    /* nothing is written past the result (a result narrower than its register) */
    for (int j = m_len * eb; j < m_len * eb + 64; ++j)
      if (r[j] != (uint8_t)(0xa5 + round)) {
        printf("FAIL %s: byte %d past the result was written\n", text, j);
        return 1;
      }

  }
  return 0;
}
int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? (uint64_t)strtoull(argv[1], 0, 10) : 1;
  int fails = 0;
""")
    parts.append("\n".join(checks))
    parts.append(f'\n  printf("%d of {len(cases)} answers compute their masks\\n", {len(cases)} - fails);\n'
                 "  return fails != 0;\n}\n")
    return "\n".join(parts).replace("#include <stdio.h>", "#include <stdio.h>\n#include <stdlib.h>", 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shufc")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--per-shape", type=int, default=8, help="random masks per (width, element type)")
    ap.add_argument("--budget-ms", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--objective", default="throughput", help="shufc synth --objective")
    ap.add_argument("--keep")
    ap.add_argument("--kernels", action="store_true", help="also the shuffles clang-19 writes for bench/kernels/kernels.c")
    args = ap.parse_args()

    work = args.keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    flags = set()
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    sysroot = "/usr/aarch64-linux-gnu"
    qemu = shutil.which("qemu-aarch64") and shutil.which("aarch64-linux-gnu-gcc") and os.path.isdir(sysroot + "/lib")

    failed = []
    for target in args.targets.split(","):
        if target not in TARGETS:
            print(f"unknown target {target}", file=sys.stderr)
            return 2
        _, need, arch = TARGETS[target]
        rng = random.Random(f"{args.seed}-{target}")
        cs = cases(target, args.per_shape, rng) + (vectorizer_cases(target, work) if args.kernels else [])
        cs = [c if len(c) == 6 else c + (None,) for c in cs]  # (no constant operand)
        src = os.path.join(work, f"{target}.masks")
        with open(src, "w") as f:
            f.write("".join(c[0] + "\n" for c in cs))
        p = subprocess.run([args.shufc, "synth", "--batch", "--target", target, "--budget-ms", str(args.budget_ms),
                            "--objective", args.objective, src],
                           capture_output=True, text=True)
        if p.returncode != 0:
            failed.append(f"{target}: shufc synth --batch exit {p.returncode}: {p.stderr.strip()[:2000]}")
            continue
        answers = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
        bad = [a for a in answers if "c" not in a]
        if len(answers) != len(cs) or bad:
            failed.append(f"{target}: {len(answers)} answers for {len(cs)} masks; without a program: "
                          + "; ".join(json.dumps(a)[:300] for a in bad[:5]))
            continue
        # batch output follows the input's order (each line names its input)
        for c, a in zip(cs, answers):
            assert c[5] is not None or a["input"] == c[0], (a["input"], c[0])
        c_file = os.path.join(work, f"{target}.c")
        with open(c_file, "w") as f:
            f.write(harness(cs, answers))
        if arch == "x86":
            compilers = [["clang-19"], ["gcc-12"]]
            runner = []
            if not all(x in flags for x in need):
                print(f"SKIP {target}: this CPU lacks {' '.join(x for x in need if x not in flags)} (compiled only)")
        else:
            compilers = [["clang-19", "--target=aarch64-linux-gnu", "-static"]] + ([["aarch64-linux-gnu-gcc", "-static"]] if qemu else [])
            runner = ["qemu-aarch64", "-L", sysroot] if qemu else None
        for cc in compilers:
            exe = os.path.join(work, f"{target}-{os.path.basename(cc[0])}")
            b = subprocess.run(cc + ["-O1", "-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter", c_file, "-o", exe],
                               capture_output=True, text=True)
            if b.returncode != 0:
                failed.append(f"{target}: {cc[0]} failed: {b.stderr.strip()[:2000]}")
                continue
            if runner is None or (arch == "x86" and not all(x in flags for x in need)):
                continue
            r = subprocess.run(runner + [exe, str(args.seed)], capture_output=True, text=True)
            tail = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
            print(f"{'PASS' if r.returncode == 0 else 'FAIL'} {target} ({cc[0]}): {tail}")
            if r.returncode != 0:
                failed.append(f"{target} ({cc[0]}): exit {r.returncode}\n{r.stdout[-3000:]}{r.stderr[-1000:]}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    for f in failed:
        print("FAIL " + f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
