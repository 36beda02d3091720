import Foundation
import Simulation

/// What `trackbench realism` prints: each receiver model (a preset or a scenario's receiver with its
/// noise) simulated along each real recording's truth, statistic by statistic beside the recording, and
/// each recording placed in each receiver population (the 5-95 % band of its devices).
public struct RealismComparison {
  /// A receiver model to compare: its name, the receiver and the noise stages after it.
  public var receivers: [(name: String, receiver: ReceiverSpec, noise: [NoiseStage])]
  /// Receiver populations to place the recordings in, by name.
  public var populations: [(name: String, receiver: ReceiverSpec)]
  /// Threads each comparison's simulations run on (the report is the same on any count).
  public var threads = 1

  public init(receivers: [(name: String, receiver: ReceiverSpec, noise: [NoiseStage])], populations: [(name: String, receiver: ReceiverSpec)]) {
    self.receivers = receivers; self.populations = populations
  }

  /// The report for `recordings` (each a file's name and its error series against its truth): per
  /// recording, every model's table (Markdown when `markdown`), then every placement, and a last line
  /// counting the statistics inside each population's band.
  /// - Complexity: one simulation per model and recording, one per population device and recording.
  public func report(_ recordings: [(file: String, real: ErrorSeries)], markdown: Bool) -> String {
    var text = ""
    var placed: [String] = []
    for (file, real) in recordings {
      for (name, receiver, noise) in receivers {
        var calibrator = Calibrator()
        calibrator.threads = threads
        let rows = calibrator.compare(receiver, noise: noise, real: real)
        text += markdown ? CalibrationText.markdown(title: "`\(name)` vs `\(file)`", rows) + "\n" : "\(name) vs \(file)\n" + CalibrationText.comparison(rows) + "\n"
      }
      for (name, population) in populations {
        let rows = PopulationPlacement.place(population, real: real, threads: threads)
        let (inside, judged) = PopulationPlacement.count(rows)
        placed.append("\(name) / \(file): \(inside) of \(judged)")
        text += CalibrationText.placement(title: "\(file) placed in population \(name)", rows)
      }
    }
    if !placed.isEmpty { text += "statistics inside the 5-95 % band: " + placed.joined(separator: "; ") + "\n" }
    return text
  }
}
