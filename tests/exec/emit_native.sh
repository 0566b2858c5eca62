#!/usr/bin/env bash
# The emitters checked by running what they write. For every tests/exec/programs/*.prog,
# emit_driver (built next to shufc) runs the simulator on a few inputs and writes harnesses; then:
#   C      emit_c compiled with gcc-12 and clang-19 (-O1 -Wall -Wextra -Werror, no -m flags) and run
#   IR     emit_ir through `opt-19 -passes=verify`, then run with lli-19
#   asm    emit_asm (Intel and AT&T) through llvm-mca-19, then wrapped into a function (inputs
#          loaded into the registers its header names, outputs stored from theirs), assembled
#          with clang-19 and run
# each against the simulator's bytes. x86 programs run natively; when /proc/cpuinfo lacks a feature
# a program needs, it is reported as skipped (after the checks that do not run native code); AArch64 programs are compiled with
# clang-19 --target=aarch64-linux-gnu, analysed with llvm-mca-19 -mtriple=aarch64, their IR run
# with lli-19, and, when qemu-aarch64 and aarch64-linux-gnu-gcc are installed, the C (clang-19 and
# the cross gcc) and the wrapped assembly linked statically and run under qemu-aarch64.
# Usage: emit_native.sh PATH_TO_SHUFC   (KEEP=DIR keeps the harnesses; JOBS=N parallel programs)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
bin="$(cd "$(dirname "$1")" && pwd)"
driver="$bin/emit_driver"
if [ ! -x "$driver" ]; then
  echo "emit_native: $driver not built (cmake --build BUILD --target emit_driver)" >&2
  exit 2
fi
for tool in gcc-12 clang-19 opt-19 lli-19 llvm-mca-19; do
  command -v "$tool" >/dev/null || { echo "emit_native: $tool not found" >&2; exit 2; }
done
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
cpu_flags=" ${CPU_FLAGS:-$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)} "  # CPU_FLAGS overrides (to test skips)
sysroot=/usr/aarch64-linux-gnu
qemu="" xgcc=aarch64-linux-gnu-gcc
if command -v qemu-aarch64 >/dev/null && command -v $xgcc >/dev/null && [ -d "$sysroot/lib" ]; then
  qemu="qemu-aarch64 -L $sysroot"
else
  echo "note: AArch64 programs are compiled and analysed, not run (no qemu-aarch64 / $xgcc)"
fi
CFLAGS=(-O1 -Wall -Wextra -Werror)

# One program: prints PASS/FAIL/SKIP lines; the status file says which.
check() {
  local prog="$1" name d fails=()
  name="$(basename "$prog" .prog)"
  d="$work/$name"
  mkdir -p "$d"
  run() {  # run STAGE CMD...: records a failure with the command's output
    local stage="$1"
    shift
    if ! "$@" >"$d/$stage.log" 2>&1; then
      fails+=("$stage")
      sed 's/^/    /' "$d/$stage.log" | head -15 >>"$d/failures.txt"
    fi
  }
  if ! "$driver" "$prog" "$d" 2>"$d/driver.log"; then
    echo "FAIL $name: emit_driver: $(head -3 "$d/driver.log")"
    echo fail >"$d/status"
    return
  fi
  local arch flags f missing=""
  arch="$(sed -n 1p "$d/needs.txt")"
  flags="$(sed -n 2p "$d/needs.txt")"
  if [ "$arch" = x86 ]; then
    for f in $flags; do
      [[ "$cpu_flags" == *" $f "* ]] || missing+=" $f"
    done
    # Without the CPU features: everything but running the native code.
    local exe=1
    [ -z "$missing" ] || exe=0
    local mcpu=skylake  # skylake (client) has no AVX-512 scheduling model
    [[ "$flags" == *avx512* ]] && mcpu=icelake-server
    run c-gcc gcc-12 "${CFLAGS[@]}" "$d/c_test.c" -o "$d/c_gcc"
    [ $exe = 1 ] && [ -x "$d/c_gcc" ] && run c-gcc-run "$d/c_gcc"
    run c-clang clang-19 "${CFLAGS[@]}" "$d/c_test.c" -o "$d/c_clang"
    [ $exe = 1 ] && [ -x "$d/c_clang" ] && run c-clang-run "$d/c_clang"
    run mca-intel llvm-mca-19 -mtriple=x86_64 -mcpu=$mcpu "$d/intel.s" -o /dev/null
    run mca-att llvm-mca-19 -mtriple=x86_64 -mcpu=$mcpu "$d/att.s" -o /dev/null
    run asm-intel clang-19 -O1 "$d/asm_main.c" "$d/asm_intel.s" -o "$d/asm_intel"
    [ $exe = 1 ] && [ -x "$d/asm_intel" ] && run asm-intel-run "$d/asm_intel"
    run asm-att clang-19 -O1 "$d/asm_main.c" "$d/asm_att.s" -o "$d/asm_att"
    [ $exe = 1 ] && [ -x "$d/asm_att" ] && run asm-att-run "$d/asm_att"
  else
    local tgt=(--target=aarch64-linux-gnu)
    run c-clang clang-19 "${tgt[@]}" "${CFLAGS[@]}" -c "$d/c_test.c" -o "$d/c_test.o"
    run mca llvm-mca-19 -mtriple=aarch64 -mcpu=neoverse-n1 "$d/intel.s" -o /dev/null
    run asm clang-19 "${tgt[@]}" -c "$d/asm_intel.s" -o "$d/asm.o"
    if [ -n "$qemu" ]; then  # linked by the cross gcc (clang-19 alone finds no AArch64 crt/libgcc)
      [ -f "$d/c_test.o" ] && run c-link $xgcc -static "$d/c_test.o" -o "$d/c_arm"
      [ -x "$d/c_arm" ] && run c-qemu $qemu "$d/c_arm"
      run c-gcc $xgcc "${CFLAGS[@]}" -static "$d/c_test.c" -o "$d/c_arm_gcc"
      [ -x "$d/c_arm_gcc" ] && run c-gcc-qemu $qemu "$d/c_arm_gcc"
      run asm-main clang-19 "${tgt[@]}" -O1 -c "$d/asm_main.c" -o "$d/asm_main.o"
      [ -f "$d/asm.o" ] && [ -f "$d/asm_main.o" ] && run asm-link $xgcc -static "$d/asm_main.o" "$d/asm.o" -o "$d/asm_arm"
      [ -x "$d/asm_arm" ] && run asm-qemu $qemu "$d/asm_arm"
    fi
  fi
  run ir-verify opt-19 -passes=verify -disable-output "$d/ir_test.ll"
  run ir-lli lli-19 "$d/ir_test.ll"
  if [ ${#fails[@]} -eq 0 ] && [ -n "$missing" ]; then
    echo "SKIP $name: this CPU lacks$missing (compiled, verified and analysed; not run natively)"
    echo skip >"$d/status"
  elif [ ${#fails[@]} -eq 0 ]; then
    echo "PASS $name ($arch)"
    echo pass >"$d/status"
  else
    echo "FAIL $name: ${fails[*]}"
    cat "$d/failures.txt"
    echo fail >"$d/status"
  fi
}

progs=("${PROGS:-$here/programs}"/*.prog)  # PROGS=DIR: those programs only
jobs="${JOBS:-2}"
for prog in "${progs[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  check "$prog" &
done
wait

pass=0 fail=0 skip=0
for prog in "${progs[@]}"; do
  case "$(cat "$work/$(basename "$prog" .prog)/status" 2>/dev/null)" in
    pass) pass=$((pass + 1)) ;;
    skip) skip=$((skip + 1)) ;;
    *) fail=$((fail + 1)) ;;
  esac
done
if [ "$skip" -gt 0 ]; then echo "$pass passed, $fail failed ($skip skipped)"; else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
