#!/usr/bin/env bash
# Golden test: the output of tests/golden/NAME.test's RUN lines must equal NAME.expected.
# After an intended change, regenerate with `make golden-update` and review `git diff tests/golden`.
set -u
shufc=$1
test_file=$2
expected=${test_file%.test}.expected
[[ -f $expected ]] || { echo "missing $expected (run make golden-update)"; exit 1; }
if diff -u "$expected" <(bash "$(dirname "$0")/run.sh" "$shufc" "$test_file"); then
  echo "golden $(basename "$test_file"): ok"
else
  echo "golden $(basename "$test_file"): output differs from $(basename "$expected") (above: - expected, + actual)"
  exit 1
fi
