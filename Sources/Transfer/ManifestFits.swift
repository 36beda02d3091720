import Evaluation
import Filtering
import Foundation
import Harness
import Realism
import Simulation
import TrackCore
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
  /// Per recording, the one accuracy its replay gives its fixes (``ReplayRecording/constantAccuracy(of:)``),
  /// `nil` when the accuracy varies or is not known.
  public private(set) var constantAccuracy: [Double?]

  /// What each entry is fitted to: its statistics, and the truth a receiver is simulated along to match
  /// them (the recording's own, or for published statistics a drive like the recording's).
  public let targets: [(statistics: [String: Double?], motion: ErrorSeries)]

  /// The fits of a manifest's recordings, read as `series`.
  /// - Parameter recordings: the recordings `series` were made of, to state what they report besides
  ///   positions (a constant or absent accuracy); empty: not stated.
  @_optimize(none)
  public init(manifest: PopulationManifest, series: [ErrorSeries], recordings: [Recording] = [], threads: Int) {
    self.init(manifest: manifest, targets: series.map { (Calibrator.measured($0), $0) }, sources: manifest.recordings.map(\.source), threads: threads)
    if recordings.count == series.count { constantAccuracy = recordings.map(ReplayRecording.constantAccuracy(of:)) }
  }

  /// The fits of a manifest's published statistics (``PopulationManifest/statistics``), each along
  /// ``ErrorSeries/drive(seconds:speed:stops:)`` of its recording's length, speed and stops.
  /// Names and ranges were checked where the manifest was read (``ErrorStatisticRanges``).
  @_optimize(none)
  public init(statisticsOf manifest: PopulationManifest, file: String, threads: Int) {
    let names = Set(ErrorStatistics.definitions.map(\.name))
    var targets: [(statistics: [String: Double?], motion: ErrorSeries)] = []
    for entry in manifest.statistics {
      var statistics: [String: Double?] = [:]
      for name in names { statistics[name] = .some(entry.values[name]) }
      targets.append((statistics, ErrorSeries.drive(seconds: entry.seconds, speed: entry.speed, stops: entry.stops)))
    }
    self.init(manifest: manifest, targets: targets, sources: manifest.statistics.map(\.source), threads: threads)
  }

  @_optimize(none)
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
    constantAccuracy = targets.map { _ in nil }
  }

  /// The manifest's receiver lines, and `reports:` saying what most of the `chosen` recordings report
  /// (the manifest's own `reports:` wins): `speed: false` when most report no speed, `accuracy_m: A`
  /// when most give every fix one accuracy (a logger's constant figure, or none: what replay assumes),
  /// A their median. A population states what its phones report.
  @_optimize(none)
  func base(of chosen: [Int]) -> [String] {
    let lines = manifest.receiverLines
    guard !lines.contains(where: { $0.hasPrefix("reports:") }) else { return lines }
    return lines + (Self.reports(speed: chosen.map { reportsSpeed[$0] }, accuracy: chosen.map { constantAccuracy[$0] }).map { [$0] } ?? [])
  }

  /// The `reports:` line of recordings that report a speed or not (`speed`) and give every fix one
  /// accuracy or not (`accuracy`); `nil` when most report a speed and varying accuracies.
  @_optimize(none)
  package static func reports(speed: [Bool], accuracy: [Double?]) -> String? {
    var reports: [String] = []
    if 2 * speed.filter({ !$0 }).count > speed.count { reports.append("speed: false") }
    let constant = accuracy.compactMap { $0 }.sorted()
    if 2 * constant.count > accuracy.count { reports.append("accuracy_m: \(ReceiverYAML.number(constant[constant.count / 2]))") }
    return reports.isEmpty ? nil : "reports: { \(reports.joined(separator: ", ")) }"
  }

  /// The population of the recordings `chosen` (indices in the manifest), as YAML.
  @_optimize(none)
  public func yaml(of chosen: [Int], header: String) -> String {
    PopulationFit.yaml(
      PopulationFit.population(name: manifest.name, fits: chosen.map { fitted[$0] }), rateHz: rateHz, base: base(of: chosen), header: header)
  }

  /// The receiver a scenario drawing from the population of `chosen` gets (read back as a scenario
  /// would read the population's file).
  @_optimize(none)
  public func receiver(of chosen: [Int]) throws -> ReceiverSpec { try ReceiverPopulation.receiver(fromYAML: yaml(of: chosen, header: "")) }

  /// The out-of-sample check of what the population claims, as the report `calibrate --population`
  /// prints it: each fit beside what it was fitted to (simulated on seeds the fit did not use), then each
  /// recording placed in the population of the others (leave-one-recording-out), and how many of its
  /// statistics fell inside the others' 5-95 % band; where a manifest's statistics carry their real
  /// ranking, the verdict of the others' population along a drive like the recording's and whether its
  /// pick is in the real top 3 (``PublishedRanking``).
  /// Each placement's devices are simulated on `threads` threads (the same report on any count).
  /// - Throws: what building a population of the others throws.
  @_optimize(none)
  public func leaveOneOutReport(threads: Int = 1) throws -> String {
    let sources = fitted.map(\.source)
    var report = ""
    for fit in fitted { report += "\(fit.source) fitted\n" + CalibrationText.comparison(fit.result.rows) + "\n" }
    var insideCounts: [Int] = []
    var ranked: [PublishedRanking.Row] = []
    var verdicts: [RankedDrive: ShipVerdict] = [:]
    for left in targets.indices {
      let kept = try kept(leavingOut: left)
      let others = try receiver(of: kept)
      let rows = PopulationPlacement.place(others, statistics: targets[left].statistics, along: targets[left].motion, threads: threads)
      insideCounts.append(PopulationPlacement.count(rows).inside)
      let with = targets.count - 1 - kept.count
      let drive = left < manifest.statistics.count ? manifest.statistics[left].drive : nil
      let title = "\(sources[left]) left out" + (with > 0 ? " with the \(with) other\(with == 1 ? "" : "s") of drive \(drive ?? "")" : "")
      report += CalibrationText.placement(title: title, rows)
      // The ranking it produces, where the recording's real one is published.
      if let row = try rankingRow(leftOut: left, kept: kept, others: others, threads: threads, verdicts: &verdicts) {
        ranked.append(row)
        report += PublishedRanking.line(row) + "\n"
      }
    }
    let placed = targets.indices.map { "\(insideCounts[$0])" }.joined(separator: ", ")
    report += "leave-one-recording-out: statistics inside the 5-95 % band per recording: \(placed)\n"
    if !ranked.isEmpty { report += PublishedRanking.summary(ranked) }
    return report
  }

  /// Each recording whose real ranking the manifest publishes, judged by the verdict of the others'
  /// population along a drive like it (``PublishedRanking``): the rows `calibrate --population` prints.
  /// - Complexity: one population per such recording, one verdict (``PublishedRanking/trials`` trials)
  ///   per drive and population (the phones of one drive share both).
  @_optimize(none)
  public func leaveOneOutRanking(threads: Int = 1) throws -> [PublishedRanking.Row] {
    var verdicts: [RankedDrive: ShipVerdict] = [:]
    return try targets.indices.compactMap { left -> PublishedRanking.Row? in
      guard left < manifest.statistics.count, !manifest.statistics[left].ranks.isEmpty else { return nil }
      let kept = try kept(leavingOut: left)
      return try rankingRow(leftOut: left, kept: kept, others: receiver(of: kept), threads: threads, verdicts: &verdicts)
    }
  }

  /// The entries a population is fitted to when entry `left` is judged: every other one but those
  /// recorded on the same drive (``PopulationManifest/Published/drive``: phones in one car share its
  /// motion and streets, so they are left out together).
  /// - Throws: ``ReplayInputError`` when nothing is left to fit.
  @_optimize(none)
  public func kept(leavingOut left: Int) throws -> [Int] {
    let drives = targets.indices.map { $0 < manifest.statistics.count ? manifest.statistics[$0].drive : nil }
    let kept = Self.kept(leavingOut: left, drives: drives)
    guard !kept.isEmpty else {
      throw ReplayInputError(
        "\(fitted[left].source): drive: expected other entries recorded apart from it to fit a population of the others, found every one on drive \(drives[left] ?? "")")
    }
    return kept
  }

  /// The indices of `drives` (each entry's drive, `nil`: recorded apart) but `left` and those of its
  /// drive.
  @_optimize(none)
  package static func kept(leavingOut left: Int, drives: [String?]) -> [Int] {
    drives.indices.filter { $0 != left && (drives[left] == nil || drives[$0] != drives[left]) }
  }

  /// What a verdict along a drive depends on: the entries its population is fitted to and the drive's
  /// length, speed and stops. Phones of one drive share it, so their verdict is run once.
  struct RankedDrive: Hashable {
    var kept: [Int]
    var seconds: Int
    var speed: Double
    var stops: Bool
  }

  @_optimize(none)
  func rankingRow(
    leftOut left: Int, kept: [Int], others: ReceiverSpec, threads: Int, verdicts: inout [RankedDrive: ShipVerdict]
  ) throws -> PublishedRanking.Row? {
    guard left < manifest.statistics.count, !manifest.statistics[left].ranks.isEmpty else { return nil }
    let entry = manifest.statistics[left]
    let key = RankedDrive(kept: kept, seconds: entry.seconds, speed: entry.speed, stops: entry.stops)
    let verdict = try verdicts[key] ?? PublishedRanking.verdict(entry, receiver: others, strategies: Strategy.defaults, threads: threads)
    verdicts[key] = verdict
    return PublishedRanking.row(entry, verdict: verdict)
  }

  /// A manifest's recording against its truth (`reference`, the truth file read, or its `static_at`),
  /// checked for a fit: at least ``Calibrator/minimumEpochs`` epochs with a truth.
  /// - Throws: ``ReplayInputError`` naming the file.
  @_optimize(none)
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
