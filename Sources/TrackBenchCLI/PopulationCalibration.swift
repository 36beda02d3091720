import Foundation
import Realism
import Simulation

/// `calibrate --population MANIFEST`: fits every recording of the manifest on its own, writes the
/// population of those fits, then places each recording in the population of the others
/// (leave-one-recording-out), the out-of-sample check of what the population claims.
struct PopulationCalibration {
  let manifestPath: String
  let input: RecordingOptions
  let format: CalibrationFormat
  let output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let manifest: PopulationManifest
      do { manifest = try PopulationManifest.load(manifestPath) } catch let error as ScenarioFileError { throw InputFailure(message: "\(error)") }
      let files = manifest.recordings.flatMap { [$0.file] + ($0.truth.map { [$0] } ?? []) }
      let destination = try OutputDestination(output, inputs: [manifestPath] + files)
      var series: [ErrorSeries] = []
      var sources: [String] = []
      for entry in manifest.recordings {
        let options = try TruthOptions.parse(entry.truth.map { ["--truth", $0] } ?? ["--static-at", entry.staticAt ?? ""])
        let chosen = try options.chosen(for: entry.file)
        let real = try options.series(try input.read(entry.file), file: entry.file, truth: chosen)
        guard real.count >= Calibrator.minimumEpochs else {
          throw InputFailure(
            message: "\(entry.file): expected at least \(Calibrator.minimumEpochs) epochs with a position and a truth to compare with, found \(real.count)")
        }
        series.append(real)
        sources.append(entry.source)
      }
      let rates = series.map { min(max(1 / max($0.typicalInterval, 0.1), 0.2), 10) }
      let rateHz = rates.sorted()[rates.count / 2]
      // Each recording is fitted on its own (the slow part), two at a time.
      let fits = UnsafeMutableBufferPointer<Calibrator.Result?>.allocate(capacity: series.count)
      fits.initialize(repeating: nil)
      defer { fits.deallocate() }
      nonisolated(unsafe) let slots = fits
      let all = series
      DispatchQueue.concurrentPerform(iterations: all.count) { i in
        slots[i] = Calibrator().calibrate(all[i], rateHz: rates[i])
      }
      let fitted = (0..<series.count).map { PopulationFit.Fitted(source: sources[$0], result: fits[$0]!) }
      let population = PopulationFit.population(name: manifest.name, fits: fitted)
      let header = "trackbench calibrate --population \(manifestPath): \(fitted.count) recordings, each fitted on its own"
      let yaml = PopulationFit.yaml(population, rateHz: rateHz, base: manifest.receiverLines, header: header)
      var report = ""
      var insideCounts: [Int] = []
      for left in fitted.indices {
        let others = PopulationFit.population(name: manifest.name, fits: fitted.enumerated().filter { $0.offset != left }.map(\.element))
        var receiver = try Self.receiver(of: others, rateHz: rateHz, base: manifest.receiverLines)
        receiver.rateHz = rates[left]
        let rows = PopulationPlacement.place(receiver, real: series[left])
        insideCounts.append(rows.filter { $0.inside == true }.count)
        report += PlacementText.render(title: "\(manifest.recordings[left].source) left out", rows, format: format == .json ? .table : (format == .table ? .table : .markdown))
      }
      let placed = fitted.indices.map { "\(insideCounts[$0])" }.joined(separator: ", ")
      report += "leave-one-recording-out: statistics inside the 5-95 % band per recording: \(placed)\n"
      if output == nil || output == "-" {
        try destination.write(yaml + report.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "# " + $0 }.joined(separator: "\n"))
      } else {
        try destination.write(yaml)
        try OutputDestination(nil, inputs: []).write(report)
      }
    }
  }

  /// A receiver drawing from `population` (decoded back from its YAML, as a scenario would read it).
  static func receiver(of population: ReceiverPopulation, rateHz: Double, base: [String]) throws -> ReceiverSpec {
    var spec = try ReceiverPopulation.receiver(fromYAML: PopulationFit.yaml(population, rateHz: rateHz, base: base, header: ""))
    spec.rateHz = rateHz
    return spec
  }
}

/// A placement as text: statistic, real, the simulated 5th, 50th and 95th percentiles, the real value's
/// percentile, and whether it lies inside the band.
enum PlacementText {
  enum Style { case table, markdown }

  static func render(title: String, _ rows: [PopulationPlacement.Row], format: Style) -> String {
    let v = CalibrationText.value
    func verdict(_ row: PopulationPlacement.Row) -> String { row.inside.map { $0 ? "inside" : "OUTSIDE" } ?? "n/a" }
    func percentile(_ row: PopulationPlacement.Row) -> String { row.percentile.map { String(format: "%.0f", $0) } ?? "-" }
    let defined = rows.filter { $0.inside != nil }
    let summary = "\(defined.filter { $0.inside == true }.count) of \(defined.count) statistics inside the 5-95 % band"
    switch format {
    case .markdown:
      var lines = ["#### \(title)", "", "| statistic | real | p5 | p50 | p95 | percentile | |", "|---|---:|---:|---:|---:|---:|---|"]
      for row in rows {
        lines.append("| `\(row.name)` | \(v(row.real)) | \(v(row.p5)) | \(v(row.p50)) | \(v(row.p95)) | \(percentile(row)) | \(verdict(row)) |")
      }
      return lines.joined(separator: "\n") + "\n\n" + summary + "\n\n"
    case .table:
      let width = rows.map(\.name.count).max() ?? 10
      var lines = [title, "statistic".padding(toLength: width, withPad: " ", startingAt: 0) + ["real", "p5", "p50", "p95", "pct"].map { "  " + $0.leftPadded(8) }.joined() + "  verdict"]
      for row in rows {
        let cells = [v(row.real), v(row.p5), v(row.p50), v(row.p95), percentile(row)].map { "  " + $0.leftPadded(8) }.joined()
        lines.append(row.name.padding(toLength: width, withPad: " ", startingAt: 0) + cells + "  " + verdict(row))
      }
      return lines.joined(separator: "\n") + "\n" + summary + "\n\n"
    }
  }
}
