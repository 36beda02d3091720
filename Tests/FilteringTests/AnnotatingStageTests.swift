import Filtering
import Testing
import TrackBenchTestSupport
import TrackCore

/// Lap rounding and best-effort error bars, worked by hand.
@Suite struct AnnotatingStageTests {
  /// 2 m steps along a line; presses on the points at 5 s and 9 s with lap_m 12: the first lap measured
  /// 10 m (+2 m), the second 8 m (+4 m); the first point starts lap 1; track mode's own lap marks give way.
  @Test func aLapPressRoundsTheLapJustRun() throws {
    var fixes = (0...10).map { LocalFix(time: Double($0), east: 2 * Double($0), north: 0, horizontalAccuracy: 3) }
    fixes[5].marks.insert(.lapPress)
    fixes[9].marks.insert(.lapPress)
    fixes[7].marks.insert(.lap)  // an earlier stage's lap mark
    let rounding = try Strategy(parsing: "lap-round(lap_m: 12)")
    let out = rounding.run(over: fixes)
    #expect(out.count == fixes.count)
    #expect(out.map(\.distanceAdjustment) == [0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0])
    #expect(out.indices.filter { out[$0].marks.contains(.lap) } == [0, 5, 9])
    #expect(out.pathLength == 2 * 12 + 2)  // two laps of 12 m and the 2 m since
    #expect(zip(out, fixes).allSatisfy { $0.east == $1.east && $0.north == $1.north && $0.time == $1.time })
    // A lap measured long is rounded down.
    let short = try Strategy(parsing: "lap-round(lap_m: 100)").run(over: fixes)
    #expect(short[5].distanceAdjustment == 90)
    let long = try Strategy(parsing: "lap-round(lap_m: 6)").run(over: fixes)
    #expect(long[5].distanceAdjustment == -4 && long.pathLength == 6 + 6 + 2)
  }

  /// A claim of 0.4 m/s scaled by 2 is 0.8; floored at 1 it is 1; a speed without a claim gets the
  /// floor, or stays unclaimed without one; a fix without a speed never claims.
  @Test func effortBarsScaleAndFloorTheClaim() throws {
    let fixes = [
      LocalFix(time: 0, east: 0, north: 0, horizontalAccuracy: 3, speed: 3, speedAccuracy: 0.4),
      LocalFix(time: 1, east: 3, north: 0, horizontalAccuracy: 3, speed: 3),
      LocalFix(time: 2, east: 6, north: 0, horizontalAccuracy: 3),
    ]
    #expect(try Strategy(parsing: "effort-bars(scale: 2)").run(over: fixes).map(\.speedAccuracy) == [0.8, -1, -1])
    #expect(try Strategy(parsing: "effort-bars(scale: 2, floor_mps: 1)").run(over: fixes).map(\.speedAccuracy) == [1, 1, -1])
  }

  @Test func everyAnnotatingStageKeepsTheLaws() throws {
    for text in ["lap-round", "lap-round(lap_m: 453.03)", "effort-bars", "effort-bars(scale: 4, floor_mps: 1.5)"] {
      let strategy = try Strategy(parsing: text)
      #expect(StrategyLaws.applying(to: strategy).contains("annotates alone"))
      for (law, broken, _) in StrategyLaws.check(strategy) { #expect(broken.isEmpty, "\(text): \(law): \(broken)") }
    }
    // The law can fail: an annotating stage that slows every speed breaks it.
    let slowing = StrategyLaws.check(.streaming(StreamingFilter(SlowsTheSpeed())))
    #expect(slowing.contains { $0.law == "annotates alone" && !$0.broken.isEmpty })
  }
}

/// An annotating stage that breaks its promise: it claims a speed accuracy and halves the speed.
struct SlowsTheSpeed: AnnotatingStage, CatalogueStrategy {
  static let name = "slows-the-speed"
  static let summary = "test"
  init() {}
  init(parameters: ParameterValues) {}
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    point.speed /= 2
    point.speedAccuracy = 0.5
    return point
  }
}
