#!/usr/bin/env bash
# Times TrackBench's kalman and rts against a plain C filter, filterpy and simdkalman on the same
# synthetic fixes in one run, checks that the outputs agree, and prints a Markdown table.
# Installs filterpy and simdkalman in a virtual environment under .build/peers-venv.
#   Benchmarks/peers/run.sh [FIXES]      (default 1 000 000; the Python peers get the first 100 000)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-1000000}
NPY=100000
scripts/ensure-system-packages
swift build -c release --product trackbench >/dev/null
VENV=.build/peers-venv
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import filterpy, simdkalman" 2>/dev/null || "$VENV/bin/pip" install --quiet filterpy simdkalman numpy
TB=.build/release/trackbench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
KALMAN="kalman(doppler: 0, gate: 0)"
RTS="rts(doppler: 0, gate: 0)"
$TB throughput --strategy "$KALMAN" --fixes "$N" --export-fixes "$WORK/fixes.bin" --format json > "$WORK/tb_kalman.json"
$TB throughput --strategy "$RTS" --input-fixes "$WORK/fixes.bin" --format json > "$WORK/tb_rts.json"
cc -O2 -o "$WORK/kalman_O2" Benchmarks/peers/kalman_cv.c -lm
cc -O3 -march=native -o "$WORK/kalman_native" Benchmarks/peers/kalman_cv.c -lm
"$WORK/kalman_O2" "$WORK/fixes.bin" 7 > "$WORK/c_O2.json"
"$WORK/kalman_native" "$WORK/fixes.bin" 7 > "$WORK/c_native.json"
head -c $((NPY * 32)) "$WORK/fixes.bin" > "$WORK/fixes_small.bin"
$TB throughput --strategy "$KALMAN" --input-fixes "$WORK/fixes_small.bin" --output-fixes "$WORK/tb_kalman_small.bin" --format json > "$WORK/tb_kalman_small.json"
$TB throughput --strategy "$RTS" --input-fixes "$WORK/fixes_small.bin" --output-fixes "$WORK/tb_rts_small.bin" --format json > "$WORK/tb_rts_small.json"
"$VENV/bin/python" Benchmarks/peers/peers.py prepare "$WORK"
$TB throughput --strategy "$KALMAN" --input-fixes "$WORK/fixes_const.bin" --output-fixes "$WORK/tb_kalman_const.bin" --repetitions 1 > /dev/null
$TB throughput --strategy "$RTS" --input-fixes "$WORK/fixes_const.bin" --output-fixes "$WORK/tb_rts_const.bin" --repetitions 1 > /dev/null
"$VENV/bin/python" Benchmarks/peers/peers.py compare "$WORK"
