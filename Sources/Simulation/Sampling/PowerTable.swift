import TrackCore

/// What a device draws while it tracks a run: the GNSS receiver per state, and the app processor per
/// fix it takes and per wake-up. One device class's figures; docs/energy.md gives each figure's source,
/// or marks it assumed.
///
/// Built from values by name (``parameterTable``), so a table in a file is checked field by field: a
/// missing, negative or non-finite figure is an error naming it.
public struct PowerTable: Sendable, Hashable {
  public let name: String
  /// While the receiver searches for satellites after an off period (until its first fix), mW.
  public let acquiringMilliwatts: Double
  /// While it tracks and computes fixes, mW.
  public let trackingMilliwatts: Double
  /// While it is off: the backup domain that keeps time and ephemeris for a hot start, mW.
  public let offMilliwatts: Double
  /// The app processor's cost of taking one fix, mJ.
  public let perFixMillijoules: Double
  /// The cost of waking the app (for one fix, or a batch), mJ.
  public let perWakeupMillijoules: Double
  /// One coarse network-like fix (a Wi-Fi scan or a cell lookup), mJ.
  public let coarseFixMillijoules: Double
  /// The motion sensor (step counter / accelerometer) while a policy reads it, mW.
  public let sensorMilliwatts: Double

  public static let parameterTable = [
    Parameter(name: "acquiring_mw", unit: "mW", defaultValue: 75, minimum: 0, maximum: 10_000, summary: "receiver searching for satellites"),
    Parameter(name: "tracking_mw", unit: "mW", defaultValue: 63, minimum: 0, maximum: 10_000, summary: "receiver tracking, a fix each epoch"),
    Parameter(name: "off_mw", unit: "mW", defaultValue: 0.045, minimum: 0, maximum: 1000, summary: "receiver off, backup domain kept"),
    Parameter(name: "per_fix_mj", unit: "mJ", defaultValue: 0, minimum: 0, maximum: 100_000, summary: "app processor per fix taken"),
    Parameter(name: "per_wakeup_mj", unit: "mJ", defaultValue: 0, minimum: 0, maximum: 100_000, summary: "waking the app"),
    Parameter(name: "coarse_fix_mj", unit: "mJ", defaultValue: 0, minimum: 0, maximum: 100_000, summary: "one coarse network fix"),
    Parameter(name: "sensor_mw", unit: "mW", defaultValue: 0, minimum: 0, maximum: 1000, summary: "motion sensor while read"),
  ]

  /// - Throws: ``ParameterError`` naming a field that is missing, unknown or out of range.
  public init(name: String, values given: [String: Double]) throws(ParameterError) {
    for parameter in Self.parameterTable where given[parameter.name] == nil {
      throw ParameterError(parameter: parameter.name, message: "\(name): missing \(parameter.name); expected \(parameter.expectation)")
    }
    let values = try ParameterValues(Self.parameterTable, given)
    self.name = name
    acquiringMilliwatts = values["acquiring_mw"]; trackingMilliwatts = values["tracking_mw"]; offMilliwatts = values["off_mw"]
    perFixMillijoules = values["per_fix_mj"]; perWakeupMillijoules = values["per_wakeup_mj"]
    coarseFixMillijoules = values["coarse_fix_mj"]; sensorMilliwatts = values["sensor_mw"]
  }

  /// The device classes TrackBench ships (docs/energy.md: sources and what is assumed).
  public static let bundled: [PowerTable] = [
    // u-blox MAX-M8Q module: acquisition 25 mA, tracking 21 mA at 3.0 V (u-blox M8 data sheet, as quoted
    // by Uputronics' HAB-BO-M8Q3A board specification); backup 15 µA at 3.0 V (assumed); no app, no
    // network fixes; an accelerometer in low-power mode 0.01 mW (assumed).
    try! PowerTable(
      name: "gnss-module",
      values: [
        "acquiring_mw": 75, "tracking_mw": 63, "off_mw": 0.045, "per_fix_mj": 0, "per_wakeup_mj": 0, "coarse_fix_mj": 0, "sensor_mw": 0.01,
      ]),
    // A single-frequency phone: a GPS receiver in continuous navigation 143-166 mW (Chen and Tan 2015,
    // arXiv:1503.02656, citing measurements): tracking 155 mW; acquiring 1.2× tracking, backup, a fix's,
    // a wake-up's, a network fix's and the step counter's cost assumed.
    try! PowerTable(
      name: "phone",
      values: [
        "acquiring_mw": 186, "tracking_mw": 155, "off_mw": 0.1, "per_fix_mj": 2, "per_wakeup_mj": 30, "coarse_fix_mj": 150, "sensor_mw": 1,
      ]),
    // A dual-frequency phone: 37 % more power than a single-frequency one outdoors (Karki and Won 2019,
    // arXiv:1910.13041, Xiaomi Mi 8): the phone's receiver figures × 1.37.
    try! PowerTable(
      name: "dual-frequency-phone",
      values: [
        "acquiring_mw": 186 * 1.37, "tracking_mw": 155 * 1.37, "off_mw": 0.1, "per_fix_mj": 2, "per_wakeup_mj": 30, "coarse_fix_mj": 150,
        "sensor_mw": 1,
      ]),
  ]
}

/// How long a receiver spent in each state over a run, and the fixes and wake-ups it caused: what its
/// energy is computed from.
public struct ReceiverTimeline: Sendable, Hashable {
  public var offSeconds = 0.0
  public var acquiringSeconds = 0.0
  public var trackingSeconds = 0.0
  public var fixesDelivered = 0
  public var wakeups = 0
  /// Coarse network fixes taken.
  public var coarseFixes = 0
  /// Seconds the motion sensor was read.
  public var sensorSeconds = 0.0

  public init() {}

  /// Σ power × time over the states plus the per-fix, per-wake-up and per-coarse-fix costs and the
  /// sensor's power × time, joules.
  public func energyJoules(_ table: PowerTable) -> Double {
    (table.offMilliwatts * offSeconds + table.acquiringMilliwatts * acquiringSeconds + table.trackingMilliwatts * trackingSeconds
      + table.perFixMillijoules * Double(fixesDelivered) + table.perWakeupMillijoules * Double(wakeups)
      + table.coarseFixMillijoules * Double(coarseFixes) + table.sensorMilliwatts * sensorSeconds) / 1000
  }

  /// The same in milliwatt-hours (1 mWh = 3.6 J).
  public func energyMilliwattHours(_ table: PowerTable) -> Double { energyJoules(table) / 3.6 }

  /// Mean power over the timeline, mW; `nil` for an empty one.
  public func meanMilliwatts(_ table: PowerTable) -> Double? {
    seconds > 0 ? energyJoules(table) * 1000 / seconds : nil
  }

  /// The timeline's length: off, acquiring and tracking, seconds.
  public var seconds: Double { offSeconds + acquiringSeconds + trackingSeconds }

  /// A receiver on for the whole of `seconds`, delivering `fixes` fixes, each waking the app: an
  /// open-loop strategy's (it is given every fix and the receiver never stops).
  public static func alwaysOn(seconds: Double, fixes: Int) -> ReceiverTimeline {
    var timeline = ReceiverTimeline()
    timeline.trackingSeconds = seconds
    timeline.fixesDelivered = fixes
    timeline.wakeups = fixes
    return timeline
  }
}
