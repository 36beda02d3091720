import Foundation
import NumericKit

/// Whether a simulation ranks strategies as real recordings do: per recording and criterion, the real
/// ranking (the recording replayed against its truth) beside the simulated one (the same motion with
/// the receiver over many trials), their agreement, the simulation's pick and what it costs on the real
/// recording. The JSON form (`trackbench transfer --format json`) is versioned by ``schema`` and
/// ``schemaVersion``; its keys are these names in snake case.
public struct TransferReport: Sendable, Hashable, Codable {
  public static let currentSchema = "trackbench-transfer"
  public static let currentSchemaVersion = 1

  public var schema = TransferReport.currentSchema
  public var schemaVersion = TransferReport.currentSchemaVersion
  /// What the simulation drew its receivers from, in words.
  public var receiver: String
  /// Whether every recording was judged with a receiver fitted without it (leave-one-recording-out),
  /// `false` when fitted with it (in sample) and `nil` when the receiver was given, not fitted here.
  public var outOfSample: Bool?
  public var trials: Int
  public var seed: UInt64
  /// Length of the bootstrap's windows, seconds.
  public var windowS: Double
  public var resamples: Int
  public var strategies: [String]
  /// The criteria, each a per-trial objective (lower is better).
  public var criteria: [String]
  public var recordings: [RecordingTransfer]
  public var summary: [CriterionSummary]

  public init(
    receiver: String, outOfSample: Bool?, trials: Int, seed: UInt64, windowS: Double, resamples: Int, strategies: [String], criteria: [String],
    recordings: [RecordingTransfer]
  ) {
    self.receiver = receiver; self.outOfSample = outOfSample; self.trials = trials; self.seed = seed; self.windowS = windowS
    self.resamples = resamples; self.strategies = strategies; self.criteria = criteria; self.recordings = recordings
    summary = criteria.map { CriterionSummary(criterion: $0, recordings: recordings) }
  }

  /// A report read back from its JSON (``json()``).
  /// - Throws: ``JSONReadError`` in the schema's words: a field missing or of the wrong kind, or another
  ///   schema or version.
  public init(json data: Data) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do { self = try decoder.decode(TransferReport.self, from: data) } catch { throw JSONReadError(error) }
    guard schema == Self.currentSchema, schemaVersion == Self.currentSchemaVersion else {
      throw JSONReadError(
        field: "schema", message: "expected \(Self.currentSchema) version \(Self.currentSchemaVersion), found \(schema) version \(schemaVersion)")
    }
  }

  /// The report as JSON: sorted snake-case keys, two-space indents, one trailing newline.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }
}

/// One recording's transfer: each criterion's two rankings and what the simulation's pick costs.
public struct RecordingTransfer: Sendable, Hashable, Codable {
  /// The recording, as named.
  public var file: String
  /// Its truth, in words (a reference file, or a point it stood at).
  public var truth: String
  /// The receiver the simulation drew from for this recording, in words.
  public var receiver: String
  /// Seconds of the recording inside its truth's span (what both sides cover).
  public var durationS: Double
  public var fixes: Int
  /// Bootstrap windows the recording was cut into (0: too short for two).
  public var windows: Int
  public var criteria: [CriterionTransfer]

  public init(file: String, truth: String, receiver: String, durationS: Double, fixes: Int, windows: Int, criteria: [CriterionTransfer]) {
    self.file = file; self.truth = truth; self.receiver = receiver; self.durationS = durationS; self.fixes = fixes; self.windows = windows
    self.criteria = criteria
  }
}

/// One criterion on one recording.
public struct CriterionTransfer: Sendable, Hashable, Codable {
  public var criterion: String
  /// The strategies ranked (those with a value on both sides), in the report's order.
  public var strategies: [String]
  /// The criterion's value per strategy on the real recording (one trial).
  public var real: [Double]
  /// Its mean over the simulated trials per strategy.
  public var simulated: [Double]
  /// Kendall's τ-b and Spearman's ρ between the two rankings; `nil` when either side ties every strategy.
  public var kendallTau: Double?
  public var spearmanRho: Double?
  /// The simulation's best strategy and its rank on the real recording (1 = best; ties share the better rank).
  public var pick: String
  public var pickRealRank: Int
  /// The real recording's best strategy.
  public var realBest: String
  /// The pick's real value minus the real best's, in the criterion's unit (0 when the pick is the best).
  public var regret: Double
  /// 95 % bootstrap interval of the pick's real value minus the best's: windows of the recording are
  /// scored on their own and resampled with replacement, and the percentile interval of the mean
  /// window difference is centred on the whole recording's difference; `nil` when the recording has
  /// fewer than two windows with a value for both.
  public var regretInterval: [Double]?
  /// Strategies whose real difference from the real best has a 95 % bootstrap interval containing 0
  /// (the best itself included): the real ranking cannot tell them from the best.
  public var indistinguishableFromBest: [String]?
  /// The pick is in the real top 3, or the bootstrap cannot tell it from the real best.
  public var transfers: Bool

  /// Judges one criterion: ranks, agreement, the pick, its regret and the bootstrap.
  /// - Parameters:
  ///   - real: per strategy, the real value (`nil`: none).
  ///   - simulated: per strategy, the mean simulated value (`nil`: none).
  ///   - windows: per window, per strategy, the real value on that window alone.
  ///   - random: draws the bootstrap's window indices.
  /// - Returns: `nil` when fewer than two strategies have values on both sides.
  /// - Complexity: O(resamples · windows · strategies).
  public static func judge(
    criterion: String, strategies names: [String], real: [Double?], simulated: [Double?], windows: [[Double?]], resamples: Int,
    random: RandomSource
  ) -> CriterionTransfer? {
    let kept = names.indices.filter { real[$0] != nil && simulated[$0] != nil }
    guard kept.count >= 2 else { return nil }
    let realValues = kept.map { real[$0]! }, simulatedValues = kept.map { simulated[$0]! }
    let pick = simulatedValues.indices.min { simulatedValues[$0] < simulatedValues[$1] }!
    let best = realValues.indices.min { realValues[$0] < realValues[$1] }!
    let pickRank = 1 + realValues.filter { $0 < realValues[pick] }.count
    // Each strategy against the real best, window by window, resampled.
    var distinguishable: [String]? = nil
    var regretInterval: [Double]? = nil
    let paired = windows.filter { window in window[kept[best]] != nil }
    if paired.count >= 2 && resamples > 0 {
      var same: [String] = []
      for (position, index) in kept.enumerated() {
        let differences = paired.compactMap { window in window[index].map { $0 - window[kept[best]]! } }
        guard differences.count >= 2, let observed = Statistics.mean(differences) else { continue }
        // The spread of the window means, centred on the whole recording's difference (a criterion such
        // as |distance error| is not a mean over windows, so the windows give its uncertainty, not its value).
        let spread = bootstrapInterval(of: differences, resamples: resamples, random: random)
        let whole = realValues[position] - realValues[best]
        let interval = (whole + spread.lowerBound - observed)...(whole + spread.upperBound - observed)
        if position == pick { regretInterval = [interval.lowerBound, interval.upperBound] }
        if position == best || interval.contains(0) { same.append(names[index]) }
      }
      distinguishable = same
    }
    let pickName = names[kept[pick]]
    let indistinguishable = distinguishable?.contains(pickName) ?? false
    return CriterionTransfer(
      criterion: criterion, strategies: kept.map { names[$0] }, real: realValues, simulated: simulatedValues,
      kendallTau: Statistics.kendallTauB(simulatedValues, realValues), spearmanRho: Statistics.spearman(simulatedValues, realValues),
      pick: pickName, pickRealRank: pickRank, realBest: names[kept[best]], regret: realValues[pick] - realValues[best],
      regretInterval: regretInterval, indistinguishableFromBest: distinguishable, transfers: pickRank <= 3 || indistinguishable)
  }

  /// The 2.5-97.5 % percentile interval of the mean of `values` resampled with replacement.
  static func bootstrapInterval(of values: [Double], resamples: Int, random: RandomSource) -> ClosedRange<Double> {
    var means: [Double] = []
    means.reserveCapacity(resamples)
    for _ in 0..<resamples {
      var sum = 0.0
      for _ in values { sum += values[min(Int(random.uniform() * Double(values.count)), values.count - 1)] }
      means.append(sum / Double(values.count))
    }
    let low = Statistics.quantile(means, 0.025) ?? 0, high = Statistics.quantile(means, 0.975) ?? 0
    return min(low, high)...max(low, high)
  }
}

/// One criterion over every recording: the simulation's agreement with each, beside the agreement of
/// real recordings with one another (the ceiling a simulation can reach: recordings disagree too).
public struct CriterionSummary: Sendable, Hashable, Codable {
  public var criterion: String
  /// Recordings on which the criterion ranked at least two strategies.
  public var recordings: Int
  /// Kendall's τ-b simulated against real: least, median and largest over recordings.
  public var tauSimulated: [Double]?
  /// Kendall's τ-b of one real recording's ranking against another's, over every pair of recordings
  /// (the strategies both ranked): least, median and largest.
  public var tauRealVsReal: [Double]?
  /// Recordings whose real top 3 holds the pick, or where the bootstrap cannot tell it from the best.
  public var transferred: Int
  /// The mean regret over recordings, in the criterion's unit.
  public var meanRegret: Double?

  public init(criterion: String, recordings all: [RecordingTransfer]) {
    self.criterion = criterion
    let judged = all.compactMap { recording in recording.criteria.first { $0.criterion == criterion } }
    recordings = judged.count
    tauSimulated = Self.spread(judged.compactMap(\.kendallTau))
    var pairs: [Double] = []
    for i in judged.indices {
      for j in judged.indices where j > i {
        let shared = judged[i].strategies.filter { judged[j].strategies.contains($0) }
        guard shared.count >= 2 else { continue }
        let a = shared.map { judged[i].real[judged[i].strategies.firstIndex(of: $0)!] }
        let b = shared.map { judged[j].real[judged[j].strategies.firstIndex(of: $0)!] }
        if let tau = Statistics.kendallTauB(a, b) { pairs.append(tau) }
      }
    }
    tauRealVsReal = Self.spread(pairs)
    transferred = judged.filter(\.transfers).count
    meanRegret = Statistics.mean(judged.map(\.regret))
  }

  static func spread(_ values: [Double]) -> [Double]? {
    guard let low = values.min(), let high = values.max(), let median = Statistics.quantile(values, 0.5) else { return nil }
    return [low, median, high]
  }
}

/// How far a verdict's pick has been checked against real recordings (`--transfer FILE` on `run`,
/// `merge` and `report`): from a transfer report, on the criterion that is the verdict's objective.
public struct TransferEvidence: Sendable, Hashable, Codable {
  /// The transfer report's file, as given.
  public var file: String
  /// The transfer check's criterion judged here: the verdict's objective; `nil` when the report did not
  /// judge that objective (its criteria are listed in `note`).
  public var criterion: String?
  public var outOfSample: Bool?
  /// The verdict's pick.
  public var strategy: String
  /// Recordings on which the criterion ranked the pick.
  public var recordings: Int
  /// The pick's real rank on each of them, and how many strategies each ranked.
  public var ranks: [Int]
  public var ranked: [Int]
  /// Recordings whose real top 3 holds the pick, or where the bootstrap cannot tell it from the real best.
  public var transfers: Int
  /// The pick's real value minus the real best's, mean over the recordings.
  public var meanRegret: Double?
  /// Kendall's τ simulated against real, and real against real (least, median, largest).
  public var tauSimulated: [Double]?
  public var tauRealVsReal: [Double]?
  public var note: String?

  /// The evidence `report` (read from `file`) gives on `strategy`, the pick of a verdict ranked by `objective`.
  public init(report: TransferReport, file: String, strategy: String, objective: String) {
    self.file = file
    self.strategy = strategy
    outOfSample = report.outOfSample
    ranks = []
    ranked = []
    transfers = 0
    recordings = 0
    guard report.criteria.contains(objective) else {
      criterion = nil
      note = "the transfer check judged \(report.criteria.joined(separator: "; ")), not this objective"
      return
    }
    criterion = objective
    var regrets: [Double] = []
    for recording in report.recordings {
      guard let judged = recording.criteria.first(where: { $0.criterion == objective }),
        let index = judged.strategies.firstIndex(of: strategy)
      else { continue }
      let value = judged.real[index]
      ranks.append(1 + judged.real.filter { $0 < value }.count)
      ranked.append(judged.strategies.count)
      regrets.append(value - (judged.real.min() ?? value))
      if ranks[ranks.count - 1] <= 3 || judged.indistinguishableFromBest?.contains(strategy) == true { transfers += 1 }
    }
    recordings = ranks.count
    meanRegret = Statistics.mean(regrets)
    let summary = report.summary.first { $0.criterion == objective }
    tauSimulated = summary?.tauSimulated
    tauRealVsReal = summary?.tauRealVsReal
    note = recordings == 0 ? "the transfer check did not rank \(strategy)" : nil
  }
}
