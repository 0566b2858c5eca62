define void @f(<2 x fp128> %a) {
  %r = shufflevector <2 x fp128> %a, <2 x fp128> poison, <2 x i32> <i32 1, i32 0>
  ret void
}
