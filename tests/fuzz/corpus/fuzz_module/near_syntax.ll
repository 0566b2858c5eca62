define void @f(<4 x i32> %a, <4 x i32> %b) {
  %r = shufflevector <4 x i32> %a <4 x i32> %b, <4 x i32> zeroinitializer
  ret void
}
