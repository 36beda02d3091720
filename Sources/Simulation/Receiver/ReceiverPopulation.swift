import Foundation
import TrackCore
import NumericKit

/// Receivers as they vary across devices and recordings: per parameter a distribution fitted by
/// `trackbench calibrate --population` from several recordings, from which each trial draws one device
/// (seeded by the scenario's seed and the trial, so the same seed draws the same devices on any thread
/// count, shard or resume). A scenario names one as `receiver: { population: NAME }` (a bundled name or a
/// YAML file beside the scenario); the keys of its `receiver` mapping are the parameters every device
/// shares, keys beside `population` override them.
///
/// With `devices` (the fitted devices, one per recording: what `calibrate --population` writes), a
/// trial draws **a whole device**: one of them at random, each of its fitted parameters times
/// e^(`device_log_sd` · z) (another unit of that model, another day: an assumed ±22 % at one sd by
/// default), clamped to the parameter's [`min`, `max`]; a fitted 0 stays 0 (a device without tails). The parameters keep the relations the fit found
/// between them (a long wander with a small jitter stays so), which independent draws would lose; a
/// parameter the device's recording could not tell is drawn from its distribution below.
///
/// Without `devices`, each parameter is drawn on its own: log-normal, exp(N(ln `median`, `log_sd`²)),
/// clamped to [`min`, `max`], with the static hold on a share `static_hold_share` of devices.
public struct ReceiverPopulation: Sendable, Hashable, Decodable {
  public var name: String
  /// Where the distributions come from: one line per recording (file and its truth).
  public var sources: [String]
  /// Share of devices with a static hold, 0-1.
  public var staticHoldShare: Double
  public var parameters: [Parameter]
  /// The fitted devices trials draw from; empty: parameters are drawn independently.
  public var devices: [Device]
  /// Log-sd of a drawn device's parameters about its fitted values.
  public var deviceLogSD: Double

  /// The least log-sd of a device's parameters about its fit (±22 % at one sd): assumed, not measured.
  public static let defaultDeviceLogSD = 0.2

  public init(
    name: String, sources: [String], staticHoldShare: Double, parameters: [Parameter], devices: [Device] = [],
    deviceLogSD: Double = defaultDeviceLogSD
  ) {
    self.name = name; self.sources = sources; self.staticHoldShare = staticHoldShare; self.parameters = parameters
    self.devices = devices; self.deviceLogSD = deviceLogSD
  }

  /// One fitted device: its recording (1-based, in ``sources``), whether it holds a standing fix, the
  /// parameters its recording could tell, by name, and the recording's median true speed.
  public struct Device: Sendable, Hashable {
    public var recording: Int
    public var staticHold: Bool
    public var values: [String: Double]
    /// m/s (`speed_mps`): the median true speed of its recording, where its fitted wander and jitter
    /// hold. A recording that did not both stand and move fitted them with no still factor (1); a still
    /// factor drawn for it from the population is taken relative to this speed, so the device still errs
    /// as its recording did there, and the population's stopped/moving contrast applies elsewhere.
    /// `nil`: the drawn factor applies as drawn.
    public var speed: Double?
    public init(recording: Int, staticHold: Bool, values: [String: Double], speed: Double? = nil) {
      self.recording = recording; self.staticHold = staticHold; self.values = values; self.speed = speed
    }
  }

  /// One parameter's distribution across devices.
  public struct Parameter: Sendable, Hashable {
    /// A name from ``ReceiverPopulation/drawable``, e.g. `error.wander_sigma_m`.
    public var name: String
    public var median: Double
    /// Standard deviation of the natural logarithm.
    public var logSD: Double
    public var minimum: Double
    public var maximum: Double
    /// Recordings the distribution was fitted from.
    public var recordings: Int

    public init(name: String, median: Double, logSD: Double, minimum: Double, maximum: Double, recordings: Int) {
      self.name = name; self.median = median; self.logSD = logSD; self.minimum = minimum; self.maximum = maximum; self.recordings = recordings
    }

    /// A draw: the median times e^(log-sd · z), clamped.
    public func value(z: Double) -> Double { min(max(median * exp(logSD * z), minimum), maximum) }
  }

  /// A receiver parameter a population may vary: its valid range and where it lives in the spec.
  public struct Drawable: Sendable {
    public let name: String
    public let range: ClosedRange<Double>
    public let unit: String
    public let get: @Sendable (ReceiverSpec) -> Double?
    let set: @Sendable (inout ReceiverSpec, Double) -> Void
  }

  /// Every parameter a population may vary, in file order.
  public static let drawable: [Drawable] = [
    errorParameter("error.wander_sigma_m", 0...1000, "m", \.wanderSigma),
    errorParameter("error.wander_tau_s", 0.5...86_400, "s", \.wanderTau),
    errorParameter("error.jitter_sigma_m", 0...1000, "m", \.jitterSigma),
    // A correlation time too short to matter at any fix rate is white jitter (0), as calibrate fits it.
    errorParameter("error.jitter_tau_s", 0...86_400, "s", \.jitterTau) { $0 < 0.05 ? 0 : $0 },
    errorParameter("error.jitter_per_speed_s", 0...100, "s", \.jitterPerSpeed),
    errorParameter("error.tail_share", 0...0.5, "share", \.tailShare),
    errorParameter("error.tail_sigma_m", 0...100_000, "m", \.tailSigma),
    errorParameter("error.offset_m", 0...1000, "m", \.offset),
    errorParameter("error.still_scale", 0.1...10, "factor", \.stillScale),
    errorParameter("error.still_speed_mps", 0.1...100, "m/s", \.stillSpeed),
    Drawable(
      name: "static_hold.below_mps", range: 0...10, unit: "m/s", get: { $0.staticHold?.below },
      set: { spec, value in spec.staticHold?.below = value }),
    Drawable(
      name: "static_hold.release_m", range: 0...1000, unit: "m", get: { $0.staticHold?.release },
      set: { spec, value in spec.staticHold?.release = value }),
    Drawable(
      name: "reported_accuracy.base_m", range: 0...1000, unit: "m", get: { $0.reportedAccuracy.base },
      set: { spec, value in spec.reportedAccuracy.base = value }),
    Drawable(
      name: "reported_accuracy.wander_log_sigma", range: 0...3, unit: "log-sd", get: { $0.reportedAccuracy.wanderLogSigma },
      set: { spec, value in spec.reportedAccuracy.wanderLogSigma = value }),
    Drawable(
      name: "doppler.speed_sigma_mps", range: 0...10, unit: "m/s", get: { $0.doppler?.speedSigma },
      set: { spec, value in spec.doppler?.speedSigma = value }),
    Drawable(
      name: "doppler.latency_s", range: 0...5, unit: "s", get: { $0.doppler?.latency },
      set: { spec, value in spec.doppler?.latency = value }),
    Drawable(
      name: "reported_accuracy.follows_true_error", range: 0...1, unit: "weight", get: { $0.reportedAccuracy.followsTrueError },
      set: { spec, value in spec.reportedAccuracy.followsTrueError = value }),
    // Last, so a population without them draws what it drew before they existed.
    verticalParameter("vertical.sigma_m", 0...1000, "m", \.sigma),
    verticalParameter("vertical.tau_s", 0.1...86_400, "s", \.tau),
    verticalParameter("vertical.offset_m", -100...100, "m", \.offset),
    // How long a tail excursion lasts; a time too short to span two fixes at any rate is one fix (0),
    // as calibrate fits it.
    errorParameter("error.tail_tau_s", 0...86_400, "s", \.tailTau) { $0 < 0.05 ? 0 : $0 },
  ]

  /// A parameter of the vertical model (``ReceiverSpec/Vertical``), made when the base has none.
  private static func verticalParameter(
    _ name: String, _ range: ClosedRange<Double>, _ unit: String, _ path: WritableKeyPath<ReceiverSpec.Vertical, Double> & Sendable
  ) -> Drawable {
    Drawable(
      name: name, range: range, unit: unit, get: { $0.vertical?[keyPath: path] },
      set: { spec, value in
        var vertical = spec.vertical ?? ReceiverSpec.Vertical()
        vertical[keyPath: path] = value
        spec.vertical = vertical
      })
  }

  /// The drawable parameters by name.
  static let drawableByName = Dictionary(uniqueKeysWithValues: drawable.map { ($0.name, $0) })

  private static func errorParameter(
    _ name: String, _ range: ClosedRange<Double>, _ unit: String, _ path: WritableKeyPath<ReceiverError, Double> & Sendable,
    drawn: @escaping @Sendable (Double) -> Double = { $0 }
  ) -> Drawable {
    Drawable(
      name: name, range: range, unit: unit, get: { $0.error?[keyPath: path] },
      set: { spec, value in
        var error = spec.error ?? ReceiverError()
        error[keyPath: path] = drawn(value)
        spec.error = error
      })
  }

  /// The device of one trial: `base` with every parameter drawn from `random`, in ``parameters`` order
  /// (one uniform for the device or the hold, then one Gaussian per parameter, always, so a parameter's
  /// draw does not depend on which device or hold was drawn).
  public func device(base: ReceiverSpec, random: RandomSource) -> ReceiverSpec {
    var spec = base
    spec.population = nil
    let u = random.uniform()
    let fitted = devices.isEmpty ? nil : devices[min(devices.count - 1, Int(u * Double(devices.count)))]
    let holds = fitted?.staticHold ?? (u < staticHoldShare)
    spec.staticHold = holds ? (base.staticHold ?? StaticHold()) : nil
    // A drawn offset points anywhere: its bearing is drawn per trial by the receiver error.
    spec.error?.offsetBearing = nil
    for parameter in parameters {
      let z = random.gaussian(sigma: 1)
      // A fitted 0 is none (no tails), not the smallest value the others had.
      let value = fitted?.values[parameter.name].map { $0 == 0 ? 0 : min(max($0 * exp(deviceLogSD * z), parameter.minimum), parameter.maximum) }
      Self.drawableByName[parameter.name]?.set(&spec, value ?? parameter.value(z: z))
    }
    if let fitted, fitted.values[Self.stillScaleName] == nil, let speed = fitted.speed, var error = spec.error {
      let factor = error.motionFactor(atSpeed: speed)
      error.wanderSigma /= factor
      error.jitterSigma /= factor
      error.jitterPerSpeed /= factor
      spec.error = error
    }
    return spec
  }

  static let stillScaleName = "error.still_scale"

  enum CodingKeys: String, CodingKey, CaseIterable { case name, sources, static_hold_share, parameters, devices, device_log_sd, receiver }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try c.value(.name, expected: "the population's name") { !$0.isEmpty }
    sources = try c.value(.sources, expected: "a list of the recordings it was fitted from") { !$0.isEmpty }
    staticHoldShare = try c.value(.static_hold_share, default: 0, expected: "a share from 0 to 1") { (0...1).contains($0) }
    let mapping = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .parameters)
    guard !mapping.allKeys.isEmpty else {
      throw decoder.specError("parameters", expected: "a mapping of at least one parameter to its distribution", found: "an empty mapping")
    }
    var parameters: [Parameter] = []
    for key in mapping.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      guard let drawable = Self.drawableByName[key.stringValue] else {
        throw decoder.specError(
          "parameters.\(key.stringValue)", expected: "one of \(Self.drawable.map(\.name).joined(separator: ", "))", found: QuotedText.quoted(key.stringValue))
      }
      let distribution = try mapping.decode(Distribution.self, forKey: key)
      let field = "parameters.\(key.stringValue)"
      for (what, value) in [("median", distribution.median), ("min", distribution.minimum), ("max", distribution.maximum)]
      where !drawable.range.contains(value) {
        throw decoder.specError(
          "\(field).\(what)", expected: "\(drawable.unit) from \(drawable.range.lowerBound) to \(drawable.range.upperBound)", found: "\(value)")
      }
      guard distribution.minimum <= distribution.median, distribution.median <= distribution.maximum else {
        throw decoder.specError(
          field, expected: "min ≤ median ≤ max", found: "min \(distribution.minimum), median \(distribution.median), max \(distribution.maximum)")
      }
      parameters.append(
        Parameter(
          name: key.stringValue, median: distribution.median, logSD: distribution.logSD, minimum: distribution.minimum,
          maximum: distribution.maximum, recordings: distribution.recordings))
    }
    // File order is the drawable table's, so a draw never depends on how the file was written.
    self.parameters = Self.drawable.compactMap { d in parameters.first { $0.name == d.name } }
    deviceLogSD = try c.value(.device_log_sd, default: Self.defaultDeviceLogSD, expected: "a standard deviation of the logarithm from 0 to 3") {
      (0...3).contains($0)
    }
    var devices: [Device] = []
    if c.contains(.devices) {
      var list = try c.nestedUnkeyedContainer(forKey: .devices)
      while !list.isAtEnd {
        let index = list.currentIndex
        let entry = try list.nestedContainer(keyedBy: AnyKey.self)
        let field = "devices[\(index)]"
        var device = Device(recording: 0, staticHold: false, values: [:])
        for key in entry.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
          switch key.stringValue {
          case "recording":
            device.recording = try entry.decode(Int.self, forKey: key)
            guard (1...sources.count).contains(device.recording) else {
              throw decoder.specError("\(field).recording", expected: "a recording from 1 to \(sources.count) (of sources)", found: "\(device.recording)")
            }
          case "static_hold": device.staticHold = try entry.decode(Bool.self, forKey: key)
          case "speed_mps":
            let speed = try entry.decode(Double.self, forKey: key)
            guard (0...1000).contains(speed) else {
              throw decoder.specError("\(field).speed_mps", expected: "m/s from 0 to 1000 (its recording's median speed)", found: "\(speed)")
            }
            device.speed = speed
          default:
            guard let drawable = Self.drawableByName[key.stringValue], self.parameters.contains(where: { $0.name == key.stringValue }) else {
              throw decoder.specError(
                "\(field).\(key.stringValue)", expected: "recording, static_hold, speed_mps or a parameter of parameters", found: QuotedText.quoted(key.stringValue))
            }
            let value = try entry.decode(Double.self, forKey: key)
            guard drawable.range.contains(value) else {
              throw decoder.specError(
                "\(field).\(key.stringValue)", expected: "\(drawable.unit) from \(drawable.range.lowerBound) to \(drawable.range.upperBound)", found: "\(value)")
            }
            device.values[key.stringValue] = value
          }
        }
        guard device.recording != 0 else { throw decoder.specError("\(field).recording", expected: "the device's recording, 1 or more (of sources)") }
        devices.append(device)
      }
    }
    self.devices = devices
  }

  struct Distribution: Decodable {
    var median: Double, logSD: Double, minimum: Double, maximum: Double, recordings: Int
    enum CodingKeys: String, CodingKey, CaseIterable { case median, log_sd, min, max, recordings }
    @_optimize(none)
    init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      median = try c.value(.median, expected: "a number (the distribution's median)") { $0.isFinite && $0 > 0 }
      logSD = try c.value(.log_sd, expected: "a standard deviation of the logarithm from 0 to 3") { (0...3).contains($0) }
      minimum = try c.value(.min, expected: "a number above 0 (the smallest draw)") { $0.isFinite && $0 > 0 }
      maximum = try c.value(.max, expected: "a number above 0 (the largest draw)") { $0.isFinite && $0 > 0 }
      recordings = try c.value(.recordings, expected: "the count of recordings it was fitted from, 1 or more") { $0 >= 1 }
    }
  }
}
