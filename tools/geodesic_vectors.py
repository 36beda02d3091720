#!/usr/bin/env python3
"""Reference vectors for TrackCore's geodesy tests, from GeographicLib (Karney 2013).

Run in a virtual environment with `pip install geographiclib`:
    python3 -m venv /tmp/geo && /tmp/geo/bin/pip install geographiclib
    /tmp/geo/bin/python tools/geodesic_vectors.py > Tests/TrackCoreTests/Vectors/geodesic.csv

Columns: lat1, lon1, lat2, lon2 (degrees), s12 (m, WGS84 geodesic), azi1, azi2 (degrees),
haversine_m (sphere of radius 6371008.8 m, computed here independently).
Pairs: run-scale (1 m to 50 km) at latitudes from the equator to 85 degrees, and long lines up to
~15 000 km that stay away from the nearly antipodal region where Vincenty's method does not converge.
"""
import math
import random

from geographiclib.geodesic import Geodesic

R = 6371008.8


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(a)))


def main():
    rng = random.Random(20261122)
    geod = Geodesic.WGS84
    rows = []
    for _ in range(150):  # run scale
        lat1 = rng.uniform(-85, 85)
        lon1 = rng.uniform(-180, 180)
        distance = 10 ** rng.uniform(0, math.log10(50_000))
        azimuth = rng.uniform(0, 360)
        d = geod.Direct(lat1, lon1, azimuth, distance)
        rows.append((lat1, lon1, d["lat2"], d["lon2"]))
    for _ in range(50):  # long lines
        lat1 = rng.uniform(-80, 80)
        lon1 = rng.uniform(-180, 180)
        lat2 = rng.uniform(-80, 80)
        lon2 = lon1 + rng.uniform(-140, 140)
        lon2 = (lon2 + 180) % 360 - 180
        rows.append((lat1, lon1, lat2, lon2))
    rows += [(0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 0.0), (45.0, 10.0, 45.0, 10.0001), (89.9, 0.0, 89.9, 90.0)]
    print("lat1,lon1,lat2,lon2,s12_m,azi1_deg,azi2_deg,haversine_m")
    for lat1, lon1, lat2, lon2 in rows:
        g = geod.Inverse(lat1, lon1, lat2, lon2)
        print(f"{lat1!r},{lon1!r},{lat2!r},{lon2!r},{g['s12']!r},{g['azi1']!r},{g['azi2']!r},"
              f"{haversine(lat1, lon1, lat2, lon2)!r}")


if __name__ == "__main__":
    main()
