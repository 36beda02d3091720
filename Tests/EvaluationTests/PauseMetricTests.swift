import Evaluation
import NumericKit
import Testing
import TrackCore

/// The pause metrics worked by hand on 400 m at 4 m/s, a 60 s stop (100-160 s), 400 m.
@Suite struct PauseMetricTests {
  let truth = TimeMetricTests.withStop

  /// The true positions at 1 Hz, marked by `mark(t)` (nil: no mark, the speed rule applies).
  func recorded(_ mark: (Double) -> FixMarks?) -> [LocalFix] {
    fixes(on: truth).map { fix in
      var fix = fix
      if let marks = mark(fix.time) { fix.marks = marks }
      return fix
    }
  }

  func scores(_ points: [LocalFix]) -> [Metric: Double] {
    var out: [Metric: Double] = [:]
    for (metric, value) in Metric.scores(RecordedRun(observedCount: points.count, recorded: points), against: truth).named { if let value { out[metric] = value } }
    return out
  }

  @Test func aDetectorThatPausesThreeSecondsLateAndResumesFourLate() throws {
    // Idle from 103 s through 163 s: paused at 103 s, resumed at 164 s (the next moving point).
    let s = scores(recorded { t in (103...163).contains(t) ? .idle : .moving })
    #expect(s[.pauseLatency] == 3 && s[.pauseLatencyP95] == 3)
    #expect(s[.resumeLatency] == 4 && s[.resumeLatencyP95] == 4)
    #expect(s[.missedPauses] == 0 && s[.falsePausesPerHour] == 0)
    // Moving time: every step into a moving point, 260 − 61 s, against 200 s.
    #expect(s[.movingTimeError] == -1)
  }

  @Test func aPauseWhileRunningIsFalse() throws {
    // One more pause, 200-206 s, 40 s after the stop: one false pause in 200 s of true moving time.
    let s = scores(recorded { t in (103...163).contains(t) || (200...205).contains(t) ? .idle : .moving })
    #expect(s[.falsePausesPerHour] == 18)
    #expect(s[.pauseLatency] == 3)
  }

  @Test func withoutADetectorTheStepsSpeedDecides() throws {
    // True positions, no marks: the step into 101 s is still (paused), the step into 161 s moves 4 m.
    let s = scores(recorded { _ in nil })
    #expect(s[.pauseLatency] == 1 && s[.resumeLatency] == 1 && s[.missedPauses] == 0 && s[.falsePausesPerHour] == 0)
    // The same fixes marked moving throughout: a detector that never paused missed the stop.
    let never = scores(recorded { _ in .moving })
    #expect(never[.missedPauses] == 1 && never[.pauseLatency] == nil && never[.resumeLatency] == nil)
    #expect(never[.movingTimeError] == 60)
  }

  @Test func flickeringDuringTheStopTakesTheFirstPauseAndTheLastResume() throws {
    // Paused 102-119 s and 125-170 s: latency 2 s, resume at 171 s (11 s late), no false pause.
    let s = scores(recorded { t in (102...119).contains(t) || (125...170).contains(t) ? .idle : .moving })
    #expect(s[.pauseLatency] == 2 && s[.resumeLatency] == 11 && s[.falsePausesPerHour] == 0)
  }

  /// The pointer sweep against the definition (each stop's own pauses filtered from all of them, each
  /// pause tested against every stop) on runs with many stops, some closer than the margin, and random
  /// pauses.
  @Test func theSweepIsTheDefinitionOnRandomRuns() throws {
    let random = RandomSource(seed: 45)
    for _ in 0..<40 {
      // A 4 m/s run with 12 stops of 2-30 s, 3-40 s of running apart.
      var times = [0.0], distances = [0.0]
      for _ in 0..<12 {
        let run = random.uniform(3, 40)
        times.append(times.last! + run); distances.append(distances.last! + 4 * run)
        times.append(times.last! + random.uniform(2, 30)); distances.append(distances.last!)
      }
      times.append(times.last! + 20); distances.append(distances.last! + 80)
      let truth = TruthTrack(
        frame: straightTruth.frame,
        path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: distances.last!)]),
        knotTimes: times, knotDistances: distances)
      var idle = false
      let points = stride(from: 0.0, through: times.last!, by: 1).map { t -> LocalFix in
        if random.uniform() < 0.15 { idle.toggle() }
        let p = truth.point(at: t)
        return LocalFix(time: t, east: p.east, north: p.north, horizontalAccuracy: 3, marks: idle ? .idle : .moving)
      }
      let measured = try #require(PauseMeasures(points, against: truth))
      // The definition, as written before the sweep.
      let stops = truth.innerStops, pauses = PauseTimeline.pauses(points), margin = PauseMeasures.margin
      var latencies: [Double] = [], resumes: [Double] = [], missed = 0
      for stop in stops {
        let own = pauses.filter { $0.upperBound > stop.lowerBound - margin && $0.lowerBound < stop.upperBound }
        guard let first = own.first else { missed += 1; continue }
        latencies.append(first.lowerBound - stop.lowerBound)
        resumes.append((own.last { $0.upperBound >= stop.lowerBound } ?? first).upperBound - stop.upperBound)
      }
      let falsePauses = pauses.count { p in !stops.contains { p.upperBound > $0.lowerBound - margin && p.lowerBound < $0.upperBound + margin } }
      #expect(stops.count == 12 && pauses.count > 5)
      #expect(measured.pauseLatencies == latencies && measured.resumeLatencies == resumes)
      #expect(measured.missed == missed && measured.falsePauses == falsePauses)
    }
  }

  @Test func scenariosWithoutStopsWithinTheRunAreNotScoredOnPauses() {
    #expect(!Metric.simulated(against: straightTruth).contains { $0.group == .pauses })
    #expect(Metric.simulated(against: truth).contains(.pauseLatency))
  }
}
