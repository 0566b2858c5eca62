#!/usr/bin/env bash
# Prints what every RUN: line of a golden .test file produces: stdout, stderr and exit code.
# A RUN line is a shufc command line; %s stands for the .test file itself.
set -u
shufc=$1
test_file=$2
cd "$(dirname "$test_file")"
name=$(basename "$test_file")
grep -E '^[;#] RUN: ' "$name" | sed -E 's/^[;#] RUN: //' | while IFS= read -r cmd; do
  cmd=${cmd//%s/$name}
  echo "\$ shufc $cmd"
  out=$(mktemp) err=$(mktemp)
  eval "\"$shufc\" $cmd" >"$out" 2>"$err"
  rc=$?
  cat "$out"
  [[ -s $err ]] && { echo "[stderr]"; cat "$err"; }
  echo "[exit $rc]"
  rm -f "$out" "$err"
done
