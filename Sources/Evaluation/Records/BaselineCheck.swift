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
  /// Each scenario as loaded (every field, seed and trials applied), fingerprinted, by name in order;
  /// for a replay, each recording's content and truth.
  public var scenarios: [ScenarioFingerprint]
  /// For a baseline of recordings (`baseline record --replay`): what to replay again; absent for
  /// scenarios (whose paths are ``scenarioPaths``).
  public var replay: ReplaySource?

  /// The recordings a replay baseline replays, as `baseline record --replay` was given them.
  public struct ReplaySource: Sendable, Hashable, Codable {
    /// The recordings (or folders of them), relative to where `baseline record` ran.
    public var files: [String]
    /// `--truth` or `--static-at` as given, if any.
    public var truth: String?
    public var staticAt: String?
    /// `--manifest` (each recording with its own truth) in place of `files`.
    public var manifest: String?
    public init(files: [String], truth: String?, staticAt: String?, manifest: String? = nil) {
      self.files = files; self.truth = truth; self.staticAt = staticAt; self.manifest = manifest
    }
  }

  public struct ScenarioFingerprint: Sendable, Hashable, Codable {
    public var name: String
    public var fingerprint: String
    public init(name: String, fingerprint: String) { self.name = name; self.fingerprint = fingerprint }
  }

  public static let currentSchema = "trackbench.baseline"
  public static let currentSchemaVersion = 1

  public init(
    toolVersion: String, scenarioPaths: [String], trials: Int?, seed: UInt64?, strategies: String?, scenarios: [ScenarioFingerprint],
    replay: ReplaySource? = nil
  ) {
    schema = Self.currentSchema
    schemaVersion = Self.currentSchemaVersion
    self.toolVersion = toolVersion; self.scenarioPaths = scenarioPaths; self.trials = trials; self.seed = seed
    self.strategies = strategies; self.scenarios = scenarios; self.replay = replay
  }
}

/// A rerun of a baseline's cells against the baseline, scenario × strategy × metric, by paired tests
/// (``PairedChange``): the CI gate's verdict. A replayed recording is judged exactly (the same fixes
/// every time: any worsening beyond the tolerance is a regression).
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
  /// `true` for a baseline of replayed recordings: every cell was judged exactly (the same fixes each
  /// time, so any worsening beyond the tolerance is a regression); absent for scenarios.
  public var exact: Bool?

  public struct Cell: Sendable, Codable {
    public var scenario: String
    /// The strategy the baseline recorded.
    public var baselineStrategy: String
    /// The strategy rerun against it: the same text, or the candidate `check` substituted for it.
    public var strategy: String
    public var unit: String
    public var change: PairedChange
  }

  /// A strategy on one side only: rerun but not recorded (added), or recorded but not rerun (removed).
  /// It is listed, never compared.
  public struct Unpaired: Sendable, Codable, Hashable {
    public var scenario: String
    public var strategy: String
    public init(scenario: String, strategy: String) { self.scenario = scenario; self.strategy = strategy }
  }

  /// A candidate judged against a recorded strategy (`check --candidate`, `check --strategies`).
  public struct Substitution: Sendable, Codable, Hashable {
    public var scenario: String
    public var baselineStrategy: String
    public var strategy: String
    public init(scenario: String, baselineStrategy: String, strategy: String) {
      self.scenario = scenario; self.baselineStrategy = baselineStrategy; self.strategy = strategy
    }
  }

  public var added: [Unpaired]
  public var removed: [Unpaired]
  public var substitutions: [Substitution]

  /// Pairs strategies by their canonical text, never by position: a baseline strategy is compared with
  /// the rerun strategy of the same text, or with the candidate `substitutions` names for it.
  /// - Parameters:
  ///   - baseline: the baseline's records, one per cell.
  ///   - current: the rerun's records of the same cells.
  ///   - scenarios: the sweep's scenarios with their cells.
  ///   - tolerances: per metric; others have none (any significant worsening is a regression).
  ///   - substitutions: per scenario name, baseline strategy text → the candidate rerun in its place.
  /// - Precondition: both hold every cell of `scenarios`.
  public init(
    baseline: [CellRecord], current: [CellRecord], scenarios: [SweepHeader.ScenarioInfo], tolerances: [Metric: Tolerance],
    substitutions: [String: [String: String]] = [:]
  ) {
    let old = Dictionary(baseline.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(current.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    var cells: [Cell] = []
    var added: [Unpaired] = [], removed: [Unpaired] = [], substituted: [Substitution] = []
    for info in scenarios {
      let range = info.firstCell..<(info.firstCell + info.trials)
      guard let first = old[info.firstCell], let firstNew = new[info.firstCell] else { continue }
      let recordedNames = first.strategies.map(\.strategy), rerunNames = firstNew.strategies.map(\.strategy)
      var paired = Set<Int>()
      for (i, name) in recordedNames.enumerated() {
        let wanted = substitutions[info.name]?[name] ?? name
        guard let k = rerunNames.indices.first(where: { rerunNames[$0] == wanted && !paired.contains($0) }) else {
          removed.append(Unpaired(scenario: info.name, strategy: name))
          continue
        }
        paired.insert(k)
        if wanted != name { substituted.append(Substitution(scenario: info.name, baselineStrategy: name, strategy: wanted)) }
        let metrics = first.strategies[i].scores.metrics.filter { firstNew.strategies[k].scores.scored($0) }
        for metric in metrics {
          let before = range.map { old[$0].map { $0.strategies[i].scores[metric] } ?? nil }
          let after = range.map { new[$0].map { $0.strategies[k].scores[metric] } ?? nil }
          cells.append(
            Cell(
              scenario: info.name, baselineStrategy: name, strategy: wanted, unit: metric.unit,
              change: PairedChange(
                metric: metric, old: before, new: after, tolerance: tolerances[metric] ?? Tolerance(kind: .absolute, value: 0),
                deterministic: info.recording != nil)))
        }
      }
      for (k, name) in rerunNames.enumerated() where !paired.contains(k) { added.append(Unpaired(scenario: info.name, strategy: name)) }
    }
    self.cells = cells
    self.added = added
    self.removed = removed
    self.substitutions = substituted
    func count(_ verdict: PairedChange.Verdict) -> Int { cells.filter { $0.change.verdict == verdict }.count }
    regressions = count(.regression)
    improvements = count(.improvement)
    identical = count(.identical)
    withinNoise = count(.withinNoise)
    changed = count(.changed)
    notJudged = count(.notJudged)
    passed = regressions == 0
    if !scenarios.isEmpty && scenarios.allSatisfy({ $0.recording != nil }) { exact = true }
  }
}
