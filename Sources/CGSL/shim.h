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

#endif
