import AlphaBeta
import TrackBenchCLI

runTrackBench(registering: [.filter(AlphaBetaFilter.self)])
