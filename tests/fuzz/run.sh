#!/usr/bin/env bash
# Runs one libFuzzer target briefly: run.sh TARGET, with FUZZ_DIR the fuzz build's bin directory.
# Works in a scratch directory so new corpus entries and crash-* files never land in the repo.
set -u

target=${1:?usage: run.sh fuzz_compact|fuzz_instruction|fuzz_module|fuzz_stride}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# A build without the fuzzers (no clang-19) still passes, but says so loudly.
if [[ -z "${FUZZ_DIR:-}" ]]; then
  echo "SKIP: $target not run: FUZZ_DIR is not set (build with -DSHUFC_FUZZ=ON and clang++-19; see 'make test')"
  exit 0
fi
bin=$FUZZ_DIR/$target
if [[ ! -x $bin ]]; then
  echo "SKIP: $target not run: $bin is missing (build with -DSHUFC_FUZZ=ON and clang++-19; see 'make test')"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/shufc-$target.XXXXXX")
mkdir "$work/corpus"
if [[ -d $here/corpus/$target ]]; then cp -R "$here/corpus/$target/." "$work/corpus/"; fi
dict=()
case $target in
  fuzz_compact) dict=(-dict="$here/dict/compact.dict") ;;
  fuzz_stride) dict=(-dict="$here/dict/stride.dict") ;;
  *) dict=(-dict="$here/dict/ir.dict") ;;
esac

# LLVM keeps some global state alive until exit; that is not a leak of ours.
if [[ $target == fuzz_module ]]; then
  export ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
fi

ulimit -c 0
cd "$work" || exit 1
"$bin" -max_total_time=8 -rss_limit_mb=2048 -timeout=5 -artifact_prefix="$work/" "${dict[@]}" corpus \
  >"$work/log" 2>&1
rc=$?

if [[ $rc -ne 0 ]]; then
  echo "FAIL: $target exited with $rc; the end of its log:"
  tail -n 60 "$work/log"
  for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*; do
    [[ -e $a ]] || continue
    echo "--- reproducer $a (base64):"
    base64 "$a" | head -c 4000
    echo
  done
  echo "Kept $work to reproduce: $bin <reproducer>"
  exit 1
fi

echo "PASS: $target: $(grep -E '^Done [0-9]+ runs' "$work/log" | tail -n 1), $(grep -Eo 'DONE +cov: [0-9]+' "$work/log" | tail -n 1)"
rm -rf "$work"
exit 0
