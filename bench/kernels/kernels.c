/* Loops whose vectorized form is full of shuffles: complex arithmetic, pixel formats, interleaved
   streams, transposes, reverses, byte swaps, narrowing and widening. bench/vectorizer_shuffles.py
   compiles them with clang-19 -O3 for each target and gives every shufflevector to shufc synth. */
#include <stddef.h>
#include <stdint.h>
typedef struct { float re, im; } cf;
void cmul(cf *restrict o, const cf *a, const cf *b, int n) { for (int i = 0; i < n; i++) { o[i].re = a[i].re*b[i].re - a[i].im*b[i].im; o[i].im = a[i].re*b[i].im + a[i].im*b[i].re; } }
void rgb2gray(uint8_t *restrict g, const uint8_t *rgb, int n) { for (int i = 0; i < n; i++) g[i] = (uint8_t)((rgb[3*i]*77 + rgb[3*i+1]*150 + rgb[3*i+2]*29) >> 8); }
void rgba2rgb(uint8_t *restrict o, const uint8_t *in, int n) { for (int i = 0; i < n; i++) { o[3*i]=in[4*i]; o[3*i+1]=in[4*i+1]; o[3*i+2]=in[4*i+2]; } }
void rgb2rgba(uint8_t *restrict o, const uint8_t *in, int n) { for (int i = 0; i < n; i++) { o[4*i]=in[3*i]; o[4*i+1]=in[3*i+1]; o[4*i+2]=in[3*i+2]; o[4*i+3]=255; } }
void deint2(float *restrict x, float *restrict y, const float *in, int n) { for (int i = 0; i < n; i++) { x[i] = in[2*i]; y[i] = in[2*i+1]; } }
void int4(int16_t *restrict o, const int16_t *a, const int16_t *b, const int16_t *c, const int16_t *d, int n) { for (int i = 0; i < n; i++) { o[4*i]=a[i]; o[4*i+1]=b[i]; o[4*i+2]=c[i]; o[4*i+3]=d[i]; } }
void rev(uint8_t *restrict o, const uint8_t *in, int n) { for (int i = 0; i < n; i++) o[i] = in[n-1-i]; }
void bswap32(uint32_t *restrict o, const uint32_t *in, int n) { for (int i = 0; i < n; i++) o[i] = __builtin_bswap32(in[i]); }
void bswap16(uint16_t *restrict o, const uint16_t *in, int n) { for (int i = 0; i < n; i++) o[i] = __builtin_bswap16(in[i]); }
float dot(const float *a, const float *b, int n) { float s = 0; for (int i = 0; i < n; i++) s += a[i]*b[i]; return s; }
int sum8(const uint8_t *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
void tr4(float *restrict o, const float *in) { for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) o[4*i+j] = in[4*j+i]; }
void tr8(float *restrict o, const float *in) { for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) o[8*i+j] = in[8*j+i]; }
void f2s16(int16_t *restrict o, const float *in, int n) { for (int i = 0; i < n; i++) o[i] = (int16_t)in[i]; }
void u8tof(float *restrict o, const uint8_t *in, int n) { for (int i = 0; i < n; i++) o[i] = in[i]; }
void yuyv(uint8_t *restrict y, uint8_t *restrict u, uint8_t *restrict v, const uint8_t *in, int n) { for (int i = 0; i < n; i++) { y[2*i] = in[4*i]; u[i] = in[4*i+1]; y[2*i+1] = in[4*i+2]; v[i] = in[4*i+3]; } }
void stride3(float *restrict o, const float *in, int n) { for (int i = 0; i < n; i++) o[i] = in[3*i] + in[3*i+1]*2 + in[3*i+2]*3; }
void cplx_conj_swap(cf *restrict o, const cf *a, int n) { for (int i = 0; i < n; i++) { o[i].re = a[i].im; o[i].im = -a[i].re; } }
void haddf(float *restrict o, const float *a, int n) { for (int i = 0; i < n; i++) o[i] = a[2*i] + a[2*i+1]; }
void widen_mul(int32_t *restrict o, const int16_t *a, const int16_t *b, int n) { for (int i = 0; i < n; i++) o[i] = (int32_t)a[i]*b[i]; }
void sat_pack(uint8_t *restrict o, const int16_t *a, int n) { for (int i = 0; i < n; i++) { int v = a[i]; o[i] = v < 0 ? 0 : v > 255 ? 255 : v; } }
void interleave3f(float *restrict o, const float *x, const float *y, const float *z, int n) { for (int i = 0; i < n; i++) { o[3*i]=x[i]; o[3*i+1]=y[i]; o[3*i+2]=z[i]; } }
void deint4u8(uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict c, uint8_t *restrict d, const uint8_t *in, int n) { for (int i = 0; i < n; i++) { a[i]=in[4*i]; b[i]=in[4*i+1]; c[i]=in[4*i+2]; d[i]=in[4*i+3]; } }
void revd(double *restrict o, const double *in, int n) { for (int i = 0; i < n; i++) o[i] = in[n-1-i]; }
void fir(float *restrict o, const float *in, int n) { for (int i = 0; i < n; i++) o[i] = in[i] + in[i+1] + in[i+2]; }
void u16tou8(uint8_t *restrict o, const uint16_t *in, int n) { for (int i = 0; i < n; i++) o[i] = (uint8_t)in[i]; }
void i32toi16(int16_t *restrict o, const int32_t *in, int n) { for (int i = 0; i < n; i++) o[i] = (int16_t)in[i]; }
void interleave2u8(uint8_t *restrict o, const uint8_t *a, const uint8_t *b, int n) { for (int i = 0; i < n; i++) { o[2*i]=a[i]; o[2*i+1]=b[i]; } }
void interleave3u16(uint16_t *restrict o, const uint16_t *x, const uint16_t *y, const uint16_t *z, int n) { for (int i = 0; i < n; i++) { o[3*i]=x[i]; o[3*i+1]=y[i]; o[3*i+2]=z[i]; } }
void deint3f(float *restrict x, float *restrict y, float *restrict z, const float *in, int n) { for (int i = 0; i < n; i++) { x[i]=in[3*i]; y[i]=in[3*i+1]; z[i]=in[3*i+2]; } }
void deint2d(double *restrict x, double *restrict y, const double *in, int n) { for (int i = 0; i < n; i++) { x[i]=in[2*i]; y[i]=in[2*i+1]; } }
void cmulf64(double *restrict o, const double *a, const double *b, int n) { for (int i = 0; i < n; i++) { o[2*i] = a[2*i]*b[2*i] - a[2*i+1]*b[2*i+1]; o[2*i+1] = a[2*i]*b[2*i+1] + a[2*i+1]*b[2*i]; } }
void gather_even16(int16_t *restrict o, const int16_t *in, int n) { for (int i = 0; i < n; i++) o[i] = in[2*i] + in[2*i+1]; }
void rev16(uint16_t *restrict o, const uint16_t *in, int n) { for (int i = 0; i < n; i++) o[i] = in[n-1-i]; }
void rgb565(uint16_t *restrict o, const uint8_t *rgb, int n) { for (int i = 0; i < n; i++) o[i] = (uint16_t)(((rgb[3*i] >> 3) << 11) | ((rgb[3*i+1] >> 2) << 5) | (rgb[3*i+2] >> 3)); }
void avg2(uint8_t *restrict o, const uint8_t *in, int n) { for (int i = 0; i < n; i++) o[i] = (uint8_t)((in[2*i] + in[2*i+1] + 1) >> 1); }
void s8tof(float *restrict o, const int8_t *in, int n) { for (int i = 0; i < n; i++) o[i] = in[i] * 0.5f; }
void mat3x3(float *restrict o, const float *m, const float *v, int n) { for (int i = 0; i < n; i++) for (int r = 0; r < 3; r++) o[3*i+r] = m[3*r]*v[3*i] + m[3*r+1]*v[3*i+1] + m[3*r+2]*v[3*i+2]; }
