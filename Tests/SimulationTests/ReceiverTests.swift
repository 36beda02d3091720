import Foundation
import NumericKit
import Simulation
import Testing
import TrackCore

@Suite struct ReceiverTests {
  func fixes(_ receiver: ReceiverSpec, noise: [NoiseStage] = [], zones: [PathZone] = []) throws -> (ScenarioEngine, [LocalFix]) {
    let engine = try ScenarioEngine(Scenario(
      name: "r", seed: 9,
      route: RouteSpec(
        origin: GeodeticPosition(latitude: 10, longitude: 20, height: 150),
        shape: .waypoints([.init(east: 0, north: 0), .init(east: 0, north: 9000)]), zones: zones),
      pace: PaceSpec(profile: .steady(secondsPerKilometer: 300), maxAcceleration: 5), receiver: receiver, noise: noise))
    return (engine, engine.observe(trial: 0))
  }

  @Test func dopplerSpeedAndCourseHaveTheirNoise() throws {
    let (_, f) = try fixes(ReceiverSpec(doppler: .init(speedSigma: 0.2, courseSigma: 3)))
    let cruising = f.filter { $0.time > 10 }
    let speedErrors = cruising.map { $0.speed - 1000.0 / 300 }
    #expect(abs(try #require(Statistics.variance(speedErrors)).squareRoot() - 0.2) < 0.02)
    let courseErrors = cruising.map { remainder($0.course - 0, 360) }  // heading north
    #expect(abs(try #require(Statistics.variance(courseErrors)).squareRoot() - 3) < 0.3)
    #expect(cruising.allSatisfy { $0.speed >= 0 && $0.course >= 0 && $0.course < 360 })
  }

  /// A late speed is the speed of `latency_s` earlier: while the runner speeds up from a standstill at
  /// 1 m/s² it reads about 1 m/s² × 0.5 s = 0.5 m/s under the truth (between 1 Hz epochs, the speeds of
  /// the epoch and the one before, interpolated); cruising, it is the truth's.
  @Test func aLateDopplerSpeedLagsTheTruthWhileTheSpeedChanges() throws {
    func speeds(latency: Double) throws -> [LocalFix] {
      try ScenarioEngine(Scenario(
        name: "r", seed: 9,
        route: RouteSpec(origin: GeodeticPosition(latitude: 10, longitude: 20), shape: .waypoints([.init(east: 0, north: 0), .init(east: 0, north: 9000)])),
        pace: PaceSpec(profile: .steady(secondsPerKilometer: 300), maxAcceleration: 1),
        receiver: ReceiverSpec(doppler: .init(speedSigma: 0, courseSigma: 0, latency: latency)))).observe(trial: 0)
    }
    let late = try speeds(latency: 0.5), prompt = try speeds(latency: 0)
    for i in 2...3 {
      #expect(abs(late[i].speed - (prompt[i].speed + prompt[i - 1].speed) / 2) < 1e-9, "half way to the epoch before")
      #expect((0.4...0.55).contains(prompt[i].speed - late[i].speed), "0.5 s late at 1 m/s²: \(prompt[i].speed - late[i].speed)")
    }
    let cruising = zip(late, prompt).filter { (pair: (LocalFix, LocalFix)) -> Bool in pair.0.time > 20 }
    #expect(cruising.allSatisfy { (pair: (LocalFix, LocalFix)) -> Bool in pair.0.speed == pair.1.speed }, "cruising: the same speed")
  }

  @Test func withoutDopplerSpeedAndCourseAreInvalid() throws {
    let (_, f) = try fixes(ReceiverSpec())
    #expect(f.allSatisfy { $0.speed < 0 && $0.course < 0 && $0.verticalAccuracy < 0 })
  }

  /// A receiver reports what its `reports` say, whatever its Doppler block or a population's device:
  /// no speed when the phones it stands for give none, one constant claimed accuracy when they log one.
  @Test func reportsDecideWhatTheFixesCarry() throws {
    var silent = ReceiverSpec(doppler: .init())
    silent.reports = .init(speed: false, constantAccuracy: 7)
    let (_, f) = try fixes(silent)
    #expect(!f.isEmpty && f.allSatisfy { $0.speed < 0 && $0.course < 0 && $0.horizontalAccuracy == 7 })
    var drawn = try ReceiverPopulation.receiver(named: "phones-open-sky", field: "test")
    #expect(drawn.doppler != nil)
    drawn.reports.speed = false
    let engine = try fixes(drawn).0
    for trial in 0..<5 { #expect(engine.observe(trial: trial).allSatisfy { $0.speed < 0 }, "trial \(trial): every device reports no speed") }
    // calibrate --population states it from the recordings: the SnapperGPS receivers log no speed.
    #expect(try ReceiverPopulation.receiver(named: "low-cost-l1", field: "test").reports.speed == false)
    #expect(try ReceiverPopulation.receiver(named: "phones-open-sky", field: "test").reports.speed == true)
    let (_, plain) = try fixes(ReceiverSpec(doppler: .init()))
    #expect(plain.filter { $0.speed >= 0 }.count == plain.count, "by default the Doppler speed is reported")
  }

  @Test func altitudeWandersAroundTheRouteHeight() throws {
    let (_, f) = try fixes(ReceiverSpec(vertical: .init(sigma: 6, tau: 30, reported: 9)))
    let errors = f.map { $0.altitude - 150 }
    #expect(abs(try #require(Statistics.variance(errors)).squareRoot() - 6) < 1.5)
    #expect(f.allSatisfy { $0.verticalAccuracy == 9 })
  }

  @Test func batchedDeliveryAgesFixes() throws {
    let (_, f) = try fixes(ReceiverSpec(delivery: .init(latency: 0.5, batch: 10)))
    for fix in f.prefix(40) {
      let delivered = fix.time + fix.age
      #expect(abs((delivered - 0.5) / 10 - ((delivered - 0.5) / 10).rounded()) < 1e-9, "delivered on a batch boundary + latency")
      #expect(fix.age >= 0.5 && fix.age <= 10.5)
    }
  }

  @Test func reportedAccuracyCanBeOptimistic() {
    let optimistic = ReportedAccuracy(base: 5, followsTrueError: 0, minimum: 1)
    #expect(optimistic.reported(forError: 15) == 5, "claims 5 m while 15 m off")
    let honest = ReportedAccuracy(base: 5, followsTrueError: 1, minimum: 1, scale: 1)
    #expect(honest.reported(forError: 15) == 15)
    let claimed = ReportedAccuracy(base: 5, followsTrueError: 0.5, scale: 2, bias: 1).reported(forError: 4, extra: 3)
    #expect(claimed == 10.5, "0.5·5 + 0.5·2·4 + 1 + 3")
  }

  @Test func tunnelsHaveNoFixes() throws {
    let (engine, f) = try fixes(ReceiverSpec(), zones: [PathZone(kind: .tunnel, from: 1000, to: 1600)])
    #expect(f.count < engine.fixCount)
    for fix in f {
      let s = engine.truth.distance(at: fix.time)
      #expect(s < 1000 || s >= 1600)
    }
    #expect(f.contains { engine.truth.distance(at: $0.time) > 1600 })
  }

  @Test func stagesDoNotDisturbEachOthersStreams() throws {
    let base: [NoiseStage] = [NoiseStage(WhiteNoise(sigma: 1))]
    let (_, a) = try fixes(ReceiverSpec(doppler: .init()), noise: base)
    let (_, b) = try fixes(ReceiverSpec(doppler: .init()), noise: base + [NoiseStage(Dropouts(perHour: 30, seconds: 5...10))])
    // The same epochs carry the same white noise and Doppler draws whatever the dropouts remove.
    let byTime = Dictionary(uniqueKeysWithValues: a.map { ($0.time, $0) })
    #expect(b.count < a.count)
    for fix in b { #expect(byTime[fix.time] == fix) }
  }
}
