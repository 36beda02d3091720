import Filtering
import Foundation
import Testing
import TrackCore

/// The newer catalogue entries on small inputs worked by hand.
@Suite struct CatalogueHandWorkedTests {
  func line(_ positions: [Double], accuracy: Double = 5) -> [LocalFix] {
    positions.enumerated().map { LocalFix(time: Double($0), east: $1, north: 0, horizontalAccuracy: accuracy) }
  }

  @Test func androidMinNeedsBothTimeAndDistance() throws {
    // 4 m/s: 5 m is reached after 2 s, but 3 s must pass too.
    let fixes = line((0..<10).map { 4 * Double($0) })
    #expect(try AndroidMinFilter(["time": 3, "distance": 5]).run(over: fixes).map(\.time) == [0, 3, 6, 9])
    // Standing still: time alone delivers nothing.
    #expect(try AndroidMinFilter(["time": 1, "distance": 5]).run(over: line(Array(repeating: 0, count: 10))).count == 1)
  }

  @Test func openTracksStartsASegmentAfterA200mGap() {
    let fixes = line([0, 12, 24, 300, 312, 324])
    let recorded = OpenTracksFilter().run(over: fixes)
    #expect(recorded.map(\.time) == [0, 1, 2, 3, 4, 5])
    #expect(recorded[3].marks.contains(.segmentStart), "276 m jump > 200 m")
    #expect(recorded.pathLength == 24 + 24, "the gap adds no distance")
  }

  @Test func openTracksIgnoresPoorFixesAndGoesIdle() {
    var fixes = line([0, 12, 15, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 40])
    fixes[2].horizontalAccuracy = 80
    let recorded = OpenTracksFilter().run(over: fixes)
    #expect(!recorded.contains { $0.time == 2 }, "80 m fix ignored")
    // Last stored at 1 s; no 10 m move until 15 s: one idle point at 11 s, then moving again.
    let idle = recorded.filter { $0.marks.contains(.idle) }
    #expect(idle.map(\.time) == [11])
    #expect(recorded.last?.time == 15 && recorded.last?.marks == [])
  }

  @Test func speedGateRejectsAJumpAndReanchors() throws {
    let fixes = line([0, 3, 6, 150, 12, 15, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313])
    let kept = try SpeedGate(["vmax": 12, "reset": 10]).run(over: fixes).map(\.time)
    #expect(!kept.contains(3) && kept.contains(4), "the 144 m jump in 1 s is dropped, the track goes on")
    #expect(kept.contains(16), "after 10 s without an accepted fix the gate re-anchors")
  }

  @Test func timeSampleKeepsOnePerInterval() throws {
    #expect(try TimeSample(["s": 5]).run(over: line((0..<12).map(Double.init))).map(\.time) == [0, 5, 10])
  }

  @Test func emaMovesAlphaOfTheWay() throws {
    let recorded = try ExponentialAverage(["alpha": 0.25]).run(over: line([0, 8, 8]))
    #expect(recorded.map(\.east) == [0, 2, 3.5])
  }

  @Test func emaPropagatesItsClaimAsForIndependentErrors() throws {
    // α = 0.5 on 4 m claims: 4, then √(2² + 2²) = √8, then √(2² + (√8/2)²) = √6.
    var fixes = line([0, 8, 8, 8], accuracy: 4)
    var recorded = try ExponentialAverage(["alpha": 0.5]).run(over: fixes)
    #expect(recorded.prefix(3).map(\.horizontalAccuracy) == [4, 8.0.squareRoot(), 6.0.squareRoot()])
    // A fix without a claim leaves the average without one from there on.
    fixes[1].horizontalAccuracy = 0
    recorded = try ExponentialAverage(["alpha": 0.5]).run(over: fixes)
    #expect(recorded.map(\.horizontalAccuracy) == [4, 0, 0, 0])
  }

  @Test func movingMedianIgnoresOneOutlier() throws {
    let recorded = try MovingMedian(["n": 3]).run(over: line([0, 1, 500, 3, 4]))
    #expect(recorded.map(\.east) == [0, 0.5, 1, 3, 4])
  }

  @Test func movingMedianClaimsTheMedianOfItsWindowsClaims() throws {
    var fixes = line([0, 1, 2, 3, 4])
    for (i, claim) in [1.0, 9, 3, 7, 5].enumerated() { fixes[i].horizontalAccuracy = claim }
    // Windows of 3: {1}, {1, 9}, {1, 9, 3}, {9, 3, 7}, {3, 7, 5}.
    #expect(try MovingMedian(["n": 3]).run(over: fixes).map(\.horizontalAccuracy) == [1, 5, 3, 7, 5])
  }

  @Test func weightedAverageFollowsTheBetterFix() throws {
    var fixes = line([0, 10])
    fixes[0].horizontalAccuracy = 20
    fixes[1].horizontalAccuracy = 5
    let second = try #require(try WeightedAverage(["n": 2]).run(over: fixes).last)
    // Weights 1/400 and 1/25: (0·1 + 10·16)/17.
    #expect(abs(second.east - 160.0 / 17) < 1e-12)
    #expect(abs(second.horizontalAccuracy - 1 / (1.0 / 400 + 1.0 / 25).squareRoot()) < 1e-12)
  }

  @Test func runAdaptiveAveragesMoreWhenAccuracyIsPoor() throws {
    let good = line((0..<12).map(Double.init), accuracy: 3)
    let poor = line((0..<12).map(Double.init), accuracy: 15)
    let filter = try RunAdaptiveFilter(["m_per_fix": 3, "max": 10])
    #expect(filter.run(over: good).count == 12, "3 m claims: one fix per point")
    #expect(filter.run(over: poor).count == 2, "15 m claims: five fixes per point")
  }

  @Test func douglasPeuckerKeepsOnlyTheCorner() throws {
    let fixes = [(0.0, 0.0), (10, 0.5), (20, -0.4), (30, 0), (30, 10), (30.3, 20), (30, 30)].enumerated().map {
      LocalFix(time: Double($0), east: $1.0, north: $1.1, horizontalAccuracy: 5)
    }
    let simplifier = try DouglasPeucker(["epsilon": 1])
    let kept = fixes.withUnsafeBufferPointer { buffer in
      var out: [LocalFix] = []
      simplifier.smooth(buffer, into: &out)
      return out
    }
    #expect(kept.map(\.time) == [0, 3, 6])
  }

  @Test func kalmanGatesAnOutlierAndRestartsAfterARealJump() throws {
    var fixes = line((0..<30).map { 3 * Double($0) })
    fixes[10].east += 200
    let gated = try KalmanFilter(["q": 0.5, "gate": 5]).run(over: fixes)
    #expect(!gated.contains { $0.time == 10 }, "the 200 m outlier is rejected")
    #expect(gated.allSatisfy { abs($0.east - 3 * $0.time) < 5 })
    // The runner really moves 500 m east (a data gap in a car): after five rejections the filter restarts.
    let jumped = line((0..<30).map { (i: Int) -> Double in 3 * Double(i) + (i < 10 ? 0 : 500) })
    let follows = try KalmanFilter(["q": 0.5, "gate": 5]).run(over: jumped)
    #expect(follows.last.map { abs($0.east - (500 + 87)) < 5 } == true)
  }

  @Test func dopplerFusionRecoversTheSpeed() throws {
    // Positions wander ±4 m; Doppler says 3 m/s east exactly.
    let fixes = (0..<120).map { i -> LocalFix in
      let wobble = 4 * sin(Double(i) * 1.3)
      return LocalFix(time: Double(i), east: 3 * Double(i) + wobble, north: wobble, horizontalAccuracy: 5, speed: 3, course: 90)
    }
    let fused = try #require(try KalmanFilter(["q": 0.5, "doppler": 1, "doppler_sigma": 0.05]).run(over: fixes).last)
    let blind = try #require(try KalmanFilter(["q": 0.5, "doppler": 0]).run(over: fixes).last)
    #expect(abs(fused.speed - 3) < 0.05)
    #expect(abs(fused.speed - 3) < abs(blind.speed - 3))
  }

  @Test func rtsSmoothsWithTheFutureAndKeepsTheTimes() throws {
    var fixes = line((0..<60).map { 3 * Double($0) })
    for i in fixes.indices { fixes[i].north = i % 2 == 0 ? 2 : -2 }
    let filtered = try KalmanFilter(["gate": 0]).run(over: fixes)
    let smoothed = RTSSmoother(filter: try KalmanFilter(["gate": 0])).run(over: fixes)
    #expect(smoothed.map(\.time) == filtered.map(\.time))
    let filteredJitter = filtered.dropFirst(10).map { abs($0.north) }.reduce(0, +)
    let smoothedJitter = smoothed.dropFirst(10).map { abs($0.north) }.reduce(0, +)
    #expect(smoothedJitter < filteredJitter / 2, "\(smoothedJitter) vs \(filteredJitter)")
  }
}

extension TrackSmoother {
  /// Smooths `input` into a new array (test convenience).
  func run(over input: [LocalFix]) -> [LocalFix] {
    input.withUnsafeBufferPointer { buffer in
      var out: [LocalFix] = []
      smooth(buffer, into: &out)
      return out
    }
  }
}

@Suite struct MovingMedianTests {
  /// The median by sorting each window afresh.
  func naive(_ values: [Double], n: Int) -> [Double] {
    values.indices.map { i in
      let window = values[max(0, i - n + 1)...i].sorted()
      let k = window.count
      return k % 2 == 1 ? window[k / 2] : (window[k / 2 - 1] + window[k / 2]) / 2
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 8, 25])
  func equalsSortingEachWindow(n: Int) throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let values = (0..<500).map { i -> Double in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return i % 37 == 0 ? 5 : Double(state >> 40) / 1000  // repeated values too
    }
    let fixes = values.enumerated().map { LocalFix(time: Double($0), east: $1, north: -$1, horizontalAccuracy: 5) }
    let recorded = try MovingMedian(["n": Double(n)]).run(over: fixes)
    #expect(recorded.map(\.east) == naive(values, n: n))
    #expect(recorded.map(\.north) == naive(values.map { -$0 }, n: n))
  }
}
