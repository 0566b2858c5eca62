#!/usr/bin/env bash
# Installs everything shufc needs to build and test on Debian 12. Idempotent:
# it does nothing (and needs no network) when every package is already there.
set -euo pipefail

PKGS=(
  build-essential cmake ninja-build pkg-config
  clang-19 lld-19 llvm-19 llvm-19-dev libclang-rt-19-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libz3-dev zlib1g-dev libzstd-dev libedit-dev libxml2-dev libffi-dev libncurses-dev
  qemu-user g++-aarch64-linux-gnu libc6-dev-arm64-cross g++-riscv64-linux-gnu libc6-dev-riscv64-cross
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
echo "deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: done" >&2
