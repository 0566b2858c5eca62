define <2 x i32> @f(<2 x i32> %x) {
  %z = shufflevector <2 x i32> %y, <2 x i32> %x, <2 x i32> <i32 0, i32 3>
  %y = add <2 x i32> %x, %x
  ret <2 x i32> %z
}
