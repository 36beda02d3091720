/// What a sweep is, written before its records (first line of a shard file or journal): enough to
/// aggregate records into results without the scenario files, and a fingerprint so that records of
/// different sweeps are never mixed.
public struct SweepHeader: Sendable, Hashable, Codable {
  /// Always `trackbench.sweep`.
  public var schema: String
  public var schemaVersion: Int
  /// The sweep's fingerprint (scenarios as loaded, strategies, trials, seeds, whether trial 0 is drawn):
  /// every record of the sweep carries it.
  public var sweep: String
  /// Cells in the whole sweep.
  public var cells: Int
  public var scenarios: [ScenarioInfo]
  /// The part of the sweep this file holds, when it is a shard.
  public var shard: Shard?

  public static let currentSchema = "trackbench.sweep"
  public static let currentSchemaVersion = 1

  public init(sweep: String, cells: Int, scenarios: [ScenarioInfo], shard: Shard? = nil) {
    schema = Self.currentSchema
    schemaVersion = Self.currentSchemaVersion
    self.sweep = sweep; self.cells = cells; self.scenarios = scenarios; self.shard = shard
  }

  /// One scenario of the sweep: what its results state besides the scores, and its cells.
  public struct ScenarioInfo: Sendable, Hashable, Codable {
    public var name: String
    public var description: String
    public var seed: UInt64
    public var trials: Int
    public var fixesPerTrial: Int
    public var trueDistanceM: Double
    public var durationS: Double
    /// The scenario's first cell; its cells are `firstCell ..< firstCell + trials`.
    public var firstCell: Int
    /// The class of run it stands for (`Scenario.category`: open sky, urban, trail, track, long run);
    /// absent in files written before it existed.
    public var category: String?
    /// The phone it simulates (``DeviceInfo``); absent for a recording and in older files.
    public var device: DeviceInfo?
    /// The scenario's activity (running, walking, cycling); absent for a recording and in older files.
    public var activity: String?
    /// For a replayed recording (`replay`): the file and what its truth was; absent for a scenario.
    public var recording: RecordingInfo?

    public init(
      name: String, description: String, seed: UInt64, trials: Int, fixesPerTrial: Int, trueDistanceM: Double, durationS: Double,
      firstCell: Int, category: String? = nil, device: DeviceInfo? = nil, activity: String? = nil, recording: RecordingInfo? = nil
    ) {
      self.device = device
      self.activity = activity
      self.name = name; self.description = description; self.seed = seed; self.trials = trials
      self.fixesPerTrial = fixesPerTrial; self.trueDistanceM = trueDistanceM; self.durationS = durationS; self.firstCell = firstCell
      self.category = category; self.recording = recording
    }
  }

  /// Shard `index` of `count` (from 1, as Jest and Playwright count): the cells whose position modulo
  /// `count` is `index − 1`.
  public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
      precondition(count >= 1 && (1...count).contains(index), "shard index from 1 to count")
      self.index = index; self.count = count
    }

    /// Whether cell `cell` belongs to this shard.
    public func holds(_ cell: Int) -> Bool { cell % count == index - 1 }

    public var description: String { "\(index)/\(count)" }
  }

  /// Whether the sweep replays recordings (`replay`) rather than simulating scenarios.
  public var isReplay: Bool { !scenarios.isEmpty && scenarios.allSatisfy { $0.recording != nil } }

  /// The results of the sweep's records (any order, one per cell): per scenario × strategy × metric, the
  /// summary over trials. A pure function of the header and the records.
  /// - Precondition: one record per cell of the sweep.
  public func aggregate(_ records: [CellRecord]) -> ExperimentResult {
    var byScenario = [[CellRecord]](repeating: [], count: scenarios.count)
    var scenarioOfCell = [Int](repeating: 0, count: cells)
    for (s, info) in scenarios.enumerated() {
      for cell in info.firstCell..<(info.firstCell + info.trials) { scenarioOfCell[cell] = s }
    }
    for record in records { byScenario[scenarioOfCell[record.cell]].append(record) }
    return ExperimentResult(
      scenarios: scenarios.enumerated().map { s, info in
        precondition(byScenario[s].count == info.trials, "a record for every cell")
        var result = ScenarioResult(
          name: info.name, description: info.description, seed: info.seed, fixesPerTrial: info.fixesPerTrial,
          trueDistanceM: info.trueDistanceM, durationS: info.durationS, records: byScenario[s], category: info.category,
          device: info.device)
        result.recording = info.recording
        result.activity = info.activity
        return result
      })
  }
}

/// FNV-1a, 64 bits: a stable fingerprint of text (Swift's `Hasher` is seeded per process).
public enum Fingerprint {
  public static func of(_ parts: [String]) -> String {
    var hash = Hash()
    for part in parts {
      for byte in part.utf8 { hash.mix(byte) }
      hash.mix(UInt8(0xff))  // separates the parts
    }
    return hash.hex
  }

  /// The running FNV-1a state, fed byte by byte.
  public struct Hash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    public init() {}

    public mutating func mix(_ byte: UInt8) {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }

    /// The eight bytes of `number`'s bit pattern, least significant first.
    public mutating func mix(_ number: Double) {
      var bits = number.bitPattern
      for _ in 0..<8 {
        mix(UInt8(truncatingIfNeeded: bits))
        bits >>= 8
      }
    }

    /// Sixteen lower-case hex digits.
    public var hex: String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
  }
}
