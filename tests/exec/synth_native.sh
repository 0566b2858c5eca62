#!/usr/bin/env bash
# `shufc synth` on every target, its C run on real hardware (natively on x86, under qemu-aarch64
# for NEON) against the masks themselves: synth_native.py says how.
# Usage: synth_native.sh PATH_TO_SHUFC   (KEEP=DIR keeps the files)
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
for tool in gcc-12 clang-19 python3; do
  command -v "$tool" >/dev/null || { echo "synth_native: $tool not found" >&2; exit 2; }
done
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Random and structured masks, and every shuffle clang-19 -O3 writes for bench/kernels/kernels.c.
python3 "$here/synth_native.py" "$1" --per-shape 6 --kernels ${KEEP:+--keep "$KEEP"} || exit 1
# The ports objective answers with other shapes (blends of masked inputs before one shuffle).
exec python3 "$here/synth_native.py" "$1" --per-shape 2 --objective ports --targets ssse3,sse4.1,avx2,neon ${KEEP:+--keep "$KEEP"}
