#!/usr/bin/env python3
"""A sampling policy in Python (standard library only), run by TrackBench as
    process(cmd: "python3 Examples/Process/sampling_policy.py", role: sampling, interval: 20)
over protocol 2 of the filter protocol (Sources/TrackBench/TrackBench.docc/YourFilter.md). Each run
starts with a header line (its "parameters" hold interval), then one fix at a time: the policy answers
each with a request for the next fix before it is given another. This one switches the GNSS receiver
off for `interval` seconds after each fix, and while the motion sensor says still sleeps until it says
moving (at most ten minutes). It keeps no state between runs and exits when its input ends."""
import json
import sys


def main():
    interval = 20.0
    out = sys.stdout
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "run":
            interval = float(message["parameters"].get("interval", 20))
        elif message.get("type") == "end":
            out.write(json.dumps({"type": "end", "run": message["run"]}) + "\n")
        elif message["moving"]:
            out.write(json.dumps({"next": message["t"] + interval, "off": True}) + "\n")
        else:
            out.write(json.dumps({"next": message["t"] + 600, "off": True, "wake_on_motion": True}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
