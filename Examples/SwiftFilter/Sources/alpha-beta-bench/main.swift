import AlphaBeta
import TrackBenchCLI

await runTrackBench(registering: [.filter(AlphaBetaFilter.self)])
