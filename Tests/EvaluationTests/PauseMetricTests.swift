import Evaluation
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

  @Test func scenariosWithoutStopsWithinTheRunAreNotScoredOnPauses() {
    #expect(!Metric.simulated(against: straightTruth).contains { $0.group == .pauses })
    #expect(Metric.simulated(against: truth).contains(.pauseLatency))
  }
}
