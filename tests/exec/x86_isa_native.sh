#!/usr/bin/env bash
# Every x86 instruction record (SSE, AVX, AVX2, AVX-512) checked against the real instruction on
# this machine: isa_check_gen (built next to shufc) writes one C program whose tests call each
# record's intrinsic on sampled immediates / controls and edge-value inputs and compare the result
# bytes with what the simulator computed. A second program does the same with each record's
# assembly template as inline asm (isa_check_gen --asm, -masm=intel), which checks the operand
# order of the templates. Both are compiled with clang-19 and gcc-12 (-O1, warnings as errors, no
# -m flags: feature groups carry target attributes) and run. Groups needing a feature this CPU
# lacks are skipped with a message. Usage: x86_isa_native.sh PATH_TO_SHUFC
# (KEEP=DIR keeps the generated program.)
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
gen="$(cd "$(dirname "$1")" && pwd)/isa_check_gen"
if [ ! -x "$gen" ]; then
  echo "x86_isa_native: $gen not built (cmake --build BUILD --target isa_check_gen)" >&2
  exit 2
fi
case "$(uname -m)" in
  x86_64 | amd64) ;;
  *) echo "x86_isa_native: SKIP: not an x86-64 host"; exit 0 ;;
esac
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

"$gen" x86 "$work/intrinsics.c"
"$gen" x86 "$work/asm.c" --asm
status=0
for cc in clang-19 gcc-12; do
  if ! command -v "$cc" >/dev/null; then
    echo "x86_isa_native: $cc not found" >&2
    status=1
    continue
  fi
  for kind in intrinsics asm; do
    flags=(-O1 -Wall -Wextra -Werror)
    [ "$kind" = asm ] && flags+=(-masm=intel)
    if ! "$cc" "${flags[@]}" -o "$work/$kind.$cc" "$work/$kind.c" 2>"$work/$kind.$cc.log"; then
      echo "x86_isa_native: $cc cannot compile the $kind check program:" >&2
      head -20 "$work/$kind.$cc.log" >&2
      status=1
      continue
    fi
    echo "== $kind, $cc"
    "$work/$kind.$cc" || status=1
  done
done
exit $status
