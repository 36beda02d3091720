import Foundation
import NumericKit
import Simulation

/// A population of receivers from several recordings, each fitted on its own by ``Calibrator``: per
/// parameter, the log-normal whose median and log-sd are the geometric mean and the sample sd of the
/// logarithms of the values the recordings could tell (see ``Calibrator/Result/identified``).
///
/// Each recording's fit is also kept whole as a device (``ReceiverPopulation/Device``): trials draw one
/// of them, varied about its fit, so a drawn receiver is always one like a real device; the per-parameter
/// distributions serve the parameters a device's recording could not tell, and bound every draw.
///
/// What a handful of recordings can claim: the devices seen, not the spread across all phones. So the
/// log-sd is at least ``minimumLogSD`` (an assumption: two or three recordings may agree by chance), and
/// draws are clamped to the values seen widened by two log-sds each way.
public enum PopulationFit {
  /// The least log-sd of any parameter (±22 % at one sd): assumed, not measured.
  public static let minimumLogSD = 0.2
  /// Smallest value of a parameter taken into its logarithm (a fitted 0 is "none").
  static let floor = 1e-4

  /// One recording's fit, with the line naming it.
  public struct Fitted: Sendable {
    public var source: String
    public var result: Calibrator.Result
    public init(source: String, result: Calibrator.Result) { self.source = source; self.result = result }
  }

  /// The population of `fits`.
  public static func population(name: String, fits: [Fitted]) -> ReceiverPopulation {
    var parameters: [ReceiverPopulation.Parameter] = []
    for drawable in ReceiverPopulation.drawable {
      let values = fits.filter { $0.result.identified.contains(drawable.name) }.compactMap { drawable.get($0.result.receiver) }
      guard !values.isEmpty else { continue }
      let logs = values.map { log(max($0, floor)) }
      let mean = logs.reduce(0, +) / Double(logs.count)
      let logSD = max(Statistics.variance(logs).map { $0.squareRoot() } ?? 0, minimumLogSD)
      let lowest = max(exp(logs.min()! - 2 * logSD), max(drawable.range.lowerBound, floor))
      let highest = min(exp(logs.max()! + 2 * logSD), drawable.range.upperBound)
      let median = min(max(exp(mean), lowest), highest)
      parameters.append(
        ReceiverPopulation.Parameter(
          name: drawable.name, median: median, logSD: min(logSD, 3), minimum: lowest, maximum: highest, recordings: values.count))
    }
    let holding = fits.filter { $0.result.receiver.staticHold != nil }.count
    let devices = fits.enumerated().map { index, fit in
      var values: [String: Double] = [:]
      for drawable in ReceiverPopulation.drawable where fit.result.identified.contains(drawable.name) {
        if let value = drawable.get(fit.result.receiver) { values[drawable.name] = min(max(value, drawable.range.lowerBound), drawable.range.upperBound) }
      }
      return ReceiverPopulation.Device(
        recording: index + 1, staticHold: fit.result.receiver.staticHold != nil, values: values, speed: fit.result.speed)
    }
    return ReceiverPopulation(
      name: name, sources: fits.map(\.source), staticHoldShare: Double(holding) / Double(max(fits.count, 1)), parameters: parameters,
      devices: devices)
  }

  /// The population as a file `receiver: { population: FILE }` reads; `base` is the `receiver:` mapping
  /// every device shares (YAML flow lines, indented by two), written as given.
  public static func yaml(_ population: ReceiverPopulation, rateHz: Double, base: [String] = [], header: String) -> String {
    var lines = header.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }
    lines.append("name: \(population.name)")
    lines.append("sources:")
    lines += population.sources.map { "  - \"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"" }
    lines.append("static_hold_share: \(ReceiverYAML.number(population.staticHoldShare))")
    lines.append("receiver:")
    lines.append("  rate_hz: \(ReceiverYAML.number(rateHz))")
    lines += base.map { "  " + $0 }
    lines.append("parameters:")
    for p in population.parameters {
      lines.append(
        "  \(p.name): { median: \(ReceiverYAML.number(p.median)), log_sd: \(ReceiverYAML.number(p.logSD)), "
          + "min: \(ReceiverYAML.number(p.minimum)), max: \(ReceiverYAML.number(p.maximum)), recordings: \(p.recordings) }")
    }
    if !population.devices.isEmpty {
      lines.append("# Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).")
      lines.append("device_log_sd: \(ReceiverYAML.number(population.deviceLogSD))")
      lines.append("devices:")
      for device in population.devices {
        let values = ReceiverPopulation.drawable.compactMap { d in device.values[d.name].map { "\(d.name): \(ReceiverYAML.number($0))" } }
        let speed = device.speed.map { ["speed_mps: \(ReceiverYAML.number($0))"] } ?? []
        lines.append(
          "  - { " + (["recording: \(device.recording)", "static_hold: \(device.staticHold)"] + speed + values).joined(separator: ", ") + " }")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Where a real recording falls among a population's simulated devices: each trial draws a device
/// and simulates it along the recording's truth (``SeriesSimulation``), on seeds no fit used.
public enum PopulationPlacement {
  /// One statistic: the real value and its percentile among the simulated ones.
  public struct Row: Sendable, Hashable, Codable {
    public var name: String
    public var real: Double?
    public var p5: Double?
    public var p50: Double?
    public var p95: Double?
    /// Percent of simulated values below the real one (ties count half); `nil` when either side is absent.
    public var percentile: Double?
    /// Whether the real value lies in the 5-95 % band.
    public var inside: Bool? { percentile.map { (5...95).contains($0) } }
  }

  /// Of `rows`, those inside the band and those placed at all (a statistic both sides have).
  public static func count(_ rows: [Row]) -> (inside: Int, placed: Int) {
    (rows.filter { $0.inside == true }.count, rows.filter { $0.inside != nil }.count)
  }

  /// Trials (devices) simulated per placement.
  public static let trials = 100
  /// Seed of the placements' simulations (no fit uses it).
  public static let seed: UInt64 = 0x0C7_0F_5A3B1E

  /// The placement of `real` in the population of `receiver` (whose `population` is set), every device
  /// reporting at the recording's own rate.
  public static func place(_ receiver: ReceiverSpec, real: ErrorSeries, trials: Int = trials, threads: Int = 1) -> [Row] {
    place(receiver, statistics: Calibrator.measured(real), along: real, trials: trials, threads: threads)
  }

  /// The placement of `realStatistics`, measured of a recording whose truth moved as `motion` does; the
  /// devices simulated on `threads` threads (in trial order: the same rows on any count).
  public static func place(
    _ receiver: ReceiverSpec, statistics realStatistics: [String: Double?], along motion: ErrorSeries, trials: Int = trials, threads: Int = 1
  ) -> [Row] {
    var receiver = receiver
    receiver.rateHz = Calibrator.rate(of: motion)
    let model = ReceiverModel(receiver: receiver, noise: [], seed: seed)
    let plan = SeriesSimulation.Plan(like: motion, rateHz: receiver.rateHz)
    let timing = ErrorStatistics.Timing(motion.time)
    let devices = TrialMap.map(count: trials, threads: threads) {
      ErrorStatistics.measure(SeriesSimulation.simulate(model, along: plan, trial: $0), timing: timing)
    }
    var simulated: [String: [Double]] = [:]
    for statistics in devices {
      for statistic in statistics {
        if let value = statistic.value { simulated[statistic.name, default: []].append(value) }
      }
    }
    return ErrorStatistics.definitions.map { definition in
      let statistic = Statistic(name: definition.name, value: realStatistics[definition.name] ?? nil)
      let values = simulated[statistic.name] ?? []
      // A statistic most devices do not have is not placed (as the realism comparison does).
      guard values.count * 2 >= trials else { return Row(name: statistic.name, real: statistic.value) }
      // Typed in steps: as one expression it took the type checker 3.2 s (docs/design-notes.md, #63).
      let percentile = statistic.value.map { (r: Double) -> Double in
        let below = Double(values.filter { $0 < r }.count)
        let ties = Double(values.filter { $0 == r }.count)
        return 100 * (below + 0.5 * ties) / Double(values.count)
      }
      return Row(
        name: statistic.name, real: statistic.value, p5: Statistics.quantile(values, 0.05), p50: Statistics.quantile(values, 0.5),
        p95: Statistics.quantile(values, 0.95), percentile: percentile)
    }
  }
}
