import ArgumentParser
import Foundation
import Harness
import Simulation
import TrackIO
import Transfer

/// Where the truth of a recording comes from, shared by `calibrate`, `realism` and `replay`.
struct TruthOptions: ParsableArguments {
  @Option(name: .customLong("static-at"), parsing: .unconditional, help: "The receiver stood still at LAT,LON (degrees), or at its mean position: 'mean'.")
  var staticAt: String?

  @Option(help: "A reference recording (any readable format) whose epochs, paired by UTC time, are the truth.", completion: .file())
  var truth: String?

  /// The truth asked for, checked before any file is read.
  func chosen(for file: String) throws -> TruthChoice { try TruthChoice.chosen(staticAt: staticAt, truth: truth, for: file) }
}

/// How a recording is read: its format and, for Android logs, the provider.
struct RecordingOptions: ParsableArguments {
  @Option(name: .customLong("input-format"), help: "The recordings' format (default: from the name or the content).")
  var inputFormat: RecordingFormat?

  @Option(help: "The location provider of an Android GnssLogger log (default: GPS when present).")
  var provider: LocationProvider?

  /// The location providers of an Android GnssLogger log: the chipset, the fused provider, the network.
  enum LocationProvider: String, CaseIterable, ExpressibleByArgument {
    case gps = "GPS", flp = "FLP", nlp = "NLP"
    init?(argument: String) { self.init(rawValue: argument.uppercased()) }
  }

  /// Refuses `--provider` when none of `files` is a GnssLogger log (it would be ignored), before any is read.
  func refuseUnusedProvider(_ files: [String]) throws {
    guard let provider else { return }
    let logs = files.filter { file in (inputFormat ?? (try? RecordingFormat.detect(file)))?.rawValue == "gnsslogger" }
    guard logs.isEmpty else { return }
    throw InputFailure(message: "--provider \(provider.rawValue): expected GnssLogger logs to choose a provider in, found none among \(files.count) recording\(files.count == 1 ? "" : "s")")
  }

  /// Reads a reference receiver's recording (`--truth`), warning about what its reader skipped as for
  /// the recording itself.
  static func readTruth(_ path: String) throws -> Recording {
    let recording = try RecordingFormat.detect(path).read(path)
    if let summary = recording.readWarning { Terminal.warn("\(path) (the truth): \(summary)") }
    return recording
  }

  func read(_ path: String) throws -> Recording { try Self.read(path, format: inputFormat, provider: provider?.rawValue) }

  /// Reads a recording in `format` (default: from its name or content), warning about what its reader
  /// skipped.
  static func read(_ path: String, format: RecordingFormat? = nil, provider: String? = nil) throws -> Recording {
    let recording = try (format ?? RecordingFormat.detect(path)).read(path, provider: provider)
    if let summary = recording.readWarning { Terminal.warn("\(path): \(summary)") }
    return recording
  }
}


struct CalibrateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Fit a receiver to a recording with known truth; print real beside simulated statistics.",
      usage: "trackbench calibrate [<options>] <recording>",
    discussion: """
      Writes a YAML mapping with the keys receiver and noise, to paste over those of a scenario, then the
      statistics of the recording beside those of the fitted receiver simulated along the same truth, each
      marked 'ok' when within 20 % (or its absolute tolerance). See docs/realism.md.
      """)

  @Argument(help: "The recording (GPX, TCX, FIT, NMEA, GnssLogger, CSV).", completion: .file())
  var recording: String?

  @Option(
    name: .customLong("population"),
    help: "A population manifest (name, recordings with their truths; see docs/realism.md): fit each recording, write the population, place each left-out recording.",
    completion: .file(extensions: ["yaml", "yml"]))
  var populationManifest: String?

  @OptionGroup var truth: TruthOptions
  @OptionGroup var input: RecordingOptions

  @Option(help: "Fixes per second of the fitted receiver (default: from the recording's spacing, at most 10).", transform: { try DecimalOption.parse($0, option: "--rate") })
  var rate: Double?

  @Option(help: "table: the YAML, then the comparison as comments; json: both as data.")
  var format: CalibrationFormat = .table

  @Option(help: "Write the YAML (or JSON) to this file (atomically); the comparison then goes to standard output.", completion: .file())
  var output: String?

  func validate() throws {
    guard populationManifest != nil else {
      if recording == nil { throw ValidationError("expected a recording (or --population MANIFEST)") }
      return
    }
    guard recording == nil, truth.truth == nil, truth.staticAt == nil else {
      throw ValidationError("--population: expected the recordings and their truths in the manifest, found a recording or truth on the command line")
    }
    // Each recording's own rate is fitted, and the population is YAML: neither option can apply.
    guard rate == nil, format == .table else {
      throw ValidationError("--population: expected neither --rate nor --format json (each recording is fitted at its own rate; a population is YAML), found \(rate == nil ? "--format json" : "--rate")")
    }
  }

  func run() async throws {
    try await InputFailure.guarding {
      if let populationManifest {
        let manifest = try PopulationManifest.load(populationManifest, minimumRecordings: 2)
        let destination = try OutputDestination(output, inputs: [populationManifest] + manifest.files)
        try input.refuseUnusedProvider(manifest.recordings.map(\.file))
        try CalibrationDocument.population(
          manifest, path: populationManifest, threads: ProcessInfo.processInfo.activeProcessorCount, read: input.read, readTruth: RecordingOptions.readTruth
        ).write(to: destination)
        return
      }
      guard let recording else { return }  // validate() asks for one
      let chosen = try truth.chosen(for: recording)
      let destination = try OutputDestination(output, inputs: [recording] + (truth.truth.map { [$0] } ?? []))
      try input.refuseUnusedProvider([recording])
      try CalibrationDocument.receiver(
        fittedTo: try input.read(recording), file: recording, truth: chosen, rateHz: rate, json: format == .json,
        threads: ProcessInfo.processInfo.activeProcessorCount, readTruth: RecordingOptions.readTruth
      ).write(to: destination)
    }
  }
}

enum CalibrationFormat: String, CaseIterable, ExpressibleByArgument { case table, json }
