#!/usr/bin/env python3
"""An alpha-beta filter in Python (standard library only), run by TrackBench as
    process(cmd: "python3 Examples/Process/alpha_beta.py", alpha: 0.4, beta: 0.05)
over the filter protocol's JSON-lines form (Sources/TrackBench/TrackBench.docc/YourFilter.md). Each run starts with a header line
(its "parameters" hold alpha and beta), then one line per fix, then an end line; the filter answers
each fix with the point to record or null, then echoes the end line. It keeps no state between runs
and exits when its input ends."""
import json
import math
import sys

EARTH = 6371008.8  # m


def run(header, fixes):
    alpha = header["parameters"].get("alpha", 0.4)
    beta = header["parameters"].get("beta", 0.05)
    answers = []
    state = None  # (t, x, y, vx, vy) in metres on a plane tangent at the run's first fix
    origin = None
    for fix in fixes:
        if fix["acc"] < 0:  # no valid position
            answers.append(None)
            continue
        if origin is None:
            origin = (fix["lat"], fix["lon"], math.cos(math.radians(fix["lat"])))
        x = math.radians(fix["lon"] - origin[1]) * EARTH * origin[2]
        y = math.radians(fix["lat"] - origin[0]) * EARTH
        if state is None:
            state = (fix["t"], x, y, 0.0, 0.0)
        else:
            t0, px, py, vx, vy = state
            dt = fix["t"] - t0
            if dt <= 0:
                answers.append(None)
                continue
            px, py = px + vx * dt, py + vy * dt
            rx, ry = x - px, y - py
            px, py = px + alpha * rx, py + alpha * ry
            vx, vy = vx + beta * rx / dt, vy + beta * ry / dt
            state = (fix["t"], px, py, vx, vy)
        t, px, py, vx, vy = state
        answers.append({
            "t": t,
            "lat": origin[0] + math.degrees(py / EARTH),
            "lon": origin[1] + math.degrees(px / (EARTH * origin[2])),
            "acc": fix["acc"],
            "speed": math.hypot(vx, vy),
        })
    return answers


def main():
    header, fixes = None, []
    out = sys.stdout
    for line in sys.stdin:
        message = json.loads(line)
        if isinstance(message, dict) and message.get("type") == "run":
            header, fixes = message, []
        elif isinstance(message, dict) and message.get("type") == "end":
            for answer in run(header, fixes):
                out.write("null\n" if answer is None else json.dumps(answer) + "\n")
            out.write(line if line.endswith("\n") else line + "\n")
            out.flush()
        else:
            fixes.append(message)


if __name__ == "__main__":
    main()
