import Foundation
import Harness
import Realism
import Simulation
import TrackIO

/// `calibrate --population MANIFEST`: fits every recording of the manifest on its own, writes the
/// population of those fits, then places each recording in the population of the others
/// (leave-one-recording-out), the out-of-sample check of what the population claims.
struct PopulationCalibration {
  let manifestPath: String
  let input: RecordingOptions
  let output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let manifest: PopulationManifest
      do { manifest = try PopulationManifest.load(manifestPath) } catch let error as ScenarioFileError { throw InputFailure(message: "\(error)") }
      let files = manifest.recordings.flatMap { [$0.file] + ($0.truth.map { [$0] } ?? []) }
      let destination = try OutputDestination(output, inputs: [manifestPath] + files)
      var series: [ErrorSeries] = []
      for entry in manifest.recordings {
        let recording = try input.read(entry.file)
        series.append(try ManifestFits.series(of: entry, recording: recording, reference: try entry.truth.map(RecordingOptions.readTruth)))
      }
      let fits = ManifestFits(manifest: manifest, series: series, threads: ProcessInfo.processInfo.activeProcessorCount)
      let header = "trackbench calibrate --population \(manifestPath): \(series.count) recordings, each fitted on its own"
      let yaml = fits.yaml(of: Array(series.indices), header: header)
      var report = ""
      var insideCounts: [Int] = []
      for left in series.indices {
        let rows = PopulationPlacement.place(try fits.receiver(of: series.indices.filter { $0 != left }), real: series[left])
        insideCounts.append(PopulationPlacement.count(rows).inside)
        report += PlacementText.render(title: "\(manifest.recordings[left].source) left out", rows)
      }
      let placed = series.indices.map { "\(insideCounts[$0])" }.joined(separator: ", ")
      report += "leave-one-recording-out: statistics inside the 5-95 % band per recording: \(placed)\n"
      try CalibrationText.write(yaml: yaml, report: report, to: destination, output: output)
    }
  }
}

/// The recordings of a manifest, each fitted on its own (``Calibrator``, the slow part, one per core),
/// and the population of any subset of them: what `calibrate --population` (the population, and each
/// recording placed in the population of the others) and `transfer` (each recording judged with the
/// population of the others) share.
struct ManifestFits {
  let manifest: PopulationManifest
  let fitted: [PopulationFit.Fitted]
  /// The populations' fix rate: the recordings' median.
  let rateHz: Double

  init(manifest: PopulationManifest, series: [ErrorSeries], threads: Int) {
    let rates = series.map(Calibrator.rate(of:))
    let fits = CellExecutor.map(count: series.count, threads: threads) { i in Calibrator().calibrate(series[i], rateHz: rates[i]) }
    self.manifest = manifest
    fitted = series.indices.map { PopulationFit.Fitted(source: manifest.recordings[$0].source, result: fits[$0]) }
    rateHz = rates.sorted()[rates.count / 2]
  }

  /// The population of the recordings `chosen` (indices in the manifest), as YAML.
  func yaml(of chosen: [Int], header: String) -> String {
    PopulationFit.yaml(
      PopulationFit.population(name: manifest.name, fits: chosen.map { fitted[$0] }), rateHz: rateHz, base: manifest.receiverLines, header: header)
  }

  /// The receiver a scenario drawing from the population of `chosen` gets (read back as a scenario
  /// would read the population's file).
  func receiver(of chosen: [Int]) throws -> ReceiverSpec { try ReceiverPopulation.receiver(fromYAML: yaml(of: chosen, header: "")) }

  /// A manifest's recording against its truth (`reference`, the truth file read, or its `static_at`),
  /// checked for a fit: at least ``Calibrator/minimumEpochs`` epochs with a truth.
  /// - Throws: ``InputFailure`` naming the file.
  static func series(of entry: PopulationManifest.Recording, recording: Recording, reference: Recording?) throws -> ErrorSeries {
    let options = try TruthOptions.parse(entry.truth.map { ["--truth", $0] } ?? ["--static-at", entry.staticAt ?? ""])
    let real = try options.series(recording, file: entry.file, truth: try options.chosen(for: entry.file), reference: reference)
    guard real.count >= Calibrator.minimumEpochs else {
      throw InputFailure(
        message: "\(entry.file): expected at least \(Calibrator.minimumEpochs) epochs with a position and a truth to compare with, found \(real.count)")
    }
    return real
  }
}

/// A placement as text: statistic, real, the simulated 5th, 50th and 95th percentiles, the real value's
/// percentile, and whether it lies inside the band.
enum PlacementText {
  static func render(title: String, _ rows: [PopulationPlacement.Row]) -> String {
    let v = CalibrationText.value
    let width = rows.map(\.name.count).max() ?? 10
    var lines = [title, "statistic".padding(toLength: width, withPad: " ", startingAt: 0) + ["real", "p5", "p50", "p95", "pct"].map { "  " + $0.leftPadded(8) }.joined() + "  verdict"]
    for row in rows {
      let percentile = row.percentile.map { String(format: "%.0f", $0) } ?? "-"
      let cells = [v(row.real), v(row.p5), v(row.p50), v(row.p95), percentile].map { "  " + $0.leftPadded(8) }.joined()
      lines.append(row.name.padding(toLength: width, withPad: " ", startingAt: 0) + cells + "  " + (row.inside.map { $0 ? "inside" : "OUTSIDE" } ?? "n/a"))
    }
    let (inside, placed) = PopulationPlacement.count(rows)
    lines.append("\(inside) of \(placed) statistics inside the 5-95 % band")
    return lines.joined(separator: "\n") + "\n\n"
  }
}
