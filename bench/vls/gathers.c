// The gather/scatter baseline of issue 6, part 7: the same loops as loops.c for float and double,
// each field read with hardware gathers (AVX2: vgatherdps / vgatherdpd; AVX-512: 16/8-lane
// gathers) or written with AVX-512 scatters. x86 has no byte or word gathers: u8 / u16 have none.
// Lengths that are not a multiple of the vector finish with a scalar loop.
#include <immintrin.h>

#define G2(F)                                                                                       \
  __attribute__((target("avx2"))) void gather_avx2_deint##F##_f32(const float *restrict in, float *restrict out, int n) { \
    const __m256i idx = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(F));             \
    int i = 0;                                                                                      \
    for (; i + 8 <= n; i += 8)                                                                      \
      for (int k = 0; k < F; k++) _mm256_storeu_ps(out + k * n + i, _mm256_i32gather_ps(in + F * i + k, idx, 4));        \
    for (; i < n; i++)                                                                              \
      for (int k = 0; k < F; k++) out[k * n + i] = in[F * i + k];                                   \
  }                                                                                                 \
  __attribute__((target("avx2"))) void gather_avx2_deint##F##_f64(const double *restrict in, double *restrict out, int n) { \
    const __m128i idx = _mm_mullo_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(F));             \
    int i = 0;                                                                                      \
    for (; i + 4 <= n; i += 4)                                                                      \
      for (int k = 0; k < F; k++) _mm256_storeu_pd(out + k * n + i, _mm256_i32gather_pd(in + F * i + k, idx, 8));        \
    for (; i < n; i++)                                                                              \
      for (int k = 0; k < F; k++) out[k * n + i] = in[F * i + k];                                   \
  }                                                                                                 \
  __attribute__((target("avx512f"))) void gather_avx512_deint##F##_f32(const float *restrict in, float *restrict out, int n) { \
    const __m512i idx = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(F)); \
    int i = 0;                                                                                      \
    for (; i + 16 <= n; i += 16)                                                                    \
      for (int k = 0; k < F; k++) _mm512_storeu_ps(out + k * n + i, _mm512_i32gather_ps(idx, in + F * i + k, 4));        \
    for (; i < n; i++)                                                                              \
      for (int k = 0; k < F; k++) out[k * n + i] = in[F * i + k];                                   \
  }                                                                                                 \
  __attribute__((target("avx512f"))) void gather_avx512_deint##F##_f64(const double *restrict in, double *restrict out, int n) { \
    const __m256i idx = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(F));             \
    int i = 0;                                                                                      \
    for (; i + 8 <= n; i += 8)                                                                      \
      for (int k = 0; k < F; k++) _mm512_storeu_pd(out + k * n + i, _mm512_i32gather_pd(idx, in + F * i + k, 8));        \
    for (; i < n; i++)                                                                              \
      for (int k = 0; k < F; k++) out[k * n + i] = in[F * i + k];                                   \
  }                                                                                                 \
  __attribute__((target("avx512f"))) void gather_avx512_inter##F##_f32(const float *restrict in, float *restrict out, int n) { \
    const __m512i idx = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(F)); \
    int i = 0;                                                                                      \
    for (; i + 16 <= n; i += 16)                                                                    \
      for (int k = 0; k < F; k++) _mm512_i32scatter_ps(out + F * i + k, idx, _mm512_loadu_ps(in + k * n + i), 4);        \
    for (; i < n; i++)                                                                              \
      for (int k = 0; k < F; k++) out[F * i + k] = in[k * n + i];                                   \
  }                                                                                                 \
  __attribute__((target("avx512f"))) void gather_avx512_inter##F##_f64(const double *restrict in, double *restrict out, int n) { \
    const __m256i idx = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(F));             \
    int i = 0;                                                                                      \
    for (; i + 8 <= n; i += 8)                                                                      \
      for (int k = 0; k < F; k++) _mm512_i32scatter_pd(out + F * i + k, idx, _mm512_loadu_pd(in + k * n + i), 8);        \
    for (; i < n; i++)                                                                              \
      for (int k = 0; k < F; k++) out[F * i + k] = in[k * n + i];                                   \
  }
G2(2)
G2(3)
G2(4)
G2(8)
