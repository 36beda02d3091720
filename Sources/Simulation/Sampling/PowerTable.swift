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

  public static let parameterTable = [
    Parameter(name: "acquiring_mw", unit: "mW", defaultValue: 75, minimum: 0, maximum: 10_000, summary: "receiver searching for satellites"),
    Parameter(name: "tracking_mw", unit: "mW", defaultValue: 63, minimum: 0, maximum: 10_000, summary: "receiver tracking, a fix each epoch"),
    Parameter(name: "off_mw", unit: "mW", defaultValue: 0.045, minimum: 0, maximum: 1000, summary: "receiver off, backup domain kept"),
    Parameter(name: "per_fix_mj", unit: "mJ", defaultValue: 0, minimum: 0, maximum: 100_000, summary: "app processor per fix taken"),
    Parameter(name: "per_wakeup_mj", unit: "mJ", defaultValue: 0, minimum: 0, maximum: 100_000, summary: "waking the app"),
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
  }

  /// The device classes TrackBench ships (docs/energy.md: sources and what is assumed).
  public static let bundled: [PowerTable] = [
    // u-blox MAX-M8Q module: acquisition 25 mA, tracking 21 mA at 3.0 V (u-blox M8 data sheet, as quoted
    // by Uputronics' HAB-BO-M8Q3A board specification); backup 15 µA at 3.0 V (assumed); no app.
    try! PowerTable(
      name: "gnss-module", values: ["acquiring_mw": 75, "tracking_mw": 63, "off_mw": 0.045, "per_fix_mj": 0, "per_wakeup_mj": 0]),
    // A single-frequency phone: a GPS receiver in continuous navigation 143-166 mW (Chen and Tan 2015,
    // arXiv:1503.02656, citing measurements): tracking 155 mW; acquiring 1.2× tracking, backup, a fix's
    // and a wake-up's cost assumed.
    try! PowerTable(
      name: "phone", values: ["acquiring_mw": 186, "tracking_mw": 155, "off_mw": 0.1, "per_fix_mj": 2, "per_wakeup_mj": 30]),
    // A dual-frequency phone: 37 % more power than a single-frequency one outdoors (Karki and Won 2019,
    // arXiv:1910.13041, Xiaomi Mi 8): the phone's receiver figures × 1.37.
    try! PowerTable(
      name: "dual-frequency-phone",
      values: ["acquiring_mw": 186 * 1.37, "tracking_mw": 155 * 1.37, "off_mw": 0.1, "per_fix_mj": 2, "per_wakeup_mj": 30]),
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

  public init() {}

  /// Σ power × time over the states plus the per-fix and per-wake-up costs, joules.
  public func energyJoules(_ table: PowerTable) -> Double {
    (table.offMilliwatts * offSeconds + table.acquiringMilliwatts * acquiringSeconds + table.trackingMilliwatts * trackingSeconds
      + table.perFixMillijoules * Double(fixesDelivered) + table.perWakeupMillijoules * Double(wakeups)) / 1000
  }

  /// The same in milliwatt-hours (1 mWh = 3.6 J).
  public func energyMilliwattHours(_ table: PowerTable) -> Double { energyJoules(table) / 3.6 }

  /// Mean power over the timeline, mW; `nil` for an empty one.
  public func meanMilliwatts(_ table: PowerTable) -> Double? {
    let seconds = offSeconds + acquiringSeconds + trackingSeconds
    return seconds > 0 ? energyJoules(table) * 1000 / seconds : nil
  }
}
