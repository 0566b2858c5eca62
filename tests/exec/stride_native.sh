#!/usr/bin/env bash
# shufc stride's code run for real: for each stride permutation and mode, the vector C
# (`--emit c`) and the LLVM IR (`--emit ll`, verified by opt-19) are compiled and run on random
# data against the seed's Table 2 scalar translation of the derived formula (`--emit scalar-formula`)
# and against L's definition, y[c*(N/k) + r] = x[r*k + c], byte for byte.
# x86 runs natively (gcc-12 and clang-19); NEON is compiled with clang-19 and the cross gcc and
# run under qemu-aarch64 (../shared/TARGETS.md's recipe). The assembly goes through llvm-mca-19.
# Usage: stride_native.sh PATH_TO_SHUFC   (KEEP=DIR keeps the files)
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
shufc="$1"
for tool in gcc-12 clang-19 opt-19 llvm-mca-19; do
  command -v "$tool" >/dev/null || { echo "stride_native: $tool not found" >&2; exit 2; }
done
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
export SHUFC_CACHE_DIR="$work/cache"
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
sysroot=/usr/aarch64-linux-gnu
qemu=""
if command -v qemu-aarch64 >/dev/null && command -v aarch64-linux-gnu-gcc >/dev/null && [ -d "$sysroot/lib" ]; then
  qemu="qemu-aarch64 -L $sysroot"
else
  echo "note: NEON cases are compiled, not run (no qemu-aarch64 / aarch64-linux-gnu-gcc)"
fi

# target elem permutation [register bits]
cases=(
  "sse2 f64 L^4_2" "sse2 f32 L^16_4" "sse2 i16 L^64_8" "sse2 i8 L^256_16"
  "sse2 i16 L^16_2" "sse2 i8 L^32_2" "sse2 i8 L^16_8" "sse2 f32 L^8_4" "sse2 i16 L^64_4" "ssse3 i8 L^48_3"
  "avx f32 L^64_8" "avx2 f32 L^64_8" "avx2 i16 L^256_16" "avx2 f64 L^16_4" "avx2 i8 L^64_2"
  "avx512 i32 L^256_16" "avx512 f64 L^64_8" "avx512 i16 L^64_2" "avx512vbmi i8 L^128_2"
  "avx2 i32 L^32_4 128"
  "neon f64 L^4_2" "neon f32 L^16_4" "neon i16 L^64_8" "neon i8 L^256_16" "neon i8 L^48_3" "neon f32 L^8_2"
)

ctype() {
  case "$1" in
    f32) echo float ;; f64) echo double ;; i8) echo int8_t ;; i16) echo int16_t ;; i32) echo int32_t ;; i64) echo int64_t ;;
  esac
}

pass=0 fail=0 skip=0
for c in "${cases[@]}"; do
  read -r t e spec bits <<<"$c"
  name="${t}_${e}_${spec//[^0-9]/_}"
  d="$work/$name"
  mkdir -p "$d"
  opts=(--target "$t" --elem "$e")
  [ -n "${bits:-}" ] && opts+=(--bits "$bits")
  if ! "$shufc" stride "$spec" "${opts[@]}" --json >"$d/r.json" 2>"$d/err"; then
    echo "FAIL $name: shufc: $(cat "$d/err")"; fail=$((fail + 1)); continue
  fi
  "$shufc" stride "$spec" "${opts[@]}" --emit c --name vec >"$d/vec.c"
  "$shufc" stride "$spec" "${opts[@]}" --emit scalar-formula --name ref >"$d/ref.c"
  "$shufc" stride "$spec" "${opts[@]}" --emit ll --name vec >"$d/vec.ll"
  "$shufc" stride "$spec" "${opts[@]}" --emit asm >"$d/vec.s"
  n="$(echo "$spec" | sed 's/^L^\([0-9]*\)_.*/\1/')"
  k="$(echo "$spec" | sed 's/^L^[0-9]*_\([0-9]*\)$/\1/')"
  T="$(ctype "$e")"
  cat >"$d/main.c" <<C
#include <stdint.h>
#include <stdio.h>
#include <string.h>
void vec(const void *in, void *out);
#include "ref.c"
int main(void) {
  static $T x[$n], y_def[$n], y_ref[$n], y_vec[$n];
  uint32_t s = 12345;
  for (unsigned i = 0; i < sizeof x; ++i) { s = s * 1103515245u + 12345u; ((unsigned char *)x)[i] = (unsigned char)(s >> 16); }
  for (unsigned r = 0; r < $n / $k; ++r)
    for (unsigned c = 0; c < $k; ++c) y_def[c * ($n / $k) + r] = x[r * $k + c];
  ref(x, y_ref);
  if (memcmp(y_def, y_ref, sizeof y_ref)) { puts("the formula's scalar code is not L"); return 1; }
  memset(y_vec, 0xAB, sizeof y_vec);
  vec(x, y_vec);
  if (memcmp(y_ref, y_vec, sizeof y_ref)) { puts("mismatch"); return 1; }
  return 0;
}
C
  fails=()
  stage() {  # stage NAME CMD...
    local s="$1"
    shift
    "$@" >"$d/$s.log" 2>&1 || fails+=("$s")
  }
  stage ir-verify opt-19 -passes=verify -disable-output "$d/vec.ll"
  if [ "$t" = neon ]; then
    tgt=(--target=aarch64-linux-gnu)
    stage mca llvm-mca-19 -mtriple=aarch64 -mcpu=neoverse-n1 "$d/vec.s" -o /dev/null
    stage c-clang clang-19 "${tgt[@]}" -O2 -Wall -Werror -c "$d/vec.c" -o "$d/vec_clang.o"
    stage ir-clang clang-19 "${tgt[@]}" -O2 -c "$d/vec.ll" -o "$d/vec_ir.o"
    if [ -n "$qemu" ]; then
      stage c-gcc aarch64-linux-gnu-gcc -O2 -Wall -Werror -static -I"$d" "$d/main.c" "$d/vec.c" -o "$d/run_gcc"
      stage link-clang aarch64-linux-gnu-gcc -O2 -static -I"$d" "$d/main.c" "$d/vec_clang.o" -o "$d/run_clang"
      stage link-ir aarch64-linux-gnu-gcc -O2 -static -I"$d" "$d/main.c" "$d/vec_ir.o" -o "$d/run_ir"
      for r in run_gcc run_clang run_ir; do [ -x "$d/$r" ] && stage "$r" $qemu "$d/$r"; done
    fi
  else
    mcpu=skylake
    [[ "$t" == avx512* ]] && mcpu=icelake-server
    stage mca llvm-mca-19 -mtriple=x86_64 -mcpu=$mcpu "$d/vec.s" -o /dev/null
    need=""
    case "$t" in avx512vbmi) need="avx512vbmi" ;; avx512) need="avx512bw" ;; avx2) need="avx2" ;; avx) need="avx" ;; esac
    if [ -n "$need" ] && [[ "$cpu_flags" != *" $need "* ]]; then
      echo "SKIP $name: this CPU lacks $need"; skip=$((skip + 1)); continue
    fi
    stage c-gcc gcc-12 -O2 -Wall -Wextra -Werror -I"$d" "$d/main.c" "$d/vec.c" -o "$d/run_gcc"
    stage c-clang clang-19 -O2 -Wall -Wextra -Werror -I"$d" "$d/main.c" "$d/vec.c" -o "$d/run_clang"
    stage ir-clang clang-19 -O2 -I"$d" "$d/main.c" "$d/vec.ll" -o "$d/run_ir"
    for r in run_gcc run_clang run_ir; do [ -x "$d/$r" ] && stage "$r" "$d/$r"; done
  fi
  if [ ${#fails[@]} -eq 0 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: ${fails[*]}"
    for f in "${fails[@]}"; do sed 's/^/    /' "$d/$f.log" | head -8; done
  fi
done
echo "stride_native: $pass passed, $fail failed, $skip skipped (of ${#cases[@]})"
[ $fail -eq 0 ]
