/* A plain C constant-velocity Kalman filter, the reference TrackBench's kalman is timed against.
 *
 * The same filter as Sources/Filtering/Strategies/KalmanFilter.swift with gating and Doppler off:
 * variable dt, R = accuracy^2 per fix, continuous white-acceleration Q, both axes sharing one 2x2
 * covariance. Reads fixes as packed doubles (t, east, north, accuracy) from a file, runs the filter
 * `reps` times, prints the median fixes/s and the last output so the work cannot be optimised away.
 *
 *   cc -O3 -march=native -o /tmp/kalman_cv kalman_cv.c -lm && /tmp/kalman_cv fixes.bin 7
 *
 * Built with -DSPEED_COLUMN it does the job of TrackBench's filter on records laid out as columns: the
 * 68 % claim radius as the accuracy, and the speed |v| written to a column beside the records
 * (docs/design-notes.md, "What the slim fix would buy the Kalman filter"). The reference is the build
 * without it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { double t, e, n, acc; } fix_in;
typedef struct { double t, e, n, acc; } fix_out;

#ifdef SPEED_COLUMN
static double *speeds;
#define RECORD() (speeds[written] = sqrt(ve * ve + vn * vn), out[written++] = (fix_out){t, e, n, 1.5095921854516634 * sqrt(p00)})
#else
#define RECORD() (out[written++] = (fix_out){t, e, n, sqrt(p00)})
#endif

static size_t kalman(const fix_in *in, size_t count, fix_out *out, double q, double speed_sigma) {
  double t = 0, e = 0, n = 0, ve = 0, vn = 0, p00 = 0, p01 = 0, p11 = 0;
  size_t written = 0;
  int started = 0;
  for (size_t i = 0; i < count; i++) {
    double acc = in[i].acc;
    if (acc < 0) continue;
    double r = acc * acc;
    if (!started) {
      started = 1; t = in[i].t; e = in[i].e; n = in[i].n; ve = vn = 0;
      p00 = r; p01 = 0; p11 = speed_sigma * speed_sigma;
      RECORD();
      continue;
    }
    double dt = in[i].t - t;
    if (dt <= 0) continue;
    t = in[i].t;
    e += ve * dt; n += vn * dt;
    double dt2 = dt * dt, qdt = q * dt;
    p00 += 2 * dt * p01 + dt2 * p11 + qdt * dt2 / 3;
    p01 += dt * p11 + qdt * dt / 2;
    p11 += qdt;
    double s = p00 + r, k0 = p00 / s, k1 = p01 / s;
    double ye = in[i].e - e, yn = in[i].n - n;
    e += k0 * ye; n += k0 * yn; ve += k1 * ye; vn += k1 * yn;
    p11 -= k1 * p01; p01 -= k0 * p01; p00 -= k0 * p00;
    RECORD();
  }
  return written;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: kalman_cv FIXES.bin [reps]\n"); return 2; }
  int reps = argc > 2 ? atoi(argv[2]) : 7;
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END);
  size_t count = (size_t)ftell(f) / sizeof(fix_in);
  fseek(f, 0, SEEK_SET);
  fix_in *in = malloc(count * sizeof *in);
  fix_out *out = malloc(count * sizeof *out);
#ifdef SPEED_COLUMN
  speeds = malloc(count * sizeof *speeds);
#endif
  if (fread(in, sizeof *in, count, f) != count) { fprintf(stderr, "short read\n"); return 2; }
  fclose(f);
  double *seconds = malloc(reps * sizeof *seconds);
  size_t written = kalman(in, count, out, 0.5, 10);  /* warm-up */
  for (int r = 0; r < reps; r++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    written = kalman(in, count, out, 0.5, 10);
    clock_gettime(CLOCK_MONOTONIC, &b);
    seconds[r] = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
  }
  qsort(seconds, reps, sizeof *seconds, compare);
  printf("{\"strategy\": \"c-kalman\", \"fixes\": %zu, \"fixes_per_second\": %.1f, \"last_east\": %.9f}\n",
         count, count / seconds[reps / 2], out[written - 1].e);
  return 0;
}
