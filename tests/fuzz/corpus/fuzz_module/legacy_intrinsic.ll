define <4 x i32> @f(<4 x i32> %a) {
  %r = shufflevector <4 x i32> %a, <4 x i32> %a, <4 x i32> zeroinitializer
  %z = call <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32> %r, i8 27)
  %v = call <4 x i32> @llvm.vector.reverse.v4i32(<4 x i32> %z)
  ret <4 x i32> %v
}
declare <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32>, i8)
declare <4 x i32> @llvm.vector.reverse.v4i32(<4 x i32>)
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
