#!/usr/bin/env bash
# shufc vls on real vectorised loops, run for real (issue 6: "the rewrite is checked by compiling
# both modules with llc-19 and running them on the same data"). C loops that deinterleave
# (packed -> planar) and interleave (planar -> packed) with factors 2, 3, 4, 8 over u8, u16, float,
# double are compiled by clang-19 -O3 -mavx2 to LLVM IR twice (function prefixes orig_ and shufc_);
# the shufc_ module is rewritten by `shufc vls --always`, must pass opt-19 -passes=verify, and both
# are compiled with llc-19 -O2 -mattr=+avx2 and linked into one harness that runs each pair on the
# same random bytes, for many lengths (vector body and scalar epilogue), and compares the outputs
# byte for byte. Every kernel with interleave groups must have one rewritten, and none kept (with --always a group
# is only left as it is when the server has no sequence for it: 8-byte members of the epilogue
# loop, which x86 has no registers for in shufc's model).
# Usage: vls_ir_native.sh PATH_TO_SHUFC [TARGET]   (KEEP=DIR keeps the files; TARGET default avx2)
set -uo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC [TARGET]" >&2
  exit 2
fi
shufc="$1"
target="${2:-avx2}"
for tool in clang-19 llc-19 opt-19; do
  command -v "$tool" >/dev/null || { echo "vls_ir_native: $tool not found" >&2; exit 2; }
done
if ! grep -qw avx2 /proc/cpuinfo; then
  echo "SKIP: this CPU has no AVX2"
  exit 0
fi
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

types=(u8 u16 f32 f64)
factors=(2 3 4 8)
{
  echo '#include <stdint.h>'
  echo 'typedef uint8_t u8; typedef uint16_t u16; typedef float f32; typedef double f64;'
  echo '#define CAT2(a, b) a##b'
  echo '#define CAT(a, b) CAT2(a, b)'
  for t in "${types[@]}"; do
    echo "#ifndef SKIP_$t"
    for f in "${factors[@]}"; do
      # packed -> planar and planar -> packed: field k of element i is in[F*i+k] / out[F*i+k]
      echo "void CAT(PFX, deint${f}_$t)(const $t *restrict in, $t *restrict out, int n) {"
      echo "  for (int i = 0; i < n; i++) {"
      for ((k = 0; k < f; k++)); do echo "    out[$k * n + i] = in[$f * i + $k];"; done
      echo "  }"
      echo "}"
      echo "void CAT(PFX, inter${f}_$t)(const $t *restrict in, $t *restrict out, int n) {"
      echo "  for (int i = 0; i < n; i++) {"
      for ((k = 0; k < f; k++)); do echo "    out[$f * i + $k] = in[$k * n + i];"; done
      echo "  }"
      echo "}"
    done
    echo "#endif"
  done
} >"$work/kernels.c"

{
  echo '#include <stdint.h>'
  echo '#include <stdio.h>'
  echo '#include <stdlib.h>'
  echo '#include <string.h>'
  echo 'typedef void kernel(const void *, void *, int);'
  for t in "${types[@]}"; do
    for f in "${factors[@]}"; do
      for k in deint inter; do echo "void orig_${k}${f}_$t(const void *, void *, int); void shufc_${k}${f}_$t(const void *, void *, int);"; done
    done
  done
  echo 'static const struct { const char *name; kernel *orig, *shufc; unsigned size, factor; } kernels[] = {'
  for t in "${types[@]}"; do
    case $t in u8) sz=1 ;; u16) sz=2 ;; f32) sz=4 ;; f64) sz=8 ;; esac
    for f in "${factors[@]}"; do
      for k in deint inter; do echo "  {\"${k}${f}_$t\", orig_${k}${f}_$t, shufc_${k}${f}_$t, $sz, $f},"; done
    done
  done
  echo '};'
  cat <<'C'
int main(void) {
  const int lengths[] = {0, 1, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 1000, 4099};
  unsigned seed = 12345, failures = 0, runs = 0;
  for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
      const int n = lengths[l];
      const size_t bytes = (size_t)n * kernels[k].factor * kernels[k].size + 64;  /* + slack: any overrun shows */
      unsigned char *in = malloc(bytes), *a = malloc(bytes), *b = malloc(bytes);
      for (size_t i = 0; i < bytes; i++) in[i] = (unsigned char)((seed = seed * 1103515245u + 12345u) >> 16);
      memset(a, 0xA5, bytes);
      memset(b, 0xA5, bytes);
      kernels[k].orig(in, a, n);
      kernels[k].shufc(in, b, n);
      runs++;
      if (memcmp(a, b, bytes)) {
        size_t i = 0;
        while (a[i] == b[i]) i++;
        printf("FAIL %s n=%d: byte %zu differs (%02x vs %02x)\n", kernels[k].name, n, i, a[i], b[i]);
        failures++;
      }
      free(in), free(a), free(b);
    }
  printf("%u runs, %u failures\n", runs, failures);
  return failures != 0;
}
C
} >"$work/harness.c"

flags=(-O3 -mavx2 -fno-unroll-loops -S -emit-llvm)
clang-19 "${flags[@]}" -DPFX=orig_ "$work/kernels.c" -o "$work/orig.ll" || exit 2
# The shufc_ kernels in two modules (u16 and f64, u8 and f32: about even work), rewritten by two
# shufc processes in parallel; their reports are read as one.
parts=("-DSKIP_u8 -DSKIP_f32" "-DSKIP_u16 -DSKIP_f64")
for p in 0 1; do
  # shellcheck disable=SC2086
  clang-19 "${flags[@]}" -DPFX=shufc_ ${parts[$p]} "$work/kernels.c" -o "$work/before$p.ll" || exit 2
done
# --budget-ms: this test checks that the rewritten loops compute what clang's do, not that each
# shuffle is the cheapest; a shuffle the shorter search gives up on is decomposed (still a
# sequence, so --always still rewrites every group), and run the same way.
for p in 0 1; do
  "$shufc" vls "$work/before$p.ll" --target "$target" --cpu skylake --always --budget-ms "${VLS_BUDGET_MS:-50}" \
    -o "$work/shufc$p.ll" >"$work/report$p.txt" 2>"$work/err$p.txt" &
  pids[$p]=$!
done
for p in 0 1; do
  if ! wait "${pids[$p]}"; then
    echo "FAIL: shufc vls on before$p.ll failed"; cat "$work/report$p.txt" "$work/err$p.txt"; exit 1
  fi
done
cat "$work/report0.txt" "$work/report1.txt" >"$work/report.txt"
cat "$work/report.txt"
for p in 0 1; do
  opt-19 -passes=verify -disable-output "$work/shufc$p.ll" || { echo "FAIL: the rewritten module shufc$p.ll does not verify"; exit 1; }
done
# Every kernel clang formed interleave groups in: at least one rewritten, and none kept. (clang
# forms none for some factor-8 deinterleaves; at least 26 of the 32 kernels must have groups.)
status=0
with_groups=0
for t in "${types[@]}"; do
  for f in "${factors[@]}"; do
    for k in deint inter; do
      fn="@shufc_${k}${f}_$t"
      if ! grep -q "$fn line" "$work/report.txt"; then echo "note: clang formed no interleave group in $fn"; continue; fi
      with_groups=$((with_groups + 1))
      if ! grep -q "$fn line .*: rewritten" "$work/report.txt"; then echo "FAIL: $fn: no group rewritten"; status=1; fi
      if grep "$fn line" "$work/report.txt" | grep -q ": kept"; then echo "FAIL: $fn: a group was kept"; status=1; fi
    done
  done
done
if [ $with_groups -lt 26 ]; then echo "FAIL: only $with_groups kernels have interleave groups"; status=1; fi
for m in orig shufc0 shufc1; do
  llc-19 -O2 -mattr=+avx2 -filetype=obj "$work/$m.ll" -o "$work/$m.o" || { echo "FAIL: llc-19 on $m.ll"; exit 1; }
done
clang-19 -O1 "$work/harness.c" "$work/orig.o" "$work/shufc0.o" "$work/shufc1.o" -o "$work/harness" || exit 2
"$work/harness" || status=1
[ $status -eq 0 ] && echo "vls_ir_native: ok" || echo "vls_ir_native: FAILED"
exit $status
