#!/usr/bin/env python3
"""Synthesis latency per mask: random two-input shuffles of every element type, `shufc synth
--batch --stats`, the search time each result reports (search.ms, wall clock, and search.cpu_ms,
the search thread's CPU time, which other processes' load does not inflate), as p50/p99/max.

    python3 bench/synth_latency.py /tmp/synth-build/bin/shufc --target avx2 --cpu skylake

The masks come from a fixed seed; each lane is a source lane of either input (uniform), with
a 1-in-8 chance of undef. Issue 4's targets: p50 < 1 ms and p99 < 10 ms at 128 bits, p99 < 100 ms
at 256 bits."""
import argparse
import json
import random
import subprocess
import tempfile

ELEMS = [("i8", 8), ("i16", 16), ("i32", 32), ("i64", 64), ("f32", 32), ("f64", 64)]


def masks(bits, per_type, rng):
    out = []
    for name, eb in ELEMS:
        n = bits // eb
        for _ in range(per_type):
            lanes = ["u" if rng.random() < 0.125 else str(rng.randrange(2 * n)) for _ in range(n)]
            out.append(f"v{n}{name}:" + ",".join(lanes))
    return out


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("shufc")
    ap.add_argument("--target", default="avx2")
    ap.add_argument("--cpu", default="skylake")
    ap.add_argument("--bits", default="128,256")
    ap.add_argument("--per-type", type=int, default=100, help="masks per element type and width")
    ap.add_argument("--budget-ms", type=int, default=1000)
    ap.add_argument("--node-budget", type=int, default=None)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--objective", default="throughput", help="shufc synth --objective")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"target {args.target}, cpu {args.cpu}, objective {args.objective}, {args.per_type} random masks per element type, budget {args.budget_ms} ms"
          + (f", {args.node_budget} nodes" if args.node_budget else ""))
    print("bits | masks | answered | proven | budget out | p50 ms | p90 ms | p99 ms | max ms | CPU p50 ms | CPU p99 ms | CPU max ms | mean cost")
    for bits in [int(b) for b in args.bits.split(",")]:
        ms = masks(bits, args.per_type, rng)
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write("\n".join(ms) + "\n")
            f.flush()
            p = subprocess.run([args.shufc, "synth", "--batch", f.name, "--stats", "--target", args.target, "--cpu", args.cpu,
                                "--budget-ms", str(args.budget_ms), "--objective", args.objective] +
                               (["--node-budget", str(args.node_budget)] if args.node_budget else []),
                               capture_output=True, text=True)
        times, cpu, costs, proven, out = [], [], [], 0, 0
        for line in p.stdout.splitlines():
            j = json.loads(line)
            times.append(j["search"]["ms"])
            cpu.append(j["search"].get("cpu_ms", float("nan")))  # older shufc: wall time only
            costs.append(j["cost"]["throughput"])
            proven += j["optimal"]
            out += j["search"]["budget_exhausted"]
        # Masks without an answer print an error instead; their time is not in the JSON.
        answered = len(times)
        if not times:
            print(f"{bits} | {len(ms)} | 0 | - | - | - | - | - | - | - | - | - | -")
            continue
        print(f"{bits} | {len(ms)} | {answered} | {proven} | {out} | {pct(times, 50):.2f} | {pct(times, 90):.2f} | "
              f"{pct(times, 99):.2f} | {max(times):.2f} | {pct(cpu, 50):.2f} | {pct(cpu, 99):.2f} | {max(cpu):.2f} | "
              f"{sum(costs) / len(costs):.2f}")


if __name__ == "__main__":
    main()
