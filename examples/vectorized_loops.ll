; Shuffles as clang-19 -O3 -mavx2 writes them for vectorized loops (the loop vectorizer's
; interleaved loads and stores), one per function: complex multiply's deinterleave and
; interleave, an RGB plane (a stride-3 extract from three ymm), a 4x4 float transpose, a 3-way
; interleaving store, and an epilogue's <2 x float> swap (the low half of an x86 register).
source_filename = "vectorized_loops.c"
target triple = "x86_64-pc-linux-gnu"

define <8 x float> @cplx_re(<16 x float> %wide.vec) {
  %re = shufflevector <16 x float> %wide.vec, <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  ret <8 x float> %re
}

define <16 x float> @cplx_store(<8 x float> %re, <8 x float> %im) {
  %interleaved.vec = shufflevector <8 x float> %re, <8 x float> %im, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  ret <16 x float> %interleaved.vec
}

define <32 x i8> @rgb_red(<96 x i8> %wide.vec) {
  %17 = shufflevector <96 x i8> %wide.vec, <96 x i8> poison, <32 x i32> <i32 0, i32 3, i32 6, i32 9, i32 12, i32 15, i32 18, i32 21, i32 24, i32 27, i32 30, i32 33, i32 36, i32 39, i32 42, i32 45, i32 48, i32 51, i32 54, i32 57, i32 60, i32 63, i32 66, i32 69, i32 72, i32 75, i32 78, i32 81, i32 84, i32 87, i32 90, i32 93>
  ret <32 x i8> %17
}

define <16 x float> @transpose4(<16 x float> %wide.vec) {
  %t = shufflevector <16 x float> %wide.vec, <16 x float> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  ret <16 x float> %t
}

define <24 x i32> @interleave3(<16 x i32> %ab, <16 x i32> %c) {
  %26 = shufflevector <16 x i32> %ab, <16 x i32> %c, <24 x i32> <i32 0, i32 8, i32 16, i32 1, i32 9, i32 17, i32 2, i32 10, i32 18, i32 3, i32 11, i32 19, i32 4, i32 12, i32 20, i32 5, i32 13, i32 21, i32 6, i32 14, i32 22, i32 7, i32 15, i32 23>
  ret <24 x i32> %26
}

define <2 x float> @epilogue_swap(<2 x float> %v) {
  %s = shufflevector <2 x float> %v, <2 x float> poison, <2 x i32> <i32 1, i32 0>
  ret <2 x float> %s
}
