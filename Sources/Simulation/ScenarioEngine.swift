import NumericKit
import TrackCore

/// Turns a ``Scenario`` into ground truth and, per trial, the fixes a phone would report.
///
/// The truth is the same for every trial (route and pace are deterministic); each trial draws new
/// receiver timing and noise from streams seeded by (scenario seed, trial, stage), where stage 0 is the
/// receiver's timing and stage 1 + i is `noise[i]`. A trial's fixes therefore never depend on which
/// thread ran it or on what ran before.
public struct ScenarioEngine: Sendable {
  public let scenario: Scenario
  public let truth: TruthTrack
  /// Fixes per trial (the same for every trial).
  public let fixCount: Int

  /// The most fixes one trial may hold (10 million: 480 MB of fixes).
  public static let maximumFixes = 10_000_000

  /// - Throws: ``SpecError`` when the route cannot be built or does not fit the pace.
  public init(_ scenario: Scenario) throws {
    self.scenario = scenario
    let path = try scenario.route.path()
    if path.length == 0, case .steady = scenario.pace {
      throw SpecError(field: "pace", expected: "standing: { seconds: … } for a route of a single point")
    }
    let knots = scenario.pace.knots(pathLength: path.length)
    truth = TruthTrack(
      frame: LocalFrame(origin: scenario.route.origin), path: path,
      knotTimes: knots.times, knotDistances: knots.distances)
    let count = Int((truth.duration * scenario.receiver.rateHz).rounded(.down)) + 1
    guard count <= ScenarioEngine.maximumFixes else {
      throw SpecError(
        field: "receiver.rate_hz", expected: "at most \(ScenarioEngine.maximumFixes) fixes per trial",
        found: "\(count) fixes (\(Int(truth.duration)) s at \(scenario.receiver.rateHz) Hz)")
    }
    fixCount = count
  }

  /// The fixes of `trial`, written into `fixes` (its capacity is reused); `buffer` is scratch space.
  /// - Complexity: O(n · stages); no allocation once `fixes` and `buffer` have grown to size.
  public func observe(trial: Int, into fixes: inout [LocalFix], buffer: inout ObservationBuffer) {
    let receiver = scenario.receiver
    let interval = 1 / receiver.rateHz
    let duration = truth.duration
    let timing = RandomSource(generator: scenario.generator, stream: StreamSeed(scenarioSeed: scenario.seed, trial: trial, stage: 0))
    let jitter = receiver.jitter
    buffer.reset(times: (0..<fixCount).lazy.map { k in
      let nominal = Double(k) * interval
      return jitter > 0 ? min(max(nominal + timing.uniform(-jitter, jitter), 0), duration) : nominal
    })
    for (i, stage) in scenario.noise.enumerated() {
      let random = RandomSource(
        generator: scenario.generator, stream: StreamSeed(scenarioSeed: scenario.seed, trial: trial, stage: i + 1))
      stage.perturb(&buffer, random: random)
    }
    fixes.removeAll(keepingCapacity: true)
    fixes.reserveCapacity(fixCount)
    let accuracy = receiver.reportedAccuracy
    var knot = 0
    var segment = 0
    let path = truth.path
    buffer.times.withUnsafeBufferPointer { times in
      buffer.errorEast.withUnsafeBufferPointer { errorEast in
        buffer.errorNorth.withUnsafeBufferPointer { errorNorth in
          for i in 0..<times.count {
            let t = times[i]
            let s = truth.distance(at: t, hint: &knot)
            let p = path.point(at: s, hint: &segment)
            let de = errorEast[i], dn = errorNorth[i]
            fixes.append(LocalFix(
              time: t, east: p.east + de, north: p.north + dn,
              horizontalAccuracy: accuracy.reported(forError: (de * de + dn * dn).squareRoot())))
          }
        }
      }
    }
  }

  /// The fixes of `trial` in a new array.
  public func observe(trial: Int) -> [LocalFix] {
    var fixes: [LocalFix] = []
    var buffer = ObservationBuffer()
    observe(trial: trial, into: &fixes, buffer: &buffer)
    return fixes
  }
}
