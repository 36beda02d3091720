import AlphaBeta
import LapMarks
import TrackBenchCLI

runTrackBench(registering: [.filter(AlphaBetaFilter.self)], metrics: [LapMarkError.descriptor])
