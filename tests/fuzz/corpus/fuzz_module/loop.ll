target datalayout = "e-m:e-i64:64-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

define <8 x i16> @loop(<8 x i16> %x, i32 %n) {
entry:
  br label %body

body:
  %acc = phi <8 x i16> [ %x, %entry ], [ %next, %body ]
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %next = shufflevector <8 x i16> %acc, <8 x i16> %x, <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %body

exit:
  ret <8 x i16> %next
}
