import Filtering
import Testing
import TrackCore

/// Each sampling policy's decisions, worked by hand (the closed loop that serves them is tested in
/// HarnessTests/SampledRunTests).
@Suite struct SamplingPolicyTests {
  static func fix(_ t: Double, speed: Double, accuracy: Double = 5, east: Double = 0) -> LocalFix {
    LocalFix(time: t, east: east, north: 0, horizontalAccuracy: accuracy, speed: speed)
  }

  @Test func dutyCycleSwitchesOffForItsInterval() throws {
    var policy = try DutyCycle(["interval_s": 20])
    #expect(policy.decide(after: Self.fix(7, speed: 3), moving: true) == .off(until: 27))
    #expect(!policy.readsMotion && policy.shortestInterval == nil)
  }

  @Test func androidPrioritiesTrackOrAskForCoarseFixes() throws {
    var high = try AndroidHighAccuracy(["interval_s": 5, "max_delay_s": 30])
    #expect(high.decide(after: Self.fix(10, speed: 3), moving: true) == .track(from: 15, batchSeconds: 30))
    let unrequested = try AndroidHighAccuracy(["interval_s": 0, "max_delay_s": 0])
    #expect(high.shortestInterval! == ("interval_s", 5) && unrequested.shortestInterval == nil)
    var balanced = try AndroidBalanced(["interval_s": 10])
    #expect(balanced.decide(after: Self.fix(10, speed: 3), moving: true) == .coarse(at: 20))
  }

  /// Full rate while moving; after pause_after_s below still_speed, off until the sensor says moving;
  /// the first fix after a pause counts as moving; deferred delivery batches.
  @Test func autoPausePausesAfterStandingAndResumes() throws {
    var policy = try AutoPause(["pause_after_s": 60, "still_speed": 0.5, "defer_s": 15])
    #expect(policy.decide(after: Self.fix(0, speed: 3), moving: true) == .track(from: 0, batchSeconds: 15))
    for t in stride(from: 1.0, through: 60, by: 1) {
      #expect(policy.decide(after: Self.fix(t, speed: 0.1), moving: false) == .track(from: t, batchSeconds: 15), "\(t) s: 59 s still")
    }
    #expect(policy.decide(after: Self.fix(61, speed: 0.1), moving: false) == .off(until: 61 + 86_400, wakeOnMotion: true))
    // Resumed: the first fix counts as moving even if its speed is low, then still time starts again.
    #expect(policy.decide(after: Self.fix(200, speed: 0.2), moving: true) == .track(from: 200, batchSeconds: 15))
    #expect(policy.decide(after: Self.fix(201, speed: 0.2), moving: false) == .track(from: 201, batchSeconds: 15))
    // Without Doppler the speed comes from positions: 3 m in 1 s is moving.
    var positional = try AutoPause(["pause_after_s": 2, "still_speed": 0.5, "defer_s": 0])
    for t in 0...5 { #expect(positional.decide(after: Self.fix(Double(t), speed: -1, east: 3 * Double(t)), moving: true) == .track(from: Double(t))) }
  }

  /// Doubling at a steady speed up to max_s, back to min_s on a pace change; tracking up to keep_on_s,
  /// off beyond; asleep while still.
  @Test func adaptiveIntervalFollowsThePace() throws {
    var policy = try AdaptiveInterval(["min_s": 2, "max_s": 10, "pace_change": 0.15, "keep_on_s": 4, "still_max_s": 600])
    #expect(policy.decide(after: Self.fix(0, speed: 3), moving: true) == .track(from: 2))
    #expect(policy.decide(after: Self.fix(2, speed: 3), moving: true) == .track(from: 6))
    #expect(policy.decide(after: Self.fix(6, speed: 3.1), moving: true) == .off(until: 14))
    #expect(policy.decide(after: Self.fix(15, speed: 3), moving: true) == .off(until: 25))
    #expect(policy.decide(after: Self.fix(26, speed: 4), moving: true) == .track(from: 28), "a third faster: back to min_s")
    #expect(policy.decide(after: Self.fix(28, speed: 0), moving: false) == .off(until: 628, wakeOnMotion: true))
    #expect(policy.decide(after: Self.fix(700, speed: 3), moving: true) == .track(from: 702), "after sleeping: min_s")
    #expect(policy.readsMotion && policy.shortestInterval! == ("min_s", 2))
  }

  /// Sleeps until the error budget (error_m − accuracy) is spent at its speed, less a time to first
  /// fix; tracks when that is within keep_on_s; a fix worse than the budget asks for another at once.
  @Test func enTrackedSleepsUntilTheErrorBudgetIsSpent() throws {
    var policy = try EnTracked(["error_m": 25, "keep_on_s": 6, "ttff_s": 1, "still_max_s": 600])
    #expect(policy.decide(after: Self.fix(0, speed: 4, accuracy: 5), moving: true) == .track(from: 5))  // 20 m at 4 m/s
    #expect(policy.decide(after: Self.fix(5, speed: 1, accuracy: 5), moving: true) == .off(until: 24))  // 20 s, less 1
    #expect(policy.decide(after: Self.fix(24, speed: 1, accuracy: 30), moving: true) == .track(from: 25))
    #expect(policy.decide(after: Self.fix(25, speed: 0, accuracy: 5), moving: false) == .off(until: 625, wakeOnMotion: true))
  }

  /// Open loop, a policy is the filter that keeps the fixes serving its requests.
  @Test func openLoopKeepsTheFixesThatServeTheRequests() {
    let fixes = (0..<60).map { (i: Int) in Self.fix(Double(i) + 0.03 * Double(i % 3), speed: 3, east: 3 * Double(i)) }
    let kept = (try! Strategy(parsing: "duty-cycle(interval_s: 10)")).run(over: fixes).map { $0.time.rounded() }
    #expect(kept == [0, 10, 20, 30, 40, 50])
    let every = (try! Strategy(parsing: "android-high-accuracy(interval_s: 1)")).run(over: fixes)
    #expect(every == fixes, "jittered stamps still serve a 1 s interval")
  }
}
