#!/usr/bin/env bash
# shufc run's cost agrees with llvm-mca-19 on shufc emit's assembly (see cost_vs_mca.py).
set -u
ulimit -c 0
if ! command -v llvm-mca-19 >/dev/null; then echo "SKIP: llvm-mca-19 is not installed"; exit 0; fi
exec python3 "$(dirname "$0")/cost_vs_mca.py" "$1"
