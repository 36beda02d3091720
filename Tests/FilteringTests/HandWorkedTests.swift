import Filtering
import Testing
import TrackCore

@Suite struct HandWorkedTests {
  func line(_ n: Int, spacing: Double, accuracy: Double = 5) -> [LocalFix] {
    (0..<n).map { LocalFix(time: Double($0), east: spacing * Double($0), north: 0, horizontalAccuracy: accuracy) }
  }

  @Test func tenMetreDistanceFilterOnFourMetreStepsRecordsEveryThirdFix() throws {
    let recorded = try DistanceFilter(["d": 10]).run(over: line(31, spacing: 4))
    #expect(recorded.map(\.time) == stride(from: 0.0, through: 30, by: 3).map { $0 })
  }

  @Test func distanceFilterMeasuresFromTheLastDeliveredFix() throws {
    // Back and forth within 10 m of the first fix: nothing more is delivered.
    let fixes = [0.0, 6, -3, 9, 2, 10].enumerated().map { LocalFix(time: Double($0), east: $1, north: 0, horizontalAccuracy: 5) }
    #expect(try DistanceFilter(["d": 10]).run(over: fixes).map(\.east) == [0, 10])
  }

  @Test func moonRunnerAppliesTheOSFilterBeforeTheAccuracyCheck() {
    var fixes = line(10, spacing: 5)
    fixes[2].horizontalAccuracy = 25  // delivered by the OS (10 m from fix 0), then dropped by the app
    fixes[6].age = 12  // delivered, too old
    let recorded = MoonRunnerFilter().run(over: fixes)
    // OS delivers fixes 0, 2, 4, 6, 8 (each 10 m from the last delivered); the app keeps 0, 4, 8.
    #expect(recorded.map(\.time) == [0, 4, 8])
  }

  @Test func accuracyGateKeepsTheBoundaryAndDropsInvalid() throws {
    let fixes = [3.0, 20, 20.5, -1].enumerated().map { LocalFix(time: Double($0), east: 0, north: 0, horizontalAccuracy: $1) }
    #expect(try AccuracyGate(["max": 20]).run(over: fixes).map(\.time) == [0, 1])
  }

  @Test func runAverageAveragesBlocks() throws {
    let fixes = [0.0, 3, 9, 10, 20, 30, 40].enumerated().map {
      LocalFix(time: Double($0), east: $1, north: 1, horizontalAccuracy: 6)
    }
    let recorded = try RunAverageFilter(["n": 3]).run(over: fixes)
    #expect(recorded.count == 2, "the 7th fix starts a block that never fills")
    #expect(recorded[0].time == 1 && recorded[0].east == 4 && recorded[0].north == 1)
    #expect(recorded[1].time == 4 && recorded[1].east == 20)
    #expect(abs(recorded[0].horizontalAccuracy - 6 / 3.0.squareRoot()) < 1e-12)
    #expect(recorded[0].age == 1, "known when the third fix arrives, 1 s after its mean time")
  }

  @Test func kalmanStartsAtTheFirstFixAndSkipsInvalidOnes() throws {
    var k = try KalmanFilter(["q": 0.5])
    let firstStep = k.step(LocalFix(time: 0, east: 10, north: -4, horizontalAccuracy: 5))
    let first = try #require(firstStep)
    // P₀₀ = 5² at the start: the claim is its 68 % radius, 1.5096 × 5 m.
    #expect(first.east == 10 && first.north == -4 && first.horizontalAccuracy == LocalFix.claimRadiusPerSigma * 5)
    let invalid = k.step(LocalFix(time: 1, east: 11, north: -4, horizontalAccuracy: -1))
    #expect(invalid == nil)
    let stale = k.step(LocalFix(time: 0, east: 11, north: -4, horizontalAccuracy: 5))
    #expect(stale == nil, "time must advance")
    let nextStep = k.step(LocalFix(time: 2, east: 16, north: -4, horizontalAccuracy: 5))
    let next = try #require(nextStep)
    #expect(next.east > 10 && next.east < 16 && next.time == 2)
  }
}
