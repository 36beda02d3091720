/// Why a decoded results file cannot be used: the field path as written in the JSON, what was found and
/// what was expected.
public struct ResultsValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Field path in the file's own (snake_case) spelling, e.g. `scenarios[2].strategies[0].metrics[3].mean`.
  public var field: String
  public var expected: String
  public var found: String

  public var description: String { "\(field): expected \(expected), found \(found)" }
}

extension ExperimentResult {
  /// Checks what the JSON decoder cannot: the schema name and version this build reads, finite numbers
  /// within ``largestMagnitude``, counts that are not negative, ordered statistics (interval ends, the
  /// box plot's five numbers), and the illustration's series shapes
  /// (pairs and triples of finite numbers, paces not negative), so every renderer can trust the values.
  /// - Complexity: O(values in the file).
  /// - Throws: ``ResultsValidationError`` for the first problem found.
  public func validate() throws(ResultsValidationError) {
    guard schema == Self.currentSchema else {
      throw ResultsValidationError(field: "schema", expected: "'\(Self.currentSchema)'", found: "'\(schema)'")
    }
    guard schemaVersion == Self.currentSchemaVersion else {
      let found = "\(schemaVersion)"
      if schemaVersion > Self.currentSchemaVersion {
        throw ResultsValidationError(
          field: "schema_version",
          expected: "\(Self.currentSchemaVersion), the newest this trackbench reads (a newer trackbench wrote the file; upgrade to read it)",
          found: found)
      }
      throw ResultsValidationError(field: "schema_version", expected: "\(Self.currentSchemaVersion)", found: found)
    }
    for (s, scenario) in scenarios.enumerated() {
      let at = "scenarios[\(s)]"
      try Self.check(scenario.trials >= 0, "\(at).trials", "0 or more", "\(scenario.trials)")
      try Self.check(scenario.fixesPerTrial >= 0, "\(at).fixes_per_trial", "0 or more", "\(scenario.fixesPerTrial)")
      try Self.finite(scenario.trueDistanceM, "\(at).true_distance_m")
      try Self.finite(scenario.durationS, "\(at).duration_s")
      for (k, strategy) in scenario.strategies.enumerated() {
        for (m, summary) in strategy.metrics.enumerated() {
          let field = "\(at).strategies[\(k)].metrics[\(m)]"
          try Self.check(summary.trials >= 0, "\(field).trials", "0 or more", "\(summary.trials)")
          let values: [(String, Double?)] = [
            ("mean", summary.mean), ("mean_absolute", summary.meanAbsolute), ("median", summary.median), ("p90", summary.p90), ("p95", summary.p95), ("minimum", summary.minimum),
            ("q1", summary.q1), ("q3", summary.q3), ("maximum", summary.maximum), ("ci95_low", summary.ci95Low),
            ("ci95_high", summary.ci95High),
          ]
          for (name, value) in values { if let value { try Self.finite(value, "\(field).\(name)") } }
          if let low = summary.ci95Low, let high = summary.ci95High {
            try Self.check(low <= high, "\(field).ci95_low", "at most ci95_high (\(high))", "\(low)")
          }
          try Self.check((summary.ci95Low == nil) == (summary.ci95High == nil), "\(field).ci95_low", "ci95_low and ci95_high both present or both absent", "one of them")
          let box = [summary.minimum, summary.q1, summary.median, summary.q3, summary.maximum].compactMap { $0 }
          try Self.check(box == box.sorted(), "\(field)", "minimum ≤ q1 ≤ median ≤ q3 ≤ maximum", "\(box)")
        }
      }
      if let illustration = scenario.illustration { try illustration.validate(at: "\(at).illustration") }
    }
    if let verdict { try verdict.validate() }
  }

  /// Largest magnitude a value in a results file may have (m, s or s/km); beyond it a sum or difference
  /// in a comparison could overflow to infinity.
  public static let largestMagnitude = 1e300

  static func finite(_ value: Double, _ field: String) throws(ResultsValidationError) {
    try check(value.isFinite && abs(value) <= largestMagnitude, field, "a finite number of magnitude at most 1e300", "\(value)")
  }

  static func check(_ ok: Bool, _ field: String, _ expected: String, _ found: String) throws(ResultsValidationError) {
    guard ok else { throw ResultsValidationError(field: field, expected: expected, found: found) }
  }
}

extension ScenarioIllustration {
  func validate(at field: String) throws(ResultsValidationError) {
    try Self.series(truth, width: 2, "\(field).truth")
    try Self.series(truePace, width: 2, "\(field).true_pace", paceColumn: 1)
    try Self.series(checkpoints, width: 3, "\(field).checkpoints")
    for (k, strategy) in strategies.enumerated() {
      let at = "\(field).strategies[\(k)]"
      try Self.series(strategy.track, width: 3, "\(at).track")
      try Self.series(strategy.pace, width: 2, "\(at).pace", paceColumn: 1)
      try Self.series(strategy.pins, width: 3, "\(at).pins")
      if let speed = strategy.movingSpeed { try ExperimentResult.finite(speed, "\(at).moving_speed") }
    }
  }

  /// Every row has `width` finite numbers; `paceColumn`, when given, is not negative (0 s/km is what an
  /// absurd speed rounds to, and renderers draw it at the fast edge).
  private static func series(_ rows: [[Double]], width: Int, _ field: String, paceColumn: Int? = nil) throws(ResultsValidationError) {
    for (i, row) in rows.enumerated() {
      try ExperimentResult.check(row.count == width, "\(field)[\(i)]", "\(width) numbers", "\(row.count)")
      for (j, value) in row.enumerated() { try ExperimentResult.finite(value, "\(field)[\(i)][\(j)]") }
      if let column = paceColumn {
        try ExperimentResult.check(row[column] >= 0, "\(field)[\(i)][\(column)]", "a pace of 0 s/km or more", "\(row[column])")
      }
    }
  }
}

extension ShipVerdict {
  /// Every number finite and at most 1e300 in magnitude, intervals ordered, weights not negative: a
  /// verdict read back from a file is drawn as it is.
  func validate() throws(ResultsValidationError) {
    for (name, weight) in weights.sorted(by: { $0.key < $1.key }) {
      try ExperimentResult.finite(weight, "verdict.weights.\(name)")
      try ExperimentResult.check(weight >= 0, "verdict.weights.\(name)", "0 or more", "\(weight)")
    }
    try ExperimentResult.check(resamples >= 0, "verdict.resamples", "0 or more", "\(resamples)")
    for (k, entry) in ranking.enumerated() {
      let at = "verdict.ranking[\(k)]"
      for (name, value) in [("score", entry.score), ("difference_from_best", entry.differenceFromBest), ("ci95_low", entry.ci95Low), ("ci95_high", entry.ci95High)] {
        if let value { try ExperimentResult.finite(value, "\(at).\(name)") }
      }
      if let low = entry.ci95Low, let high = entry.ci95High { try ExperimentResult.check(low <= high, "\(at).ci95_low", "at most ci95_high (\(high))", "\(low)") }
    }
    for (k, best) in bestPerCategory.enumerated() { try ExperimentResult.finite(best.score, "verdict.best_per_category[\(k)].score") }
    for (k, group) in (devices ?? []).enumerated() { if let score = group.score { try ExperimentResult.finite(score, "verdict.devices[\(k)].score") } }
    for (k, level) in levels.enumerated() {
      for (name, value) in level.values.sorted(by: { $0.key < $1.key }) { try ExperimentResult.finite(value, "verdict.levels[\(k)].values.\(name)") }
    }
  }
}
