import TrackCore

// The energy a run cost the device: its receiver's states, fixes, wake-ups, coarse fixes and sensor
// time priced by the scenario's power table (docs/energy.md). An open-loop strategy is given every fix
// of a receiver that never stops; a sampling strategy's receiver does what it asks.

/// The energy a run cost, in one of three forms; `nil` for a run whose energy is not known.
public struct EnergyUse: TrackMetric, Hashable {
  public enum Form: Sendable, Hashable { case joules, milliwattHours, meanMilliwatts }
  public let form: Form
  public init(_ form: Form) { self.form = form }
  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    guard let energy = run.energy else { return nil }
    switch form {
    case .joules: return energy.joules
    case .milliwattHours: return energy.joules / 3.6
    case .meanMilliwatts: return energy.seconds > 0 ? energy.joules * 1000 / energy.seconds : nil
    }
  }
}

extension MetricDescriptor {
  public static let energyJoules = MetricDescriptor(
    key: "energy_joules",
    words: "Energy over the run",
    heading: "energy J",
    unit: "J",
    group: .energy,
    undefinedReason: "not simulated (a replayed recording: the receiver's states are not known)",
    phraseFormat: "%.0f J",
    floor: 1,
    computation: .run { EnergyUse(.joules).evaluate($0.run, against: $0.truth) }).reading([])

  public static let energyMilliwattHours = MetricDescriptor(
    key: "energy_mwh",
    words: "Energy over the run",
    heading: "energy mWh",
    unit: "mWh",
    group: .energy,
    undefinedReason: "not simulated (a replayed recording: the receiver's states are not known)",
    phraseFormat: "%.1f mWh",
    floor: 0.3,
    computation: .run { EnergyUse(.milliwattHours).evaluate($0.run, against: $0.truth) }).reading([])

  public static let meanPower = MetricDescriptor(
    key: "mean_power_mw",
    words: "Mean power",
    heading: "power mW",
    unit: "mW",
    group: .energy,
    undefinedReason: "not simulated (a replayed recording: the receiver's states are not known)",
    phraseFormat: "%.0f mW mean power",
    floor: 1,
    computation: .run { EnergyUse(.meanMilliwatts).evaluate($0.run, against: $0.truth) }).reading([])
}
