// MARK: - The catalogue

extension Strategy {
  /// Every strategy, with its parameters, in the order `trackbench strategies` lists them.
  public static let catalogue: [StrategyDescriptor] = [
    StrategyDescriptor(
      name: "raw", summary: "Every fix, summed: what a naive app does.", parameters: []
    ) { _ in .raw(RawFilter()) },
    StrategyDescriptor(
      name: "moonrunner",
      summary: "MoonRunner tutorial: Core Location distanceFilter, then keep accuracy < max and age < max.",
      parameters: [
        StrategyParameter(
          name: "distance", unit: "m", defaultValue: 10, minimum: 0, maximum: 1000,
          summary: "OS distanceFilter before delivery"),
        StrategyParameter(
          name: "accuracy", unit: "m", defaultValue: 20, minimum: 0, maximum: 1000,
          summary: "keep fixes claiming strictly less"),
        StrategyParameter(
          name: "age", unit: "s", defaultValue: 10, minimum: 0, maximum: 3600,
          summary: "keep fixes strictly younger"),
      ]
    ) { .moonrunner(MoonRunnerFilter(distanceFilter: $0[0], maximumAccuracy: $0[1], maximumAge: $0[2])) },
    StrategyDescriptor(
      name: "distance-filter",
      summary: "Core Location distanceFilter: deliver only when ≥ d m from the last delivered fix.",
      parameters: [
        StrategyParameter(
          name: "d", unit: "m", defaultValue: 10, minimum: 0, maximum: 1000,
          summary: "minimum distance from the last delivered fix")
      ]
    ) { .distanceFilter(DistanceFilter(minimumDistance: $0[0])) },
    StrategyDescriptor(
      name: "accuracy-gate", summary: "Drop fixes whose claimed accuracy is worse than max.",
      parameters: [
        StrategyParameter(
          name: "max", unit: "m", defaultValue: 20, minimum: 0, maximum: 1000,
          summary: "largest claimed accuracy kept")
      ]
    ) { .accuracyGate(AccuracyGate(maximumAccuracy: $0[0])) },
    StrategyDescriptor(
      name: "run-average", summary: "RUN.'s queue: average each n fixes into one recorded point.",
      parameters: [
        StrategyParameter(
          name: "n", unit: "fixes", defaultValue: 5, minimum: 1, maximum: 100, isInteger: true,
          summary: "fixes averaged per recorded point")
      ]
    ) { .runAverage(RunAverageFilter(count: Int($0[0]))) },
    StrategyDescriptor(
      name: "kalman",
      summary: "Constant-velocity Kalman filter, R from claimed accuracy, white-acceleration process noise.",
      parameters: [
        StrategyParameter(
          name: "q", unit: "m²/s³", defaultValue: 0.5, minimum: 1e-6, maximum: 1000,
          summary: "process noise spectral density"),
        StrategyParameter(
          name: "r_scale", unit: "1", defaultValue: 1, minimum: 0.01, maximum: 100,
          summary: "scale on the claimed accuracy's variance"),
      ]
    ) { .kalman(KalmanFilter(q: $0[0], rScale: $0[1])) },
  ]

  /// Every strategy with its default parameters.
  public static var defaults: [Strategy] { catalogue.map { $0.make($0.parameters.map(\.defaultValue)) } }

  static func descriptor(of strategy: Strategy) -> StrategyDescriptor {
    let name: String
    switch strategy {
    case .raw: name = "raw"
    case .moonrunner: name = "moonrunner"
    case .distanceFilter: name = "distance-filter"
    case .accuracyGate: name = "accuracy-gate"
    case .runAverage: name = "run-average"
    case .kalman: name = "kalman"
    }
    return catalogue.first { $0.name == name }!
  }
}
