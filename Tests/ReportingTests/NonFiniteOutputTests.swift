import Evaluation
import Findings
import Foundation
import NumericKit
import Reporting
import Testing

/// Property: whatever finite values a valid results file holds (from 1e-300 to 1e300, either sign, zero,
/// missing), no renderer, verdict or comparison writes NaN or infinity, and none traps or runs away (a
/// plot axis over 1e300 ± 1e284 once stepped ticks forever).
@Suite struct NonFiniteOutputTests {
  /// A random value over the whole range a results file may hold, or none.
  static func value(_ random: RandomSource) -> Double? {
    let u = random.uniform()
    if u < 0.1 { return nil }
    if u < 0.15 { return 0 }
    if u < 0.2 { return random.uniform() < 0.5 ? ExperimentResult.largestMagnitude : -ExperimentResult.largestMagnitude }
    let magnitude = pow(10, random.uniform(-300, 300))
    return random.uniform() < 0.5 ? -magnitude : magnitude
  }

  static func positive(_ random: RandomSource) -> Double { random.uniform() < 0.1 ? 0 : pow(10, random.uniform(-300, 300)) }

  static func series(_ random: RandomSource, width: Int, positiveColumn: Int? = nil) -> [[Double]] {
    (0..<Int(random.uniform(0, 6))).map { _ in
      (0..<width).map { column in column == positiveColumn ? positive(random) : (value(random) ?? 1) }
    }
  }

  /// A results file as JSON, every number drawn at random.
  static func resultsFile(_ random: RandomSource, strategies: [String]) -> Data {
    let scenarios: [[String: Any]] = (0..<2).map { s in
      var scenario: [String: Any] = [
        "name": "s\(s)", "description": "random", "seed": 1, "trials": Int(random.uniform(0, 1000)),
        "fixes_per_trial": Int(random.uniform(0, 1e6)), "true_distance_m": value(random) ?? 0, "duration_s": value(random) ?? 0,
        "strategies": strategies.map { name -> [String: Any] in
          ["strategy": name, "metrics": Metric.allCases.map { metric -> [String: Any] in
            var summary: [String: Any] = ["metric": metric.rawValue, "unit": metric.unit, "trials": Int(random.uniform(0, 100))]
            for key in ["mean", "p95"] {
              if let v = value(random) { summary[key] = v }
            }
            // Ordered as real statistics are: the box's five numbers, the interval's two ends.
            let box = (0..<5).compactMap { _ in value(random) }.sorted()
            for (key, v) in zip(["minimum", "q1", "median", "q3", "maximum"], box) { summary[key] = v }
            if let a = value(random), let b = value(random) { (summary["ci95_low"], summary["ci95_high"]) = (min(a, b), max(a, b)) }
            return summary
          }]
        },
      ]
      if random.uniform() < 0.7 {
        scenario["illustration"] = [
          "trial": 0, "truth": series(random, width: 2), "true_pace": series(random, width: 2, positiveColumn: 1),
          "checkpoints": series(random, width: 3),
          "strategies": strategies.map { name in
            ["strategy": name, "track": series(random, width: 3), "pace": series(random, width: 2, positiveColumn: 1), "pins": series(random, width: 3)]
          },
        ] as [String: Any]
      }
      return scenario
    }
    let object: [String: Any] = ["schema": ExperimentResult.currentSchema, "schema_version": ExperimentResult.currentSchemaVersion, "scenarios": scenarios]
    return try! JSONSerialization.data(withJSONObject: object)
  }

  /// The first number written as NaN or infinity in any spelling a renderer could produce: a word of
  /// ASCII letters (bounded by anything else) that is `nan`, `inf` or `infinity` in any case. What the
  /// regular expression `(?i)(^|[^a-z])(nan|inf|infinity)([^a-z]|$)` finds, found with memchr in the
  /// lower-cased bytes: Swift's Regex, and any byte loop in these unoptimised tests, took most of this
  /// suite's 15 s on the HTML reports.
  /// - Complexity: O(n) in the text's UTF-8 length.
  static func nonFinite(in text: String) -> String? {
    var lower = text.lowercased()
    return lower.withUTF8 { bytes -> String? in
      guard let base = bytes.baseAddress else { return nil }
      func isLetter(_ i: Int) -> Bool { i >= 0 && i < bytes.count && bytes[i] >= 97 && bytes[i] <= 122 }
      for stem in ["nan", "inf"] {
        var from = 0
        let first = Int32(stem.utf8.first!), rest = Array(stem.utf8.dropFirst())
        while from < bytes.count, let hit = memchr(base + from, first, bytes.count - from) {
          let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          from = start + 1
          guard start + 3 <= bytes.count, bytes[start + 1] == rest[0], bytes[start + 2] == rest[1] else { continue }
          var end = start + 3
          if stem == "inf", end + 5 <= bytes.count, String(decoding: bytes[end..<end + 5], as: UTF8.self) == "inity" { end += 5 }
          if !isLetter(start - 1) && !isLetter(end) { return String(decoding: bytes[start..<end], as: UTF8.self) }
        }
      }
      return nil
    }
  }

  @Test func noRendererWritesNaNOrInfinity() throws {
    let random = RandomSource(seed: 20_261_122)
    for _ in 0..<60 {
      let old = try ResultsCodec.results(from: Self.resultsFile(random, strategies: ["raw", "kalman(q: 0.5)"]))
      var new = try ResultsCodec.results(from: Self.resultsFile(random, strategies: ["raw", "ema(alpha: 0.3)"]))
      try old.validate()
      try new.validate()
      // The verdict over the same extreme summaries is drawn by every renderer too (and written as JSON).
      let objective = try Objective(parsing: "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km")
      new.verdict = ShipVerdict(result: new, objective: objective, objectiveText: "x", weights: ["s0": random.uniform(0, 3)])
      try new.validate()
      for format in ReportFormat.allCases {
        let text = try format.renderer(colours: true).render(new)
        #expect(Self.nonFinite(in: text) == nil, "\(format): \(Self.nonFinite(in: text) ?? "")")
      }
      let comparison = Comparison(old: old, new: new)
      for format in ComparisonFormat.allCases {
        let text = try format.render(comparison, colours: true)
        #expect(Self.nonFinite(in: text) == nil, "compare \(format)")
      }
    }
  }

  @Test func theCheckFindsNonFiniteText() {
    #expect(Self.nonFinite(in: "a,inf,b") == "inf")
    #expect(Self.nonFinite(in: "x: -nan") == "nan")
    #expect(Self.nonFinite(in: "Infinity") == "infinity")
    #expect(Self.nonFinite(in: "1.5 INF</td>") == "inf" && Self.nonFinite(in: "énan") == "nan")
    #expect(Self.nonFinite(in: "information, infer, nano, 3inf4") == "inf")
    #expect(Self.nonFinite(in: "information, infer, nano, Nancy, 12.5 m") == nil)
  }
}
