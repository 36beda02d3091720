#!/usr/bin/env python3
"""Reference outputs for TrackBench's kalman and rts strategies, computed with filterpy.

Run in a virtual environment with `pip install filterpy` (it brings numpy):
    python3 -m venv /tmp/kf && /tmp/kf/bin/pip install filterpy
    /tmp/kf/bin/python tools/kalman_reference.py > Tests/FilteringTests/Reference/kalman_filterpy.csv

The model is TrackBench's: state (east, north, v_east, v_north); over dt, F = [[1, dt], [0, 1]] per axis
and continuous white-acceleration process noise Q = q * [[dt^3/3, dt^2/2], [dt^2/2, dt]] per axis;
R = r_scale * accuracy^2 on each axis; the first fix starts the track with P = diag(R, R, 10^2, 10^2)
and zero velocity. The input is a deterministic zig-zag run with varying claimed accuracy and two gaps
(dropouts: predict only). filterpy's KalmanFilter does the forward pass, its rts_smoother the backward
pass with the per-step F and Q (its convention: Fs[k], Qs[k] take step k to step k + 1).

Columns: time_s, east_m, north_m, accuracy_m (input); kf_east_m, kf_north_m (filtered);
rts_east_m, rts_north_m (smoothed). Parameters: q = 0.5, r_scale = 1.
"""
import math
import random

import numpy as np
from filterpy.kalman import KalmanFilter, rts_smoother

Q_DENSITY = 0.5
R_SCALE = 1.0
SPEED_SIGMA = 10.0


def transition(dt):
    f = np.eye(4)
    f[0, 2] = dt
    f[1, 3] = dt
    return f


def process_noise(dt):
    q = np.zeros((4, 4))
    a, b, c = dt ** 3 / 3, dt ** 2 / 2, dt
    for pos, vel in ((0, 2), (1, 3)):
        q[pos, pos], q[pos, vel], q[vel, pos], q[vel, vel] = a, b, b, c
    return Q_DENSITY * q


def filterpy_filter(fixes):
    """filterpy's forward pass over (time, east, north, accuracy) fixes: the states and covariances, and
    the per-step F and Q in rts_smoother's convention (Fs[k], Qs[k] take step k to step k + 1)."""
    kf = KalmanFilter(dim_x=4, dim_z=2)
    kf.H = np.array([[1.0, 0, 0, 0], [0, 1.0, 0, 0]])
    xs, ps, fs, qs = [], [], [], []
    previous = None
    for time, east, north, accuracy in fixes:
        r = R_SCALE * accuracy * accuracy
        if previous is None:
            kf.x = np.array([east, north, 0.0, 0.0])
            kf.P = np.diag([r, r, SPEED_SIGMA ** 2, SPEED_SIGMA ** 2])
        else:
            dt = time - previous
            kf.F = transition(dt)
            kf.Q = process_noise(dt)
            kf.predict()
            kf.R = np.eye(2) * r
            kf.update(np.array([east, north]))
            fs.append(kf.F.copy())
            qs.append(kf.Q.copy())
        previous = time
        xs.append(kf.x.copy())
        ps.append(kf.P.copy())
    return xs, ps, fs + [np.eye(4)], qs + [np.zeros((4, 4))]


def filterpy_smooth(xs, ps, fs, qs):
    """filterpy's rts_smoother over filterpy_filter's output: the smoothed states."""
    smoothed, _, _, _ = rts_smoother(np.array(xs), np.array(ps), fs, qs)
    return smoothed


def run():
    rng = random.Random(424242)
    fixes = []
    t = 0.0
    for i in range(240):
        if 80 <= i < 92 or 170 <= i < 175:
            t += 1.0
            continue  # dropouts: no fix
        east = 3.0 * t + 2.5 * math.sin(t / 7.0) + rng.gauss(0, 3)
        north = 40.0 * math.sin(t / 60.0) + rng.gauss(0, 3)
        accuracy = 3.0 + 4.0 * rng.random()
        fixes.append((t + rng.uniform(-0.05, 0.05), east, north, accuracy))
        t += 1.0

    xs, ps, fs, qs = filterpy_filter(fixes)
    smoothed = filterpy_smooth(xs, ps, fs, qs)

    print("time_s,east_m,north_m,accuracy_m,kf_east_m,kf_north_m,rts_east_m,rts_north_m")
    for (time, east, north, accuracy), x, s in zip(fixes, xs, smoothed):
        print(f"{time!r},{east!r},{north!r},{accuracy!r},{float(x[0])!r},{float(x[1])!r},{float(s[0])!r},{float(s[1])!r}")


if __name__ == "__main__":
    run()
