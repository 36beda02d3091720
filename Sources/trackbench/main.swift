import TrackBenchCLI

runTrackBench()
