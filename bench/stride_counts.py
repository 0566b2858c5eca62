#!/usr/bin/env python3
"""The stride-permutation counts of seed 002 (section 4.3, Table 3) on every target shufc knows.

For L_nu^{nu^2} (transpose), L^{2nu}_nu (interleave) and L^{2nu}_2 (deinterleave) in each mode,
prints shufc's shuffle count next to the lower bound (Floyd's nu log2 nu for the transpose; one
instruction per moved output vector otherwise) as a markdown table, plus the formula found.
Usage: bench/stride_counts.py PATH_TO_SHUFC [--cost CPU]
"""
import json
import math
import subprocess
import sys

MODES = [  # target, element, register bits
    ("sse2", "f64", 128), ("sse2", "f32", 128), ("sse2", "i16", 128), ("sse2", "i8", 128),
    ("ssse3", "i8", 128),
    ("avx2", "f64", 256), ("avx2", "f32", 256), ("avx2", "i16", 256), ("avx2", "i8", 256),
    ("avx512", "f64", 512), ("avx512", "i32", 512), ("avx512", "i16", 512), ("avx512vbmi", "i8", 512),
    ("neon", "f64", 128), ("neon", "f32", 128), ("neon", "i16", 128), ("neon", "i8", 128),
]
BITS = {"f64": 64, "i64": 64, "f32": 32, "i32": 32, "i16": 16, "i8": 8}


def run(shufc, target, elem, bits, size, stride, extra):
    cmd = [shufc, "stride", f"L {size} {stride}", "--target", target, "--elem", elem, "--bits", str(bits), "--json"] + extra
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr else "error"
    return json.loads(p.stdout), None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    shufc, extra = sys.argv[1], sys.argv[2:]
    print("| mode | ν | L_ν^{ν²} shuffles | bound ν·log₂ν | optimal | L^{2ν}_ν | L^{2ν}_2 | formula for L_ν^{ν²} |")
    print("|---|---|---|---|---|---|---|---|")
    for target, elem, bits in MODES:
        nu = bits // BITS[elem]
        t, err = run(shufc, target, elem, bits, nu * nu, nu, extra)
        il, _ = run(shufc, target, elem, bits, 2 * nu, nu, extra)
        dl, _ = run(shufc, target, elem, bits, 2 * nu, 2, extra)
        if t is None:
            print(f"| {target} {elem} | {nu} | — ({err}) | | | | | |")
            continue
        floyd = nu * int(math.log2(nu))
        cell = lambda r: "—" if r is None else f"{r['shuffles']}" + ("" if r["optimal"] else f" (bound {r['lower_bound']})")
        formula = t["formula"] or "(synthesized)"
        print(f"| {target} {elem} | {nu} | {t['shuffles']} | {floyd} | {'yes' if t['shuffles'] <= floyd else 'no'} "
              f"| {cell(il)} | {cell(dl)} | `{formula}` |")


if __name__ == "__main__":
    main()
