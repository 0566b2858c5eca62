#!/usr/bin/env python3
"""Proves `shufc lower-ir` lowerings equivalent to the shuffles they replace, by running both.

Usage: lower_ir_lli.py PATH_TO_SHUFC
Environment: LLI, OPT override lli-19 / opt-19; KEEP=DIR keeps the modules run; LOWER_IR_SEED and
LOWER_IR_RANDOM change the seed and the number of random masks (300), LOWER_IR_EXHAUSTIVE=N:M:ELEM
adds every mask of M entries over two N-wide ELEM inputs, for longer hunts.

1. Builds a list of shuffles: explicit masks for every lowering kind over many element types and
   widths (whole-vector and per-lane shifts by every amount, rotates, zero-extends, blends with
   zero / a second vector / a constant, splats, reverses, subvector extracts, identities,
   non-power-of-two widths, undef lanes), LLVM-IR-form inputs (constant operands, numbered and
   quoted names, undef operands), and random masks biased toward patterns (fixed seed).
2. Runs `shufc lower-ir --json -` once on all of them.
3. For each lowered shuffle K writes @orig_K (the shuffle as written) and @low_K (shufc's IR) with
   the same parameters, and @test_K calling both on several input vectors (edge values: 0, -1,
   min/max, +-0, infinities, quiet and signalling NaNs by bit pattern) and comparing, bitwise,
   the lanes the original defines. Verifies each module with opt-19, then runs it with lli-19.
4. Fails on any mismatch, verifier error, crash, or explicit case that is no longer lowered.
"""
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SEED = int(os.environ.get("LOWER_IR_SEED", "20240607"))
TRIALS = 4
NUM_RANDOM = int(os.environ.get("LOWER_IR_RANDOM", "300"))
MODULES = 3  # lli runs (two at a time on two cores)
TIMEOUT = 300  # seconds, for any one tool run

# compact name -> (IR type, bits, class)
ELEMS = {
    "i8": ("i8", 8, "int"), "i16": ("i16", 16, "int"), "i32": ("i32", 32, "int"), "i64": ("i64", 64, "int"),
    "i24": ("i24", 24, "int"), "i7": ("i7", 7, "int"),
    "f16": ("half", 16, "fp"), "bf16": ("bfloat", 16, "fp"), "f32": ("float", 32, "fp"), "f64": ("double", 64, "fp"),
    "p0": ("ptr", 64, "ptr"),
}

# Literals for constant operands (valid LLVM syntax for the type), zero excluded.
FP_LITERALS = {
    "f16": ["0xH3C00", "0xH8000", "0xH7E00", "0xH7C01", "0xHFC00", "1.5"],
    "bf16": ["0xR3F80", "0xR8000", "0xR7FC0", "0xR7F81", "0xRFF80"],
    "f32": ["1.5", "-0.0", "0x7FF8000000000000", "0xFFF0000000000000", "-2.5", "0x36A0000000000000"],
    "f64": ["1.5", "-0.0", "0x7FF8000000000000", "0x7FF0000000000001", "0xFFF0000000000000", "0x0000000000000001"],
}

# Run-time edge values (bit patterns) per element width / class.
def edge_values(elem):
    _, bits, cls = ELEMS[elem]
    full = (1 << bits) - 1
    ints = [0, full, 1, 1 << (bits - 1), full >> 1, 0x5A5A5A5A5A5A5A5A & full, 0xA5A5A5A5A5A5A5A5 & full]
    if cls == "fp":
        if elem == "f16": f = [0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE01, 0x3C00, 0x7BFF, 0x0001]
        elif elem == "bf16": f = [0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0xFFC1, 0x3F80, 0x7F7F, 0x0001]
        elif elem == "f32": f = [0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC12345, 0x3F800000, 0x7F7FFFFF, 1]
        else: f = [1 << 63, 0x7FF0 << 48, 0xFFF0 << 48, 0x7FF8 << 48, (0x7FF0 << 48) | 1, 0xFFF8123456789ABC, 0x3FF0 << 48, 0x7FEFFFFFFFFFFFFF, 1]
        ints += f
    return ints


# ---------------------------------------------------------------------------------------------
# Cases

class Case:
    """One shuffle. Operands: ("val", name) | ("undef",) | ("poison",) | ("zero",) |
    ("splat", literal) | ("const", [literals]). Mask entries: index, "u" (undef) or "z" (zero)."""

    def __init__(self, elem, n, mask, op1=("val", "%a"), op2=("val", "%b"), result=None, form="compact",
                 expect=None, text=None, scalable=False):
        self.elem, self.n, self.mask = elem, n, list(mask)
        self.op1, self.op2, self.result, self.form = op1, op2, result, form
        self.expect = expect  # None: anything; else a set of acceptable pattern names (must be lowered)
        self.scalable = scalable
        self.text = text or self.make_text()

    @property
    def m(self):
        return len(self.mask)

    def ty(self, count=None):
        c = self.n if count is None else count
        return f"<{'vscale x ' if self.scalable else ''}{c} x {ELEMS[self.elem][0]}>"

    def operand_ir(self, op):
        t = ELEMS[self.elem][0]
        k = op[0]
        if k == "val": return op[1]
        if k in ("undef", "poison"): return k
        if k == "zero": return "zeroinitializer"
        if k == "splat": return f"splat ({t} {op[1]})"
        return "<" + ", ".join(f"{t} {x}" for x in op[1]) + ">"

    def make_text(self):
        if self.form == "compact":
            return f"{'nx' if self.scalable else ''}v{self.n}{self.elem}:" + ",".join(str(e) for e in self.mask)
        assert "z" not in self.mask
        mty = f"<{'vscale x ' if self.scalable else ''}{self.m} x i32>"
        if all(e == "u" for e in self.mask): mask = "poison"
        elif all(e == 0 for e in self.mask): mask = "zeroinitializer"
        else:  # undef lanes spelled both ways
            mask = "<" + ", ".join(("i32 poison", "i32 undef")[i % 2] if e == "u" else f"i32 {e}"
                                   for i, e in enumerate(self.mask)) + ">"
        res = f"{self.result} = " if self.result else ""
        return f"{res}shufflevector {self.ty()} {self.operand_ir(self.op1)}, {self.ty()} {self.operand_ir(self.op2)}, {mty} {mask}"

    def defined_lanes(self):
        """Lanes whose value the original shuffle defines."""
        out = []
        for i, e in enumerate(self.mask):
            if e == "u": continue
            if e != "z":
                op = self.op1 if e < self.n else self.op2
                if op[0] in ("undef", "poison"): continue
                if op[0] == "const" and op[1][e % self.n] in ("undef", "poison"): continue
            out.append(i)
        return out


def vidx(n, nl, j, e):
    """Per-lane entry e (0..nl-1 v1, nl..2nl-1 v2, "u", "z") of lane j as a whole-vector index."""
    if e in ("u", "z"): return e
    return j * nl + e if e < nl else n + j * nl + (e - nl)


def per_lane(n, lanes, lane_fn):
    nl = n // lanes
    out = []
    for j in range(lanes):
        out += [vidx(n, nl, j, e) for e in lane_fn(nl)]
    return out


# Pattern mask makers (on n-wide inputs; lane_fn-style: they receive the lane width).
def m_identity(n): return list(range(n))
def m_shr(s): return lambda n: [i + s if i + s < n else "z" for i in range(n)]
def m_shl(s): return lambda n: ["z" if i < s else i - s for i in range(n)]
def m_rot(r): return lambda n: [(i + r) % n for i in range(n)]
def m_reverse(n): return [n - 1 - i for i in range(n)]
def m_zext(f, off, m): return [off + i // f if i % f == 0 else "z" for i in range(m)]
def m_splat(k, m): return [k] * m
def m_blend(bits): return lambda n: [n + i if bits[i % len(bits)] else i for i in range(n)]
def m_blend_zero(bits): return lambda n: ["z" if bits[i % len(bits)] else i for i in range(n)]
def m_extract(idx, m): return [idx + i for i in range(m)]


def explicit_cases():
    C = []

    def add(elem, n, mask, expect, **kw):
        C.append(Case(elem, n, mask, expect=set(expect.split("|")) if isinstance(expect, str) else expect, **kw))

    # Whole-vector shifts by every amount.
    for elem, n in [("i8", 16), ("i16", 8), ("i32", 4), ("i64", 2), ("f32", 8), ("f64", 4), ("f16", 8),
                    ("i8", 32), ("i32", 3), ("i16", 6), ("bf16", 4), ("i24", 4), ("i8", 5), ("i7", 8)]:
        for s in range(1, n):
            add(elem, n, m_shr(s)(n), "shift_right")
            add(elem, n, m_shl(s)(n), "shift_left")
    for s in (1, 7, 8, 31, 63):
        add("i8", 64, m_shr(s)(64), "shift_right")
        add("i8", 64, m_shl(s)(64), "shift_left")
    for s in (1, 15, 16):
        add("i64", 32, m_shr(s)(32), "shift_right")
        add("i64", 32, m_shl(s)(32), "shift_left")
    # Shifts within lanes (psrldq/pslldq per 64- or 128-bit lane).
    for elem, n, lanes in [("i8", 16, 2), ("i8", 32, 2), ("i16", 16, 2), ("i32", 8, 2), ("f32", 8, 2), ("i8", 16, 4), ("i16", 32, 4),
                           ("i16", 6, 2), ("i8", 12, 4), ("i7", 16, 2)]:
        nl = n // lanes
        for s in range(1, nl):
            add(elem, n, per_lane(n, lanes, m_shr(s)), "shift_right")
            add(elem, n, per_lane(n, lanes, m_shl(s)), "shift_left")
    # Rotates: whole vector, within lanes, reading v2.
    for elem, n in [("i8", 16), ("i32", 4), ("i16", 8), ("i64", 2), ("f32", 4), ("f64", 8), ("i32", 3), ("i16", 6), ("f16", 16), ("i8", 64),
                    ("i7", 8), ("i24", 4)]:
        for r in sorted({1, n // 2, n - 1} | ({2, 3, 5} if n > 5 else set())):
            if 0 < r < n: add(elem, n, m_rot(r)(n), "rotate")
    add("i32", 8, [1, 2, 3, 0, 5, 6, 7, 4], "rotate")
    for elem, n, lanes in [("i8", 16, 2), ("i8", 32, 2), ("i16", 16, 2), ("f32", 8, 2), ("i32", 16, 4), ("f64", 8, 2), ("i16", 12, 2)]:
        nl = n // lanes
        for r in range(1, nl):
            add(elem, n, per_lane(n, lanes, m_rot(r)), "rotate")
    add("i32", 4, [5, 6, 7, 4], "rotate")
    add("i8", 16, [16 + (i + 3) % 16 for i in range(16)], "rotate")
    # Zero-extends: factors 2, 4, 8, offsets, wider results.
    for elem, n in [("i8", 16), ("i16", 8), ("i32", 4), ("f32", 8), ("f16", 8), ("i8", 32), ("i16", 16), ("i8", 8), ("bf16", 8), ("i24", 4),
                    ("i7", 8), ("f64", 4)]:
        for f in (2, 4, 8):
            if f > n: continue
            for off in range(0, n, max(1, n // f)):
                # Offset n - 1 with factor n is also a shift right by n - 1.
                if off + n // f <= n: add(elem, n, m_zext(f, off, n), "zero_extend|shift_right")
            if f * n <= 128: add(elem, n, m_zext(f, 0, f * n), "zero_extend")
    # Zero-extends within lanes (vpunpcklbw with zero per 128-bit lane, vpmovzx-like per lane).
    for elem, n, lanes, f, off in [("i8", 32, 2, 2, 0), ("i8", 32, 2, 2, 8), ("i16", 16, 2, 2, 4), ("i8", 64, 4, 4, 4),
                                   ("f32", 16, 2, 2, 2), ("i16", 12, 2, 3, 1), ("i8", 32, 2, 8, 0), ("f64", 8, 2, 2, 1)]:
        add(elem, n, per_lane(n, lanes, lambda nl: m_zext(f, off, nl)), "zero_extend|shift_right")
    add("i32", 4, m_zext(2, 1, 4), "zero_extend")
    add("i8", 16, m_zext(2, 3, 16), "zero_extend")
    add("i16", 8, m_zext(4, 0, 16), "zero_extend")
    add("i8", 6, m_zext(2, 0, 6), "zero_extend")
    add("i16", 6, m_zext(3, 1, 6), "zero_extend")
    add("i8", 16, m_zext(2, 0, 16)[:8], "zero_extend")
    # Blends with zero, with a second vector.
    rng = random.Random(SEED + 1)
    for elem, n in [("i32", 4), ("i16", 8), ("i8", 16), ("f32", 4), ("f64", 4), ("i64", 2), ("f16", 8), ("i8", 64),
                    ("i32", 3), ("i16", 6), ("i32", 16), ("bf16", 8), ("p0", 4), ("i7", 8)]:
        for _ in range(3):
            bits = [rng.randint(0, 1) for _ in range(n)]
            if 0 < sum(bits) < n: add(elem, n, m_blend(bits)(n), "blend")
    add("i32", 4, [0, 5, 2, 7], "blend")
    add("i32", 4, [0, "z", 2, "z"], "blend")
    add("i16", 8, [0, "z", "z", 3, 4, "z", 6, 7], "blend")
    add("f32", 4, ["z", 1, 2, "z"], "blend")
    add("f64", 2, ["z", 1], "blend|shift_left")
    add("i8", 16, m_blend_zero([0, 1, 1, 0, 1, 0, 0, 1])(16), "blend")
    # Splats (from v1 and v2, wider and narrower results).
    for elem, n in [("i32", 4), ("i8", 16), ("f16", 8), ("f64", 2), ("i64", 4), ("i32", 3), ("p0", 4), ("bf16", 4), ("i7", 4)]:
        for k in sorted({0, 1, n - 1}):
            add(elem, n, m_splat(k, n), "splat")
        add(elem, n, m_splat(n + n // 2, n), "splat")
        add(elem, n, m_splat(1, 2 * n), "splat")
        add(elem, n, m_splat(n - 1, max(2, n // 2)), "splat")
    # Reverses.
    for elem, n in [("i8", 16), ("i16", 8), ("i32", 4), ("i64", 2), ("f32", 8), ("f64", 4), ("f16", 4), ("i32", 3),
                    ("i16", 6), ("i8", 64), ("p0", 4), ("i8", 5), ("i24", 8)]:
        add(elem, n, m_reverse(n), "reverse|rotate")
    add("i32", 4, [7, 6, 5, 4], "reverse")
    # Subvector extracts.
    for elem, n in [("i32", 8), ("i8", 16), ("f64", 4), ("i16", 16), ("f32", 8), ("p0", 4), ("i8", 64), ("i16", 6), ("i32", 12)]:
        for m in (n // 2, n // 4, 1):
            if m < 1: continue
            for idx in range(0, n, m):
                if m == 1 and idx not in (0, n - 1): continue
                add(elem, n, m_extract(idx, m), "extract_subvector")
    # Identities.
    for elem, n in [("i32", 4), ("i8", 16), ("f32", 8), ("f16", 4), ("i32", 3), ("p0", 2), ("i64", 64)]:
        add(elem, n, m_identity(n), "identity")
    add("i16", 8, [0, "u", 2, 3, "u", 5, 6, 7], "identity")
    # Undef lanes in each kind.
    add("i8", 16, [2, 3, "u", 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "z", "u"], "shift_right")
    add("i16", 8, ["u", "z", 0, "u", 2, 3, 4, 5], "shift_left")
    add("i32", 8, ["u", 2, 3, 0, 5, "u", 7, 4], "rotate")
    add("i8", 16, [0, "z", "u", "z", 1, "u", "z", "z", 2, "z", "z", "u", 3, "z", "z", "z"], "zero_extend")
    add("i32", 4, [0, "u", 6, 3], "blend")
    add("i32", 4, ["u", 2, 2, "u"], "splat")
    add("i32", 4, ["u", 2, "u", 0], "reverse|rotate")
    add("i32", 8, ["u", 5, "u", 7], "extract_subvector")
    return C


def ir_cases():
    """LLVM IR-form inputs: named, numbered and quoted values, constant and undef operands."""
    C = []

    def add(elem, n, mask, op1, op2, expect, result="%r", **kw):
        C.append(Case(elem, n, mask, op1, op2, result=result, form="ir",
                      expect=set(expect.split("|")) if isinstance(expect, str) else expect, **kw))

    X, Y, Z = ("val", "%x"), ("val", "%y"), ("zero",)
    add("i16", 8, [8, 8, 0, 1, 2, 3, 4, 5], X, Z, "shift_left")
    add("i32", 4, [1, 2, 3, 4], X, Z, "shift_right")
    add("i32", 4, [4, 0, 5, 0], Z, X, "zero_extend")       # zero first: swapped
    add("i32", 4, [0, 4, 1, 4], X, ("splat", "0"), "zero_extend")
    add("i32", 4, [0, 4, 1, 4], X, ("const", ["0", "0", "undef", "0"]), "zero_extend")
    add("i32", 4, [0, 4, 1, 6], X, ("const", ["0", "0", "undef", "0"]), "zero_extend")  # lane 3 reads undef
    add("i32", 4, [0, 5, 2, 7], X, ("splat", "7"), "blend")
    add("i32", 4, [0, 5, 2, 7], X, ("const", ["1", "2", "3", "4"]), "blend")
    add("i32", 4, [4, 1, 6, 3], ("const", ["1", "-2", "3", "-4"]), X, "blend")
    add("f32", 4, [0, 5, 6, 3], X, ("splat", "1.5"), "blend")
    add("f64", 2, [2, 1], X, ("splat", "0x7FF8000000000000"), "blend")
    add("f32", 4, [1, 2, 3, 4], X, ("splat", "-0.0"), None)  # -0.0 is not zero: no shift
    add("f32", 4, [1, 2, 3, 4], X, ("splat", "0.0"), "shift_right")
    add("f64", 4, [4, 4, 0, 1], X, ("const", ["0.0", "0.0", "0.0", "0.0"]), "shift_left")
    add("f64", 4, [4, 4, 0, 1], X, ("const", ["0.0", "-0.0", "0.0", "0.0"]), None)
    add("i32", 4, [1, 2, 3, 4], ("const", ["1", "2", "3", "4"]), Z, "shift_right")
    add("i32", 4, [1, 2, 3, 0], ("const", ["1", "2", "3", "4"]), ("poison",), "rotate")
    add("i32", 4, [3, 2, 1, 0], ("const", ["1", "2", "3", "4"]), ("undef",), "reverse")
    add("i32", 4, [2, 2, 2, 2], ("const", ["1", "2", "3", "4"]), ("undef",), "splat")
    add("i32", 4, [0, 0, 0, 0], ("splat", "7"), ("undef",), None)
    add("i32", 4, [0, 4, 1, 4], ("const", ["1", "2", "3", "4"]), Z, "zero_extend")
    # Both operands constants.
    C4 = ("const", ["1", "2", "3", "4"])
    add("i32", 4, [0, 5, 2, 7], C4, ("const", ["5", "6", "7", "8"]), "blend")
    add("i32", 4, [0, 5, 2, 7], C4, ("splat", "9"), "blend")
    add("i32", 4, [1, 6, 3, 0], Z, Z, None)
    add("i32", 4, [1, 6, 3, 0], ("splat", "7"), ("splat", "7"), None)
    add("i32", 4, [0, 5, 2, 7], ("splat", "3"), ("splat", "7"), None)
    add("i32", 4, [5, 6, 7, 0], ("const", ["1", "undef", "3", "poison"]), C4, None)
    add("i32", 4, [2, 3, 4, 4], C4, ("const", ["0", "poison", "0", "0"]), "shift_right")
    add("i32", 4, [7, 6, 5, 4], ("undef",), C4, "reverse")
    add("f64", 2, [1, 2], ("const", ["1.5", "0x7FF0000000000001"]), ("splat", "0.0"), "shift_right")
    add("i32", 8, [4, 5, 6, 7], ("const", [str(i) for i in range(8)]), ("poison",), "extract_subvector")
    add("i32", 4, [0, 1, 2, 3], ("const", ["1", "2", "3", "4"]), ("poison",), "identity")
    add("f32", 4, [2, 3, 4, 4], ("const", ["1.5", "0x7FF8000000000000", "-0.0", "-2.5"]), Z, "shift_right")
    add("f32", 4, [1, 2, 3, 0], ("const", ["1.5", "0x7FF8000000000000", "-0.0", "undef"]), ("poison",), "rotate")
    add("f16", 4, [1, 2, 3, 4], ("const", ["0xH3C00", "0xH7E00", "0xH8000", "1.5"]), Z, "shift_right")
    add("i8", 16, [i + 1 for i in range(16)], X, Z, "shift_right")
    add("i8", 16, [i + 17 for i in range(15)] + [0], Z, X, "shift_right")  # swapped operands
    add("i32", 4, [5, 6, 7, 4], ("undef",), X, "rotate")
    add("i32", 4, [0, 5, 2, 7], X, X, "identity")          # the same value twice
    add("i32", 4, [5, 5, 5, 5], Y, X, "splat")
    add("i32", 4, [0, 5, 2, 7], X, Y, "blend", result="%res.1")
    add("i32", 4, [1, 2, 3, 0], X, ("undef",), "rotate", result=None)  # no result name
    add("i32", 4, ["u", "u", "u", "u"], X, Y, None)
    add("i32", 4, [0, 0, 0, 0], X, ("undef",), "splat")
    add("i32", 4, [3, 2, 1, 0], ("val", "%vec.in"), ("poison",), "reverse", result="%vec.out")
    # Numbered and quoted names.
    add("i32", 4, [1, 2, 3, 4], ("val", "%0"), Z, "shift_right", result="%1")
    add("i32", 4, [1, 2, 3, 0], ("val", "%0"), ("val", "%1"), "rotate", result="%2")
    add("i32", 4, [0, 5, 2, 7], ("val", "%0"), ("val", "%1"), "blend", result="%2")
    add("i32", 4, [3, 2, 1, 0], ("val", "%0"), ("undef",), "reverse", result="%1")
    add("i32", 4, [0, 4, 1, 4], ("val", "%0"), Z, "zero_extend", result="%1")
    add("i32", 4, [3, 2, 1, 0], ("val", "%0"), ("val", "%1"), "reverse", result="%2")  # %1 unused
    add("i32", 4, [1, 2, 3, 4], ("val", '%"in put"'), Z, "shift_right", result='%"out put"')
    add("i32", 4, [2, 2, 2, 2], ("val", '%"in put"'), ("undef",), "splat", result='%"out put"')
    add("i32", 4, [3, 2, 1, 0], ("val", '%"in"'), ("undef",), "reverse", result='%"out"')
    # Operand names that look like the lowering's temporaries or its default result name.
    add("i32", 4, [1, 2, 3, 4], ("val", "%x.0"), Z, "shift_right", result="%x")
    add("i32", 4, [1, 2, 3, 0], ("val", '%"x.1"'), ("val", "%x.0"), "rotate", result="%x")
    add("i32", 4, [3, 2, 1, 0], ("val", "%r"), ("val", '%"r1"'), "reverse", result=None)
    add("i32", 4, [2, 2, 2, 2], ("val", "%r"), ("val", "%r.0"), "splat", result=None)
    add("i32", 4, [0, 4, 1, 4], ("val", "%r"), Z, "zero_extend", result=None)
    # Mask spellings: `i32 undef` entries, a splat mask.
    C.append(Case("i32", 4, [1, "u", 3, 4], X, Z, result="%r", form="ir", expect={"shift_right"},
                  text="%r = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 1, i32 undef, i32 3, i32 4>"))
    C.append(Case("i32", 4, [2, 2, 2, 2], X, ("poison",), result="%r", form="ir", expect={"splat"},
                  text="%r = shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> splat (i32 2)"))
    # Scalable: verified, not executed.
    add("i32", 4, [0, 0, 0, 0], X, ("poison",), "splat", scalable=True)
    C.append(Case("i32", 4, [0, 0, 0, 0], expect={"splat"}, scalable=True))
    add("f64", 2, [0, 0], X, ("undef",), "splat", scalable=True)
    return C


def exhaustive_cases(n, m, elem):
    """Every compact mask of m entries over two n-wide inputs (indices, u, z)."""
    vals = list(range(2 * n)) + ["u", "z"]
    return [Case(elem, n, list(mk)) for mk in itertools.product(vals, repeat=m) if any(e != "u" for e in mk)]


def random_cases(rng, count):
    types = [("i8", 16), ("i8", 32), ("i16", 8), ("i16", 16), ("i32", 4), ("i32", 8), ("i64", 2), ("i64", 4),
             ("f32", 4), ("f32", 8), ("f64", 2), ("f64", 4), ("f16", 8), ("i8", 64), ("i32", 3), ("i16", 6),
             ("i8", 12), ("f32", 5), ("i32", 16), ("bf16", 8)]
    out = []
    for _ in range(count):
        elem, n = rng.choice(types)
        lanes = rng.choice([l for l in (1, 1, 1, 2, 4) if n % l == 0 and n // l >= 2] or [1])
        nl = n // lanes
        kind = rng.choice(["shr", "shl", "rot", "zext", "blend", "blendz", "splat", "rev", "extract", "ident",
                           "random", "random2"])
        if kind == "shr": mask = per_lane(n, lanes, m_shr(rng.randint(1, nl - 1)))
        elif kind == "shl": mask = per_lane(n, lanes, m_shl(rng.randint(1, nl - 1)))
        elif kind == "rot": mask = per_lane(n, lanes, m_rot(rng.randint(1, nl - 1)))
        elif kind == "zext" and lanes > 1:
            f = rng.choice([f for f in (2, 4) if nl % f == 0] or [nl])
            off = rng.randint(0, nl - nl // f)
            mask = per_lane(n, lanes, lambda w: m_zext(f, off, w))
        elif kind == "zext":
            f = rng.choice([f for f in (2, 3, 4, 8) if f <= n] or [2])
            m = rng.choice([n, f * max(1, n // f)]) if n % f == 0 else f * max(1, n // f)
            mask = m_zext(f, rng.randint(0, max(0, n - m // f)), m)
        elif kind == "blend": mask = per_lane(n, lanes, m_blend([rng.randint(0, 1) for _ in range(nl)]))
        elif kind == "blendz": mask = per_lane(n, lanes, m_blend_zero([rng.randint(0, 1) for _ in range(nl)]))
        elif kind == "splat": mask = m_splat(rng.randrange(2 * n), rng.choice([n, 2 * n, max(2, n // 2)]))
        elif kind == "rev": mask = per_lane(n, lanes, m_reverse)
        elif kind == "extract":
            m = rng.choice([d for d in range(1, n) if n % d == 0] or [1])
            mask = m_extract(rng.randint(0, n - m), m)
        elif kind == "ident": mask = m_identity(n)
        elif kind == "random":  # few distinct sources: often something
            pool = [rng.randrange(2 * n) for _ in range(2)] + ["z", "u"]
            mask = [rng.choice(pool) for _ in range(n)]
        else: mask = [rng.choice([rng.randrange(2 * n), "z", "u"]) for _ in range(n)]
        # Sprinkle undefs; sometimes break the pattern in one place.
        p = rng.choice([0, 0, 0.1, 0.3, 0.6])
        mask = ["u" if rng.random() < p else e for e in mask]
        if rng.random() < 0.15:
            mask[rng.randrange(len(mask))] = rng.choice([rng.randrange(2 * n), "z"])
        if all(e == "u" for e in mask): mask[0] = 0
        if rng.random() < 0.25 and elem != "p0":
            # LLVM IR form with a constant operand in place of zeros / v2.
            has_z = "z" in mask
            uses_b = any(e != "u" and e != "z" and e >= n for e in mask)
            if has_z and uses_b: pass
            else:
                lits = [literal(rng, elem) for _ in range(n)]
                op2 = ("zero",) if has_z else rng.choice([("splat", lits[0]), ("const", lits), ("val", "%y")])
                mask2 = [n if e == "z" else e for e in mask]
                out.append(Case(elem, n, mask2, ("val", "%x"), op2, result="%r", form="ir"))
                continue
        out.append(Case(elem, n, mask))
    return out


def literal(rng, elem):
    _, bits, cls = ELEMS[elem]
    if cls == "fp": return rng.choice(FP_LITERALS[elem])
    v = rng.choice([1, -1, rng.randrange(1 << bits) - (1 << (bits - 1))])
    return str(v or 1)


# ---------------------------------------------------------------------------------------------
# Module writing

NAME_RE = re.compile(r'%(?:"[^"]*"|[-a-zA-Z$._0-9]+)')


def params_of(case):
    """Parameter names: %a, %b for the compact form, else the value names the text uses."""
    if case.form == "compact": return ["%a", "%b"]
    body = case.text.split("shufflevector", 1)[1]
    names = []
    for nm in NAME_RE.findall(body):
        if nm not in names: names.append(nm)
    while len(names) < 2: names.append(f"%unused.{len(names)}")
    return names


DEF_RE = re.compile(r'^(%(?:"[^"]*"|[-a-zA-Z$._0-9]+)) = ')


def result_name(case, low):
    """The value the lowering defines: its last line's. An unnamed shuffle gets the same name."""
    m = DEF_RE.match(low["ir"].split("\n")[-1])
    return m.group(1) if m else None


def orig_body(case, res):
    """The original shuffle as IR lines defining `res`."""
    if case.form == "ir":
        return case.text if case.result else f"{res} = " + case.text
    n, ty = case.n, case.ty()
    mask = case.mask
    a, b = "%a", "%b"
    zlanes = [i for i, e in enumerate(mask) if e == "z"]
    uses_a = any(e not in ("u", "z") and e < n for e in mask)
    uses_b = any(e not in ("u", "z") and e >= n for e in mask)
    sel = None
    if zlanes and not uses_b: b, mask = "zeroinitializer", [n if e == "z" else e for e in mask]
    elif zlanes and not uses_a: a, mask = "zeroinitializer", [0 if e == "z" else e for e in mask]
    elif zlanes: sel = [e != "z" for e in mask]
    mty = f"<{case.m} x i32>"
    mtxt = "<" + ", ".join("i32 poison" if e in ("u", "z") else f"i32 {e}" for e in mask) + ">"
    if case.scalable:
        mty = f"<vscale x {case.m} x i32>"
        mtxt = "zeroinitializer" if all(e == 0 for e in mask) else "poison"
    if sel is None:
        return f"{res} = shufflevector {ty} {a}, {ty} {b}, {mty} {mtxt}"
    rty = case.ty(case.m)
    cond = "<" + ", ".join("i1 true" if s else "i1 false" for s in sel) + ">"
    return (f"%orig.shuf = shufflevector {ty} {a}, {ty} {b}, {mty} {mtxt}\n"
            f"{res} = select <{case.m} x i1> {cond}, {rty} %orig.shuf, {rty} zeroinitializer")


def int_ty(case, count):
    return f"<{count} x i{ELEMS[case.elem][1]}>"


def signed(v, bits):
    return v - (1 << bits) if v >> (bits - 1) else v


def trial_values(rng, case, trial, param):
    """Bit patterns for one operand: edge values, random, a mix; different for each operand."""
    _, bits, cls = ELEMS[case.elem]
    edges = edge_values(case.elem)
    full = (1 << bits) - 1
    vals = []
    for i in range(case.n):
        if trial == 0: v = edges[(i + 5 * param) % len(edges)]
        elif trial == 1: v = rng.getrandbits(bits)
        elif trial == 2: v = rng.choice(edges) if rng.random() < 0.5 else rng.getrandbits(bits)
        else: v = edges[(i * 3 + param) % len(edges)] ^ (rng.getrandbits(bits) & rng.getrandbits(bits))
        if cls == "ptr" and v == 0: v = 1  # keep pointers printable; null is fine too but dull
        vals.append(v)
    return vals


def to_vec(lines, case, name, vals):
    """Emits instructions producing the operand vector `name` from integer bit patterns."""
    bits = ELEMS[case.elem][1]
    cls = ELEMS[case.elem][2]
    c = "<" + ", ".join(f"i{bits} {signed(v, bits)}" for v in vals) + ">"
    if cls == "int":
        lines.append(f"  {name} = add {int_ty(case, case.n)} {c}, zeroinitializer")
    elif cls == "fp":
        lines.append(f"  {name} = bitcast {int_ty(case, case.n)} {c} to {case.ty()}")
    else:
        lines.append(f"  {name} = inttoptr {int_ty(case, case.n)} {c} to {case.ty()}")


def to_int(lines, case, name, v):
    cls = ELEMS[case.elem][2]
    it = int_ty(case, case.m)
    if cls == "int": return v
    op = "bitcast" if cls == "fp" else "ptrtoint"
    lines.append(f"  {name} = {op} {case.ty(case.m)} {v} to {it}")
    return name


HEADER = r'''@.fmt = private constant [30 x i8] c"MISMATCH %d lane %d trial %d\0A\00"
@.fails = global i32 0
declare i32 @printf(ptr, ...)

define void @report(i32 %k, i32 %t, ptr %bad, ptr %lanes, i32 %d) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %p = getelementptr i8, ptr %bad, i32 %i
  %b = load i8, ptr %p
  %isbad = icmp ne i8 %b, 0
  br i1 %isbad, label %print, label %next
print:
  %lp = getelementptr i32, ptr %lanes, i32 %i
  %lane = load i32, ptr %lp
  %x = call i32 (ptr, ...) @printf(ptr @.fmt, i32 %k, i32 %lane, i32 %t)
  %f = load i32, ptr @.fails
  %f1 = add i32 %f, 1
  store i32 %f1, ptr @.fails
  br label %next
next:
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %d
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
'''


def case_functions(k, case, low):
    """@orig_K and @low_K: same parameters, the original shuffle and shufc's lowering."""
    params = ", ".join(f"{case.ty()} {p}" for p in params_of(case))
    rty, res = case.ty(case.m), result_name(case, low)
    out = []
    for name, body in ((f"@orig_{k}", orig_body(case, res)), (f"@low_{k}", low["ir"])):
        out.append(f"define {rty} {name}({params}) {{\nentry:")
        out += ["  " + l for l in body.split("\n")]
        out.append(f"  ret {rty} {res}\n}}\n")
    return out


def test_function(k, case, rng):
    """@test_K: both functions on TRIALS inputs, defined lanes compared bitwise."""
    lanes = case.defined_lanes()
    d = len(lanes)
    params = params_of(case)
    out = [f"@lanes.{k} = private constant [{max(d, 1)} x i32] [" +
           ", ".join(f"i32 {l}" for l in (lanes or [0])) + "]",
           f"define void @test_{k}() {{", "entry:", "  %buf = alloca [256 x i8], align 64"]
    if d == 0:
        out += ["  ret void", "}", ""]
        return out
    it = f"<{d} x i{ELEMS[case.elem][1]}>"
    sel = "<" + ", ".join(f"i32 {l}" for l in lanes) + ">"
    for t in range(TRIALS):
        args = []
        for j, p in enumerate(params):
            nm = f"%in.{t}.{j}"
            to_vec(out, case, nm, trial_values(rng, case, t, j))
            args.append(f"{case.ty()} {nm}")
        a = ", ".join(args)
        out.append(f"  %o.{t} = call {case.ty(case.m)} @orig_{k}({a})")
        out.append(f"  %l.{t} = call {case.ty(case.m)} @low_{k}({a})")
        oi = to_int(out, case, f"%oi.{t}", f"%o.{t}")
        li = to_int(out, case, f"%li.{t}", f"%l.{t}")
        full = int_ty(case, case.m)
        out.append(f"  %od.{t} = shufflevector {full} {oi}, {full} poison, <{d} x i32> {sel}")
        out.append(f"  %ld.{t} = shufflevector {full} {li}, {full} poison, <{d} x i32> {sel}")
        out.append(f"  %ne.{t} = icmp ne {it} %od.{t}, %ld.{t}")
        out.append(f"  %any.i.{t} = bitcast <{d} x i1> %ne.{t} to i{d}")
        out.append(f"  %any.{t} = icmp ne i{d} %any.i.{t}, 0")
        out.append(f"  br i1 %any.{t}, label %bad.{t}, label %ok.{t}")
        out.append(f"bad.{t}:")
        out.append(f"  %bytes.{t} = zext <{d} x i1> %ne.{t} to <{d} x i8>")
        out.append(f"  store <{d} x i8> %bytes.{t}, ptr %buf, align 1")
        out.append(f"  call void @report(i32 {k}, i32 {t}, ptr %buf, ptr @lanes.{k}, i32 {d})")
        out.append(f"  br label %ok.{t}")
        out.append(f"ok.{t}:")
    out += ["  ret void", "}", ""]
    return out


def build_module(items, rng, runnable=True):
    decls = []
    body = []
    for k, case, low in items:
        for dl in (low.get("declarations") or "").split("\n"):
            if dl and dl not in decls: decls.append(dl)
        body += case_functions(k, case, low)
        if runnable: body += test_function(k, case, rng)
    text = [HEADER if runnable else ""] + decls + [""] + body
    if runnable:
        text.append("define i32 @main() {\nentry:")
        text += [f"  call void @test_{k}()" for k, _, _ in items]
        text.append("  %f = load i32, ptr @.fails\n  %bad = icmp ne i32 %f, 0\n  %rc = zext i1 %bad to i32\n  ret i32 %rc\n}")
    return "\n".join(text) + "\n"


# ---------------------------------------------------------------------------------------------

def run(cmd, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, **kw)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"timed out after {TIMEOUT}s")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    t0 = time.time()
    shufc = sys.argv[1]
    lli = os.environ.get("LLI", "lli-19")
    opt = os.environ.get("OPT", "opt-19")
    for tool in (shufc, lli, opt):
        if not shutil.which(tool):
            print(f"lower-ir: {tool} not found", file=sys.stderr)
            return 1

    rng = random.Random(SEED)
    explicit = explicit_cases() + ir_cases()
    exhaustive = exhaustive_cases(2, 2, "i16") + exhaustive_cases(2, 4, "f32") + exhaustive_cases(3, 3, "i8")
    big = os.environ.get("LOWER_IR_EXHAUSTIVE")  # e.g. "4:4:i32" for every v4 mask of 4 entries
    if big:
        n, m, elem = big.split(":")
        exhaustive += exhaustive_cases(int(n), int(m), elem)
    cases = explicit + exhaustive + random_cases(rng, NUM_RANDOM)
    errors = []          # problems not tied to one case
    failures = {}        # case index -> messages

    def fail(i, msg):
        failures.setdefault(i, []).append(msg)

    # One shufc run over all of them.
    stdin = "\n".join(c.text for c in cases) + "\n"
    p = run([shufc, "lower-ir", "--json", "-"], input=stdin)
    if p.returncode != 0:
        errors.append(f"shufc lower-ir exited {p.returncode}: {p.stderr.strip()[:2000]}")
    results = {}
    for line in p.stdout.splitlines():
        try:
            j = json.loads(line)
        except json.JSONDecodeError:
            errors.append(f"not JSON: {line[:200]}")
            continue
        results[j.get("line")] = j
    lowered = []  # (case index, case, json)
    for i, c in enumerate(cases):
        j = results.get(i + 1)
        if j is None:
            fail(i, "no result from shufc")
            continue
        if "declarations" not in j:
            fail(i, "JSON lacks 'declarations'")
        pat = j.get("pattern")
        if (pat is None) != (j.get("ir") is None):
            fail(i, f"pattern and ir disagree: {j}")
            continue
        if c.expect is not None and pat not in c.expect:
            fail(i, f"expected {'/'.join(sorted(c.expect))}, got {pat}")
        if pat is not None:
            res = result_name(c, j)
            want = c.result if c.form == "ir" and c.result else None
            if res is None or (want and res != want) or (not want and c.form == "compact" and res != "%r"):
                fail(i, f"the lowering's last line does not define {want or '%r'}: {j['ir']}")
                continue
            lowered.append((i, c, j))
    if not lowered:
        errors.append("nothing was lowered")

    # Lowerings that reinterpret bits must freeze their operands first.
    for i, c, j in lowered:
        if re.search(r"\b(zext|lshr|shl|fshr)\b", j["ir"]):
            for nm in params_of(c):
                for l in j["ir"].split("\n"):
                    rhs = l.split("=", 1)[-1]
                    if re.search(re.escape(nm) + r"(?![-a-zA-Z$._0-9])", rhs) and "freeze" not in rhs:
                        fail(i, f"operand {nm} used unfrozen in a bit-reinterpreting lowering: {l}")

    tmp = tempfile.mkdtemp(prefix="lower_ir_lli.")
    mismatches = 0
    try:
        def verify(text, name):
            path = os.path.join(tmp, name)
            with open(path, "w") as f: f.write(text)
            r = run([opt, "-passes=verify", "-disable-output", path])
            return r.returncode == 0, r.stderr.strip()

        bad = set()

        def verify_group(items, runnable, top=True):
            """Verifies the cases together; on failure, bisects down to the invalid ones."""
            if not items: return True
            ok, err = verify(build_module(items, random.Random(0), runnable), "group.ll")
            if ok: return True
            if len(items) == 1:
                x = items[0]
                bad.add(x[0])
                fail(x[0], f"invalid IR ({x[2]['pattern']}): {err[:600]}\n    " +
                     (x[2]["ir"] + "\n" + (x[2].get("declarations") or "")).strip().replace("\n", "\n    "))
                return False
            h = len(items) // 2
            found = not verify_group(items[:h], runnable, False)
            found = (not verify_group(items[h:], runnable, False)) or found
            if top and not found:
                errors.append(f"module fails to verify: {err[:1000]}")
            return False

        # Scalable shuffles are verified only: no vscale target to run them on.
        verify_group([x for x in lowered if x[1].scalable], runnable=False)
        fixed = [x for x in lowered if not x[1].scalable]
        verify_group(fixed, runnable=True)
        runnable = [x for x in fixed if x[0] not in bad]

        def crashers(items, ci):
            """The cases whose module makes lli fail with no mismatch report (bisected)."""
            path = os.path.join(tmp, "crash.ll")
            with open(path, "w") as f: f.write(build_module(items, random.Random(SEED + ci)))
            r = run([lli, path])
            if r.returncode == 0 or (r.returncode == 1 and "MISMATCH " in r.stdout): return []
            if len(items) == 1: return items
            h = len(items) // 2
            return crashers(items[:h], ci) + crashers(items[h:], ci)

        jobs = []
        for ci in range(MODULES):
            chunk = runnable[ci::MODULES]
            if not chunk: continue
            text = build_module(chunk, random.Random(SEED + ci))
            name = f"lower_ir_{ci}.ll"
            ok, err = verify(text, name)
            if not ok:
                errors.append(f"module {ci} fails to verify: {err[:1000]}")
                continue
            jobs.append((ci, os.path.join(tmp, name)))
        if os.environ.get("KEEP"):
            os.makedirs(os.environ["KEEP"], exist_ok=True)
            for _, path in jobs: shutil.copy(path, os.environ["KEEP"])
        outputs = []
        for lo in range(0, len(jobs), 2):  # two at a time: two cores
            ps = [(ci, subprocess.Popen([lli, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
                  for ci, path in jobs[lo:lo + 2]]
            for ci, pr in ps:
                try:
                    out, err = pr.communicate(timeout=TIMEOUT)
                except subprocess.TimeoutExpired:
                    pr.kill()
                    out, err = pr.communicate()
                    err = f"timed out after {TIMEOUT}s\n" + err
                outputs.append((ci, out, err, pr.returncode))
        by_i = {i: (c, j) for i, c, j in lowered}
        for ci, out, err, rc in outputs:
            lines = [l for l in out.splitlines() if l.startswith("MISMATCH ")]
            mismatches += len(lines)
            per = {}
            for l in lines:
                w = l.split()
                per.setdefault(int(w[1]), []).append(f"lane {w[3]} trial {w[5]}")
            for i, ls in per.items():
                c, j = by_i[i]
                fail(i, f"mismatch ({j['pattern']}): " + ", ".join(ls[:8]) + ("..." if len(ls) > 8 else "") +
                     "\n    " + j["ir"].replace("\n", "\n    "))
            if rc != 0 and not (rc == 1 and lines):
                errors.append(f"lli failed on module {ci} (exit {rc}): {err.strip()[:1000]}")
                for x in crashers([x for x in runnable[ci::MODULES]], ci):
                    fail(x[0], f"lli crashes on it ({x[2]['pattern']}):\n    " + x[2]["ir"].replace("\n", "\n    "))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    kinds = {}
    for _, c, j in lowered: kinds[j["pattern"]] = kinds.get(j["pattern"], 0) + 1
    print(f"lower-ir: {len(cases)} shuffles ({len(explicit)} explicit, {len(exhaustive)} exhaustive, "
          f"{len(cases) - len(explicit) - len(exhaustive)} random), "
          f"{len(lowered)} cases lowered, {mismatches} mismatches ({time.time() - t0:.1f}s)")
    print("lowered by pattern: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    for i in sorted(failures):
        for msg in failures[i]:
            print(f"FAIL: {cases[i].text}: {msg}")
    for e in errors: print("FAIL: " + e)
    failed = len(failures) + len(errors)
    print(f"{len(cases) - len(failures)} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
