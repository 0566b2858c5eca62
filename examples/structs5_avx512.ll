; Shuffles as clang-19 -O3 -mavx512f -mavx512bw -mprefer-vector-width=512 writes them for a loop over
; structures of five floats (`o[i] = p[i].x * p[i].m`): the loop vectorizer's interleaved load
; of 16 structures is one <80 x float> (five zmm, wider than 2048 bits), and each field a
; stride-5 extract from it, one per function.
source_filename = "structs5.c"
target triple = "x86_64-pc-linux-gnu"

define <16 x float> @field_x(<80 x float> %wide.vec) {
  %x = shufflevector <80 x float> %wide.vec, <80 x float> poison, <16 x i32> <i32 0, i32 5, i32 10, i32 15, i32 20, i32 25, i32 30, i32 35, i32 40, i32 45, i32 50, i32 55, i32 60, i32 65, i32 70, i32 75>
  ret <16 x float> %x
}

define <16 x float> @field_m(<80 x float> %wide.vec) {
  %m = shufflevector <80 x float> %wide.vec, <80 x float> poison, <16 x i32> <i32 4, i32 9, i32 14, i32 19, i32 24, i32 29, i32 34, i32 39, i32 44, i32 49, i32 54, i32 59, i32 64, i32 69, i32 74, i32 79>
  ret <16 x float> %m
}
