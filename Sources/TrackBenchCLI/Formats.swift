import ArgumentParser
import Evaluation
import Reporting
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
