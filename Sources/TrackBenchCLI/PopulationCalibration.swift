import Foundation
import Harness
import Realism
import Simulation

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
      let rates = series.map(Calibrator.rate(of:))
      let rateHz = rates.sorted()[rates.count / 2]
      // Each recording is fitted on its own (the slow part), on every core.
      let all = series
      let fits = Parallel.map(count: all.count, threads: ProcessInfo.processInfo.activeProcessorCount) { i in
        Calibrator().calibrate(all[i], rateHz: rates[i])
      }
      let fitted = (0..<series.count).map { PopulationFit.Fitted(source: sources[$0], result: fits[$0]) }
      let population = PopulationFit.population(name: manifest.name, fits: fitted)
      let header = "trackbench calibrate --population \(manifestPath): \(fitted.count) recordings, each fitted on its own"
      let yaml = PopulationFit.yaml(population, rateHz: rateHz, base: manifest.receiverLines, header: header)
      var report = ""
      var insideCounts: [Int] = []
      for left in fitted.indices {
        let others = PopulationFit.population(name: manifest.name, fits: fitted.enumerated().filter { $0.offset != left }.map(\.element))
        // Read back as a scenario would read the file.
        let receiver = try ReceiverPopulation.receiver(fromYAML: PopulationFit.yaml(others, rateHz: rateHz, base: manifest.receiverLines, header: ""))
        let rows = PopulationPlacement.place(receiver, real: series[left])
        insideCounts.append(PopulationPlacement.count(rows).inside)
        report += PlacementText.render(title: "\(manifest.recordings[left].source) left out", rows)
      }
      let placed = fitted.indices.map { "\(insideCounts[$0])" }.joined(separator: ", ")
      report += "leave-one-recording-out: statistics inside the 5-95 % band per recording: \(placed)\n"
      try CalibrationText.write(yaml: yaml, report: report, to: destination, output: output)
    }
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
