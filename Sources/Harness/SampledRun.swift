import Evaluation
import Filtering
import Foundation
import NumericKit
import Simulation
import TrackCore

/// How a strategy runs on a simulated trial, and what it costs: the one place `run`, `baseline`, `check`
/// and `tune` filter a trial's fixes.
///
/// An open-loop strategy is given every fix of a receiver that never stops (its energy: tracking for the
/// whole run, every fix delivered and waking the app). A strategy led by a sampling policy
/// (``Strategy/samplingPolicy``) drives the receiver in a closed loop (``ClosedLoop``) over the fixes
/// the always-on receiver would have computed, and the stages after the policy filter what it was
/// delivered. Energy is the receiver's timeline priced by the scenario's power table.
public enum SampledRun {
  /// Runs `strategy` on `trial`'s fixes `observed` of `engine`'s scenario into `recorded` (emptied
  /// first) and returns what the run cost.
  /// - Complexity: an open-loop strategy: its own run, O(1) more and no allocation; a sampling one:
  ///   O(n + d log n) for n fixes and d seconds asleep waiting on the motion sensor.
  public static func run(
    _ strategy: Strategy, observed: [LocalFix], engine: ScenarioEngine, trial: Int, into recorded: inout [LocalFix]
  ) -> RunEnergy {
    let spec = engine.scenario.energy
    let duration = engine.truth.duration
    let timeline: ReceiverTimeline
    if let policy = strategy.samplingPolicy {
      let random = RandomSource(
        generator: engine.scenario.generator, stream: StreamSeed(scenarioSeed: engine.scenario.seed, trial: trial, stage: stage(of: strategy)))
      func drive(into delivered: inout [LocalFix]) -> ReceiverTimeline {
        observed.withUnsafeBufferPointer { ClosedLoop.run(policy, observed: $0, truth: engine.truth, spec: spec, random: random, into: &delivered) }
      }
      if let rest = strategy.afterSampling {
        var delivered: [LocalFix] = []
        timeline = drive(into: &delivered)
        delivered.withUnsafeBufferPointer { rest.run(over: $0, into: &recorded) }
      } else {
        timeline = drive(into: &recorded)  // the policy's deliveries are the record: no copy
      }
    } else {
      observed.withUnsafeBufferPointer { strategy.run(over: $0, into: &recorded) }
      timeline = .alwaysOn(seconds: duration, fixes: observed.count)
    }
    return RunEnergy(joules: timeline.energyJoules(spec.power), seconds: timeline.seconds)
  }

  /// The random stream of a sampling strategy's receiver: from its policy's key (the first stage), so
  /// its draws depend neither on which other strategies run beside it nor on the filters after the
  /// policy: `adaptive-interval | kalman` filters exactly what `adaptive-interval` was delivered (common
  /// random numbers). FNV-1a, high bit set, apart from the noise stages' streams.
  static func stage(of strategy: Strategy) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in strategy.stages[0].key.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash | 1 << 62)
  }

  /// The first sampling policy among `strategies` asking for fixes closer together than the scenario's
  /// receiver makes them, as an error naming the strategy's parameter; `nil` when all are fine.
  public static func intervalError(_ strategies: [Strategy], scenario: Scenario) -> SpecError? {
    let receiverInterval = 1 / scenario.receiver.rateHz
    for strategy in strategies {
      guard let (parameter, seconds) = strategy.samplingPolicy?.shortestInterval, seconds < receiverInterval * (1 - 1e-9) else { continue }
      return SpecError(
        field: "\(strategy.stages[0]) \(parameter)",
        expected: "an interval of at least the receiver's \(Parameter.format(receiverInterval)) s (scenario \(scenario.name), rate_hz \(Parameter.format(scenario.receiver.rateHz)))",
        found: "\(Parameter.format(seconds)) s")
    }
    return nil
  }
}

/// A receiver driven by a sampling policy (issue #23): it serves each ``ReceiverRequest`` over the
/// fixes an always-on receiver would compute (the trial's error processes evolve whether or not anyone
/// looks), in three states — off, acquiring, tracking — and keeps the timeline energy is priced from.
///
/// - The run starts as an always-on one does: tracking, its first valid fix delivered unchanged.
/// - Tracking: the next request is served by the first valid fix at or after its time (less
///   ``ReceiverRequest/slack``).
/// - Off until a time (or, with a motion wake, until the sensor says moving): then acquiring for the
///   time to first fix of a start after that long off (``Reacquisition``: hot, warm or cold, counted from
///   when the receiver last ran), and the first valid fix after it carries a first-fix bias of the
///   model's size in a drawn direction (its size added to the claimed accuracy), shrinking on the
///   tracked fixes after it. A dropped epoch is no fix: acquiring goes on through it.
/// - Coarse: the GNSS receiver off, a network fix at the requested time (at most one a second): the
///   truth plus a Gaussian error (``CoarseFixModel``), no speed or course.
/// - Every delivered fix costs a fix; a fix wakes the app unless it falls in the batch window of the
///   request it answers (deferred delivery). A policy that reads the motion sensor pays for it all run.
///
/// No look-ahead: each request is made from the fixes delivered so far and the sensor's reading then.
public enum ClosedLoop {
  /// - Complexity: O(n) over the n fixes, plus the motion sensor's scans while asleep.
  public static func run<Policy: ReceiverDriver>(
    _ policy: Policy, observed: UnsafeBufferPointer<LocalFix>, truth: TruthTrack, spec: EnergySpec, random: RandomSource,
    into delivered: inout [LocalFix]
  ) -> ReceiverTimeline {
    var policy = policy
    defer { policy.finish() }
    var timeline = ReceiverTimeline()
    delivered.removeAll(keepingCapacity: true)
    let end = truth.duration
    let sensor = policy.readsMotion ? MotionSensorReadings(truth: truth, model: spec.motionSensor, random: random) : nil
    if sensor != nil { timeline.sensorSeconds = end }
    var sensorHint = -1
    func moving(_ fix: LocalFix) -> Bool {
      sensor?.moving(at: fix.time, hint: &sensorHint) ?? (fix.speed < 0 || SamplingMotion.isMoving(speed: fix.speed))
    }
    let n = observed.count
    var i = 0
    while i < n && observed[i].horizontalAccuracy < 0 { i += 1 }
    guard i < n else {
      timeline.trackingSeconds = end  // on all run, never a fix
      return timeline
    }
    var now = 0.0
    var lastOn = 0.0  // when the GNSS receiver last ran
    var bias = (east: 0.0, north: 0.0, since: 0.0)
    var nextWake = -Double.infinity
    var batch = 0.0

    func deliver(_ fix: LocalFix, into delivered: inout [LocalFix]) {
      delivered.append(fix)
      timeline.fixesDelivered += 1
      if fix.time >= nextWake {
        timeline.wakeups += 1
        nextWake = fix.time + batch
      }
    }

    var fix = observed[i]
    timeline.trackingSeconds += fix.time
    now = fix.time
    lastOn = now
    i += 1
    deliver(fix, into: &delivered)
    var request = policy.decide(after: fix, moving: moving(fix))
    while true {
      batch = request.batchSeconds
      switch (request.source, request.switchOff) {
      case (.coarse, _):
        let time = max(request.time, now + 1)
        guard time <= end else {
          timeline.offSeconds += end - now
          return timeline
        }
        timeline.offSeconds += time - now
        let truthPoint = truth.point(at: time)
        let sigma = spec.coarseFix.sigma
        fix = LocalFix(
          time: time, east: truthPoint.east + random.gaussian(sigma: sigma), north: truthPoint.north + random.gaussian(sigma: sigma),
          horizontalAccuracy: spec.coarseFix.accuracy)
        timeline.coarseFixes += 1
        now = time
        while i < n && observed[i].time <= time { i += 1 }
      case (.gnss, true):
        var wake = max(request.time, now)
        if request.wakeOnMotion, let sensor, let moved = sensor.firstMoving(from: now, until: min(wake, end)) { wake = moved }
        guard wake < end else {
          timeline.offSeconds += end - now
          return timeline
        }
        timeline.offSeconds += wake - now
        let off = wake - lastOn
        let firstFixTime = wake + spec.reacquisition.timeToFirstFix(afterOff: off)
        while i < n && (observed[i].time < firstFixTime || observed[i].horizontalAccuracy < 0) { i += 1 }
        guard i < n else {
          timeline.acquiringSeconds += end - wake
          return timeline
        }
        fix = observed[i]
        timeline.acquiringSeconds += fix.time - wake
        let size = spec.reacquisition.firstFixError(afterOff: off)
        let angle = random.uniform(0, 2 * .pi)
        bias = (size * cos(angle), size * sin(angle), fix.time)
        fix.east += bias.east
        fix.north += bias.north
        fix.horizontalAccuracy += size
        now = fix.time
        lastOn = now
        i += 1
      case (.gnss, false):
        while i < n && (observed[i].time < request.time - ReceiverRequest.slack || observed[i].horizontalAccuracy < 0) { i += 1 }
        guard i < n else {
          timeline.trackingSeconds += end - now
          return timeline
        }
        fix = observed[i]
        timeline.trackingSeconds += fix.time - now
        if bias.east != 0 || bias.north != 0 {
          let left = spec.reacquisition.bias(initial: 1, after: fix.time - bias.since)
          if left < 1e-6 {
            bias = (0, 0, 0)
          } else {
            fix.east += bias.east * left
            fix.north += bias.north * left
            fix.horizontalAccuracy += (bias.east * bias.east + bias.north * bias.north).squareRoot() * left
          }
        }
        now = fix.time
        lastOn = now
        i += 1
      }
      deliver(fix, into: &delivered)
      request = policy.decide(after: fix, moving: moving(fix))
    }
  }
}
