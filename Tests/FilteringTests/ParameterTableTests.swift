import Filtering
import Testing
import TrackCore

@Suite struct ParameterTableTests {
  static func entry(_ name: String) throws -> StrategyDescriptor { try #require(Strategy.catalogue.first { $0.name == name }) }

  @Test func aStrategyIsMadeFromParametersByName() throws {
    let kalman = try Self.entry("kalman").make(parameters: ["gate": 0, "q": 0.1])
    #expect(kalman.description == "kalman(q: 0.1, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 0)")
    #expect(kalman == (try Strategy(parsing: "kalman(q: 0.1, gate: 0)")))
    #expect(try Self.entry("raw").make() == (try Strategy(parsing: "raw")))
  }

  @Test func makeRefusesWhatTheTableDoesNotDeclare() throws {
    #expect(throws: ParameterError.self) { try Self.entry("kalman").make(parameters: ["qq": 1]) }
    #expect(throws: ParameterError.self) { try Self.entry("run-average").make(parameters: ["n": 2.5]) }
  }

  /// Law for every catalogue entry with rules between its parameters: values that break a rule are
  /// refused by name and by text, naming both parameters; values that keep it are accepted.
  @Test func everyRuleBetweenParametersIsChecked() throws {
    let ruled = Strategy.catalogue.filter { !$0.orders.isEmpty }
    #expect(Set(ruled.map(\.name)).isSuperset(of: ["adaptive-interval", "opentracks"]))
    for entry in ruled {
      for order in entry.orders {
        let lower = try #require(entry.parameters.first { $0.name == order.lower })
        let upper = try #require(entry.parameters.first { $0.name == order.upper })
        let high = min(lower.maximum, upper.maximum), low = max(lower.minimum, upper.minimum)
        #expect(high > low, "\(entry.name): the ranges let the rule be broken")
        let broken = [order.lower: high, order.upper: low]
        #expect(throws: ParameterError.self) { try entry.make(parameters: broken) }
        let text = "\(entry.name)(\(order.lower): \(Parameter.format(high)), \(order.upper): \(Parameter.format(low)))"
        #expect {
          _ = try Strategy(parsing: text)
        } throws: { error in
          "\(error)".contains("\(order.lower) (\(Parameter.format(high))) must be at most \(order.upper) (\(Parameter.format(low)))")
        }
        _ = try entry.make(parameters: [order.lower: low, order.upper: high])
        _ = try Strategy(parsing: "\(entry.name)(\(order.lower): \(Parameter.format(low)), \(order.upper): \(Parameter.format(low)))")
      }
    }
  }

  /// Law for every catalogue entry: its configured value reports the values it was made with, by the
  /// table's names in order, and its text parses back to itself.
  @Test func everyEntryReportsItsValuesByName() throws {
    for entry in Strategy.catalogue {
      let given = Dictionary(uniqueKeysWithValues: entry.parameters.map { p in
        (p.name, p.isInteger ? (p.minimum + p.maximum / 2).rounded(.down) : (p.minimum + p.maximum) / 2)
      })
      let strategy = try entry.make(parameters: given)
      let reported = try #require(strategy.configured).parameters
      #expect(reported.table == entry.parameters, "\(entry.name)")
      #expect(reported.named.map(\.name) == entry.parameters.map(\.name), "\(entry.name)")
      for (name, value) in reported.named { #expect(value == given[name], "\(entry.name).\(name)") }
      #expect(try Strategy(parsing: strategy.description) == strategy, "\(entry.name)")
    }
  }
}

/// A strategy declared with `DeclaredParameters` states each parameter once; the table, the build by
/// name, the values read back and the checked build all follow from that one declaration.
@Suite struct DeclaredParametersTests {
  static let declared: [any DeclaredParameters.Type] = [
    AccuracyGate.self, AndroidMinFilter.self, DistanceFilter.self, DouglasPeucker.self, ExponentialAverage.self, KalmanFilter.self,
    MoonRunnerFilter.self, MovingMedian.self, OpenTracksFilter.self, RunAdaptiveFilter.self, RunAverageFilter.self, SpeedGate.self,
    TimeSample.self, WeightedAverage.self, DutyCycle.self, AndroidHighAccuracy.self, AndroidBalanced.self, AutoPause.self,
    AdaptiveInterval.self, EnTracked.self, BarometerAltitude.self, AltitudeSmoothing.self, AltitudeHysteresis.self, AutoPauseDetector.self,
    TrackSnap.self, LapRounding.self, EffortBars.self, AccuracyScale.self,
  ]

  @Test func everyParametrisedBuiltInDeclaresItsParametersOnce() {
    let parametrised = Set(Strategy.builtIn.filter { !$0.parameters.isEmpty && $0.name != "rts" }.map(\.name))
    #expect(Set(Self.declared.map { $0.name }) == parametrised, "rts shares kalman's; raw has none")
  }

  @Test func theDefaultsAreTheInitialValuesAndValuesComeBackByName() throws {
    for type in Self.declared { try Self.check(type) }
  }

  static func check<S: DeclaredParameters>(_: S.Type) throws {
    let defaults = S()
    #expect(defaults.parameters.values == S.parameterTable.map(\.defaultValue), "\(S.name)")
    #expect(S(parameters: ParameterValues(defaultsOf: S.parameterTable)) == defaults, "\(S.name)")
    for parameter in S.parameterTable {
      // Another value in range that keeps the rules between parameters with the others at their defaults.
      let other =
        parameter.isInteger
        ? (parameter.defaultValue == parameter.minimum ? parameter.maximum : parameter.minimum)
        : (parameter.defaultValue > parameter.minimum ? (parameter.minimum + parameter.defaultValue) / 2 : (parameter.defaultValue + parameter.maximum) / 2)
      let made = try S([parameter.name: other])
      #expect(made.parameters[parameter.name] == other, "\(S.name).\(parameter.name)")
      #expect(made != defaults, "\(S.name).\(parameter.name) changes the strategy")
      #expect(throws: ParameterError.self) { try S([parameter.name: parameter.maximum + 1]) }
    }
    #expect(throws: ParameterError.self) { try S(["no_such_parameter": 1]) }
  }

  @Test func theCheckedBuildKeepsTheRulesBetweenParameters() throws {
    #expect(throws: ParameterError.self) { try AdaptiveInterval(["min_s": 20, "max_s": 10]) }
    #expect(try AdaptiveInterval(["min_s": 5, "max_s": 10]).longest == 10)
    #expect(throws: ParameterError.self) { try OpenTracksFilter(["distance": 300, "gap": 200]) }
  }

  /// What a parameter implies is derived once it is set: a window sized by `n`, the delivery stage of
  /// MoonRunner's distance filter.
  @Test func derivedStateFollowsTheParameters() throws {
    let fixes = (0..<12).map { LocalFix(time: Double($0), east: 3 * Double($0), north: 0, horizontalAccuracy: 5) }
    #expect(try MovingMedian(["n": 9]).run(over: fixes).count == fixes.count)
    #expect(try MoonRunnerFilter(["distance": 9]).run(over: fixes).map(\.time) == [0, 3, 6, 9])
    let averaged = try #require(try WeightedAverage(["n": 3]).run(over: fixes).last)
    #expect(abs(averaged.east - 30) < 1e-9, "the mean of the last three, 27, 30 and 33 m")
  }
}
