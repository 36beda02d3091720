import TrackBenchCLI

await runTrackBench()
