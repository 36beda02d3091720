import Synchronization
import TrackCore

// MARK: - The catalogue

extension StrategyDescriptor {
  /// The catalogue entry of a causal filter type: its name, summary and parameter table, and a builder
  /// whose run loop is specialised for `F` (made here, in the caller's module, since this is inlinable).
  @inlinable
  /// - Parameter examples: strategy texts that show it in use (docs/strategies.md lists them; a test runs
  ///   each through the laws).
  public static func filter<F: TrackFilter & CatalogueStrategy>(_ type: F.Type, examples: [String] = []) -> StrategyDescriptor {
    StrategyDescriptor(name: F.name, summary: F.summary, parameters: F.parameterTable, orders: F.parameterOrders, isStreaming: true, isAnnotatingStage: F.self is any ElevationStage.Type || F.self is any PauseStage.Type || F.self is any AnnotatingStage.Type, needsVenue: F.self is any VenueFilter.Type, examples: examples, accuracyClaim: F.accuracyClaim) { .streaming(StreamingFilter(F(parameters: $0))) }
  }

  /// The catalogue entry of an offline smoother type.
  @inlinable
  public static func smoother<S: TrackSmoother & CatalogueStrategy>(_ type: S.Type, examples: [String] = []) -> StrategyDescriptor {
    StrategyDescriptor(name: S.name, summary: S.summary, parameters: S.parameterTable, orders: S.parameterOrders, isStreaming: false, examples: examples, accuracyClaim: S.accuracyClaim) { .offline(OfflineSmoother(S(parameters: $0))) }
  }
}

/// Why a strategy cannot be registered.
public struct StrategyRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
  public let name: String
  public let message: String
  public init(name: String, message: String) { self.name = name; self.message = message }
  public var description: String { "cannot register strategy '\(name)': \(message)" }
}

extension Strategy {
  /// TrackBench's own strategies, in the order `trackbench strategies` lists them. Adding one: its file
  /// (with its parameter table) and one line here with its examples; `scripts/docs-tables` writes its
  /// rows in docs/strategies.md (tests check the docs match and every example passes the laws).
  public static let builtIn: [StrategyDescriptor] = [
    .filter(RawFilter.self, examples: ["raw"]),
    .filter(MoonRunnerFilter.self, examples: ["moonrunner", "moonrunner(distance: 5, accuracy: 15)"]),
    .filter(DistanceFilter.self, examples: ["distance-filter(5)"]),
    .filter(AccuracyGate.self, examples: ["accuracy-gate(max: 25) | kalman"]),
    .filter(AndroidMinFilter.self, examples: ["android-min(time: 2, distance: 10)"]),
    .filter(OpenTracksFilter.self, examples: ["opentracks"]),
    .filter(RunAverageFilter.self, examples: ["run-average(n: 5)"]),
    .filter(RunAdaptiveFilter.self, examples: ["run-adaptive(m_per_fix: 2)"]),
    .filter(SpeedGate.self, examples: ["speed-gate(12) | kalman(q: 0.5)"]),
    .filter(WeightedAverage.self, examples: ["weighted-average(n: 5)"]),
    .filter(ExponentialAverage.self, examples: ["ema(alpha: 0.3)"]),
    .filter(MovingMedian.self, examples: ["moving-median(n: 5)"]),
    .filter(TimeSample.self, examples: ["time-sample(s: 5)"]),
    .filter(KalmanFilter.self, examples: ["kalman(q: 0.5)", "speed-gate(12) | kalman(q: 0.5) | distance-filter(3)"]),
    .filter(TrackSnap.self, examples: ["track-snap(lane: 1)", "track-snap(lane: 8, learn_m: 400)", "kalman | track-snap"]),
    .smoother(RTSSmoother.self, examples: ["speed-gate(12) | rts"]),
    .smoother(DouglasPeucker.self, examples: ["kalman | douglas-peucker(epsilon: 5)"]),
    // Sampling strategies: they drive the receiver (docs/energy.md).
    .filter(DutyCycle.self, examples: ["duty-cycle(interval_s: 20) | kalman"]),
    .filter(AutoPause.self, examples: ["ios-auto-pause(pause_after_s: 60) | kalman"]),
    .filter(AndroidHighAccuracy.self, examples: ["android-high-accuracy(interval_s: 1)"]),
    .filter(AndroidBalanced.self, examples: ["android-balanced(interval_s: 10)"]),
    .filter(AdaptiveInterval.self, examples: ["adaptive-interval(max_s: 10) | kalman(q: 0.5)"]),
    .filter(EnTracked.self, examples: ["entracked(error_m: 25) | kalman"]),
    // Elevation stages: they rewrite altitude, never positions (docs/elevation.md).
    .filter(BarometerAltitude.self, examples: ["barometer-altitude", "barometer-altitude(anchor_s: 300) | altitude-hysteresis(1)"]),
    .filter(AltitudeSmoothing.self, examples: ["altitude-smooth(tau_s: 10) | altitude-hysteresis(3)"]),
    .filter(AltitudeHysteresis.self, examples: ["altitude-hysteresis(5)", "speed-gate(12) | altitude-hysteresis(10)"]),
    // Pause stages: they say when the app is paused (docs/pauses.md).
    .filter(AutoPauseDetector.self, examples: ["kalman | auto-pause", "auto-pause(samples: 2, braking_mps2: 2.5)", "auto-pause(distance_filter_m: 10, timeout_s: 8)"]),
    // Annotating stages: lap rounding and best-effort error bars (docs/metrics.md).
    .filter(LapRounding.self, examples: ["lap-round", "track-snap(lane: 1) | lap-round(lap_m: 400)"]),
    .filter(EffortBars.self, examples: ["effort-bars", "kalman | effort-bars(scale: 2, floor_mps: 0.5)"]),
    // Recalibrating the accuracy a track claims (docs/metrics.md, "Accuracy claims").
    .filter(AccuracyScale.self, examples: ["kalman | accuracy-scale(k: 1.8)", "accuracy-scale(k: 1.2, floor_m: 3)"]),
  ]

  /// Strategies registered at run time (a user's own filters), in registration order.
  private static let registry = Mutex<[StrategyDescriptor]>([])

  /// Every strategy the parser knows: the built-in ones, then the registered ones.
  public static var catalogue: [StrategyDescriptor] { CommandScope.current.seesRegistrations ? builtIn + registry.withLock { $0 } : builtIn }

  /// Whether the strategy `key` names needs the whole recording: one of its stages is a catalogue entry
  /// that is not streaming (a smoother). A stage this build does not know (another build's registered
  /// filter) counts as live; nothing is parsed, only the stages' names looked up.
  public static func isOffline(_ key: StrategyKey) -> Bool {
    let entries = catalogue
    return key.stages.contains { stage in entries.first { $0.name == stage.name }?.isStreaming == false }
  }

  /// Adds a strategy to the catalogue for the rest of the process: from then on its name parses like a
  /// built-in's (`my-filter(q: 0.3)`, in pipelines, scenario files, `tune`), and reports label it.
  ///
  ///     try Strategy.register(.filter(AlphaBetaFilter.self))
  ///
  /// - Throws: ``StrategyRegistrationError`` when the name is taken (by a built-in or an earlier
  ///   registration), is not a strategy name (lower-case letters, digits and `-`/`_`, starting with a
  ///   letter), or a parameter's default is outside its own range.
  public static func register(_ descriptor: StrategyDescriptor) throws(StrategyRegistrationError) {
    let name = descriptor.name
    func failure(_ message: String) -> StrategyRegistrationError { StrategyRegistrationError(name: name, message: message) }
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
    guard let first = name.first, first.isLetter, first.isLowercase, name.allSatisfy(allowed.contains) else {
      throw failure("expected lower-case letters, digits, '-' or '_', starting with a letter")
    }
    var names = Set<String>()
    for parameter in descriptor.parameters {
      guard names.insert(parameter.name).inserted else { throw failure("parameter '\(parameter.name)' is declared twice") }
      guard parameter.accepts(parameter.defaultValue) else {
        throw failure("parameter '\(parameter.name)' defaults to \(parameter.defaultValue), outside its own range (\(parameter.expectation))")
      }
    }
    if builtIn.contains(where: { $0.name == name }) { throw failure("the name is a built-in strategy's; expected a new name") }
    let taken: Bool = registry.withLock { entries in
      guard !entries.contains(where: { $0.name == name }) else { return true }
      entries.append(descriptor)
      return false
    }
    if taken { throw failure("a strategy of that name is already registered; expected each name once") }
  }

  /// Every catalogue strategy (registered ones included) with its default parameters, annotating stages
  /// (alone, each records the raw track) and filters that need a venue's map aside: what `run` compares
  /// when no strategies are named.
  public static var defaults: [Strategy] { catalogue.filter { !$0.isAnnotatingStage && !$0.needsVenue }.map { $0.make(ParameterValues(defaultsOf: $0.parameters)) } }

  /// TrackBench's own strategies with their default parameters, whatever has been registered.
  public static var builtInDefaults: [Strategy] { builtIn.map { $0.make(ParameterValues(defaultsOf: $0.parameters)) } }
}
