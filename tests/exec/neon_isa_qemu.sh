#!/usr/bin/env bash
# Every AArch64 NEON instruction record checked against the real instruction under qemu:
# isa_check_gen (built next to shufc) writes a C program that calls each record's intrinsic on
# sample immediates/controls and inputs and compares the bytes with the simulator's; it is
# compiled with clang-19 --target=aarch64-linux-gnu and with aarch64-linux-gnu-gcc (each that is
# installed) and run under qemu-aarch64. Prints the program's "N passed, M failed" line per
# compiler; exits non-zero on any mismatch. Prints SKIP and exits 0 when qemu-aarch64, the
# AArch64 sysroot or every cross compiler is missing.
# Usage: neon_isa_qemu.sh PATH_TO_SHUFC   (KEEP=DIR keeps the generated program)
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
ulimit -c 0
bin="$(cd "$(dirname "$1")" && pwd)"
gen="$bin/isa_check_gen"
if [ ! -x "$gen" ]; then
  echo "neon_isa_qemu: $gen not built (cmake --build BUILD --target isa_check_gen)" >&2
  exit 2
fi
sysroot=/usr/aarch64-linux-gnu
if ! command -v qemu-aarch64 >/dev/null; then
  echo "SKIP: qemu-aarch64 not installed"
  exit 0
fi
if [ ! -d "$sysroot/lib" ] || [ ! -d "$sysroot/include" ]; then
  echo "SKIP: no AArch64 sysroot at $sysroot"
  exit 0
fi
compilers=()
command -v clang-19 >/dev/null && compilers+=("clang-19 --target=aarch64-linux-gnu")
command -v aarch64-linux-gnu-gcc >/dev/null && compilers+=("aarch64-linux-gnu-gcc")
if [ ${#compilers[@]} -eq 0 ]; then
  echo "SKIP: no AArch64 cross compiler (clang-19 or aarch64-linux-gnu-gcc)"
  exit 0
fi

work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

if ! "$gen" aarch64 "$work/neon_isa_check.c"; then
  echo "FAIL: isa_check_gen aarch64 failed"
  exit 1
fi
status=0
for cc in "${compilers[@]}"; do
  name="${cc%% *}"
  exe="$work/neon_isa_check.$name"
  echo "== $name"
  # shellcheck disable=SC2086  # $cc holds the compiler and its flags
  if ! $cc -O1 "$work/neon_isa_check.c" -o "$exe" >"$work/$name.log" 2>&1; then
    echo "FAIL: $cc -O1 neon_isa_check.c:"
    head -30 "$work/$name.log"
    status=1
    continue
  fi
  qemu-aarch64 -L "$sysroot" "$exe" || status=1
done
exit $status
