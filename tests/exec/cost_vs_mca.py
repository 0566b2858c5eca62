#!/usr/bin/env python3
"""shufc's cost of a Program agrees with llvm-mca-19 on the assembly shufc emits for it.

For every Program in tests/exec/programs and every CPU of its architecture, `shufc run --json`
must report the same instruction count, uops and summed reciprocal throughput as llvm-mca-19's
per-instruction table (--instruction-tables) of `shufc emit --format intel` (AArch64: the same
text). CPUs without a complete cost table for a program (skylake has no AVX-512 model) are
skipped and counted as such.
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

CPUS = {"x86": ["skylake", "icelake-server", "sapphirerapids", "znver4"], "aarch64": ["neoverse-n1", "neoverse-v1"]}
TRIPLE = {"x86": "x86_64", "aarch64": "aarch64"}
ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+\.\d+)\s")


def mca_rows(asm: str, arch: str, cpu: str):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write(asm)
        path = f.name
    out = subprocess.run(["llvm-mca-19", f"-mtriple={TRIPLE[arch]}", f"-mcpu={cpu}", "--instruction-tables", path],
                         capture_output=True, text=True)
    pathlib.Path(path).unlink()
    if out.returncode != 0:
        raise RuntimeError(f"llvm-mca rejected the emitted assembly for {cpu}:\n{out.stderr}")
    rows, in_table = [], False
    for line in out.stdout.splitlines():
        if line.strip().startswith("[1]") and "Instructions:" in line:
            in_table = True
            continue
        if in_table:
            m = ROW.match(line)
            if not m:
                if line.strip() == "" and rows:
                    break
                continue
            rows.append((int(m.group(1)), int(m.group(2)), float(m.group(3))))
    return rows


def main() -> int:
    shufc = sys.argv[1]
    programs = sorted(pathlib.Path(__file__).parent.glob("programs/*.prog"))
    passed = failed = skipped = 0
    for prog in programs:
        text = prog.read_text()
        emitted = subprocess.run([shufc, "emit", str(prog), "--format", "intel"], capture_output=True, text=True)
        if emitted.returncode != 0:
            print(f"FAIL {prog.name}: emit failed: {emitted.stderr.strip()}")
            failed += 1
            continue
        arch = "aarch64" if re.search(r"^\s*\w+\s*=\s*\w+\.(8b|16b|4h|8h|2s|4s|2d)\b", text, re.M) else "x86"
        for cpu in CPUS[arch]:
            run = subprocess.run([shufc, "run", str(prog), "--cpu", cpu, "--json"], capture_output=True, text=True)
            if run.returncode != 0:
                print(f"FAIL {prog.name} {cpu}: run failed: {run.stderr.strip()}")
                failed += 1
                continue
            cost = json.loads(run.stdout)["cost"]
            if not cost["complete"]:
                skipped += 1
                continue
            rows = mca_rows(emitted.stdout, arch, cpu)
            uops = sum(r[0] for r in rows)
            rthr = sum(r[2] for r in rows)
            problems = []
            if len(rows) != cost["instructions"]:
                problems.append(f"instructions {cost['instructions']} vs llvm-mca {len(rows)}")
            if uops != cost["uops"]:
                problems.append(f"uops {cost['uops']} vs llvm-mca {uops}")
            # llvm-mca prints two decimals per row.
            if abs(rthr - cost["rthroughput"]) > 0.006 * max(1, len(rows)):
                problems.append(f"rthroughput {cost['rthroughput']:.3f} vs llvm-mca {rthr:.3f}")
            if problems:
                print(f"FAIL {prog.name} on {cpu}: " + "; ".join(problems))
                failed += 1
            else:
                passed += 1
    print(f"cost vs llvm-mca: {len(programs)} programs, {skipped} (program, cpu) pairs without a complete table skipped")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
