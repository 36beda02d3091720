#!/usr/bin/env python3
"""TrackBench's kalman and rts against filterpy and simdkalman, on the same fixes (run by run.sh).

  peers.py prepare WORK   writes WORK/fixes_const.bin: the first fixes at t = 0, 1, 2… claiming 5 m,
                          the time-invariant model simdkalman needs.
  peers.py compare WORK   times filterpy (KalmanFilter loop + rts_smoother, variable dt and R) and
                          simdkalman (compute, filtered and smoothed, constant model), checks that their
                          outputs agree with TrackBench's on the same inputs, and prints a Markdown table.

Model (TrackBench's kalman with doppler and gate off): per axis F = [[1, dt], [0, 1]],
Q = q [[dt^3/3, dt^2/2], [dt^2/2, dt]], R = accuracy^2, first fix starts the track with velocity
variance 10^2; q = 0.5.
"""
import json
import os
import sys
import time

import numpy as np

# The model (F, Q, q, initial velocity spread) and the filterpy loop are the reference generator's, so
# the two cannot drift apart.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from kalman_reference import SPEED_SIGMA, filterpy_filter, filterpy_smooth, process_noise, transition  # noqa: E402


def load(path):
    return np.fromfile(path, dtype="<f8").reshape(-1, 4)


def filterpy_run(fixes):
    start = time.perf_counter()
    xs, ps, fs, qs = filterpy_filter(fixes)
    filter_seconds = time.perf_counter() - start
    start = time.perf_counter()
    smoothed = filterpy_smooth(xs, ps, fs, qs)
    smooth_seconds = time.perf_counter() - start
    return np.array(xs)[:, :2], smoothed[:, :2], filter_seconds, smooth_seconds


def simdkalman_run(fixes):
    import simdkalman
    r = fixes[0, 3] ** 2
    kf = simdkalman.KalmanFilter(
        state_transition=transition(1.0), process_noise=process_noise(1.0),
        observation_model=np.array([[1.0, 0, 0, 0], [0, 1.0, 0, 0]]), observation_noise=np.eye(2) * r)
    data = fixes[None, :, 1:3]
    # A flat prior on position centred on the first fix: the first update returns the fix with
    # variance ~R, as TrackBench starts its track.
    initial = np.array([fixes[0, 1], fixes[0, 2], 0.0, 0.0])
    covariance = np.diag([1e9, 1e9, SPEED_SIGMA ** 2, SPEED_SIGMA ** 2])
    start = time.perf_counter()
    result = kf.compute(data, 0, initial_value=initial, initial_covariance=covariance, filtered=True, smoothed=True)
    seconds = time.perf_counter() - start
    return result.filtered.states.mean[0, :, :2], result.smoothed.states.mean[0, :, :2], seconds


def largest_difference(ours, theirs):
    return float(np.max(np.abs(ours[:, 1:3] - theirs)))


def main():
    command, work = sys.argv[1], sys.argv[2]
    if command == "prepare":
        fixes = load(f"{work}/fixes_small.bin").copy()
        fixes[:, 0] = np.arange(len(fixes), dtype=float)
        fixes[:, 3] = 5.0
        fixes.tofile(f"{work}/fixes_const.bin")
        return
    small = load(f"{work}/fixes_small.bin")
    constant = load(f"{work}/fixes_const.bin")
    fp_filtered, fp_smoothed, fp_filter_s, fp_smooth_s = filterpy_run(small)
    sk_filtered, sk_smoothed, sk_s = simdkalman_run(constant)
    tb = {name: json.load(open(f"{work}/{name}.json")) for name in ("tb_kalman", "tb_rts", "tb_kalman_small", "tb_rts_small")}
    c = {name: json.load(open(f"{work}/{name}.json")) for name in ("c_O2", "c_native")}
    agreement = {
        "filterpy kalman": largest_difference(load(f"{work}/tb_kalman_small.bin"), fp_filtered),
        "filterpy rts": largest_difference(load(f"{work}/tb_rts_small.bin"), fp_smoothed),
        "simdkalman filter": largest_difference(load(f"{work}/tb_kalman_const.bin"), sk_filtered),
        "simdkalman smoother": largest_difference(load(f"{work}/tb_rts_const.bin"), sk_smoothed),
    }
    n_small = len(small)
    kalman_rate = tb["tb_kalman"]["fixes_per_second"]
    rts_rate = tb["tb_rts"]["fixes_per_second"]
    rows = [
        ("TrackBench kalman", kalman_rate, "the same fixes", None),
        ("C, same filter, cc -O2", c["c_O2"]["fixes_per_second"], "the same fixes", None),
        ("C, same filter, cc -O3 -march=native", c["c_native"]["fixes_per_second"], "the same fixes", None),
        ("filterpy KalmanFilter (predict/update loop)", n_small / fp_filter_s, f"first {n_small}", agreement["filterpy kalman"]),
        ("simdkalman compute (filtered + smoothed)", n_small / sk_s, f"first {n_small}, t = i, 5 m", agreement["simdkalman filter"]),
        ("TrackBench rts", rts_rate, "the same fixes", None),
        ("filterpy rts_smoother (after the loop)", n_small / (fp_filter_s + fp_smooth_s), f"first {n_small}", agreement["filterpy rts"]),
    ]
    print("| implementation | fixes/s | TrackBench's kernel ÷ this | data | largest difference from TrackBench (m) |")
    print("|---|---|---|---|---|")
    for name, rate, data, diff in rows:
        ours = rts_rate if ("rts" in name or "smoother" in name) else kalman_rate
        ratio = "1.00" if name.startswith("TrackBench") else f"{ours / rate:.2f}"
        print(f"| {name} | {rate / 1e6:.3g} M | {ratio} | {data} | {'' if diff is None else f'{diff:.1e}'} |")
    print(f"| simdkalman smoother agreement | | | first {n_small}, t = i, 5 m | {agreement['simdkalman smoother']:.1e} |")
    worst = max(agreement.values())
    print(f"\nOutputs agree: largest difference {worst:.1e} m " + ("(within 1e-6 m)" if worst < 1e-6 else "(NOT within 1e-6 m)"))
    sys.exit(0 if worst < 1e-6 else 1)


if __name__ == "__main__":
    main()
