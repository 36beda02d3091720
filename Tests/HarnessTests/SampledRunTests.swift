import Evaluation
import Filtering
import Foundation
import Harness
import NumericKit
import Simulation
import Testing
import TrackCore

/// Sampling strategies driving the receiver in a closed loop (issue #23), and their energy.
@Suite struct SampledRunTests {
  /// Thirty minutes standing still, so a delivered fix's error is its first-fix bias alone.
  static let standing = try! ScenarioLoader.parse(
    """
    name: half-hour
    seed: 9
    route:
      origin: { latitude: 51.5, longitude: -0.12 }
      waypoints_m: [[0, 0]]
    pace:
      standing: { seconds: 1800 }

    """, file: "half-hour.yaml")

  /// Error-free fixes at 0, 1, …, 1800 s on the truth.
  static func exact(_ truth: TruthTrack, seconds: Int = 1800, dropped: Set<Int> = []) -> [LocalFix] {
    (0...seconds).filter { !dropped.contains($0) }.map { t in
      let p = truth.point(at: Double(t))
      return LocalFix(time: Double(t), east: p.east, north: p.north, horizontalAccuracy: 3, speed: 0)
    }
  }

  func closedLoop(_ text: String, _ fixes: [LocalFix], truth: TruthTrack, spec: EnergySpec = EnergySpec(), seed: UInt64 = 23) throws -> ([LocalFix], ReceiverTimeline) {
    let policy = try #require(try Strategy(parsing: text).samplingPolicy)
    var delivered: [LocalFix] = []
    let timeline = fixes.withUnsafeBufferPointer {
      ClosedLoop.run(policy, observed: $0, truth: truth, spec: spec, random: RandomSource(seed: seed), into: &delivered)
    }
    return (delivered, timeline)
  }

  /// Off 20 s between fixes, worked by hand. The run starts tracking, its first fix at 0 s as given;
  /// then every start is hot after 20 s off: 1 s to the first fix, which is 3 m + 0.05 m/s × 20 s = 4 m
  /// off in a drawn direction. Fixes at 0, 21, …, 1785 s: 86; acquiring 85 × 1 s; off 85 × 20 s + the
  /// last 15 s = 1715 s. With the phone's table: (186 mW × 85 s + 0.1 mW × 1715 s + 2 mJ × 86
  /// + 30 mJ × 86) / 1000 = 18.7335 J.
  @Test func aRunOffTwentySecondsBetweenFixesByHand() throws {
    let truth = try ScenarioEngine(Self.standing).truth
    let (delivered, timeline) = try closedLoop("duty-cycle(interval_s: 20)", Self.exact(truth), truth: truth)
    let every21s: [Double] = (0...85).map { (k: Int) -> Double in Double(21 * k) }
    #expect(delivered.map(\.time) == every21s)
    #expect(timeline.fixesDelivered == 86 && timeline.wakeups == 86 && timeline.coarseFixes == 0 && timeline.sensorSeconds == 0)
    #expect(timeline.acquiringSeconds == 85 && timeline.offSeconds == 1715 && timeline.trackingSeconds == 0)
    let origin = truth.point(at: 0)
    for (k, fix) in delivered.enumerated() {
      let error = ((fix.east - origin.east) * (fix.east - origin.east) + (fix.north - origin.north) * (fix.north - origin.north)).squareRoot()
      let model = try Reacquisition().firstFixError(afterOff: 20)
      #expect(abs(error - (k == 0 ? 0 : model)) < 1e-9, "fix \(k): \(error) m, the model says \(model)")
      #expect(fix.horizontalAccuracy == (k == 0 ? 3 : 3 + model))
    }
    // Directions are drawn, not fixed.
    #expect(Set(delivered.map { ($0.east * 1e6).rounded() }).count > 80)
    let phone = EnergySpec().power
    let expected = (186.0 * 85 + 0.1 * 1715 + 2.0 * 86 + 30.0 * 86) / 1000
    #expect(abs(timeline.energyJoules(phone) - expected) / expected < 1e-9, "\(timeline.energyJoules(phone)) J")
    #expect(abs(timeline.energyMilliwattHours(phone) - expected / 3.6) / expected < 1e-12)
    #expect(abs(try #require(timeline.meanMilliwatts(phone)) - expected * 1000 / 1800) < 1e-9)
  }

  /// Longer off periods follow the documented model: a hot start's error grows with the time off
  /// (3 m + 0.05 m/s × 120 s = 9 m), and its time to first fix is the hot one's.
  @Test func firstFixesAfterLongerOffPeriodsFollowTheModel() throws {
    let truth = try ScenarioEngine(Self.standing).truth
    let (delivered, _) = try closedLoop("duty-cycle(interval_s: 120)", Self.exact(truth), truth: truth)
    let every121s: [Double] = (0...14).map { (k: Int) -> Double in Double(121 * k) }
    #expect(delivered.map(\.time) == every121s)
    let origin = truth.point(at: 0)
    for fix in delivered.dropFirst() {
      #expect(abs(fix.distance(to: LocalFix(time: 0, east: origin.east, north: origin.north, horizontalAccuracy: 0)) - 9) < 1e-9)
    }
  }

  /// An outage while acquiring: the receiver keeps acquiring until a fix comes; a run ending while
  /// acquiring is acquisition to its end; the timeline always covers the run.
  @Test func dropoutsLengthenAcquisition() throws {
    let truth = try ScenarioEngine(Self.standing).truth
    let (delivered, timeline) = try closedLoop("duty-cycle(interval_s: 20)", Self.exact(truth, dropped: Set(21...25)), truth: truth)
    #expect(Array(delivered.prefix(3).map(\.time)) == [0, 26, 47])
    #expect(abs(timeline.seconds - 1800) < 1e-9 && timeline.acquiringSeconds == 85 + 5)
    let (stuck, stuckTimeline) = try closedLoop("duty-cycle(interval_s: 20)", Self.exact(truth, dropped: Set(21...1800)), truth: truth)
    #expect(stuck.count == 1 && stuckTimeline.acquiringSeconds == 1780 && stuckTimeline.offSeconds == 20)
  }

  /// Coarse fixes: GNSS off, one every interval at the truth plus the model's error, claiming its accuracy.
  @Test func coarseFixesComeFromTheNetworkModel() throws {
    let truth = try ScenarioEngine(Self.standing).truth
    let (delivered, timeline) = try closedLoop("android-balanced(interval_s: 10)", Self.exact(truth), truth: truth)
    #expect(delivered.count == 181 && timeline.coarseFixes == 180 && timeline.offSeconds == 1800)
    #expect(delivered.dropFirst().allSatisfy { $0.horizontalAccuracy == 100 && $0.speed < 0 })
    let origin = truth.point(at: 0)
    let errors = delivered.dropFirst().map { ($0.east - origin.east, $0.north - origin.north) }
    let sigma = (errors.map { $0.0 * $0.0 + $0.1 * $0.1 }.reduce(0, +) / Double(2 * errors.count)).squareRoot()
    #expect(abs(sigma - 100 / 1.5096) < 10, "σ \(sigma) m per axis")
  }

  /// Asleep while still, woken by the motion sensor: a stop-and-go run with the adaptive policy sleeps
  /// through the stop and fixes again within a few seconds of the restart.
  @Test func motionWakesASleepingReceiver() throws {
    var scenario = ProcessPolicyTests.lights
    scenario.energy.motionSensor = try MotionSensorModel(["false_moving_per_hour": 0])
    let engine = try ScenarioEngine(scenario)
    let stop = try #require(engine.truth.stops.first)
    let (delivered, timeline) = try closedLoop(
      "adaptive-interval", Self.exact(engine.truth, seconds: Int(engine.truth.duration)), truth: engine.truth, spec: scenario.energy)
    #expect(!delivered.contains { $0.time > stop.lowerBound + 20 && $0.time < stop.upperBound }, "no fix while still")
    let after = try #require(delivered.first { $0.time > stop.upperBound })
    #expect(after.time - stop.upperBound < 8, "first fix \(after.time - stop.upperBound) s after the restart")
    #expect(timeline.sensorSeconds == engine.truth.duration && timeline.offSeconds > 100)
  }

  /// Through the runner: energy on every strategy, the open-loop ones at full rate; a sampling pipeline's
  /// filter runs on what the policy was delivered; the same records at any thread count.
  @Test func energyInEveryRecordAndThreadCountIndependent() throws {
    let scenario = try ScenarioLoader.parse(
      """
      name: loop
      seed: 5
      trials: 4
      route:
        origin: { latitude: 51.5, longitude: -0.12 }
        out_and_back: { length_m: 1500 }
      pace:
        steady: { per_km: "5:30" }
        stops: [ { at_m: 700, seconds: 90 } ]
      receiver: { reported_accuracy: { base_m: 4 }, doppler: { speed_sigma_mps: 0.1 } }
      noise:
        - white: { sigma_m: 3 }

      """, file: "loop.yaml")
    let strategies = try ["raw", "kalman", "adaptive-interval | kalman", "entracked", "ios-auto-pause", "android-balanced"].map(Strategy.init(parsing:))
    let runner = try ExperimentRunner(Experiment(scenarios: [scenario], strategies: strategies))
    var one: [CellRecord] = [], two: [CellRecord] = []
    _ = try runner.run(threads: 1, records: { one = $0 })
    let result = try runner.run(threads: 2, records: { two = $0 })
    #expect(one == two)
    let power = result.scenarios[0].strategies.map { $0.summary(Metric.meanPower)?.mean }
    let phone = EnergySpec().power
    #expect(abs(try #require(power[0]) - (phone.trackingMilliwatts + phone.perFixMillijoules + phone.perWakeupMillijoules)) < 1.5, "raw at 1 Hz")
    #expect(power[0] == power[1], "an open-loop filter costs what the receiver does")
    let raw = try #require(power[0]), adaptive = try #require(power[2]), balanced = try #require(power[5])
    #expect(adaptive < raw * 0.5 && balanced < 30, "\(power)")
    // Energy is the same figure three ways.
    let s = result.scenarios[0].strategies[2]
    let joules = try #require(s.summary(Metric.energyJoules)?.mean), mwh = try #require(s.summary(Metric.energyMilliwattHours)?.mean)
    #expect(abs(joules / 3.6 - mwh) < 1e-9)
  }

  /// A policy asking for fixes faster than the receiver makes them is refused naming the parameter.
  @Test func anIntervalBelowTheReceiversIsRefused() throws {
    var scenario = Self.standing
    scenario.receiver.rateHz = 0.5
    let error = #expect(throws: SpecError.self) {
      _ = try ExperimentRunner(Experiment(scenarios: [scenario], strategies: [try Strategy(parsing: "android-high-accuracy(interval_s: 1)")]))
    }
    #expect(error?.field == "android-high-accuracy(interval_s: 1, max_delay_s: 0) interval_s" && error?.found == "1 s")
    #expect(SampledRun.intervalError([try Strategy(parsing: "adaptive-interval(min_s: 2)")], scenario: scenario) == nil)
    // tune refuses such a point too, naming it: TuningTests' aPointBelowTheReceiversIntervalIsRefused.
  }

  /// A sampling policy comes first in a pipeline; elsewhere it is a parse error naming its column.
  @Test func aPolicyOnlyLeadsAPipeline() throws {
    #expect(try Strategy(parsing: "entracked | kalman").afterSampling == (try Strategy(parsing: "kalman")))
    let error = #expect(throws: StrategyParseError.self) { try Strategy(parsing: "kalman | duty-cycle(20)") }
    #expect(error?.column == 10 && error?.message.contains("first stage") == true, "\(String(describing: error))")
  }
}

/// Protocol 2: a sampling policy in another program, one fix at a time.
@Suite struct ProcessPolicyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// What Examples/Process/sampling_policy.py decides, in Swift.
  struct Twin: ReceiverDriver {
    let interval: Double
    var readsMotion: Bool { true }
    mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest {
      moving ? .off(until: fix.time + interval) : .off(until: fix.time + 600, wakeOnMotion: true)
    }
  }

  static let lights = try! ScenarioLoader.parse(
    """
    name: lights
    seed: 3
    route:
      origin: { latitude: 51.5, longitude: -0.12 }
      out_and_back: { length_m: 2000 }
    pace:
      steady: { per_km: "5:00" }
      stops: [ { at_m: 500, seconds: 120 } ]
    noise:
      - white: { sigma_m: 2 }

    """, file: "lights.yaml")

  /// The Python policy's closed loop equals its Swift twin's bit for bit (the same requests, so the same
  /// restarts, draws and energy), through the runner's context; its open loop too.
  @Test func aPythonPolicyDrivesTheReceiverAsItsTwin() throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the sampling policy example")
      return
    }
    let text = "process(cmd: \"\(python) \(Self.root.path)/Examples/Process/sampling_policy.py\", role: sampling, interval: 15)"
    let strategy = try Strategy(parsing: text)
    #expect(strategy.description == text && strategy.samplingPolicy != nil)
    let engine = try ScenarioEngine(Self.lights)
    let fixes = engine.observe(trial: 0)
    let context = FilterRun.Context(scenario: "lights", trial: 0, frame: engine.truth.frame)
    func loop(_ driver: some ReceiverDriver) -> ([LocalFix], ReceiverTimeline) {
      var delivered: [LocalFix] = []
      let timeline = fixes.withUnsafeBufferPointer {
        ClosedLoop.run(driver, observed: $0, truth: engine.truth, spec: Self.lights.energy, random: RandomSource(seed: 77), into: &delivered)
      }
      return (delivered, timeline)
    }
    let child = try #require(strategy.samplingPolicy)
    let outcome = FilterRun.collectingFailure(context) { loop(child) }
    let (delivered, timeline) = try outcome.get()
    let (twinDelivered, twinTimeline) = loop(Twin(interval: 15))
    #expect(delivered == twinDelivered && timeline == twinTimeline)
    #expect(delivered.count > 20 && timeline.offSeconds > 300)
    let open = FilterRun.collectingFailure(context) { strategy.run(over: fixes) }
    var twinOpen: [LocalFix] = []
    fixes.withUnsafeBufferPointer { Twin(interval: 15).runOpenLoop(over: $0, into: &twinOpen) }
    #expect(try open.get() == twinOpen)
  }

  /// A child that answers nonsense fails the cell naming the strategy, the run and the line.
  @Test func aBadRequestFailsTheRunNamingTheLine() throws {
    let strategy = try Strategy(parsing: "process(cmd: \"read a; echo '{\\\"off\\\": true}'; cat > /dev/null\", role: sampling, timeout: 5)")
    let runner = try ExperimentRunner(Experiment(scenarios: [Self.lights], strategies: [try Strategy(parsing: "raw"), strategy], trials: 1))
    let error = #expect(throws: ProcessFailure.self) { _ = try runner.run(threads: 1) }
    #expect(error?.run == "lights trial 0" && error?.message.contains("line 1") == true && error?.message.contains("no number 'next'") == true, "\(String(describing: error))")
    let binary = #expect(throws: StrategyParseError.self) { try Strategy(parsing: "process(cmd: \"x\", format: binary, role: sampling)") }
    #expect(binary?.message.contains("JSON lines only") == true)
  }
}

extension SampledRunTests {
  /// A policy's receiver draws the same whatever follows it: a pipeline filters exactly what the policy
  /// alone was delivered (common random numbers), and costs the same.
  @Test func filtersAfterAPolicyFilterWhatItWasDelivered() throws {
    let engine = try ScenarioEngine(ProcessPolicyTests.lights)
    let fixes = engine.observe(trial: 1)
    var alone: [LocalFix] = [], piped: [LocalFix] = []
    let a = SampledRun.run(try Strategy(parsing: "android-balanced(interval_s: 5)"), observed: fixes, engine: engine, trial: 1, into: &alone)
    let b = SampledRun.run(try Strategy(parsing: "android-balanced(interval_s: 5) | raw"), observed: fixes, engine: engine, trial: 1, into: &piped)
    #expect(a == b && alone == piped && alone.count > 50)
  }
}

extension SampledRunTests {
  /// The closed loop's law for every catalogue policy: no look-ahead. What was delivered up to a time
  /// does not change when the fixes after it change (the same seed, so the same draws in time order).
  @Test(arguments: Strategy.builtInDefaults.filter { $0.samplingPolicy != nil })
  func theClosedLoopNeverLooksAhead(strategy: Strategy) throws {
    let engine = try ScenarioEngine(ProcessPolicyTests.lights)
    let fixes = engine.observe(trial: 0), other = engine.observe(trial: 1)
    let policy = try #require(strategy.samplingPolicy)
    func delivered(_ input: [LocalFix]) -> [LocalFix] {
      var out: [LocalFix] = []
      _ = input.withUnsafeBufferPointer {
        ClosedLoop.run(policy, observed: $0, truth: engine.truth, spec: ProcessPolicyTests.lights.energy, random: RandomSource(seed: 11), into: &out)
      }
      return out
    }
    let whole = delivered(fixes)
    #expect(whole.count > 5, "\(strategy): \(whole.count) fixes")
    for k in [fixes.count / 4, fixes.count / 2, 3 * fixes.count / 4] {
      let cut = fixes[k].time
      let mixed = Array(fixes[...k]) + other.filter { $0.time > cut }
      #expect(delivered(mixed).filter { $0.time <= cut } == whole.filter { $0.time <= cut }, "\(strategy): the fixes after \(cut) s changed what came before")
    }
  }
}
