import Foundation
import Harness
import Realism
import Simulation
import TrackCore
import TrackIO

/// `calibrate`'s documents: a receiver fitted to one recording against its truth, or a population fitted
/// to a manifest's recordings and each recording placed in the population of the others.
public struct CalibrationDocument: Sendable {
  /// The receiver's (or population's) YAML, or the JSON of receiver and comparison together.
  public let document: String
  /// The comparison of real and simulated statistics (nil when `document` already holds it: JSON).
  public let report: String?

  /// Writes ``document`` to `destination`; ``report`` follows it as YAML comments when that is standard
  /// output, else goes to standard output on its own.
  @_optimize(none)
  public func write(to destination: OutputDestination) throws {
    // The report names recordings and sources from a manifest: sanitised for the terminal.
    let report = self.report.map { TerminalText.document($0) }
    guard let report else { return try destination.write(document) }
    if destination.isStandardOutput {
      try destination.write(document + report.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "# " + $0 }.joined(separator: "\n"))
    } else {
      try destination.write(document)
      try OutputDestination(nil, inputs: []).write(report)
    }
  }

  /// A receiver fitted to `recording` (read from `file`) against `truth`.
  /// - Parameters:
  ///   - rateHz: fixes per second of the fitted receiver (nil: from the recording's spacing, at most 10).
  ///   - json: receiver and comparison as one JSON document.
  /// - Throws: ``ReplayInputError`` for too few epochs with a truth, ``OptionError`` for a rate outside
  ///   0.2-10 Hz, or what `readTruth` throws.
  ///   - threads: threads each step's simulations run on (the document is the same on any count).
  /// - Complexity: one simplex search of the receiver's parameters, each step a simulation along the truth.
  @_optimize(none)
  public static func receiver(
    fittedTo recording: Recording, file: String, truth: TruthChoice, rateHz: Double?, json: Bool, threads: Int = 1,
    readTruth: (String) throws -> Recording
  ) throws -> CalibrationDocument {
    let real = try truth.fittingSeries(recording, file: file, readTruth: readTruth)
    let rate = rateHz ?? Calibrator.rate(of: real)
    guard (0.2...10).contains(rate) else { throw OptionError("--rate: expected 0.2 to 10 Hz, found \(rate)") }
    var calibrator = Calibrator()
    calibrator.threads = threads
    let result = calibrator.calibrate(real, rateHz: rate)
    if json { return CalibrationDocument(document: try CalibrationText.json(yaml: ReceiverYAML.render(result.receiver), rows: result.rows), report: nil) }
    let yaml = "# trackbench calibrate \(file): \(result.iterations) simplex iterations"
      + (result.converged ? "" : " (budget reached)") + "\n" + ReceiverYAML.render(result.receiver)
    return CalibrationDocument(document: yaml, report: CalibrationText.comparison(result.rows))
  }

  /// A population fitted to the recordings (or published statistics) of the manifest at `path`, each
  /// recording fitted on its own, then placed in the population of the others (leave-one-recording-out).
  /// - Parameters:
  ///   - read: reads a recording; `readTruth` a reference recording.
  /// - Complexity: one fit per recording, on `threads` threads.
  @_optimize(none)
  public static func population(
    _ manifest: PopulationManifest, path: String, threads: Int, read: (String) throws -> Recording, readTruth: (String) throws -> Recording
  ) throws -> CalibrationDocument {
    let fits: ManifestFits
    if manifest.statistics.isEmpty {
      var series: [ErrorSeries] = []
      var recordings: [Recording] = []
      for entry in manifest.recordings {
        let recording = try read(entry.file)
        series.append(try ManifestFits.series(of: entry, recording: recording, reference: try entry.truth.map(readTruth)))
        recordings.append(recording)
      }
      fits = ManifestFits(manifest: manifest, series: series, recordings: recordings, threads: threads)
    } else {
      try PublishedRanking.checkNames(of: manifest, file: path)
      fits = ManifestFits(statisticsOf: manifest, file: path, threads: threads)
    }
    let what = manifest.statistics.isEmpty ? "recordings" : "recordings' published statistics"
    let header = "trackbench calibrate --population \(path): \(fits.targets.count) \(what), each fitted on its own"
    return CalibrationDocument(document: fits.yaml(of: Array(fits.targets.indices), header: header), report: try fits.leaveOneOutReport(threads: threads))
  }
}

extension TruthChoice {
  /// The error series of `recording` (read from `file`) against this truth, checked for a fit or a
  /// comparison of statistics: at least ``Calibrator/minimumEpochs`` epochs with a truth.
  /// - Throws: ``ReplayInputError`` naming the file, or what `readTruth` throws.
  @_optimize(none)
  public func fittingSeries(_ recording: Recording, file: String, readTruth: (String) throws -> Recording) throws -> ErrorSeries {
    let real = try series(recording, file: file, readTruth: readTruth)
    guard real.count >= Calibrator.minimumEpochs else {
      throw ReplayInputError("\(file): expected at least \(Calibrator.minimumEpochs) epochs with a position and a truth to compare with, found \(real.count)")
    }
    return real
  }
}

extension PopulationManifest {
  /// Every file the manifest names: each recording and its truth's file.
  public var files: [String] { recordings.flatMap { [$0.file] + ($0.truth.map { [$0] } ?? []) } }
}
