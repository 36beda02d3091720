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
      let manifest = try PopulationManifest.load(manifestPath, minimumRecordings: 2)
      let files = manifest.recordings.flatMap { [$0.file] + ($0.truth.map { [$0] } ?? []) }
      let destination = try OutputDestination(output, inputs: [manifestPath] + files)
      try input.refuseUnusedProvider(manifest.recordings.map(\.file))
      let threads = ProcessInfo.processInfo.activeProcessorCount
      let fits: ManifestFits
      if manifest.statistics.isEmpty {
        var series: [ErrorSeries] = []
        var recordings: [Recording] = []
        for entry in manifest.recordings {
          let recording = try input.read(entry.file)
          series.append(try ManifestFits.series(of: entry, recording: recording, reference: try entry.truth.map(RecordingOptions.readTruth)))
          recordings.append(recording)
        }
        fits = ManifestFits(manifest: manifest, series: series, recordings: recordings, threads: threads)
      } else {
        fits = ManifestFits(statisticsOf: manifest, file: manifestPath, threads: threads)
      }
      let targets = fits.targets
      let header = "trackbench calibrate --population \(manifestPath): \(targets.count) \(manifest.statistics.isEmpty ? "recordings" : "recordings' published statistics"), each fitted on its own"
      let yaml = fits.yaml(of: Array(targets.indices), header: header)
      let report = try fits.leaveOneOutReport()
      try CalibrationOutput.write(yaml: yaml, report: report, to: destination, output: output)
    }
  }
}
