import Filtering
import Testing
import TrackBenchTestSupport
import TrackCore

/// The auto-pause worked by hand: the dwell each way, the braking shortcut, the distance filter with
/// its timeout; paused fixes sit where the app paused.
@Suite struct PauseStageTests {
  /// One fix a second moving east at `speeds[i]` m/s over the second before it (Doppler speed stated
  /// unless `doppler` is false).
  func fixes(_ speeds: [Double], doppler: Bool = true) -> [LocalFix] {
    var east = 0.0
    return speeds.enumerated().map { i, speed in
      if i > 0 { east += speed }
      return LocalFix(time: Double(i), east: east, north: 0, horizontalAccuracy: 3, speed: doppler ? speed : -1)
    }
  }

  func paused(_ out: [LocalFix]) -> [Bool] {
    out.map { point in
      #expect(point.marks.contains(.idle) != point.marks.contains(.moving))
      return point.marks.contains(.idle)
    }
  }

  @Test func threeSlowSamplesPauseAndThreeFastOnesResume() throws {
    let input = fixes([3, 3, 0.2, 0.2, 0.2, 0.2, 1, 1, 1, 3])
    let out = try Strategy(parsing: "auto-pause").run(over: input)
    #expect(paused(out) == [false, false, false, false, true, true, true, true, false, false])
    // Paused fixes sit where the app paused (fix 3, the last heard while moving); the resume is at its own place.
    #expect(out[4...7].allSatisfy { $0.east == input[3].east })
    #expect(out[8].east == input[8].east && out.map(\.time) == input.map(\.time))
    // Between the thresholds the state holds: 0.7 m/s neither pauses nor resumes.
    #expect(paused(try Strategy(parsing: "auto-pause").run(over: fixes([3, 0.7, 0.7, 0.7, 0.7]))) == [false, false, false, false, false])
  }

  @Test func brakingHardPausesAtTheNextSlowSample() throws {
    // 4 → 1 m/s in a second (3 m/s², under 2 m/s) arms the shortcut; 0.8 m/s next pauses, though no
    // sample was under 0.5 m/s.
    let input = fixes([4, 4, 1, 0.8, 0.8])
    #expect(paused(try Strategy(parsing: "auto-pause(samples: 2, braking_mps2: 2.5)").run(over: input)) == [false, false, false, true, true])
    #expect(paused(try Strategy(parsing: "auto-pause(samples: 2)").run(over: input)) == [false, false, false, false, false])
    // 2 m/s² of braking does not arm it.
    #expect(paused(try Strategy(parsing: "auto-pause(samples: 2, braking_mps2: 2.5)").run(over: fixes([4, 4, 2, 1.5, 1.5]))) == [false, false, false, false, false])
  }

  @Test func aDistanceFilterHoldsTheLastSpeedUntilTheTimeout() throws {
    // 3 m/s for 10 s, then standing at 30 m for 20 s, no Doppler. With a 10 m distance filter the app
    // hears of fixes 0, 4 (12 m) and 8 (24 m), each at 3 m/s; the stop is never heard of.
    let input = (0...30).map { t in LocalFix(time: Double(t), east: 3 * Double(min(t, 10)), north: 0, horizontalAccuracy: 3) }
    let out = try Strategy(parsing: "auto-pause(distance_filter_m: 10, timeout_s: 8)").run(over: input)
    // Nothing heard since 8 s: paused at 16 s, every fix since the last heard sits at 24 m.
    #expect(paused(out) == (0...30).map { $0 >= 16 })
    #expect(out[9...].allSatisfy { $0.east == 24 } && out[5].east == 12)
    // Without the timeout the app never pauses: the last speed it heard was 3 m/s.
    #expect(!paused(try Strategy(parsing: "auto-pause(distance_filter_m: 10)").run(over: input)).contains(true))
    // Without the filter, the positions' own speed (0 from 11 s) pauses at the third still sample.
    #expect(paused(try Strategy(parsing: "auto-pause").run(over: input)) == (0...30).map { $0 >= 13 })
  }

  @Test func invalidThresholdOrderIsRefused() {
    #expect(throws: (any Error).self) { try Strategy(parsing: "auto-pause(pause_below_mps: 1, resume_above_mps: 0.5)") }
  }

  @Test func everyPauseStageKeepsTheLaws() throws {
    for text in ["auto-pause", "auto-pause(samples: 2, braking_mps2: 2.5)", "auto-pause(distance_filter_m: 10, timeout_s: 8)"] {
      let strategy = try Strategy(parsing: text)
      #expect(StrategyLaws.applying(to: strategy).contains("marks pauses alone"))
      for (law, broken, _) in StrategyLaws.check(strategy) { #expect(broken.isEmpty, "\(text): \(law): \(broken)") }
    }
    // The law can fail: a pause stage that moves a paused fix somewhere new breaks it.
    let moving = StrategyLaws.check(.streaming(StreamingFilter(PausesSomewhereNew())))
    #expect(moving.contains { $0.law == "marks pauses alone" && !$0.broken.isEmpty })
  }
}

/// A pause stage that breaks its promise: it marks every fix idle and shifts it 1 m north.
struct PausesSomewhereNew: PauseStage, CatalogueStrategy {
  static let name = "pauses-somewhere-new"
  static let summary = "test"
  init() {}
  init(parameters: ParameterValues) {}
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    point.north += 1
    point.marks.insert(.idle)
    return point
  }
}
