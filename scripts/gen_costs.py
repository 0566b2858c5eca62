#!/usr/bin/env python3
"""Generate shufc's per-CPU cost tables (src/cost/tables/<cpu>.inc) from llvm-mca-19.

    scripts/gen_costs.py SHUFC [--out DIR] [--cpu CPU ...] [--mca llvm-mca-19] [--keep-asm DIR]

SHUFC is the path of a built `shufc` binary: its `isa list --target sse4.1 --json` (the legacy SSE
forms), `--target avx512vbmi2` (their VEX forms, AVX, AVX2 and AVX-512) and `--target neon` give
every x86 and AArch64 instruction record with its assembly template. Each template becomes one concrete instruction (registers by operand width, immediate
1 or 0), or, for a record of several instructions (pand.blend: pxor, pand, pxor), one per line, each
with an entry under its mnemonic (as the assembly emitter costs them) and the record's own entry
their sum; all the instructions of one architecture go into one block, and llvm-mca-19 is run once
per CPU in --instruction-tables mode (a static per-instruction view: no simulation, so the numbers
do not depend on the neighbours in the block). From its JSON output we take, per instruction,
#uOps, Latency and RThroughput (the "Instruction Info" view) and the resources with nonzero
pressure (the "Resource pressure by instruction" view), named as the CPU's scheduling model names
them (SKLPort5, Zn4FP1, N1UnitV0).

Robustness: llvm-mca runs with --skip-unsupported-instructions=any, so one line it cannot parse or
has no scheduling data for does not lose the block. Dropped lines are recognised (parse errors
carry their line number; unsupported instructions are named in a note) and the remaining rows are
matched back to instruction ids, checking each row's mnemonic (or, for a printed alias such as
ins -> mov, its registers). If that matching is ambiguous, the script falls back to one llvm-mca
process per instruction for that CPU (same numbers, slower). Instructions llvm-mca cannot model get
no entry and are listed on stdout.

Besides instructions, each table has "load.<bits>" entries: the cost of loading a control vector
(a constant) from memory (x86: load.128/256/512, and load.k8..k64 for an AVX-512 mask-register
control; AArch64: load.64, load.128). Python 3 standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass

X86_CPUS = ["skylake", "icelake-server", "sapphirerapids", "znver4"]
AARCH64_CPUS = ["neoverse-n1", "neoverse-v1"]
TRIPLE = {"x86": "x86_64", "aarch64": "aarch64"}
# An AVX target lists the VEX forms of the SSE records instead of the SSE ones: both lists.
LIST_TARGETS = {"x86": ["sse4.1", "avx512vbmi2"], "aarch64": ["neon"]}

# The constant (control vector) loads, by register width.
LOADS = {
    "x86": {
        "load.128": "vmovdqu xmm0, xmmword ptr [rdi]",
        "load.256": "vmovdqu ymm0, ymmword ptr [rdi]",
        "load.512": "vmovdqu64 zmm0, zmmword ptr [rdi]",
        # The control of a masked AVX-512 instruction ({c:k}) is a mask register: load.k<bits>.
        "load.k8": "kmovb k1, byte ptr [rdi]",
        "load.k16": "kmovw k1, word ptr [rdi]",
        "load.k32": "kmovd k1, dword ptr [rdi]",
        "load.k64": "kmovq k1, qword ptr [rdi]",
        # What the assembly emitter adds around the steps: register copies, spills.
        "copy.128": "movdqa xmm0, xmm1",
        "copy.256": "vmovdqa ymm0, ymm1",
        "copy.512": "vmovdqa64 zmm0, zmm1",
        "store.128": "vmovdqu xmmword ptr [rsp], xmm0",
        "store.256": "vmovdqu ymmword ptr [rsp], ymm0",
        "store.512": "vmovdqu64 zmmword ptr [rsp], zmm0",
        "reload.128": "vmovdqu xmm0, xmmword ptr [rsp + 64]",
        "reload.256": "vmovdqu ymm0, ymmword ptr [rsp + 64]",
        "reload.512": "vmovdqu64 zmm0, zmmword ptr [rsp + 64]",
    },
    "aarch64": {
        # Constants are PC-relative literal loads, as the emitter writes them (one uop fewer than [x0]).
        "load.64": "ldr d0, .LCPI0_0",  # the control of a 64-bit tbl/tbx
        "load.128": "ldr q0, .LCPI0_0",
        "reload.64": "ldr d0, [sp, #16]",
        "reload.128": "ldr q0, [sp, #16]",
        "copy.64": "mov v0.8b, v1.8b",
        "copy.128": "mov v0.16b, v1.16b",
        "store.64": "str d0, [sp]",
        "store.128": "str q0, [sp]",
    },
}

# {d} {0}..{3} {c} {imm}; {c:xmm0} a fixed register, {c:k} a mask register (k1); {k} k1; and
# ins's {imm_hi} {imm_lo} (imm / n, imm % n); a byte shift's {imm_sh} (8 (imm + 1) bits); an AArch64
# scalar form's {d:d} {0:d} (d registers). Every other brace is literal text ("{z}", "{ v1.16b }").
PLACEHOLDER = re.compile(r"\{(d|[0-9]|imm|imm_hi|imm_lo|imm_sh|d:d|0:d|k|c(?::[A-Za-z0-9]+)?)\}")


def x86_reg(bits: int, num: int) -> str:
    prefix = "zmm" if bits > 256 else "ymm" if bits > 128 else "xmm"
    return f"{prefix}{num}"


def instantiate(rec: dict, arch: str) -> str:
    """The record's assembly template as one concrete instruction."""
    template = rec["asm"]
    reg_bits = rec["reg_bits"]
    input_bits = rec.get("input_bits") or []
    imm_count = rec.get("imm_count", 0)
    imm = 1 if imm_count > 1 else 0
    n_inputs = rec.get("inputs", len(input_bits))
    n_elems = max(1, reg_bits // rec.get("elem_bits", reg_bits))

    def sub(m: re.Match) -> str:
        key = m.group(1)
        if key == "c:k":  # an AVX-512 mask register
            return "k1"
        if key.startswith("c:"):  # a fixed register: pblendvb's implicit xmm0
            return key[2:]
        if key == "imm_hi":
            return str(imm // n_elems)
        if key == "imm_lo":
            return str(imm % n_elems)
        if key == "imm_sh":  # a byte shift's bits: imm k shifts by k + 1 bytes
            return str(8 * (imm + 1))
        if arch == "x86":
            if key == "d":
                return x86_reg(reg_bits, 1)
            if key == "c":  # after the inputs xmm2..xmm5
                return x86_reg(reg_bits, 6)
            if key == "k":
                return "k1"
            if key == "imm":
                return str(imm)
            k = int(key)
            bits = input_bits[k] if k < len(input_bits) and input_bits[k] else reg_bits
            return x86_reg(bits, 2 + k)
        # AArch64: the arrangement is in the template; inputs are consecutive registers so that
        # a tbl/tbx table list ({v1.16b, v2.16b}) is valid.
        if key == "d":
            return "v0"
        if key == "d:d":  # a scalar form's 64-bit registers
            return "d0"
        if key == "0:d":
            return "d1"
        if key == "c":  # after the inputs v1..v4
            return f"v{1 + max(n_inputs, 4)}"
        if key == "imm":
            return str(imm)
        return f"v{1 + int(key)}"

    text = PLACEHOLDER.sub(sub, template)
    return "\n".join(" ".join(line.split()) for line in text.split("\n"))


def mnemonic(line: str) -> str:
    return line.split(None, 1)[0].lower() if line.strip() else ""


REGISTER = re.compile(r"\b(?:[xyz]mm\d+|k\d|[vqdxw]\d+)\b")


def registers(line: str) -> list[str]:
    return REGISTER.findall(line.lower())


def same_instruction(line: str, printed: str) -> bool:
    """Is `printed` (llvm-mca's echo of an input line) that line? The printer may use an alias
    (ins -> mov, sxtl -> sshll #0), so the registers must agree when the mnemonics differ."""
    if mnemonic(line) == mnemonic(printed):
        return True
    return registers(line) == registers(printed)


def norm(line: str) -> str:
    return re.sub(r"\s+", "", line).lower()


@dataclass
class Row:
    latency: float
    rthroughput: float
    uops: int
    ports: str


def llvm_version(mca: str) -> str:
    out = subprocess.run([mca, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"LLVM version (\d+\.\d+\.\d+)", out)
    return m.group(1) if m else "unknown"


def run_mca(mca: str, arch: str, cpu: str, lines: list[str]):
    """One llvm-mca process on `lines`. Returns (rows in output order as (text, Row), parse-failed
    line indices, texts of instructions skipped for lack of scheduling data, stderr)."""
    header = [".intel_syntax noprefix"] if arch == "x86" else []
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(header + lines) + "\n")
        path = f.name
    try:
        p = subprocess.run(
            [mca, f"-mtriple={TRIPLE[arch]}", f"-mcpu={cpu}", "--instruction-tables", "--json",
             "--skip-unsupported-instructions=any", path],
            capture_output=True, text=True)
    finally:
        os.unlink(path)
    failed = set()
    for m in re.finditer(r"^" + re.escape(path) + r":(\d+):\d+: error", p.stderr, re.M):
        idx = int(m.group(1)) - 1 - len(header)
        if 0 <= idx < len(lines):
            failed.add(idx)
    unsupported = [m.group(1).strip() for m in re.finditer(r"^note: instruction:\s*(.*)$", p.stderr, re.M)]
    if p.returncode != 0 or not p.stdout.strip():
        return None, failed, unsupported, p.stderr
    doc = json.loads(p.stdout)
    regions = doc.get("CodeRegions") or []
    if not regions:
        return [], failed, unsupported, p.stderr
    region = regions[0]
    # Resource names: "N1UnitD.\u0000" is unit 0 of the two-unit N1UnitD; keep the base name.
    names = [r.split(".")[0] for r in doc["TargetInfo"]["Resources"]]
    texts = region["Instructions"]
    info = region["InstructionInfoView"]["InstructionList"]
    used: dict[int, list[str]] = {}
    for e in region["ResourcePressureView"]["ResourcePressureInfo"]:
        i = e["InstructionIndex"]
        if i < len(texts) and e["ResourceUsage"] > 0:
            name = names[e["ResourceIndex"]]
            if name not in used.setdefault(i, []):
                used[i].append(name)
    rows = []
    for e in info:
        i = e["Instruction"]
        rows.append((texts[i], Row(float(e["Latency"]), float(e["RThroughput"]), int(e["NumMicroOpcodes"]),
                                   "+".join(used.get(i, [])))))
    return rows, failed, unsupported, p.stderr


def measure(mca: str, arch: str, cpu: str, items: list[tuple[str, str]]):
    """Costs of (id, line) items on one CPU: ({id: Row}, {id: reason}) for those llvm-mca rejects."""
    lines = [line for _, line in items]
    rows, failed, unsupported, err = run_mca(mca, arch, cpu, lines)
    if rows is not None:
        kept = [k for k in range(len(lines)) if k not in failed]
        rejected = {items[k][0]: "parse error" for k in failed}
        # Drop the instructions skipped for lack of scheduling data, if each is recognisable.
        ok = True
        for text in unsupported:
            # The note echoes the instruction as printed ("8 * 1" becomes "8"): match it exactly,
            # or by mnemonic and registers. Identical lines are interchangeable: any one will do.
            hits = [k for k in kept if norm(lines[k]) == norm(text)] or \
                [k for k in kept if mnemonic(lines[k]) == mnemonic(text) and registers(lines[k]) == registers(text)]
            if not hits or len({norm(lines[k]) for k in hits}) > 1:
                ok = False
                break
            kept.remove(hits[0])
            rejected[items[hits[0]][0]] = "no scheduling data"
        if ok and len(kept) == len(rows) and all(same_instruction(lines[k], rows[j][0]) for j, k in enumerate(kept)):
            return {items[k][0]: rows[j][1] for j, k in enumerate(kept)}, rejected
        print(f"  {cpu}: block results do not line up with the input; one llvm-mca run per instruction", file=sys.stderr)
    # Fallback: one process per instruction.
    costs, rejected = {}, {}
    for ident, line in items:
        r, f, u, e = run_mca(mca, arch, cpu, [line])
        if r and len(r) == 1 and not f and not u:
            costs[ident] = r[0][1]
        else:
            msg = (e.strip().splitlines() or ["rejected"])[0]
            rejected[ident] = "parse error" if f else "no scheduling data" if u else msg
    return costs, rejected


def fmt_num(x: float) -> str:
    return f"{x:.6g}"


def write_table(path: str, cpu: str, version: str, costs: dict[str, Row], note: str | None):
    with open(path, "w") as f:
        f.write(f"// generated by scripts/gen_costs.py from llvm-mca-19 (LLVM {version}) -mcpu={cpu}; do not edit\n")
        if note:
            f.write(f"// {note}\n")
        f.write("// {id, {latency, rthroughput, uops, ports}}\n")
        for ident in sorted(costs):
            r = costs[ident]
            f.write(f'{{"{ident}", {{{fmt_num(r.latency)}, {fmt_num(r.rthroughput)}, {r.uops}, "{r.ports}"}}}},\n')


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("shufc", help="path of the shufc binary")
    ap.add_argument("--out", default=os.path.join(here, "..", "src", "cost", "tables"))
    ap.add_argument("--cpu", action="append", help="only these CPUs (default: all)")
    ap.add_argument("--mca", default="llvm-mca-19")
    ap.add_argument("--keep-asm", metavar="DIR", help="also write the instantiated instructions, one file per arch")
    args = ap.parse_args()

    version = llvm_version(args.mca)
    os.makedirs(args.out, exist_ok=True)
    cpus = {"x86": X86_CPUS, "aarch64": AARCH64_CPUS}
    total_rejected = 0
    for arch, arch_cpus in cpus.items():
        arch_cpus = [c for c in arch_cpus if not args.cpu or c in args.cpu]
        if not arch_cpus:
            continue
        records, seen = [], set()
        for target in LIST_TARGETS[arch]:
            p = subprocess.run([args.shufc, "isa", "list", "--target", target, "--json"],
                               capture_output=True, text=True, check=True)
            for r in (json.loads(l) for l in p.stdout.splitlines() if l.strip()):
                if r["id"] not in seen:
                    seen.add(r["id"])
                    records.append(r)
        # A record of several instructions (lines: pand.blend) gets an entry per line's mnemonic, as
        # the assembly emitter costs them, and its own, their sum (each line reads the one before).
        items, composites = [], {}
        for r in records:
            text = instantiate(r, arch)
            if "\n" not in text:
                items.append((r["id"], text))
                continue
            composites[r["id"]] = [mnemonic(line) for line in text.split("\n")]
            items += [(mnemonic(line), line) for line in text.split("\n")]
        items += list(LOADS[arch].items())
        unique: dict[str, str] = {}
        for ident, line in items:
            unique.setdefault(ident, line)  # (a line's mnemonic that is also a record's id: once)
        items = list(unique.items())
        if args.keep_asm:
            os.makedirs(args.keep_asm, exist_ok=True)
            with open(os.path.join(args.keep_asm, f"{arch}.s"), "w") as f:
                for ident, line in items:
                    f.write(f"{line}  # {ident}\n" if arch == "x86" else f"{line}  // {ident}\n")
        print(f"{arch}: {len(records)} instruction records (shufc isa list --target {', '.join(LIST_TARGETS[arch])}) "
              f"+ {len(LOADS[arch])} loads")
        for cpu in arch_cpus:
            costs, rejected = measure(args.mca, arch, cpu, items)
            for ident, parts in composites.items():
                if all(m in costs for m in parts):
                    rows = [costs[m] for m in parts]
                    ports = list(dict.fromkeys(p for r in rows for p in r.ports.split("+") if p))
                    costs[ident] = Row(sum(r.latency for r in rows), sum(r.rthroughput for r in rows),
                                       sum(r.uops for r in rows), "+".join(ports))
            note = None
            if cpu == "skylake" and any(n.startswith("avx512") for r in records for n in r.get("needs", [])):
                note = ("skylake (client) has no AVX-512: its EVEX entries are what LLVM's Skylake-client "
                        "model says, not measurements of a real part")
            write_table(os.path.join(args.out, f"{cpu}.inc"), cpu, version, costs, note)
            n_instr = sum(1 for i in costs if not i.startswith("load."))
            print(f"  {cpu}: {n_instr}/{len(records)} instructions, "
                  f"{len(costs) - n_instr}/{len(LOADS[arch])} loads -> {os.path.relpath(os.path.join(args.out, cpu + '.inc'))}")
            for ident in sorted(rejected):
                line = dict(items)[ident]
                print(f"    omitted {ident}: {rejected[ident]}: {line}")
            total_rejected += len(rejected)
    print(f"llvm-mca {version}; {total_rejected} (cpu, instruction) pairs omitted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
