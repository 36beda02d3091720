import Filtering
import Testing
import TrackBenchTestSupport
import TrackCore

/// Every catalogue strategy, with defaults and with a few other settings.
let lawStrategies: [Strategy] = Strategy.builtInDefaults + [
  "distance-filter(0)", "distance-filter(25)", "accuracy-gate(4)", "run-average(1)", "run-average(10)",
  "kalman(q: 0.01)", "kalman(q: 50, r_scale: 0.2, gate: 0)", "kalman(doppler: 0, gate: 3)", "kalman(doppler: 0, gate: 0)",
  "kalman(q: 3, r_scale: 2, doppler: 0, gate: 0)",
  "moonrunner(distance: 5, accuracy: 8, age: 1)", "android-min(time: 5, distance: 0)", "opentracks(gap: 30, idle: 3)",
  "run-adaptive(m_per_fix: 1, max: 4)", "speed-gate(vmax: 3.5, reset: 5)", "ema(1)", "moving-median(4)", "time-sample(0)",
  "rts(q: 2, gate: 0)", "douglas-peucker(0)",
  "speed-gate(12) | kalman(q: 0.5) | distance-filter(3)", "accuracy-gate(30) | moving-median(3) | ema(0.5)",
  "kalman | douglas-peucker(2)", "speed-gate(8) | rts",
].map { try! Strategy(parsing: $0) }

@Suite struct StrategyLawTests {
  /// Each catalogue entry shows itself in use (docs/strategies.md lists the examples, generated): every
  /// example parses to a strategy with a stage of that name and obeys the laws.
  @Test(arguments: Strategy.builtIn.map(\.name))
  func everyStrategysExamplesObeyTheLaws(name: String) throws {
    let entry = try #require(Strategy.builtIn.first { $0.name == name })
    #expect(!entry.examples.isEmpty, "\(name): no example")
    for example in entry.examples {
      let strategy = try Strategy(parsing: example)
      #expect(strategy.key.stages.contains { $0.name == name }, "\(example) does not use \(name)")
      let broken = checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative)
        + checkStrategy(strategy, on: LawInputs.withDoppler, alternative: LawInputs.withDopplerAlternative)
      #expect(broken.isEmpty, "\(example): \(broken)")
    }
  }

  /// Each catalogue entry's points claim what it states (docs/strategies.md's "accuracy claim"): the
  /// receiver's claim of the fix a point records, unchanged; none, 0 on every point with a position; the
  /// others a positive claim on every point with a position.
  @Test(arguments: Strategy.builtIn.map(\.name))
  func everyStrategyClaimsWhatItStates(name: String) throws {
    let entry = try #require(Strategy.builtIn.first { $0.name == name })
    #expect(entry.accuracyClaim != .unstated && entry.accuracyClaim != .answered, "\(name) states no claim of its own")
    let strategy = entry.make(ParameterValues(defaultsOf: entry.parameters))
    for input in [LawInputs.input, LawInputs.withDoppler] {
      let recorded = strategy.run(over: input)
      #expect(!recorded.isEmpty)
      var claims: [Double: [Double]] = [:]
      for fix in input { claims[fix.time, default: []].append(fix.horizontalAccuracy) }
      // A point without a valid position (negative) stays without one (the laws); it claims nothing.
      for (k, point) in recorded.enumerated() where point.horizontalAccuracy >= 0 || entry.accuracyClaim == .receivers {
        let given = claims[point.time] ?? []
        switch entry.accuracyClaim {
        case .receivers:
          #expect(given.contains(point.horizontalAccuracy), "\(name): point \(k) claims \(point.horizontalAccuracy) m, its fix \(given)")
        case .none:
          #expect(point.horizontalAccuracy == 0, "\(name): point \(k) claims \(point.horizontalAccuracy) m")
        case .covariance, .propagated, .recalibrated:
          #expect(point.horizontalAccuracy > 0, "\(name): point \(k) claims nothing")
        case .answered, .unstated:
          break
        }
      }
    }
  }

  @Test(arguments: lawStrategies)
  func obeysTheLaws(strategy: Strategy) {
    let broken = checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative)
      + checkStrategy(strategy, on: LawInputs.withDoppler, alternative: LawInputs.withDopplerAlternative)
    #expect(broken.isEmpty, "\(broken)")
  }

  /// On a straight road; a filter that needs a venue's map (`track-snap`) is held to its own venue in
  /// TrackSnapTests instead, since a straight road is not on its track.
  @Test(arguments: lawStrategies.filter { strategy in !strategy.stages.contains { if case .streaming(let f) = $0 { f.configured is any VenueFilter } else { false } } })
  func noiseFreeInputGivesTheTrueDistanceUpToItsOwnSamplingLoss(strategy: Strategy) {
    let input = LawInputs.straight
    let trueDistance = input.pathLength
    let recorded = strategy.run(over: input).pathLength
    let bound = strategy.noiseFreeDistanceLoss(spacing: 3)
    #expect(recorded <= trueDistance + 1e-6, "\(strategy): never more than the truth")
    #expect(recorded >= trueDistance - bound - 1e-6, "\(strategy): lost \(trueDistance - recorded) m, bound \(bound) m")
  }

  @Test func distanceFilterLossBoundIsTight() {
    // 10 m on 3 m steps: the last delivered fix is within 10 m of the end, and is > 0 m from it here.
    let lost = LawInputs.straight.pathLength - (try! Strategy(parsing: "distance-filter(10)")).run(over: LawInputs.straight).pathLength
    #expect(lost > 0 && lost < 10)
  }
}
