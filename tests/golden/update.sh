#!/usr/bin/env bash
# Regenerates every tests/golden/*.expected from the current shufc; review with git diff.
set -eu
shufc=$(realpath "$1")
dir=$(dirname "$0")
for t in "$dir"/*.test; do
  bash "$dir/run.sh" "$shufc" "$t" >"${t%.test}.expected"
  echo "updated ${t%.test}.expected"
done
