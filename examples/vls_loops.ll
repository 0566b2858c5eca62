; The loop vectoriser's interleaved groups, as clang-19 -O3 -mavx2 writes them (vector bodies
; only, names kept): `shufc vls examples/vls_loops.ll --target avx2` rewrites them with OptVLS.

; re[i] = x[2i]; im[i] = x[2i+1]   (the seed's example 1: a factor-2 load group of doubles)
define void @complex_split(ptr noalias %x, ptr noalias %re, ptr noalias %im, i64 %n) {
entry:
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %off = shl nsw i64 %index, 4
  %src = getelementptr inbounds i8, ptr %x, i64 %off
  %wide.vec = load <8 x double>, ptr %src, align 8
  %strided.vec = shufflevector <8 x double> %wide.vec, <8 x double> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %strided.vec1 = shufflevector <8 x double> %wide.vec, <8 x double> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %re.p = getelementptr inbounds double, ptr %re, i64 %index
  store <4 x double> %strided.vec, ptr %re.p, align 8
  %im.p = getelementptr inbounds double, ptr %im, i64 %index
  store <4 x double> %strided.vec1, ptr %im.p, align 8
  %index.next = add nuw i64 %index, 4
  %done = icmp eq i64 %index.next, %n
  br i1 %done, label %exit, label %vector.body

exit:
  ret void
}

; p[3i] = r[i]; p[3i+1] = g[i]; p[3i+2] = b[i]   (planar -> packed xyz: a factor-3 store group of floats)
define void @xyz_pack(ptr noalias %p, ptr noalias %r, ptr noalias %g, ptr noalias %b, i64 %n) {
entry:
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %r.p = getelementptr inbounds float, ptr %r, i64 %index
  %wide.load = load <8 x float>, ptr %r.p, align 4
  %g.p = getelementptr inbounds float, ptr %g, i64 %index
  %wide.load1 = load <8 x float>, ptr %g.p, align 4
  %b.p = getelementptr inbounds float, ptr %b, i64 %index
  %wide.load2 = load <8 x float>, ptr %b.p, align 4
  %off = mul i64 %index, 12
  %dst = getelementptr inbounds i8, ptr %p, i64 %off
  %0 = shufflevector <8 x float> %wide.load, <8 x float> %wide.load1, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1 = shufflevector <8 x float> %wide.load2, <8 x float> poison, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %2 = shufflevector <16 x float> %0, <16 x float> %1, <24 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23>
  %interleaved.vec = shufflevector <24 x float> %2, <24 x float> poison, <24 x i32> <i32 0, i32 8, i32 16, i32 1, i32 9, i32 17, i32 2, i32 10, i32 18, i32 3, i32 11, i32 19, i32 4, i32 12, i32 20, i32 5, i32 13, i32 21, i32 6, i32 14, i32 22, i32 7, i32 15, i32 23>
  store <24 x float> %interleaved.vec, ptr %dst, align 4
  %index.next = add nuw i64 %index, 8
  %done = icmp eq i64 %index.next, %n
  br i1 %done, label %exit, label %vector.body

exit:
  ret void
}
