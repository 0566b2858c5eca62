; shufflevector in a comment
source_filename = "seed.c"
@g = global i32 0
@s = private constant [14 x i8] c"shufflevector\00"

define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {
entry:
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %z = shufflevector <4 x i32> %r, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 poison, i32 undef>
  %s = shufflevector <4 x i32> %z, <4 x i32> splat (i32 7), <2 x i32> <i32 0, i32 4>
  %c = shufflevector <4 x i32> %z, <4 x i32> <i32 1, i32 undef, i32 3, i32 -4>, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  ret <4 x i32> %r
}

define void @g(<4 x i32> %0, <2 x float> %f, <vscale x 4 x i32> %v, <2 x ptr> %q) {
  %2 = shufflevector <4 x i32> %0, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %3 = shufflevector <2 x float> %f, <2 x float> splat (float -0.0), <2 x i32> <i32 0, i32 3>
  %4 = shufflevector <vscale x 4 x i32> %v, <vscale x 4 x i32> undef, <vscale x 4 x i32> zeroinitializer
  %5 = shufflevector <2 x ptr> %q, <2 x ptr> <ptr @g, ptr null>, <2 x i32> <i32 1, i32 2>
  ret void
}
