import ArgumentParser
import Findings
import Reporting
import Speed
import TrackIO

// The formats the user types are the modules' own enums: their cases appear in `--help`, in completion
// scripts and in the error for a wrong value, written once.
extension ReportFormat: ExpressibleByArgument {}
extension ComparisonFormat: ExpressibleByArgument {}
extension TuneFormat: ExpressibleByArgument {}
extension CheckFormat: ExpressibleByArgument {}
extension TuneMethod: ExpressibleByArgument {}
extension TrackFormat: ExpressibleByArgument {}
extension RecordingFormat: ExpressibleByArgument {}

/// `trackbench throughput --format`.
enum ThroughputFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json
}

/// `trackbench replay --track-format`: the formats that hold several named tracks in one file (the fixes
/// given to the strategies, the truth and each strategy's output), so `--help` lists only what works.
enum ReplayTrackFormat: String, CaseIterable, ExpressibleByArgument {
  case gpx, csv, json

  var format: TrackFormat {
    switch self {
    case .gpx: .gpx
    case .csv: .csv
    case .json: .json
    }
  }
}
