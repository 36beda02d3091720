import Foundation
import NumericKit
import TrackCore

/// What a scenario's sampling and energy depend on (its `energy:` block, docs/energy.md): the device's
/// power table, how the receiver restarts, the motion sensor, and the coarse network fix. Every field
/// has a default (the `phone` table and the documented models), so a scenario without the block is
/// scored on a phone.
///
///     energy:
///       device: gnss-module          # a bundled table, or a table of your own:
///       power: { acquiring_mw: 90, tracking_mw: 70, off_mw: 0.05, per_fix_mj: 1, per_wakeup_mj: 20, coarse_fix_mj: 0, sensor_mw: 0.5 }
///       reacquisition: { hot_ttff_s: 2 }
///       motion_sensor: { latency_s: 2 }
///       coarse_fix: { error_m: 60 }
public struct EnergySpec: Sendable, Hashable, Decodable {
  public var power: PowerTable
  public var reacquisition: Reacquisition
  public var motionSensor: MotionSensorModel
  public var coarseFix: CoarseFixModel

  public init(
    power: PowerTable = PowerTable.bundled[1], reacquisition: Reacquisition = try! Reacquisition(),
    motionSensor: MotionSensorModel = try! MotionSensorModel(), coarseFix: CoarseFixModel = try! CoarseFixModel()
  ) {
    self.power = power; self.reacquisition = reacquisition; self.motionSensor = motionSensor; self.coarseFix = coarseFix
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case device, power, reacquisition, motion_sensor, coarse_fix }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let names = PowerTable.bundled.map(\.name)
    if c.contains(.device) && c.contains(.power) {
      throw try c.superDecoder(forKey: .power).specError(expected: "either device or power, not both", found: "both")
    }
    if c.contains(.power) {
      let values = try ParameterBlock.values(PowerTable.parameterTable, from: c.superDecoder(forKey: .power), requireAll: true)
      power = try PowerTable(name: "own", values: values)
    } else {
      let name = try c.value(.device, default: "phone", expected: "a device class: \(names.joined(separator: ", "))") { names.contains($0) }
      power = PowerTable.bundled.first { $0.name == name }!
    }
    reacquisition = try c.contains(.reacquisition)
      ? ParameterBlock.build(Reacquisition.parameterTable, from: c.superDecoder(forKey: .reacquisition)) { (given: [String: Double]) throws(ParameterError) in try Reacquisition(given) }
      : Reacquisition()
    motionSensor = try c.contains(.motion_sensor)
      ? ParameterBlock.build(MotionSensorModel.parameterTable, from: c.superDecoder(forKey: .motion_sensor)) { (given: [String: Double]) throws(ParameterError) in try MotionSensorModel(given) }
      : MotionSensorModel()
    coarseFix = try c.contains(.coarse_fix)
      ? ParameterBlock.build(CoarseFixModel.parameterTable, from: c.superDecoder(forKey: .coarse_fix)) { (given: [String: Double]) throws(ParameterError) in try CoarseFixModel(given) }
      : CoarseFixModel()
  }
}

/// A YAML mapping of a parameter table's values by name, checked field by field.
enum ParameterBlock {
  /// The values given; an unknown key, a value out of range (or, with `requireAll`, a missing one) is a
  /// ``SpecError`` naming the field and its line.
  static func values(_ table: [Parameter], from decoder: any Decoder, requireAll: Bool) throws -> [String: Double] {
    let c = try decoder.container(keyedBy: AnyKey.self)
    let known = table.map(\.name)
    var values: [String: Double] = [:]
    for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      let field = try c.superDecoder(forKey: key)
      guard let parameter = table.first(where: { $0.name == key.stringValue }) else {
        throw field.specError(expected: "one of the keys \(known.joined(separator: ", "))", found: "unknown key '\(key.stringValue)'")
      }
      let value: Double
      do { value = try c.decode(Double.self, forKey: key) } catch {
        throw field.specError(expected: parameter.expectation, found: "something else")
      }
      guard parameter.accepts(value) else { throw field.specError(expected: parameter.expectation, found: Parameter.format(value)) }
      values[parameter.name] = value
    }
    if requireAll, let missing = table.first(where: { values[$0.name] == nil }) {
      throw decoder.specError(missing.name, expected: "\(missing.summary): \(missing.expectation)", found: "nothing (every field of a power table is needed)")
    }
    return values
  }

  /// The value `make` builds from the given values; its ``ParameterError`` becomes a ``SpecError``.
  static func build<T>(_ table: [Parameter], from decoder: any Decoder, _ make: ([String: Double]) throws(ParameterError) -> T) throws -> T {
    let given = try values(table, from: decoder, requireAll: false)
    do { return try make(given) } catch { throw decoder.specError(error.parameter, expected: error.message) }
  }
}

/// The motion sensor a sampling policy may read (a step counter or an accelerometer's "moving"): it
/// says moving `latency_s` after the user starts moving and still as long after they stop, plus false
/// "moving" readings while still (a hand gesture, a bus) at `false_moving_per_hour`, each
/// `false_moving_s` long. Figures assumed (docs/energy.md).
public struct MotionSensorModel: Sendable, Hashable {
  public let latency: Double
  public let falseMovingPerHour: Double
  public let falseMovingSeconds: Double

  public static let parameterTable = [
    Parameter(name: "latency_s", unit: "s", defaultValue: 3, minimum: 0, maximum: 120, summary: "delay of the sensor's reading behind the motion"),
    Parameter(name: "false_moving_per_hour", unit: "1/h", defaultValue: 2, minimum: 0, maximum: 3600, summary: "false moving readings per hour"),
    Parameter(name: "false_moving_s", unit: "s", defaultValue: 5, minimum: 0, maximum: 600, summary: "length of a false moving reading"),
  ]

  public init(_ given: [String: Double] = [:]) throws(ParameterError) {
    let v = try ParameterValues(Self.parameterTable, given)
    latency = v["latency_s"]; falseMovingPerHour = v["false_moving_per_hour"]; falseMovingSeconds = v["false_moving_s"]
  }
}

/// A coarse network-like fix (Android's balanced priority, "block level, about 100 m"): the truth plus
/// a Gaussian error whose 68 % radius is `error_m`, claiming `accuracy_m`, with no speed or course.
public struct CoarseFixModel: Sendable, Hashable {
  public let error: Double
  public let accuracy: Double

  public static let parameterTable = [
    Parameter(name: "error_m", unit: "m", defaultValue: 100, minimum: 0, maximum: 100_000, summary: "68 % radius of a coarse fix's error"),
    Parameter(name: "accuracy_m", unit: "m", defaultValue: 100, minimum: 0, maximum: 100_000, summary: "accuracy a coarse fix claims"),
  ]

  public init(_ given: [String: Double] = [:]) throws(ParameterError) {
    let v = try ParameterValues(Self.parameterTable, given)
    error = v["error_m"]; accuracy = v["accuracy_m"]
  }

  /// The standard deviation per axis, metres: a 2-D Gaussian holds 68 % within 1.5096 σ.
  public var sigma: Double { error / 1.509_596_0 }
}

/// One run's motion sensor: its readings over the truth, with its false "moving" readings drawn once.
public struct MotionSensorReadings: Sendable {
  /// The speed above which the user moves, m/s (as the sampling policies' `SamplingMotion`).
  public static let movingSpeed = 0.5
  let truth: TruthTrack
  let model: MotionSensorModel
  /// Start times of the false readings, increasing.
  let falseStarts: [Double]

  /// - Complexity: one exponential draw per false reading from `random`.
  public init(truth: TruthTrack, model: MotionSensorModel, random: RandomSource) {
    self.truth = truth
    self.model = model
    var starts: [Double] = []
    if model.falseMovingPerHour > 0 {
      var t = random.exponential(mean: 3600 / model.falseMovingPerHour)
      while t < truth.duration {
        starts.append(t)
        t += model.falseMovingSeconds + random.exponential(mean: 3600 / model.falseMovingPerHour)
      }
    }
    falseStarts = starts
  }

  /// Whether the sensor says moving at `time`. O(log n).
  public func moving(at time: Double) -> Bool {
    var hint = -1
    return moving(at: time, hint: &hint)
  }

  /// The same, finding the truth's knot interval from `hint` (``TruthTrack/knotInterval(at:hint:)``, -1
  /// for none yet): amortised O(1) in the knots when `time` only grows, as a run's fixes and a sleep's
  /// scan do. The same reading.
  public func moving(at time: Double, hint: inout Int) -> Bool {
    if truth.speed(at: min(max(time - model.latency, 0), truth.duration), hint: &hint) >= Self.movingSpeed { return true }
    // The last false reading starting at or before `time`.
    var low = 0, high = falseStarts.count
    while low < high {
      let mid = (low + high) / 2
      if falseStarts[mid] <= time { low = mid + 1 } else { high = mid }
    }
    return low > 0 && time < falseStarts[low - 1] + model.falseMovingSeconds
  }

  /// The first time in [`from`, `until`] the sensor says moving, on a 1 s grid from `from` (and at each
  /// false reading's start); `nil` when it never does.
  /// - Complexity: O((until − from) log n).
  public func firstMoving(from: Double, until: Double) -> Double? {
    var t = from
    var first: Double?
    var hint = -1
    while t <= until {
      if moving(at: t, hint: &hint) { first = t; break }
      t += 1
    }
    if let start = falseStarts.first(where: { $0 >= from && $0 <= until && $0 < (first ?? .infinity) }) { first = start }
    return first
  }
}
