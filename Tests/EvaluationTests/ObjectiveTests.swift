import Evaluation
import Testing

@Suite struct ObjectiveTests {
  /// The objective over trials given as metric → one value per trial.
  static func value(_ text: String, _ trials: [Metric: [Double?]]) throws -> Objective.Value {
    let count = trials.values.map(\.count).max() ?? 1
    return try Objective(parsing: text).evaluate(trials: count) { metric, t in trials[metric].flatMap { t < $0.count ? $0[t] : nil } }
  }

  static func value(_ text: String, _ values: [Metric: Double]) throws -> Objective.Value {
    try value(text, values.mapValues { [$0] })
  }

  @Test func arithmeticFollowsPrecedenceAndFunctions() throws {
    let v: [Metric: Double] = [.distanceErrorPercent: -2, .currentPaceErrorRMS: 10, .paceLag: 4]
    #expect(try Self.value("abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km", v) == .value(2.5))
    #expect(try Self.value("(1 + 2) * 3 - 4 / 2", v) == .value(7))
    #expect(try Self.value("-distance_error_percent", v) == .value(2))
    #expect(try Self.value("min(pace_lag_s, 3, 5) + max(1, 2)", v) == .value(5))
    #expect(try Self.value("p95(pace_lag_s) - median(pace_lag_s) + mean(pace_lag_s)", v) == .value(4))
    #expect(try Self.value("1e-1 * 20", v) == .value(2))
  }

  /// abs(), min(), max() and arithmetic apply on each trial, then the mean over trials: errors of both
  /// signs do not cancel. The bias is asked for by name.
  @Test func absoluteValuesAreTakenPerTrialBeforeTheMean() throws {
    let cancelling: [Metric: [Double?]] = [.distanceErrorPercent: [-100, 100], .paceLag: [1, 3]]
    #expect(try Self.value("abs(distance_error_percent)", cancelling) == .value(100))
    #expect(try Self.value("abs(mean(distance_error_percent))", cancelling) == .value(0))
    #expect(try Self.value("mean(abs(distance_error_percent))", cancelling) == .value(100))
    #expect(try Self.value("abs(mean(distance_error_percent)) + pace_lag_s", cancelling) == .value(2), "a per-trial part beside a statistic is its mean")
    #expect(try Self.value("max(abs(distance_error_percent), 10 * pace_lag_s)", cancelling) == .value(100))
    #expect(try Self.value("max(distance_error_percent, 10 * pace_lag_s)", cancelling) == .value((10 + 100) / 2))
    #expect(try Self.value("median(abs(distance_error_percent) + pace_lag_s)", cancelling) == .value(102))
  }

  /// A strategy without a value on one trial has none: a failure is not averaged away.
  @Test func aTrialWithoutAValueLeavesNoValue() throws {
    #expect(try Self.value("abs(distance_error_percent)", [.distanceErrorPercent: [1, nil, 3]]) == .missing(.distanceErrorPercent))
  }

  /// A results file holds summaries: they give the default objective exactly (mean of sizes), and say
  /// when an objective needs the per-trial records.
  @Test func summariesGiveWhatTheyCanAndSayWhatTheyCannot() throws {
    let d: [Double?] = [-100, 100, 4]
    let p: [Double?] = [10, 20, 30]
    let result = StrategyResult(
      strategy: "x", metrics: [MetricSummary(metric: .distanceErrorPercent, values: d), MetricSummary(metric: .currentPaceErrorRMS, values: p)])
    let trials: [Metric: [Double?]] = [.distanceErrorPercent: d, .currentPaceErrorRMS: p]
    for text in ["abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km", "abs(mean(distance_error_percent))", "median(current_pace_error_rms_s_per_km) - 2 * distance_error_percent / 4"] {
      let fromSummaries = try Objective(parsing: text).evaluate(result).number
      let fromTrials = try Self.value(text, trials).number
      #expect(fromSummaries != nil && abs(fromSummaries! - fromTrials!) < 1e-9, "\(text)")
    }
    #expect(try Objective(parsing: "max(abs(distance_error_percent), 1)").evaluate(result) == .needsTrials)
    #expect(try Objective(parsing: "p90(abs(distance_error_percent))").evaluate(result) == .needsTrials)
    let gap = StrategyResult(strategy: "x", metrics: [MetricSummary(metric: .distanceErrorPercent, values: [1, nil])])
    #expect(try Objective(parsing: "abs(distance_error_percent)").evaluate(gap) == .missing(.distanceErrorPercent))
  }

  @Test func aMissingValueOrADivisionByZeroIsSaid() throws {
    #expect(try Self.value("pace_lag_s + 1", [Metric: Double]()) == .missing(.paceLag))
    #expect(try Self.value("1 / (pace_lag_s - 4)", [.paceLag: 4]) == .notFinite)
    #expect(Objective.Value.missing(.paceLag).reason?.contains("pace_lag_s has no value") == true)
  }

  @Test func badTextNamesTheColumnAndWhatIsExpected() {
    func error(_ text: String) -> ObjectiveParseError? {
      do { _ = try Objective(parsing: text); return nil } catch { return error }
    }
    let unknown = error("abs(distance_eror_percent)")
    #expect(unknown?.column == 5 && unknown?.found.hasPrefix("'distance_eror_percent'; did you mean distance_error_percent?") == true)
    #expect(unknown?.found.contains("\nhint: metric names: distance_error_percent, distance_error_m") == true, "lists the valid names on a hint line")
    #expect(error("1 +")?.found == "the end")
    #expect(error("(1 + 2")?.expected == "')'")
    #expect(error("sqrt(2)")?.expected.contains("abs, min, max") == true)
    #expect(error("p95(mean(pace_lag_s))")?.expected.contains("an expression on one trial") == true)
    #expect(error("1 2")?.expected.contains("an operator") == true)
    #expect(error("")?.found == "nothing")
  }

  @Test func metricsAreListedOnce() throws {
    #expect(try Objective(parsing: "pace_lag_s + abs(pace_lag_s) + fixes_kept_percent").metrics == [.paceLag, .fixesKept])
  }
}
