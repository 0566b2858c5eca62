#!/usr/bin/env bash
# `make demo`: a tour of shufc on the seed's examples (seed 000) and a real .ll module.
set -euo pipefail
shufc=$1
cd "$(dirname "$0")/.."
say() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

say "Canonical form: three spellings of one shuffle become one" "shufc canon examples/seed000.txt (first 3)"
"$shufc" canon examples/seed000.txt | head -3

say "Lanes, signature and patterns of every example in seed 000" "shufc classify examples/seed000.txt"
"$shufc" classify examples/seed000.txt

say "Every shufflevector of a whole module, with function and line" "shufc classify examples/zip.ll"
"$shufc" classify examples/zip.ll

say "JSON for tools" "shufc classify --json 'v8i32:1,2,3,0,5,6,7,4'"
"$shufc" classify --json 'v8i32:1,2,3,0,5,6,7,4'

say "Shuffles that are simpler operations, as simpler LLVM IR" "shufc lower-ir 'v8i16:2,3,4,5,6,7,z,z'"
"$shufc" lower-ir 'v8i16:2,3,4,5,6,7,z,z'
"$shufc" lower-ir 'v16i8:0,z,1,z,2,z,3,z,4,z,5,z,6,z,7,z'

say "Bad input gets a clear message and exit code 1" "shufc classify 'v4i32:0,1,9,2'"
"$shufc" classify 'v4i32:0,1,9,2' || echo "(exit $?)"

say "Instructions as data: a Program simulated, proved and costed" "shufc run examples/unpack_shuffle.prog --cpu icelake-server"
"$shufc" run examples/unpack_shuffle.prog --cpu icelake-server

say "... and emitted as assembly with lane comments" "shufc emit examples/unpack_shuffle.prog --format att"
"$shufc" emit examples/unpack_shuffle.prog --format att

say "Synthesis: the cheapest verified sequence, and whether it is proven optimal" "shufc synth 'v8i16:0,2,4,6,8,10,12,14' --target ssse3"
"$shufc" synth 'v8i16:0,2,4,6,8,10,12,14' --target ssse3

say "Stride permutations (SPIRAL): the 8x8 16-bit transpose in 24 SSE2 shuffles, proven optimal" "shufc stride 'L^64_8' --target sse2 --elem i16"
"$shufc" stride 'L^64_8' --target sse2 --elem i16
