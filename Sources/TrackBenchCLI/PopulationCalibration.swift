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
      do { manifest = try PopulationManifest.load(manifestPath, minimumRecordings: 2) } catch let error as ScenarioFileError { throw InputFailure(message: "\(error)") }
      let files = manifest.recordings.flatMap { [$0.file] + ($0.truth.map { [$0] } ?? []) }
      let destination = try OutputDestination(output, inputs: [manifestPath] + files)
      try input.refuseUnusedProvider(manifest.recordings.map(\.file))
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
        report += CalibrationText.placement(title: "\(manifest.recordings[left].source) left out", rows)
      }
      let placed = series.indices.map { "\(insideCounts[$0])" }.joined(separator: ", ")
      report += "leave-one-recording-out: statistics inside the 5-95 % band per recording: \(placed)\n"
      try CalibrationOutput.write(yaml: yaml, report: report, to: destination, output: output)
    }
  }
}
