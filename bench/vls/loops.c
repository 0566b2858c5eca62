// The loops of issue 6, part 7: deinterleave (packed -> planar) and interleave (planar ->
// packed) with factors 2, 3, 4, 8 over u8, u16, f32, f64 — complex split, RGB <-> planar, RGBA,
// xyz, 8-channel audio — and LLVM issue #102666's 4-way float interleave (inter4_f32).
// Compiled once per variant with -DPFX=variant_ (bench/vls/run.py).
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef float f32;
typedef double f64;

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define LOOPS(T, F)                                                                        \
  void CAT(PFX, deint##F##_##T)(const T *restrict in, T *restrict out, int n) {            \
    for (int i = 0; i < n; i++)                                                            \
      for (int k = 0; k < F; k++) out[k * n + i] = in[F * i + k];                          \
  }                                                                                        \
  void CAT(PFX, inter##F##_##T)(const T *restrict in, T *restrict out, int n) {            \
    for (int i = 0; i < n; i++)                                                            \
      for (int k = 0; k < F; k++) out[F * i + k] = in[k * n + i];                          \
  }
#define ALL(T) LOOPS(T, 2) LOOPS(T, 3) LOOPS(T, 4) LOOPS(T, 8)
ALL(u8)
ALL(u16)
ALL(f32)
ALL(f64)
