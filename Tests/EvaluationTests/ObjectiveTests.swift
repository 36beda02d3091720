import Evaluation
import Testing

@Suite struct ObjectiveTests {
  static func value(_ text: String, _ values: [Metric: Double]) throws -> Objective.Value {
    try Objective(parsing: text).evaluate { metric, statistic in
      statistic == .mean ? values[metric] : values[metric].map { $0 + (statistic == .p95 ? 100 : 10) }
    }
  }

  @Test func arithmeticFollowsPrecedenceAndFunctions() throws {
    let v: [Metric: Double] = [.distanceErrorPercent: -2, .currentPaceErrorRMS: 10, .paceLag: 4]
    #expect(try Self.value("abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km", v) == .value(2.5))
    #expect(try Self.value("(1 + 2) * 3 - 4 / 2", v) == .value(7))
    #expect(try Self.value("-distance_error_percent", v) == .value(2))
    #expect(try Self.value("min(pace_lag_s, 3, 5) + max(1, 2)", v) == .value(5))
    #expect(try Self.value("p95(pace_lag_s) - median(pace_lag_s) + mean(pace_lag_s)", v) == .value(94))
    #expect(try Self.value("1e-1 * 20", v) == .value(2))
  }

  @Test func aMissingValueOrADivisionByZeroIsSaid() throws {
    #expect(try Self.value("pace_lag_s + 1", [:]) == .missing(.paceLag))
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
    #expect(error("p95(1)")?.expected.contains("a metric name") == true)
    #expect(error("1 2")?.expected.contains("an operator") == true)
    #expect(error("")?.found == "nothing")
  }

  @Test func metricsAreListedOnce() throws {
    #expect(try Objective(parsing: "pace_lag_s + abs(pace_lag_s) + fixes_kept_percent").metrics == [.paceLag, .fixesKept])
  }
}
