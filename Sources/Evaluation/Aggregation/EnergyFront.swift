import TrackCore

/// Accuracy against battery over a result's running scenarios (issue #23): per strategy its mean power,
/// the energy it saves against the always-on run it would replace, its distance error and its live pace
/// error; which strategies are on the Pareto front of power against distance error; and which meet the
/// goal of saving at least ``goalSaving`` of the energy within ``goalDistancePoints`` points of distance
/// error and ``goalPaceRatio`` of the live pace error.
///
/// The always-on run a strategy replaces: for a sampling pipeline (`adaptive-interval | kalman`) the
/// same filter given every fix (`kalman`), when it ran; otherwise `raw` (every fix at the receiver's
/// rate, unfiltered). Values are means over the scenarios of each scenario's mean over trials (the
/// distance error as its magnitude). A pure function of the result.
public struct EnergyFront: Sendable, Hashable, Codable {
  public static let goalSaving = 0.30
  public static let goalDistancePoints = 0.5
  public static let goalPaceRatio = 1.10

  public struct Point: Sendable, Hashable, Codable {
    public var strategy: String
    /// Mean power, mW.
    public var meanPowerMW: Double
    /// The always-on strategy it is compared with.
    public var reference: String
    /// 1 − its energy / the reference's, mean over the scenarios (negative: it costs more).
    public var saving: Double
    /// |distance error|, %, and the reference's.
    public var distanceError: Double
    public var referenceDistanceError: Double
    /// |distance error| − the reference's, percentage points, mean over the scenarios.
    public var distanceExcess: Double
    /// Live pace error RMS, s/km (`nil` where a scenario has none).
    public var paceRMS: Double?
    /// Its live pace error RMS over the reference's, mean over the scenarios (`nil` where either has none).
    public var paceRatio: Double?
    /// No other strategy has both less power and less distance error (and one of them strictly less).
    public var onFront: Bool
    /// Saves at least ``goalSaving`` with the distance error within ``goalDistancePoints`` points and the
    /// live pace error within ``goalPaceRatio`` of its reference's, each a mean over the scenarios of the
    /// scenario's own comparison (so no one scenario's large errors hide the others').
    public var meetsGoal: Bool
    /// The scenarios on which it meets the goal on its own, and those on which it does not.
    public var scenariosMeetingGoal: Int
    public var scenariosMissingGoal: [String]
  }

  /// The scenarios the values are over: the running ones with a distance to be wrong about (every
  /// scenario when none says its activity).
  public var scenarios: [String]
  /// Every strategy with energy on each of those scenarios, by mean power.
  public var points: [Point]
  /// The result's other scenarios, each with why the front leaves it out.
  public var leftOut: [LeftOut] = []

  /// A scenario not in the front, and why (another activity, no energy figures, no distance error).
  public struct LeftOut: Sendable, Hashable, Codable {
    public var scenario: String
    public var reason: String
  }

  /// `nil` when no scenario has energy figures (recordings) or no reference ran.
  public init?(_ result: ExperimentResult) {
    let known = result.scenarios.filter { $0.activity != nil }
    let measured = (known.isEmpty ? result.scenarios : known.filter { $0.activity == "running" }).filter { scenario in
      scenario.strategies.contains { $0.summary(.energyJoules)?.mean != nil }
        && scenario.strategies.contains { $0.summary(.distanceErrorPercent)?.mean != nil }
    }
    // A strategy is on the front only with values on every scenario, so a scenario with a list of its own
    // (the track's lane filters, a hill's elevation estimators) would leave only what every list shares
    // (`raw`). As the verdict does, those scenarios are left out: the front is over the scenarios that
    // ran the strategies most of them ran.
    let sets = measured.map { Set($0.strategies.map(\.strategy)) }
    let common = Dictionary(grouping: sets.indices, by: { sets[$0] }).max { a, b in (a.value.count, a.key.count) < (b.value.count, b.key.count) }?.key ?? []
    let chosen = measured.indices.filter { sets[$0].isSuperset(of: common) }.map { measured[$0] }
    guard let names = chosen.first?.strategies.map(\.strategy) else { return nil }
    func values(_ metric: Metric, _ name: StrategyKey, magnitude: Bool = false) -> [Double]? {
      var out: [Double] = []
      for scenario in chosen {
        guard let mean = scenario.strategies.first(where: { $0.strategy == name })?.summary(metric)?.mean else { return nil }
        out.append(magnitude ? abs(mean) : mean)
      }
      return out
    }
    func average(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }
    var points: [Point] = []
    for name in names {
      let rest = name.stages.count > 1 ? StrategyKey(stages: Array(name.stages.dropFirst())) : nil
      let raw = StrategyKey(stages: [StrategyKey.Stage(name: "raw", arguments: [])])
      let reference = rest.flatMap { r in names.contains(r) ? r : nil } ?? (names.contains(raw) ? raw : nil)
      guard let reference, let power = values(.meanPower, name), let energy = values(.energyJoules, name),
        let referenceEnergy = values(.energyJoules, reference), let distance = values(.distanceErrorPercent, name, magnitude: true),
        let referenceDistance = values(.distanceErrorPercent, reference, magnitude: true)
      else { continue }
      // Held within ±10⁶ (a strategy costing a million times the reference), so extreme figures give a
      // finite fraction (±∞ would reach the reports' percentages).
      let savings = zip(energy, referenceEnergy).map { $1 > 0 ? min(max(1 - $0 / $1, -1e6), 1e6) : 0 }
      let excess = zip(distance, referenceDistance).map { $0 - $1 }
      let paces = values(.currentPaceErrorRMS, name), referencePaces = values(.currentPaceErrorRMS, reference)
      let ratios = paces.flatMap { p in referencePaces.map { r in zip(p, r).map { $1 > 0 ? $0 / $1 : ($0 > 0 ? .infinity : 1) } } }
      var missing: [String] = []
      for s in chosen.indices {
        let meets = savings[s] >= Self.goalSaving && excess[s] <= Self.goalDistancePoints && (ratios.map { $0[s] <= Self.goalPaceRatio } ?? false)
        if !meets { missing.append(chosen[s].name) }
      }
      let paceRatio = ratios.map(average)
      let saving = average(savings), distanceExcess = average(excess)
      points.append(
        Point(
          strategy: name.text, meanPowerMW: average(power), reference: reference.text, saving: saving, distanceError: average(distance),
          referenceDistanceError: average(referenceDistance), distanceExcess: distanceExcess, paceRMS: paces.map(average),
          paceRatio: paceRatio.flatMap { $0.isFinite ? $0 : nil }, onFront: false,
          meetsGoal: saving >= Self.goalSaving && distanceExcess <= Self.goalDistancePoints && (paceRatio.map { $0 <= Self.goalPaceRatio } ?? false),
          scenariosMeetingGoal: chosen.count - missing.count, scenariosMissingGoal: missing))
    }
    guard !points.isEmpty else { return nil }
    for k in points.indices {
      let p = points[k]
      points[k].onFront = !points.contains { q in
        q.meanPowerMW <= p.meanPowerMW && q.distanceError <= p.distanceError
          && (q.meanPowerMW < p.meanPowerMW || q.distanceError < p.distanceError)
      }
    }
    let chosenNames = chosen.map(\.name)
    scenarios = chosenNames
    leftOut = result.scenarios.filter { !chosenNames.contains($0.name) }.map { scenario in
      let reason: String
      if let activity = scenario.activity, !known.isEmpty, activity != "running" {
        reason = "\(activity), not running"
      } else if measured.contains(where: { $0.name == scenario.name }) {
        reason = "not every strategy ran on it"
      } else if !scenario.strategies.contains(where: { $0.summary(.energyJoules)?.mean != nil }) {
        reason = "no energy figures"
      } else {
        let note = scenario.strategies.lazy.compactMap { $0.summary(.distanceErrorPercent)?.note }.first
        reason = "no distance error" + (note.map { " (\($0))" } ?? "")
      }
      return LeftOut(scenario: scenario.name, reason: reason)
    }
    self.points = points.sorted { ($0.meanPowerMW, $0.strategy) < ($1.meanPowerMW, $1.strategy) }
  }
}
