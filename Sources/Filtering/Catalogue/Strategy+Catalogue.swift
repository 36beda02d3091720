import TrackCore

// MARK: - The catalogue

extension StrategyDescriptor {
  init<T: CatalogueStrategy>(_ type: T.Type, wrap: @escaping @Sendable (T) -> Strategy) {
    self.init(name: T.name, summary: T.summary, parameters: T.parameterTable, isStreaming: true) { wrap(T(parameters: $0)) }
  }
}

extension Strategy {
  /// Every strategy, with its parameters, in the order `trackbench strategies` lists them.
  public static let catalogue: [StrategyDescriptor] = [
    StrategyDescriptor(RawFilter.self) { .streaming(.raw($0)) },
    StrategyDescriptor(MoonRunnerFilter.self) { .streaming(.moonrunner($0)) },
    StrategyDescriptor(DistanceFilter.self) { .streaming(.distanceFilter($0)) },
    StrategyDescriptor(AccuracyGate.self) { .streaming(.accuracyGate($0)) },
    StrategyDescriptor(AndroidMinFilter.self) { .streaming(.androidMin($0)) },
    StrategyDescriptor(OpenTracksFilter.self) { .streaming(.openTracks($0)) },
    StrategyDescriptor(RunAverageFilter.self) { .streaming(.runAverage($0)) },
    StrategyDescriptor(RunAdaptiveFilter.self) { .streaming(.runAdaptive($0)) },
    StrategyDescriptor(SpeedGate.self) { .streaming(.speedGate($0)) },
    StrategyDescriptor(WeightedAverage.self) { .streaming(.weightedAverage($0)) },
    StrategyDescriptor(ExponentialAverage.self) { .streaming(.ema($0)) },
    StrategyDescriptor(MovingMedian.self) { .streaming(.movingMedian($0)) },
    StrategyDescriptor(TimeSample.self) { .streaming(.timeSample($0)) },
    StrategyDescriptor(KalmanFilter.self) { .streaming(.kalman($0)) },
    StrategyDescriptor(RTSSmoother.self) { .offline(.rts($0)) }.offline,
    StrategyDescriptor(DouglasPeucker.self) { .offline(.douglasPeucker($0)) }.offline,
  ]

  /// Every catalogue strategy with its default parameters.
  public static var defaults: [Strategy] { catalogue.map { $0.make(ParameterValues(defaultsOf: $0.parameters)) } }
}
