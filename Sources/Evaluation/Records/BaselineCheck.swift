/// What a baseline file says about itself before its sweep (`trackbench baseline record`): how to rerun
/// exactly the same cells, and fingerprints to tell whether the scenarios changed since.
public struct BaselineHeader: Sendable, Hashable, Codable {
  /// Always `trackbench.baseline`.
  public var schema: String
  public var schemaVersion: Int
  /// The trackbench version that recorded it.
  public var toolVersion: String
  /// The scenario files or directories given to `baseline record` (relative to where it ran).
  public var scenarioPaths: [String]
  /// `--trials` and `--seed` as given (`nil`: each scenario's own).
  public var trials: Int?
  public var seed: UInt64?
  /// `--strategies` as given (`nil`: each scenario's own, else every strategy).
  public var strategies: String?
  /// Each scenario as loaded (every field, seed and trials applied), fingerprinted, by name in order.
  public var scenarios: [ScenarioFingerprint]

  public struct ScenarioFingerprint: Sendable, Hashable, Codable {
    public var name: String
    public var fingerprint: String
    public init(name: String, fingerprint: String) { self.name = name; self.fingerprint = fingerprint }
  }

  public static let currentSchema = "trackbench.baseline"
  public static let currentSchemaVersion = 1

  public init(toolVersion: String, scenarioPaths: [String], trials: Int?, seed: UInt64?, strategies: String?, scenarios: [ScenarioFingerprint]) {
    schema = Self.currentSchema
    schemaVersion = Self.currentSchemaVersion
    self.toolVersion = toolVersion; self.scenarioPaths = scenarioPaths; self.trials = trials; self.seed = seed
    self.strategies = strategies; self.scenarios = scenarios
  }
}

/// A rerun of a baseline's cells against the baseline, scenario × strategy × metric, by paired tests
/// (``PairedChange``): the CI gate's verdict.
public struct BaselineCheck: Sendable, Codable {
  /// Always `trackbench.check`.
  public var schema = "trackbench.check"
  public var schemaVersion = 1
  public var cells: [Cell]
  /// Cells per verdict.
  public var regressions: Int
  public var improvements: Int
  public var identical: Int
  public var withinNoise: Int
  public var changed: Int
  public var notJudged: Int
  /// No regression.
  public var passed: Bool

  public struct Cell: Sendable, Codable {
    public var scenario: String
    /// The strategy the baseline recorded in this position.
    public var baselineStrategy: String
    /// The strategy rerun in this position (the same, unless `check --strategies` replaced it).
    public var strategy: String
    public var unit: String
    public var change: PairedChange
  }

  /// - Parameters:
  ///   - baseline: the baseline's records, one per cell.
  ///   - current: the rerun's records of the same cells.
  ///   - scenarios: the sweep's scenarios with their cells.
  ///   - tolerances: per metric; others have none (any significant worsening is a regression).
  /// - Precondition: both hold every cell of `scenarios`, with as many strategies per cell.
  public init(baseline: [CellRecord], current: [CellRecord], scenarios: [SweepHeader.ScenarioInfo], tolerances: [Metric: Tolerance]) {
    let old = Dictionary(baseline.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(current.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    var cells: [Cell] = []
    for info in scenarios {
      let range = info.firstCell..<(info.firstCell + info.trials)
      guard let first = old[info.firstCell], let firstNew = new[info.firstCell] else { continue }
      for k in first.strategies.indices where k < firstNew.strategies.count {
        let metrics = first.strategies[k].scores.metrics.filter { firstNew.strategies[k].scores.scored($0) }
        for metric in metrics {
          let before = range.map { old[$0].map { $0.strategies[k].scores[metric] } ?? nil }
          let after = range.map { new[$0].map { $0.strategies[k].scores[metric] } ?? nil }
          cells.append(
            Cell(
              scenario: info.name, baselineStrategy: first.strategies[k].strategy, strategy: firstNew.strategies[k].strategy, unit: metric.unit,
              change: PairedChange(metric: metric, old: before, new: after, tolerance: tolerances[metric] ?? Tolerance(kind: .absolute, value: 0))))
        }
      }
    }
    self.cells = cells
    func count(_ verdict: PairedChange.Verdict) -> Int { cells.filter { $0.change.verdict == verdict }.count }
    regressions = count(.regression)
    improvements = count(.improvement)
    identical = count(.identical)
    withinNoise = count(.withinNoise)
    changed = count(.changed)
    notJudged = count(.notJudged)
    passed = regressions == 0
  }
}
