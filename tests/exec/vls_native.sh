#!/usr/bin/env bash
# shufc vls, run for real: for each access list, the emitted C (one function for all groups) is
# compiled with gcc-12 and clang-19 (-O1 -Wall -Wextra -Werror, no -m flags: the function carries
# its target attribute) into a harness that lays out arrays, feeds the function the contiguous
# chunks (loads) or the per-access vectors (stores) as the --json layout says, and compares with
# a scalar loop doing the same accesses one element at a time. Runs natively; a list whose target
# this CPU lacks is compiled only (SKIP).
# The cases run in parallel (VLS_JOBS, default nproc) with a short synthesis budget (VLS_BUDGET_MS,
# default 50): every case is still run and checked; the shuffles the short search gives up on are
# decomposed, and the emitted C is checked just the same.
# Usage: vls_native.sh PATH_TO_SHUFC   (KEEP=DIR keeps the harnesses)
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
shufc="$1"
for tool in gcc-12 clang-19 python3; do
  command -v "$tool" >/dev/null || { echo "vls_native: $tool not found" >&2; exit 2; }
done
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "

# target | accesses
cases=(
  "avx2|x[2k]:f64, x[2k+1]:f64"
  "sse4.1|x[3k]:f32, x[3k+1]:f32, x[3k+2]:f32"
  "avx2|store y[2k]:i16, store y[2k+1]:i16"
  "ssse3|x[4k]:i8, x[4k+1]:i8, x[4k+2]:i8, x[4k+3]:i8"
  "sse4.1|p[8k]:f32, p[8k+1]:f32, p[8k+3]:f32, p[8k+4]:f32, p[8k+5]:f32"
  "avx2|store z[3k]:i32, store z[3k+1]:i32, store z[3k+2]:i32"
  "avx2|x[-2k+6]:f32, x[-2k+7]:f32"
  "avx2|x[4k]:f64, x[4k+1]:f64"
  "avx512|x[2k]:f32, x[2k+1]:f32, store y[2k]:f32, store y[2k+1]:f32"
  "avx2|x[4k]:f32, x[4k+1]:f32, x[4k+2]:f32, x[4k+3]:f32"
  "avx2|store w[4k]:i32, store w[4k+1]:i32, store w[4k+2]:i32, store w[4k+3]:i32"
)
needs() {  # the /proc/cpuinfo flags a target needs
  case "$1" in
    sse2) echo sse2 ;; sse3) echo pni ;; ssse3) echo ssse3 ;; sse4.1) echo sse4_1 ;;
    avx) echo avx ;; avx2) echo avx2 ;; avx512*) echo "avx512f avx512bw avx512dq avx512vl" ;;
  esac
}

# The harness generator: JSON on stdin, writes the C file named by its argument.
cat >"$work/gen_harness.py" <<'PY'
import json, re, sys
j = json.load(sys.stdin)
out_c = sys.argv[1]
acc = j["accesses"]
ebits = {"<": None}
def parse(a):
    m = re.match(r"(\w+)\[(.*)\]$", a["access"])
    name, idx = m.group(1), m.group(2).replace(" ", "")
    # a*k+b
    mm = re.fullmatch(r"([+-]?\d*)\*?k([+-]\d+)?", idx)
    coef = mm.group(1)
    a_ = -1 if coef == "-" else 1 if coef in ("", "+") else int(coef)
    b_ = int(mm.group(2) or 0)
    n, bits = map(int, re.findall(r"\d+", a["type"]))
    return name, a_, b_, n, bits // 8, a["kind"] == "SStore"
info = [parse(a) for a in acc]
arrays = sorted({i[0] for i in info})
PAD = 4096
L = []
L.append('#include <stdio.h>\n#include <string.h>\n#include <stdint.h>\n#include "vls_fn.c"')
L.append("int main(void) {")
L.append("  static unsigned char in[%d], out[%d];" % (1 << 16, 1 << 16))
for a in arrays:
    L.append("  static unsigned char %s_mem[%d], %s_ref[%d];" % (a, 2 * PAD, a, 2 * PAD))
    L.append("  for (int i = 0; i < %d; ++i) %s_mem[i] = %s_ref[i] = (unsigned char)(i * 7 + 3 + %d);" % (2 * PAD, a, a, len(a)))
L.append("  int fails = 0; size_t ip = 0;")
# Inputs: for each served group in order, its chunks (loads) or its members' values (stores).
val = lambda m, i, k: "(unsigned char)(%d * 31 + %d * 5 + %d + 101)" % (m, i, k)
for g in j["detail"]:
    if "chunks" not in g: continue
    base = info[g["base"]]
    E = base[4]; VL = base[3] * E
    origin = "%s_mem + %d + %d" % (base[0], PAD, base[2] * E)
    if not base[5]:
        for off in g["chunks"]:
            L.append("  memcpy(in + ip, %s + %d, %d); ip += %d;" % (origin, off, VL, VL))
    else:
        for m in g["by_distance"]:
            n, E = info[m][3], info[m][4]
            for i in range(n):
                for k in range(E):
                    L.append("  in[ip + %d] = %s;" % (i * E + k, val(m, i, k)))
            L.append("  ip += %d;" % (n * E))
L.append("  vls_fn(in, out);")
L.append("  size_t op = 0;")
for g in j["detail"]:
    if "chunks" not in g: continue
    base = info[g["base"]]
    E = base[4]; VL = base[3] * E
    if not base[5]:
        for m in g["by_distance"]:
            name, a_, b_, n, E, _ = info[m]
            for i in range(n):
                L.append("  if (memcmp(out + op + %d, %s_mem + %d + %d, %d)) { printf(\"access #%d element %d wrong\\n\"); ++fails; }"
                         % (i * E, name, PAD, (a_ * i + b_) * E, E, m + 1, i))
            L.append("  op += %d;" % (n * E))
    else:
        origin = "%s_mem + %d + %d" % (base[0], PAD, base[2] * E)
        for off, mask in zip(g["chunks"], g["chunk_masks"]):
            for e, bit in enumerate(mask):
                if bit == "1":
                    L.append("  memcpy(%s + %d, out + op + %d, %d);" % (origin, off + e * E, e * E, E))
            L.append("  op += %d;" % VL)
        # The scalar reference: each store, one element at a time.
        for m in g["by_distance"]:
            name, a_, b_, n, E, _ = info[m]
            for i in range(n):
                for k in range(E):
                    L.append("  %s_ref[%d] = %s;" % (name, PAD + (a_ * i + b_) * E + k, val(m, i, k)))
for a in arrays:
    L.append("  if (memcmp(%s_mem, %s_ref, %d)) { printf(\"array %s differs from the scalar stores\\n\"); ++fails; }" % (a, a, 2 * PAD, a))
L.append("  return fails != 0;\n}")
open(out_c, "w").write("\n".join(L) + "\n")
open(out_c.replace("main.c", "vls_fn.c"), "w").write(j["c"])
PY

# One case: shufc, the harness, both compilers, the runs. Prints one line (PASS / SKIP / FAIL and
# details) into $d/result; the cases are independent and run in parallel, reported in order.
# --budget-ms: this test checks that the emitted C computes the accesses, not that each shuffle
# is the cheapest; a shuffle the shorter search gives up on is decomposed, and checked the same way.
run_case() {
  local k="$1" target access d label missing ok cc f
  IFS='|' read -r target access <<<"${cases[$k]}"
  d="$work/case$k"
  mkdir -p "$d"
  label="$target: $access"
  if ! "$shufc" vls --access "$access" --target "$target" --cpu icelake-server --json --name vls_fn \
      --budget-ms "${VLS_BUDGET_MS:-50}" >"$d/vls.json" 2>"$d/err"; then
    echo "FAIL $label: shufc: $(head -3 "$d/err")"
    return
  fi
  python3 "$work/gen_harness.py" "$d/main.c" <"$d/vls.json"
  missing=""
  for f in $(needs "$target"); do [[ "$cpu_flags" == *" $f "* ]] || missing+=" $f"; done
  ok=1
  for cc in gcc-12 clang-19; do
    if ! $cc -O1 -Wall -Wextra -Werror -Wno-unused-variable "$d/main.c" -o "$d/$cc" 2>"$d/$cc.log"; then
      echo "FAIL $label: $cc does not compile it"; sed 's/^/    /' "$d/$cc.log" | head -10; ok=0
    elif [ -z "$missing" ] && ! "$d/$cc" >"$d/$cc.run" 2>&1; then
      echo "FAIL $label: the $cc build computes wrong results"; sed 's/^/    /' "$d/$cc.run" | head -10; ok=0
    fi
  done
  if [ $ok = 0 ]; then :
  elif [ -n "$missing" ]; then echo "SKIP $label: this CPU lacks$missing (compiled only)"
  else echo "PASS $label"; fi
}

jobs_max="${VLS_JOBS:-$(nproc)}"
for k in "${!cases[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  mkdir -p "$work/case$k"
  run_case "$k" >"$work/case$k/result" 2>&1 &
done
wait

pass=0 fail=0 skip=0
for k in "${!cases[@]}"; do
  r="$work/case$k/result"
  if [ ! -s "$r" ]; then echo "FAIL case $k: no result"; fail=$((fail + 1)); continue; fi
  cat "$r"
  case "$(head -c4 "$r")" in
    PASS) pass=$((pass + 1)) ;;
    SKIP) skip=$((skip + 1)) ;;
    *) fail=$((fail + 1)) ;;
  esac
done
if [ "$skip" -gt 0 ]; then echo "$pass passed, $fail failed ($skip skipped)"; else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
