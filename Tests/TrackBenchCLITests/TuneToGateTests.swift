import Foundation
import Testing

/// A new user's round trip (#66, item 1): record a baseline, tune a parameter against it, check the
/// recommendation. tune recommends only a point `check --candidate` passes; the best point on training
/// that fails the gate is named with its regressions, and `check --objective` reports those outside the
/// objective as trade-offs.
@Suite struct TuneToGateTests {
  @Test func whatTuneRecommendsPassesTheCheck() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let baseline = directory.appendingPathComponent("baseline.jsonl").path, report = directory.appendingPathComponent("tune.json").path
    let scenarios = ["scenarios/park-loop.yaml", "scenarios/budget-phone-5k.yaml"]
    let record = try await trackbench(["baseline", "record"] + scenarios + ["--trials", "6", "--strategies", "raw,kalman", "--output", baseline, "-q"])
    #expect(record.status == 0, "\(record.stderr)")
    let objective = "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km"
    let tune = try await trackbench(
      ["tune", "--strategy", "kalman", "--param", "q=0.1..3:log:7", "--method", "grid", "--train"] + scenarios
        + ["--baseline", baseline, "--format", "json", "--output", report, "-q"])
    #expect(tune.status == 0, "\(tune.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
    let gate = try #require(json["gate"] as? [String: Any])
    #expect(gate["baseline"] as? String == baseline)
    let points = try #require(gate["points"] as? [[String: Any]])
    #expect(!points.isEmpty)
    let recorded = "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)"
    func check(_ candidate: String, _ extra: [String] = []) async throws -> Invocation {
      try await trackbench(["check", "--baseline", baseline, "--candidate", "\(recorded)=\(candidate)", "--format", "text", "-q"] + extra)
    }
    // The recommendation passes the check CI runs; every point judged before it fails it.
    let recommended = try #require((gate["recommended"] as? [String: Any])?["strategy"] as? String, "a point passes here")
    let passing = try await check(recommended)
    #expect(passing.status == 0, "\(passing.stdout)")
    #expect(points.last?["strategy"] as? String == recommended && points.last?["passed"] as? Bool == true)
    let failing = try #require(points.first.flatMap { $0["passed"] as? Bool == false ? $0 : nil }, "the best on training fails here")
    let best = try #require(failing["strategy"] as? String)
    let strict = try await check(best)
    #expect(strict.status == 1 && strict.stdout.contains("Regressions (\(failing["regressions"] as! Int))"), "\(strict.stdout)")
    // Given the objective, only its own metrics fail: the others are listed as trade-offs.
    let traded = try await check(best, ["--objective", objective])
    let onObjective = try #require(failing["regressions_on_objective"] as? Int)
    #expect(traded.status == (onObjective == 0 ? 0 : 1), "\(traded.stdout)")
    #expect(traded.stdout.replacingOccurrences(of: "\n", with: " ").contains("Trade-offs: worse outside the objective \(objective), not failing ("), "\(traded.stdout)")
    // The table names the gate's basis and ends with the recommendation.
    let text = try await trackbench(
      ["tune", "--strategy", "kalman", "--param", "q=0.1..3:log:7", "--method", "grid", "--train"] + scenarios + ["--baseline", baseline, "-q"])
    #expect(text.stdout.replacingOccurrences(of: "\n", with: " ").contains("Accuracy gate, as check --baseline \(baseline) --candidate judges them in CI"), "\(text.stdout)")
    let bad = try await trackbench(["tune", "--strategy", "ema", "--param", "alpha=0.1..0.9", "--train"] + scenarios + ["--baseline", baseline, "-q"])
    #expect(bad.status == 2 && bad.stderr.hasPrefix("error: --baseline: ") && bad.stderr.contains("does not record ema(alpha: 0.3)"), "\(bad.stderr)")
  }
}
