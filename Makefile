# The two quick-start commands (README): each installs missing system packages first.
.PHONY: run test test-long docs-tables release throughput benchmark benchmark-check benchmark-thresholds fuzz fuzz-smoke slurm-check example-check consumer-check check-gate speed-gate docs api-check

# Runs the bundled standard suite (scenarios/) with every strategy and prints the comparison table.
run: release
	.build/release/trackbench run

# Runs the whole test suite (within 5 minutes on 2 cores from a fresh clone; docs/speed.md). The library
# is make run's plain release build, in the same scratch path (.build): the tests use only its public and
# package API, so no module needs -enable-testing (--disable-testable-imports), and make run, make
# test-long, the benchmarks and both gates reuse what make test built. The test bundles are unoptimised
# and emit their module in the same job (Package.swift's testSettings).
RELEASE_TESTS = swift test -c release --disable-testable-imports
test:
	scripts/ensure-system-packages
	$(RELEASE_TESTS)

# The checks over the whole bundled suite that make test runs on a few covering scenarios (CI runs both),
# the gate's null calibration (20 jiggled candidates pass, 20 twice-the-floor cells fail), the gate
# against the committed baseline of the whole suite (a candidate judged on every scenario; a broken
# barometer estimator caught), the commands that fit receivers (transfer out of sample, calibrate), and
# the speed gate's own check under callgrind (counts repeat; a lowered recording fails), and the ranking
# checks of two populations on real recordings (the urban phones' published ranks; the SnapperGPS walks
# and rides out of sample, skipped without ../shared).
# In make test's build (nothing to build after make test): 47 s (38 s of tests, 2026-11-29) before the
# SnapperGPS ranking check (+30 s), against 630 s in a debug build.
test-long:
	scripts/ensure-system-packages
	TRACKBENCH_LONG_TESTS=1 $(RELEASE_TESTS) --filter 'jsonOfTheWholeSuiteIsByteIdenticalAcrossThreadCounts|threadCountDoesNotChangeResults|aThousandRecordingsShardedThreeWaysMergeToOneProcess|nullCandidatesPassAndTwiceTheFloorFails|recoversKnownParametersFromASimulatedRecording|aBrokenBarometerEstimatorFailsTheGate|aCandidateIsJudgedAgainstTheStrategyItReplacesOnTheWholeSuite|leaveOneOutJSONIsTheSameOnAnyThreadCount|calibrationWritesYAMLAScenarioTakes|instructionCountsRepeatAndGate|theUrbanPhonesVerdictTransfersLeavingEachOut|theLowCostReceiversVerdictTransfersLeavingEachOut'

# Rewrites the generated tables of docs/strategies.md and docs/metrics.md from the catalogues (make test
# fails while they differ).
docs-tables:
	scripts/ensure-system-packages
	scripts/docs-tables

release:
	scripts/ensure-system-packages
	swift build -c release --product trackbench

# Kernel throughput, as quoted in docs/speed.md.
throughput: release
	@for k in raw moonrunner distance-filter accuracy-gate android-min opentracks run-average run-adaptive speed-gate weighted-average ema moving-median time-sample kalman rts douglas-peucker haversine-sum synthesis; do \
	  .build/release/trackbench throughput --strategy $$k --fixes 2000000; done

# package-benchmark suite (wall clock, throughput, malloc counts); its own package under Benchmarks/, so
# the root's builds stay fast. It builds in the root's scratch path: TrackBench's modules compile there to
# the same commands as make release's, so after make run (CI) only the benchmark tool and targets are
# built (benchmark-check 154 s against ~330 s in a scratch path of its own), and the root's build stays
# up to date.
BENCHMARK = cd Benchmarks && swift package --scratch-path ../.build
benchmark:
	scripts/ensure-system-packages
	$(BENCHMARK) --allow-writing-to-package-directory benchmark

# Fails when a kernel's malloc count differs from Benchmarks/Thresholds (zero per pass for the filters).
# Wall clock is shown, not gated (speed-gate gates instructions): see Benchmarks/Benchmarks/Kernels.
benchmark-check:
	scripts/ensure-system-packages
	$(BENCHMARK) benchmark thresholds check

# Re-records Benchmarks/Thresholds (malloc counts only; the wall-clock values are dropped from the files).
benchmark-thresholds:
	scripts/ensure-system-packages
	$(BENCHMARK) --allow-writing-to-package-directory benchmark thresholds update
	python3 -c 'import json,sys; kept={p: {k: v for k, v in json.load(open(p)).items() if k != "wallClock"} for p in sys.argv[1:]}; [open(p, "w").write(json.dumps(v, indent=2, sort_keys=True, separators=(",", " : ")) + "\n") for p, v in kept.items()]' Benchmarks/Thresholds/*.json

# libFuzzer targets (Fuzz/, their own package), each for FUZZ_SECONDS; findings in .build/fuzz/findings/.
FUZZ_SECONDS ?= 600
fuzz:
	Fuzz/run.sh $(FUZZ_SECONDS)

# CI's short run of every fuzz target.
fuzz-smoke:
	Fuzz/run.sh 15

# Shards of the suite as a Slurm job array on a one-node cluster started here, merged and compared with
# one process (installs slurm-wlm and munge when missing; skips with a message where it cannot).
slurm-check:
	scripts/slurm-check

# The example of a user's own filter and metric (Examples/SwiftFilter): builds it against this checkout,
# runs its tests (the law-checker, the metric), and runs its CLI with both registered on a bundled scenario.
# The walkthrough (YourFilter.md) as written: its Swift blocks as a package depending on TrackBench by version (a tagged clone of HEAD).
consumer-check:
	scripts/consumer-check

# In the root's scratch path, as the benchmarks: the example's debug build of TrackBench is the one make
# docs needs (docs 26 s after it, against 97 s building its own).
EXAMPLE = --package-path Examples/SwiftFilter --scratch-path .build
example-check:
	scripts/ensure-system-packages
	swift build $(EXAMPLE)
	swift test $(EXAMPLE)
	.build/debug/alpha-beta-bench run scenarios/park-loop.yaml --strategies 'raw,alpha-beta,speed-gate(12) | alpha-beta(alpha: 0.2)' --trials 3 -q --format csv > /dev/null
	# The CI gate with the registered filter: a recorded baseline reruns identical (exit 0).
	.build/debug/alpha-beta-bench baseline record scenarios/park-loop.yaml --strategies 'raw,alpha-beta' --trials 3 -q --output .build/example-baseline.jsonl
	.build/debug/alpha-beta-bench check --baseline .build/example-baseline.jsonl -q > /dev/null
	# The example's own metric (Examples/SwiftFilter/Sources/LapMarks, Sources/TrackBench/TrackBench.docc/YourMetric.md): a column of
	# run's table, a tune objective, and judged by check: a worse candidate fails (exit 1) naming it.
	.build/debug/alpha-beta-bench run scenarios/park-loop.yaml --strategies 'raw,alpha-beta' --trials 3 -q | grep -q 'lap marks m'
	.build/debug/alpha-beta-bench tune --train scenarios/park-loop.yaml --strategy alpha-beta --param alpha=0.1..0.9:5 --objective lap_mark_error_rms_m --trials 3 -q | grep -q 'objective lap_mark_error_rms_m'
	.build/debug/alpha-beta-bench check --baseline .build/example-baseline.jsonl --candidate 'alpha-beta=alpha-beta(alpha: 0.15)' -q > .build/example-check.md; test $$? -eq 1
	grep -q '^| park-loop | .* | lap_mark_error_rms_m \[m\] |' .build/example-check.md

# The accuracy gate on the bundled suite: rerun the committed baseline's cells (6 trials per scenario)
# and fail on a paired regression. After an intended change of results, re-record it:
#   .build/release/trackbench baseline record scenarios --trials 6 --output baselines/standard-suite.jsonl
check-gate: release
	.build/release/trackbench check --baseline baselines/standard-suite.jsonl -q --junit .build/check-junit.xml
	# The "20k ft in a mile" class (a broken barometer estimator must fail) is make test-long's
	# aBrokenBarometerEstimatorFailsTheGate, which also checks that a harmless change passes.
	# An auto-pause that waits two more samples (docs/pauses.md) must fail on its latency (exit 1).
	.build/release/trackbench check --baseline baselines/standard-suite.jsonl -q > .build/check-slow-pause.md \
	  --candidate 'auto-pause(pause_below_mps: 0.5, resume_above_mps: 0.9, samples: 2, braking_mps2: 2.5, braking_below_mps: 2, distance_filter_m: 0, timeout_s: 0)=auto-pause(samples: 4, braking_mps2: 2.5)'; \
	  test $$? -eq 1 && grep -q 'pause_latency_s' .build/check-slow-pause.md

# The speed gate: every kernel's instructions per fix, counted under callgrind (repeatable to about one
# part in a million here), against the committed recording with a 1 % band. Re-record after an intended
# change of speed or a new Swift toolchain (counts follow the compiler):
#   .build/release/trackbench throughput --all --instructions --format json --output baselines/instructions.json
speed-gate: release
	scripts/ensure-system-packages
	.build/release/trackbench check --throughput baselines/instructions.json -q --junit .build/speed-junit.xml

# The DocC archive of the library products (docs/api.md): .build/docs/TrackBench.doccarchive.
DOC_TARGETS = TrackBench TrackCore NumericKit Simulation Filtering Evaluation Findings Harness Tuning Transfer StandardSuite Speed Reporting TrackIO Realism TrackBenchCLI TrackBenchTestSupport
docs:
	scripts/ensure-system-packages
	mkdir -p .build/docs
	TRACKBENCH_DOCS=1 swift package --allow-writing-to-directory .build/docs generate-documentation $(addprefix --target ,$(DOC_TARGETS)) \
	  --enable-experimental-combined-documentation --output-path .build/docs/TrackBench.doccarchive
	test -f .build/docs/TrackBench.doccarchive/data/documentation/trackbench/yourfilter.json -o -f .build/docs/TrackBench.doccarchive/data/documentation/yourfilter.json

# The public API against the newest release tag, and a self-test that a removed public symbol is caught.
api-check:
	scripts/api-check
	scripts/api-check --self-test
