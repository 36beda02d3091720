import TrackCore
import Evaluation
import Findings
import Foundation
import Testing

/// A check history (`check --history`): a line per check, read back as each metric's suite-wide trend
/// per strategy; every malformed line is an error naming its line.
@Suite struct CheckHistoryTests {
  static let scenarios = [
    SweepHeader.ScenarioInfo(name: "a", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0),
    SweepHeader.ScenarioInfo(name: "b", description: "", seed: 2, trials: 4, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 4),
  ]

  /// Per trial t: scenario a's cross-track 2 + 0.01 t², b's 3 + 0.02 t; distance error a 0.5, b
  /// −1 − 0.2 t. Strategy `kalman` is `worse` metres of cross-track worse; `strategies` names them.
  static func records(worse: Double = 0, strategies: [String] = ["raw", "kalman"]) -> [CellRecord] {
    (0..<8).map { cell in
      let t = Double(cell % 4), a = cell < 4
      return CellRecord(
        sweep: "s", cell: cell, scenario: a ? "a" : "b", trial: cell % 4,
        strategies: strategies.map { name in
          let shift = name == "raw" ? 0 : worse
          return StrategyScores(
            strategy: StrategyKey(stored: name),
            scores: Scores(
              metrics: [.crossTrackErrorRMS, .distanceErrorPercent], values: [(a ? 2 + 0.01 * t * t : 3 + 0.02 * t) + shift, a ? 0.5 : -1 - 0.2 * t]))
        }, illustration: nil)
    }
  }

  static func line(worse: Double = 0, strategies: [String] = ["raw", "kalman"], suite: String = "f00d", label: String = "c1") throws -> String {
    let check = BaselineCheck(baseline: records(), current: records(worse: worse, strategies: strategies), scenarios: scenarios, tolerances: [:])
    return try CheckHistory.line(check, suite: suite, time: Date(timeIntervalSince1970: 1_795_000_000), label: label, toolVersion: "test")
  }

  static func read(_ lines: [String]) throws(CheckHistoryError) -> CheckHistory {
    try CheckHistory(Data(lines.map { $0 + "\n" }.joined().utf8), file: "h.jsonl")
  }

  /// Worked by hand. Scenario a's cross-track [2, 2.01, 2.04, 2.09]: mean 2.035, s² = 0.0049/3,
  /// half-width t(0.975, 3)·s/2; b's [3, 3.02, 3.04, 3.06]: mean 3.03, s² = 0.002/3. The suite's value is
  /// their mean 2.5325, its half-width √(h_a² + h_b²)/2. Distance error is signed: |0.5| and |−1.3|
  /// average to 0.9.
  @Test func aLineReadsBackAsTheSuiteWideMeanAndInterval() throws {
    let history = try Self.read([try Self.line()])
    #expect(history.suite == "f00d" && history.runs.count == 1)
    #expect(history.runs[0] == CheckHistory.Run(time: "2026-11-18T11:06:40Z", label: "c1", passed: true, regressions: 0, watch: 0, improvements: 0))
    let t = 3.182446305
    let ha = t * (0.0049 / 3).squareRoot() / 2, hb = t * (0.002 / 3).squareRoot() / 2
    let half = (ha * ha + hb * hb).squareRoot() / 2
    let raw = try #require(history.series.first { $0.metric == "cross_track_error_rms_m" && $0.strategy == "raw" }?.points[0])
    #expect(abs(raw.mean - 2.5325) < 1e-12 && abs(raw.high - raw.mean - half) < 1e-6 && abs(raw.mean - raw.low - half) < 1e-6, "\(raw)")
    let distance = try #require(history.series.first { $0.metric == "distance_error_percent" && $0.strategy == "kalman" }?.points[0])
    #expect(abs(distance.mean - 0.9) < 1e-12, "\(distance)")
    #expect(history.series.map(\.metric) == ["cross_track_error_rms_m", "cross_track_error_rms_m", "distance_error_percent", "distance_error_percent"])
  }

  /// A failed check keeps its verdicts: the regressed strategy's series says so for that check only; a
  /// strategy missing from a later check has no value there.
  @Test func failedChecksAndMissingStrategiesAreKept() throws {
    let history = try Self.read([try Self.line(), try Self.line(worse: 1, label: "c2"), try Self.line(strategies: ["raw"], label: "c3")])
    #expect(history.runs.map(\.passed) == [true, false, true] && history.runs[1].regressions == 2)
    let kalman = try #require(history.series.first { $0.metric == "cross_track_error_rms_m" && $0.strategy == "kalman" })
    #expect(kalman.regressed == [false, true, false])
    let worse = try #require(kalman.points[1])
    #expect(kalman.points[2] == nil && abs(worse.mean - 3.5325) < 1e-12)
    let raw = try #require(history.series.first { $0.metric == "cross_track_error_rms_m" && $0.strategy == "raw" })
    #expect(raw.points.allSatisfy { $0 != nil } && raw.regressed == [false, false, false])
  }

  @Test func everyMalformedLineIsAnErrorNamingIt() throws {
    let good = try Self.line()
    func failure(_ lines: [String]) -> String {
      do {
        _ = try Self.read(lines)
        return "read"
      } catch { return error.description }
    }
    let truncated = failure([good, String(good.prefix(good.count / 2))])
    #expect(truncated.hasPrefix("h.jsonl:2: expected a complete history line") && truncated.contains("truncated"), "\(truncated)")
    let other = failure([good, "", try Self.line(suite: "beef")])
    #expect(other.hasPrefix("h.jsonl:3: expected a check of the suite the first line names (f00d), found another suite's (beef)"), "\(other)")
    #expect(failure([]) == "h.jsonl: expected at least one check (check --history), found an empty file")
    func edited(_ change: (inout [String: Any]) -> Void) throws -> String {
      var object = try #require(try JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])
      change(&object)
      return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
    #expect(failure([try edited { $0["verdicts"] = "==" }]).hasPrefix("h.jsonl:1: field verdicts: expected one letter per scenario × strategy × metric (2 × 2 × 2)"))
    #expect(failure([try edited { $0["verdicts"] = "=======x" }]).hasPrefix("h.jsonl:1: field verdicts: expected letters"))
    #expect(failure([try edited { $0["values"] = "AAAA" }]).hasPrefix("h.jsonl:1: field values: expected base64 of 8 cells"))
    let nan = Data(repeating: 0xff, count: 8 * 24).base64EncodedString()
    #expect(failure([try edited { $0["values"] = nan }]).hasPrefix("h.jsonl:1: field values: expected finite numbers"))
    #expect(failure([try edited { $0["schema_version"] = 9 }]) == "h.jsonl:1: expected schema trackbench.history version 1, found trackbench.history version 9")
    #expect(failure([try edited { $0["regressions"] = -1 }]).hasPrefix("h.jsonl:1: field regressions: expected a count of 0 or more"))
    #expect(failure([try edited { $0.removeValue(forKey: "suite") }]).contains("missing field 'suite'"))
  }
}
