// The one C door: GSL headers NumericKit uses, plus accessors for GSL's algorithm globals,
// which Swift 6 rejects as not concurrency-safe when read directly.
#ifndef TRACKBENCH_CGSL_SHIM_H
#define TRACKBENCH_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_spline.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_fit.h>



static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_rng_type *cgsl_rng_ranlxd2(void) { return gsl_rng_ranlxd2; }
static inline const gsl_rng_type *cgsl_rng_taus2(void) { return gsl_rng_taus2; }
static inline const gsl_rng_type *cgsl_rng_gfsr4(void) { return gsl_rng_gfsr4; }
static inline const gsl_interp_type *cgsl_interp_cspline(void) { return gsl_interp_cspline; }
static inline const gsl_interp_type *cgsl_interp_cspline_periodic(void) { return gsl_interp_cspline_periodic; }
static inline const gsl_multimin_fminimizer_type *cgsl_multimin_nmsimplex2(void) { return gsl_multimin_fminimizer_nmsimplex2; }

/* Lane sums for NumericKit's cross-correlation (Statistics.crossCorrelation), four lanes a register
   where the processor has AVX2: lane l of a sum adds shared[j]·x[j] for j ≡ l (mod 8) over whole blocks
   of 8, in order, each product rounded then added (no fused multiply-add: AVX2 alone has none), so
   the lanes hold the bits of the two-lane Swift loop, which combines them and adds the rest. */
#if defined(__x86_64__)
#include <immintrin.h>
#include <cpuid.h>

/* 1 when the processor and the system support AVX2 (cpuid leaf 7; the OS saves the YMM registers). */
static inline int cgsl_has_avx2(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  if ((lo & 6) != 6 || __get_cpuid_max(0, 0) < 7) return 0;
  __cpuid_count(7, 0, a, b, c, d);
  return (b & bit_AVX2) != 0;
}

/* For blocks [0, blocks) of 8 and each series x of a, b, c, d given (a alone, or all four):
   lanes[8i + l] += Σ shared[j]·x[j], j = 8·block + l, x the i-th series. Several series share the loads
   of `shared` and keep more sums in flight. Call only when cgsl_has_avx2(). */
__attribute__((target("avx2")))
static inline void cgsl_lane_sums_avx2(const double *shared, const double *a, const double *b, const double *c,
                                       const double *d, long blocks, double *lanes) {
  __m256d a0 = _mm256_loadu_pd(lanes), a1 = _mm256_loadu_pd(lanes + 4);
  if (d) {
    __m256d b0 = _mm256_loadu_pd(lanes + 8), b1 = _mm256_loadu_pd(lanes + 12);
    __m256d c0 = _mm256_loadu_pd(lanes + 16), c1 = _mm256_loadu_pd(lanes + 20);
    __m256d d0 = _mm256_loadu_pd(lanes + 24), d1 = _mm256_loadu_pd(lanes + 28);
    for (long k = 0; k < blocks; k++) {
      const long o = 8 * k;
      const __m256d s0 = _mm256_loadu_pd(shared + o), s1 = _mm256_loadu_pd(shared + o + 4);
      a0 = _mm256_add_pd(a0, _mm256_mul_pd(_mm256_loadu_pd(a + o), s0));
      b0 = _mm256_add_pd(b0, _mm256_mul_pd(_mm256_loadu_pd(b + o), s0));
      c0 = _mm256_add_pd(c0, _mm256_mul_pd(_mm256_loadu_pd(c + o), s0));
      d0 = _mm256_add_pd(d0, _mm256_mul_pd(_mm256_loadu_pd(d + o), s0));
      a1 = _mm256_add_pd(a1, _mm256_mul_pd(_mm256_loadu_pd(a + o + 4), s1));
      b1 = _mm256_add_pd(b1, _mm256_mul_pd(_mm256_loadu_pd(b + o + 4), s1));
      c1 = _mm256_add_pd(c1, _mm256_mul_pd(_mm256_loadu_pd(c + o + 4), s1));
      d1 = _mm256_add_pd(d1, _mm256_mul_pd(_mm256_loadu_pd(d + o + 4), s1));
    }
    _mm256_storeu_pd(lanes + 8, b0); _mm256_storeu_pd(lanes + 12, b1);
    _mm256_storeu_pd(lanes + 16, c0); _mm256_storeu_pd(lanes + 20, c1);
    _mm256_storeu_pd(lanes + 24, d0); _mm256_storeu_pd(lanes + 28, d1);
  } else {
    for (long k = 0; k < blocks; k++) {
      const long o = 8 * k;
      a0 = _mm256_add_pd(a0, _mm256_mul_pd(_mm256_loadu_pd(a + o), _mm256_loadu_pd(shared + o)));
      a1 = _mm256_add_pd(a1, _mm256_mul_pd(_mm256_loadu_pd(a + o + 4), _mm256_loadu_pd(shared + o + 4)));
    }
  }
  _mm256_storeu_pd(lanes, a0);
  _mm256_storeu_pd(lanes + 4, a1);
}
#endif

#endif
