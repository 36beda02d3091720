import LapMarks
import Testing
import TrackBench

/// The example metric on runs whose answer is known, and registered: scored like a built-in.
@Suite struct LapMarkErrorTests {
  /// A straight 1 km eastward at 4 m/s: the runner passes the 400 and 800 m marks.
  static let truth = TruthTrack(
    frame: LocalFrame(origin: GeodeticPosition(latitude: 45, longitude: 7)),
    path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 1000)]),
    knotTimes: [0, 250], knotDistances: [0, 1000])

  /// An app showing `stretch` times the true distance, a point a second.
  static func measures(stretch: Double, until end: Int = 250) -> RunMeasures {
    let fixes = (0...end).map { LocalFix(time: Double($0), east: 4 * stretch * Double($0), north: 0, horizontalAccuracy: 3) }
    return RunMeasures(RecordedRun(observedCount: fixes.count, recorded: fixes), context: ScoringContext(truth: truth))
  }

  @Test func oneInAHundredLongIsFourAndEightMetresAtTheMarks() throws {
    // Errors 4 m at 400 m and 8 m at 800 m: RMS √((16 + 64) / 2).
    #expect(abs(try #require(LapMarkError.rms(Self.measures(stretch: 1.01))) - 40.0.squareRoot()) < 1e-9)
    #expect(try #require(LapMarkError.rms(Self.measures(stretch: 1))) < 1e-9)
  }

  @Test func aRunShorterThanALapHasNoValue() {
    let short = TruthTrack(
      frame: Self.truth.frame, path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 300)]),
      knotTimes: [0, 75], knotDistances: [0, 300])
    let fixes = (0...75).map { LocalFix(time: Double($0), east: 4 * Double($0), north: 0, horizontalAccuracy: 3) }
    #expect(LapMarkError.rms(RunMeasures(RecordedRun(observedCount: 76, recorded: fixes), context: ScoringContext(truth: short))) == nil)
  }

  @Test func registeredItIsScoredOnEveryRunAndParsedInObjectives() throws {
    let metric = try Metric(rawValue: "lap_mark_error_rms_m") ?? Metric.register(LapMarkError.descriptor)
    let fixes = (0...250).map { LocalFix(time: Double($0), east: 4.04 * Double($0), north: 0, horizontalAccuracy: 3) }
    let scores = Metric.scores(RecordedRun(observedCount: fixes.count, recorded: fixes), against: Self.truth)
    #expect(abs(try #require(scores[metric]) - 40.0.squareRoot()) < 1e-9)
    #expect(Metric.simulated.last == metric && metric.group == .yours)
    #expect(try Objective(parsing: "lap_mark_error_rms_m + 1").metrics == [metric])
  }
}
