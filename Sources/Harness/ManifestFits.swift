import Foundation
import Realism
import Simulation
import TrackIO

/// The recordings of a manifest, each fitted on its own (``Calibrator``, the slow part, one per core),
/// and the population of any subset of them: what `calibrate --population` (the population, and each
/// recording placed in the population of the others) and `transfer` (each recording judged with the
/// population of the others) share.
public struct ManifestFits: Sendable {
  public let manifest: PopulationManifest
  public let fitted: [PopulationFit.Fitted]
  /// The populations' fix rate: the recordings' median.
  public let rateHz: Double
  /// Per recording, whether most of its fixes carry a speed.
  public let reportsSpeed: [Bool]

  /// What each entry is fitted to: its statistics, and the truth a receiver is simulated along to match
  /// them (the recording's own, or for published statistics a drive like the recording's).
  public let targets: [(statistics: [String: Double?], motion: ErrorSeries)]

  /// The fits of a manifest's recordings, read as `series`.
  public init(manifest: PopulationManifest, series: [ErrorSeries], threads: Int) {
    self.init(manifest: manifest, targets: series.map { (Calibrator.measured($0), $0) }, sources: manifest.recordings.map(\.source), threads: threads)
  }

  /// The fits of a manifest's published statistics (``PopulationManifest/statistics``), each along
  /// ``ErrorSeries/drive(seconds:speed:stops:)`` of its recording's length, speed and stops.
  /// - Throws: ``ReplayInputError`` naming an entry's statistic that `trackbench realism` does not measure.
  public init(statisticsOf manifest: PopulationManifest, file: String, threads: Int) throws(ReplayInputError) {
    let names = Set(ErrorStatistics.definitions.map(\.name))
    var targets: [(statistics: [String: Double?], motion: ErrorSeries)] = []
    for (index, entry) in manifest.statistics.enumerated() {
      if let unknown = entry.values.keys.sorted().first(where: { !names.contains($0) }) {
        throw ReplayInputError("\(file): statistics[\(index)].values: expected statistics trackbench realism measures (\(names.sorted().joined(separator: ", "))), found '\(unknown)'")
      }
      var statistics: [String: Double?] = [:]
      for name in names { statistics[name] = .some(entry.values[name]) }
      targets.append((statistics, ErrorSeries.drive(seconds: entry.seconds, speed: entry.speed, stops: entry.stops)))
    }
    self.init(manifest: manifest, targets: targets, sources: manifest.statistics.map(\.source), threads: threads)
  }

  init(manifest: PopulationManifest, targets: [(statistics: [String: Double?], motion: ErrorSeries)], sources: [String], threads: Int) {
    let rates = targets.map { Calibrator.rate(of: $0.motion) }
    let fits = CellExecutor.map(count: targets.count, threads: threads) { i in
      Calibrator().calibrate(statistics: targets[i].statistics, along: targets[i].motion, rateHz: rates[i])
    }
    self.manifest = manifest
    self.targets = targets
    fitted = targets.indices.map { PopulationFit.Fitted(source: sources[$0], result: fits[$0]) }
    rateHz = rates.sorted()[rates.count / 2]
    reportsSpeed = targets.map { target in 2 * target.motion.reportedSpeed.filter { $0 >= 0 }.count > target.motion.count }
  }

  /// The manifest's receiver lines, and `reports: { speed: false }` when most of the `chosen` recordings
  /// report no speed (the manifest's own `reports:` wins): a population states what its phones report.
  func base(of chosen: [Int]) -> [String] {
    var lines = manifest.receiverLines
    let silent = chosen.filter { !reportsSpeed[$0] }.count
    if !lines.contains(where: { $0.hasPrefix("reports:") }), 2 * silent > chosen.count { lines.append("reports: { speed: false }") }
    return lines
  }

  /// The population of the recordings `chosen` (indices in the manifest), as YAML.
  public func yaml(of chosen: [Int], header: String) -> String {
    PopulationFit.yaml(
      PopulationFit.population(name: manifest.name, fits: chosen.map { fitted[$0] }), rateHz: rateHz, base: base(of: chosen), header: header)
  }

  /// The receiver a scenario drawing from the population of `chosen` gets (read back as a scenario
  /// would read the population's file).
  public func receiver(of chosen: [Int]) throws -> ReceiverSpec { try ReceiverPopulation.receiver(fromYAML: yaml(of: chosen, header: "")) }

  /// A manifest's recording against its truth (`reference`, the truth file read, or its `static_at`),
  /// checked for a fit: at least ``Calibrator/minimumEpochs`` epochs with a truth.
  /// - Throws: ``ReplayInputError`` naming the file.
  public static func series(of entry: PopulationManifest.Recording, recording: Recording, reference: Recording?) throws -> ErrorSeries {
    let truth = try TruthChoice.chosen(staticAt: entry.truth == nil ? entry.staticAt ?? "" : nil, truth: entry.truth, for: entry.file)
    let real = try truth.series(recording, file: entry.file, reference: reference) { _ in
      throw ReplayInputError("\(entry.file): its truth was not read")
    }
    guard real.count >= Calibrator.minimumEpochs else {
      throw ReplayInputError("\(entry.file): expected at least \(Calibrator.minimumEpochs) epochs with a position and a truth to compare with, found \(real.count)")
    }
    return real
  }
}
