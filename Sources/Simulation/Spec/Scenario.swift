import NumericKit
import TrackCore

/// What a scenario simulates: a route, how it is run, what the phone reports, and how many trials to
/// draw. A scenario file says more (the strategies to compare, how runs are scored): that is read above
/// Simulation, by Harness's `ScenarioDocument`, which decodes this from the same mapping.
///
/// Decoded from YAML (see `docs/scenarios.md`); unknown keys, wrong types and out-of-range values are
/// errors that name the field and line.
public struct Scenario: Sendable, Hashable, Decodable {
  public var name: String
  public var description: String
  /// The scenario seed; every random stream derives from (seed, trial, stage).
  public var seed: UInt64
  /// Monte Carlo trials to run, 1-100 000.
  public var trials: Int
  public var generator: RandomGenerator
  public var activity: Activity
  public var route: RouteSpec
  public var pace: PaceSpec
  public var receiver: ReceiverSpec
  /// Error stages, applied in order.
  public var noise: [NoiseStage]
  /// The device's power table and the models a sampling strategy's receiver runs on (docs/energy.md).
  public var energy: EnergySpec
  /// The file's document in canonical form (``CanonicalDocument``), without what does not define the
  /// simulation (`description`, `strategies`) and without `seed` and `trials` (``identity`` adds the
  /// ones in force); empty for a scenario made in code.
  public var definition = ""
  /// The receiver as the file names it ("population phones-open-sky", "preset sports-watch"); `nil`
  /// for a receiver written out in full or a scenario made in code.
  public var receiverName: String?

  /// Whether the simulated fixes carry a speed (a Doppler speed and course).
  public var reportsSpeed: Bool { receiver.reports.speed && receiver.doppler != nil }

  /// What defines this scenario's simulation, for fingerprints (sweeps, tunes, baselines): the file's
  /// canonical document with the seed and trials in force. It depends on what the file says, not on
  /// how Swift prints our types, so a refactor or a compiler release leaves baselines valid. A scenario
  /// made in code has no file: its full reflection stands in.
  public var identity: String {
    definition.isEmpty ? String(reflecting: self) : "\(definition)\nseed: \(seed)\ntrials: \(trials)"
  }

  @_optimize(none)
  public init(
    name: String, description: String = "", seed: UInt64 = 1, trials: Int = 20,
    generator: RandomGenerator = .taus2, activity: Activity = .running, route: RouteSpec,
    pace: PaceSpec? = nil, receiver: ReceiverSpec = ReceiverSpec(), noise: [NoiseStage] = [], energy: EnergySpec = EnergySpec()
  ) {
    self.energy = energy
    self.name = name; self.description = description; self.seed = seed; self.trials = trials
    self.generator = generator; self.activity = activity; self.route = route
    self.pace = pace ?? activity.defaultPace; self.receiver = receiver; self.noise = noise
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, description, seed, trials, generator, activity, route, pace, receiver, noise, energy
    /// Keys of the file that the layer above reads (`ScenarioDocument`): allowed here, not decoded.
    case strategies, scoring
  }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try c.value(.name, expected: "a scenario name (letters, digits, '-' or '_')") { (s: String) in
      !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
    description = try c.value(.description, default: "", expected: "a text")
    seed = try c.value(.seed, default: 1, expected: "a whole number ≥ 0")
    trials = try c.value(.trials, default: 20, expected: "a whole number of trials from 1 to 100000") {
      (1...100_000).contains($0)
    }
    generator = try c.value(.generator, default: .taus2, expected: "a generator name")
    activity = try c.value(.activity, default: .running, expected: "running, walking or cycling")
    route = try c.value(.route, expected: "a route")
    pace = try c.value(.pace, default: activity.defaultPace, expected: "a pace profile")
    receiver = try c.value(.receiver, default: ReceiverSpec(), expected: "a receiver")
    noise = try c.value(.noise, default: [], expected: "a list of noise stages")
    energy = try c.value(.energy, default: EnergySpec(), expected: "an energy block: device or power, reacquisition, motion_sensor, coarse_fix")
  }
}

/// What the runner is doing; sets the default pace when a scenario gives none.
public enum Activity: String, Sendable, Hashable, Codable, CaseIterable {
  case running, walking, cycling

  /// Typical speed changes, m/s²: runners and riders reach speed in a few seconds, walkers gently.
  public var defaultMaxAcceleration: Double {
    switch self {
    case .running: return 1.0
    case .walking: return 0.5
    case .cycling: return 1.0
    }
  }

  /// Typical recreational speeds: running 5:30 /km (3.0 m/s), walking 11:00 /km (1.5 m/s),
  /// cycling 2:00 /km (30 km/h).
  public var defaultPace: PaceSpec {
    switch self {
    case .running: return .steady(secondsPerKilometer: 330)
    case .walking: return .steady(secondsPerKilometer: 660)
    case .cycling: return .steady(secondsPerKilometer: 120)
    }
  }
}
