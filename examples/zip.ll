; A module as clang -S -emit-llvm writes it.
source_filename = "interleave.c"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @zip(ptr %p, <4 x i32> %a, <4 x i32> %b) {
entry:
  %lo = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %hi = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 2, i32 6, i32 3, i32 7>
  %wide = shufflevector <4 x i32> %lo, <4 x i32> %hi, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  store <8 x i32> %wide, ptr %p, align 4
  ret void
}

; a comment that mentions shufflevector must not confuse line numbers
define <16 x i8> @srl(<16 x i8> %x) {
  %1 = shufflevector <16 x i8> %x, <16 x i8> zeroinitializer, <16 x i32> <i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 16, i32 16>
  ret <16 x i8> %1
}

define <vscale x 4 x float> @bcast(float %s) {
  %i = insertelement <vscale x 4 x float> poison, float %s, i64 0
  %b = shufflevector <vscale x 4 x float> %i, <vscale x 4 x float> poison, <vscale x 4 x i32> zeroinitializer
  ret <vscale x 4 x float> %b
}
