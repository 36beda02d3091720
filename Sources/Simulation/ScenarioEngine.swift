import Foundation
import NumericKit
import TrackCore

/// Turns a ``Scenario`` into ground truth and, per trial, the fixes a phone would report.
///
/// The truth is the same for every trial (route and pace are deterministic); each trial draws new
/// receiver timing, noise and receiver measurements from streams seeded by (scenario seed, trial, stage):
/// stage 0 is the receiver's timing, 1 + i is `noise[i]`, and ``dopplerStage``, ``verticalStage``,
/// ``receiverErrorStage``, ``staticHoldStage`` and ``claimStage`` the receiver's other measurements and
/// behaviours. A trial's fixes therefore never depend on which thread ran it, what
/// ran before, or which other stages are configured.
public struct ScenarioEngine: Sendable {
  public private(set) var scenario: Scenario
  public let truth: TruthTrack
  /// Fix epochs per trial, before dropouts and tunnels remove some.
  public let fixCount: Int

  /// The most fixes one trial may hold (10 million: 720 MB of fixes).
  public static let maximumFixes = 10_000_000
  public static let dopplerStage = 10_000
  public static let verticalStage = 10_001
  public static let receiverErrorStage = 10_002
  public static let staticHoldStage = 10_003
  public static let claimStage = 10_004
  /// The bearing of a receiver's offset, when drawn.
  public static let offsetStage = 10_005
  /// The device a population draws for the trial.
  public static let populationStage = 10_006
  /// The barometer's offset, trend and noise.
  public static let barometerStage = 10_007
  /// The wrist's swing (its phase).
  public static let armSwingStage = 10_008
  /// The runner's lap presses on a track.
  public static let lapPressStage = 10_009

  /// The engine of `scenario`: `built` (the engine the loader made to check the same file) when
  /// `scenario` differs from `built`'s in nothing but its seed and trials, which nothing an engine
  /// builds depends on (they are read when a trial is drawn); otherwise a new one. So a file's engine is
  /// built once, however its seed and trials are set afterwards.
  /// - Complexity: O(size of the scenario) to compare when reused; else ``init(_:)``'s.
  /// - Throws: ``SpecError``, as ``init(_:)``.
  public static func reusing(_ built: ScenarioEngine?, for scenario: Scenario) throws -> ScenarioEngine {
    guard var reused = built else { return try ScenarioEngine(scenario) }
    reused.scenario.seed = scenario.seed
    reused.scenario.trials = scenario.trials
    return reused.scenario == scenario ? reused : try ScenarioEngine(scenario)
  }

  /// - Throws: ``SpecError`` when the route cannot be built or does not fit the pace.
  public init(_ scenario: Scenario) throws {
    self.scenario = scenario
    let path = try scenario.route.path()
    if path.length == 0 {
      guard case .waypoints(let points) = scenario.route.shape, points.count == 1 else {
        throw SpecError(field: "route", expected: "a route longer than 0 m (its points are too close to draw a path)", found: "0 m")
      }
      guard case .standing = scenario.pace.profile else {
        throw SpecError(field: "pace", expected: "standing: { seconds: … } for a route of a single point")
      }
    }
    if case .recorded(let recorded) = scenario.pace.profile {
      let last = recorded.distances[recorded.distances.count - 1]
      guard abs(last - path.length) <= 1e-6 * max(path.length, 1) else {
        throw SpecError(
          field: "pace.recorded.distances_m", expected: "distances ending at the route's length (\(path.length) m)", found: "\(last) m")
      }
    }
    for (i, stop) in scenario.pace.stops.enumerated() where stop.at >= path.length {
      throw SpecError(
        field: "pace.stops[\(i)].at_m", expected: "a distance before the route's end (\(path.length) m)", found: "\(stop.at)")
    }
    for (i, stage) in scenario.noise.enumerated() {
      guard let canyon = stage.model as? UrbanCanyonNoise, let zones = canyon.zones else { continue }
      for (k, zone) in zones.enumerated() where zone.to > path.length {
        throw SpecError(
          field: "noise[\(i)].urban_canyon.zones[\(k)].to_m", expected: "a distance within the route (\(path.length) m)",
          found: "\(zone.to)")
      }
    }
    let need = Self.memoryEstimate(scenario, routeLength: path.length)
    guard need.bytes <= Self.memoryLimitBytes else {
      throw SpecError(
        field: "pace", expected: "a run one trial of which fits in \(Self.megabytes(Self.memoryLimitBytes)) MB (TRACKBENCH_MEMORY_LIMIT_MB raises it)",
        found: "an estimated \(Self.megabytes(need.bytes)) MB for up to \(Int(min(need.durationS, 1e15).rounded(.up))) s at \(scenario.receiver.rateHz) Hz")
    }
    let knots = MotionPlan.knots(
      pace: scenario.pace, length: path.length,
      maxAcceleration: scenario.pace.maxAcceleration ?? scenario.activity.defaultMaxAcceleration)
    truth = TruthTrack(
      frame: LocalFrame(origin: scenario.route.origin), path: path,
      knotTimes: knots.times, knotDistances: knots.distances, elevation: scenario.route.elevation, trackLap: scenario.route.trackLap)
    let count = Int((truth.duration * scenario.receiver.rateHz).rounded(.down)) + 1
    guard count <= ScenarioEngine.maximumFixes else {
      throw SpecError(
        field: "receiver.rate_hz", expected: "at most \(ScenarioEngine.maximumFixes) fixes per trial",
        found: "\(count) fixes (\(Int(truth.duration)) s at \(scenario.receiver.rateHz) Hz)")
    }
    fixCount = count
  }

  private static func megabytes(_ bytes: Double) -> Int { Int(min(bytes / 1_048_576, 1e15).rounded(.up)) }

  func random(trial: Int, stage: Int) -> RandomSource {
    RandomSource(generator: scenario.generator, stream: StreamSeed(scenarioSeed: scenario.seed, trial: trial, stage: stage))
  }

  /// The fixes of `trial`, written into `fixes` (its capacity is reused); `buffer` is scratch space.
  /// - Complexity: O(n · stages); no allocation once `fixes` and `buffer` have grown to size.
  public func observe(trial: Int, into fixes: inout [LocalFix], buffer: inout ObservationBuffer) {
    simulate(trial: trial, into: &buffer)
    compose(trial: trial, from: buffer, into: &fixes)
  }

  /// Fills `buffer` with the truth at each fix epoch and every stage's error and drops.
  public func simulate(trial: Int, into buffer: inout ObservationBuffer) {
    let receiver = scenario.receiver
    let interval = 1 / receiver.rateHz
    let duration = truth.duration
    buffer.reset(count: fixCount, zones: truth.path.zones)
    let timing = random(trial: trial, stage: 0)
    let jitter = receiver.jitter
    var knot = 0, segment = 0
    var lastEast = 1.0, lastNorth = 0.0
    let path = truth.path
    let track = truth
    let terrain = truth.elevation
    var terrainKnot = 0
    buffer.truth.withUnsafeMutableBufferPointer { epochs in
      for i in 0..<epochs.count {
        let t = Double(i) * interval
        let stamp = jitter > 0 ? min(max(t + timing.uniform(-jitter, jitter), 0), duration) : t
        let (s, v) = track.distanceAndSpeed(at: t, hint: &knot)
        let (p, de, dn) = path.pointAndDirection(at: s, hint: &segment)
        if v > 0 { lastEast = de; lastNorth = dn }
        epochs[i] = FixTruth(
          time: t, timestamp: stamp, distance: s, east: p.east, north: p.north, directionEast: lastEast,
          directionNorth: lastNorth, speed: v, rise: terrain?.rise(at: s, hint: &terrainKnot) ?? 0)
      }
    }
    receiverModel.forTrial(trial).perturb(&buffer, trial: trial)
    var tunnels = ZoneCursor(truth.path.zones, kind: .tunnel)
    if !tunnels.isEmpty {
      for i in 0..<buffer.count where tunnels.contains(buffer.truth[i].distance) { buffer.dropped[i] = true }
    }
  }

  /// What the phone reports from a simulated buffer (see ``ReceiverModel/compose(trial:from:into:)``).
  public func compose(trial: Int, from buffer: ObservationBuffer, into fixes: inout [LocalFix]) {
    let model = receiverModel.forTrial(trial)
    model.compose(trial: trial, from: buffer, into: &fixes)
    model.addPressure(trial: trial, from: buffer, to: &fixes)
    if let swing = scenario.receiver.armSwing { model.addArmSwing(swing, trial: trial, from: buffer, to: &fixes) }
    if let presses = scenario.route.lapPresses, let lap = scenario.route.trackLap {
      addLapPresses(presses, lap: lap, trial: trial, to: &fixes)
    }
  }

  /// The receiver and noise stages of the scenario, with its random streams.
  public var receiverModel: ReceiverModel {
    ReceiverModel(
      receiver: scenario.receiver, noise: scenario.noise, height: scenario.route.origin.height, generator: scenario.generator,
      seed: scenario.seed)
  }

  /// The fixes of `trial` in a new array.
  public func observe(trial: Int) -> [LocalFix] {
    var fixes: [LocalFix] = []
    var buffer = ObservationBuffer()
    observe(trial: trial, into: &fixes, buffer: &buffer)
    return fixes
  }
}
