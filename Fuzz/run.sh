#!/usr/bin/env bash
# Builds the libFuzzer targets (release, -sanitize=fuzzer,address, linked by lld: gold fails on them) and runs each for SECONDS (default
# 60; one target per core at once) on a corpus seeded from the repository: scenarios/, the tests' strategy texts, results files and
# packed fixes made by trackbench itself. Findings (crash-*, leak-*, timeout-*) land in
# .build/fuzz/findings/TARGET/; the corpus grows in .build/fuzz/corpus/TARGET/.
# Usage: Fuzz/run.sh [SECONDS] [TARGET...]   targets: ScenarioLoader StrategyParser ResultsReader PackedFixes
#   NMEAReader GPXReader TCXReader CSVReader FITReader GnssLoggerReader SweepFile
# FUZZ_RUNS=N stops each target after N inputs instead (SECONDS still bounds it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(ScenarioLoader StrategyParser ResultsReader PackedFixes NMEAReader GPXReader TCXReader CSVReader FITReader GnssLoggerReader SweepFile)
scripts/ensure-system-packages
work=.build/fuzz
mkdir -p "$work"

# Seeds: real inputs of each kind, made fresh from this checkout.
swift build -c release --product trackbench >/dev/null
tb=.build/release/trackbench
seed() { mkdir -p "$work/corpus/$1"; }
seed ScenarioLoader; cp scenarios/*.yaml "$work/corpus/ScenarioLoader/"
seed StrategyParser
i=0
while IFS= read -r line; do i=$((i + 1)); printf '%s' "$line" > "$work/corpus/StrategyParser/seed-$i"; done < Fuzz/Dictionaries/strategy-seeds.txt
seed ResultsReader
$tb run scenarios/standing-still.yaml scenarios/park-loop.yaml --trials 2 --format json --tracks --output "$work/corpus/ResultsReader/seed-tracks.json"
$tb run scenarios/cold-start.yaml --trials 3 --strategies 'raw,kalman' --format json --output "$work/corpus/ResultsReader/seed-plain.json"
seed NMEAReader; seed GPXReader; seed TCXReader; seed CSVReader; seed FITReader; seed GnssLoggerReader
# The real recordings beside the repository, when present; a generated run always.
shared=../shared/data/real
if [ -d "$shared" ]; then
  find "$shared" -name '*.nmea' -exec cp {} "$work/corpus/NMEAReader/" \;
  find "$shared" -name '*.gpx' -exec cp {} "$work/corpus/GPXReader/" \;
  find "$shared" -name '*.tcx' -exec cp {} "$work/corpus/TCXReader/" \;
  # FIT files are cut to their first 8 kB with a repaired CRC by the target itself.
  find "$shared" -name '*.fit' -exec cp {} "$work/corpus/FITReader/" \;
  find "$shared" -name 'pixel6.txt' -exec sh -c 'grep -E "^(# Fix|Fix)," "$1" | head -c 8192 > "$2/seed-pixel6.txt"' _ {} "$work/corpus/GnssLoggerReader" \;
fi
$tb generate scenarios/park-loop.yaml --format gpx --output "$work/corpus/GPXReader/seed-generated.gpx"
$tb generate scenarios/cold-start.yaml --format csv --output "$work/corpus/CSVReader/seed-generated.csv"
printf 'lon,"lat",time,speed\n7.25,45.5,2026-01-01T07:00:00Z,3.1\n' > "$work/corpus/CSVReader/seed-iso.csv"
printf '<TrainingCenterDatabase><Activities><Activity><Lap><DistanceMeters>5</DistanceMeters><Track><Trackpoint><Time>2026-01-01T07:00:00Z</Time><Position><LatitudeDegrees>45</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position><DistanceMeters>0</DistanceMeters></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>' > "$work/corpus/TCXReader/seed-small.tcx"
printf 'Fix,gps,45.0001,7.0002,310.5,1.5,4.0,1600000000000\nFix,FLP,45.0,7.0,1.0,0.5,3.9,271.5,1600000000000,0.2,,123,1.4\n' > "$work/corpus/GnssLoggerReader/seed-layouts.txt"
printf '$GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*67\n' > "$work/corpus/NMEAReader/seed-gga.nmea"
seed PackedFixes
seed SweepFile
$tb run scenarios/standing-still.yaml scenarios/park-loop.yaml --trials 2 --strategies 'raw,kalman' --shard 1/1 -q --output "$work/corpus/SweepFile/seed-whole.jsonl"
$tb run scenarios/standing-still.yaml --trials 3 --strategies raw --shard 2/3 -q --output "$work/corpus/SweepFile/seed-shard.jsonl"
$tb tune --strategy kalman --param q=0.1..1:log:3 --method grid --train scenarios/standing-still.yaml --trials 2 --shard 2/2 -q --output "$work/corpus/SweepFile/seed-tune-shard.jsonl"
$tb throughput --strategy raw --fixes 1000 --repetitions 1 --export-fixes "$work/corpus/PackedFixes/seed-1000.bin" >/dev/null

# The linker's "Cannot export local symbol" notes are noise; a failed build must stop the script (a stale
# binary would fuzz old code).
if ! swift build -c release --package-path Fuzz --scratch-path .build/fuzz/build -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 \
  | { grep -v "Cannot export local symbol" >&2 || true; }; then
  echo "error: the fuzz package (Fuzz/) does not build; expected it to follow the public API" >&2
  exit 2
fi
bin=$(swift build -c release --package-path Fuzz --scratch-path .build/fuzz/build -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --show-bin-path)

# One target per core at a time: each runs for SECONDS on its own, so the smoke takes SECONDS × targets / cores.
fuzz_target() {
  local target=$1 dictionary="" maxlen=""
  # Real recordings are hundreds of kB: the readers fuzz their first 8 kB, which hold every construct.
  case $target in NMEAReader|GPXReader|TCXReader|CSVReader|FITReader|GnssLoggerReader) maxlen=-max_len=8192 ;; esac
  case $target in
    ScenarioLoader) dictionary=-dict=Fuzz/Dictionaries/scenario.dict ;;
    StrategyParser) dictionary=-dict=Fuzz/Dictionaries/strategy.dict ;;
    ResultsReader|SweepFile) dictionary=-dict=Fuzz/Dictionaries/results.dict ;;
    NMEAReader) dictionary=-dict=Fuzz/Dictionaries/nmea.dict ;;
    GPXReader) dictionary=-dict=Fuzz/Dictionaries/gpx.dict ;;
    TCXReader) dictionary=-dict=Fuzz/Dictionaries/tcx.dict ;;
  esac
  mkdir -p "$work/findings/$target"
  # -rss_limit_mb: a scenario the loader accepts must stay small (TRACKBENCH_MEMORY_LIMIT_MB=64 inside).
  local code=0
  "$bin/Fuzz$target" "$work/corpus/$target" $dictionary $maxlen -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=1 ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} -artifact_prefix="$work/findings/$target/" 2>"$work/$target.log" || code=$?
  echo "$code" > "$work/$target.status"
}
# An interrupted smoke leaves no fuzzer running: a signal becomes an exit, whose trap stops each job's
# fuzzer (the job is a subshell waiting on it) and then the job.
stop_jobs() { for job in $(jobs -p); do pkill -TERM -P "$job" 2>/dev/null || true; kill "$job" 2>/dev/null || true; done; }
trap stop_jobs EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cores=$(nproc)
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$cores" ]; do wait -n || true; done
  rm -f "$work/$target.status"
  echo "== Fuzz$target for $seconds s" >&2
  fuzz_target "$target" &
done
wait

status=0
for target in "${targets[@]}"; do
  echo "== Fuzz$target" >&2
  if [ "$(cat "$work/$target.status" 2>/dev/null || echo missing)" != 0 ]; then
    status=1
    echo "Fuzz$target found something: see $work/$target.log and $work/findings/$target/" >&2
  fi
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)" "$work/$target.log" >&2 || true
  grep -E "cov: [0-9]+" "$work/$target.log" | tail -n 1 >&2 || true
done
exit $status
