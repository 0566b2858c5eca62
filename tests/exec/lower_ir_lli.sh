#!/usr/bin/env bash
# Every `shufc lower-ir` lowering executed next to the shuffle it replaces, with lli-19 on random
# and edge-value inputs; see lower_ir_lli.py. Usage: lower_ir_lli.sh PATH_TO_SHUFC
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH_TO_SHUFC" >&2
  exit 2
fi
exec python3 "$here/lower_ir_lli.py" "$1"
