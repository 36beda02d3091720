import Evaluation
import Filtering
import Foundation
import Simulation
import TrackCore
import TrackIO

/// A real recording to replay through the strategies, with what is known of its truth.
public struct ReplayRecording: Sendable {
  /// The file, as given (names the result).
  public var file: String
  public var recording: Recording
  public var truth: Truth
  /// The accuracy strategies are given for a fix whose file states none, metres: strategies treat a
  /// fix without one as no position, as apps do, so a file without claims would leave them nothing.
  public var assumedAccuracy: Double

  public enum Truth: Sendable {
    /// Nothing: only what a recording tells by itself is scored.
    case none
    /// The receiver stood at this point the whole time (true distance 0).
    case staticAt(GeodeticPosition)
    /// Another receiver's recording of the same trip: its positions, paired by UTC time, are the truth.
    case reference(Recording)
  }

  public init(file: String, recording: Recording, truth: Truth, assumedAccuracy: Double = 5) {
    self.file = file; self.recording = recording; self.truth = truth; self.assumedAccuracy = assumedAccuracy
  }
}

/// Replays real recordings through strategies: the recording takes a scenario's place in the results (one
/// trial), scored on what its truth allows.
///
/// - Every recording: ``Metric/recording`` (recorded distance under four formulas, against the device's
///   own distance, lap-length spread of a repeated loop, live-pace jitter).
/// - With a fixed point: also ``Metric/againstTruth``.
/// - With a reference: also every ``Metric/simulated`` metric, against the truth the reference gives
///   (``RecordedMotion/truth(_:frame:times:from:to:stillBelow:)``): straight between the positions where
///   it moved (across a gap in the reference too), in time a monotone cubic through every epoch with the
///   reference's own speeds, so the true speed at a second is the reference's, not the next second's
///   mean (which differed from it by 0.18 m/s RMS on the shared SPAN drive, 0.04 now). The recording is
///   cut to the reference's span; fixes outside it are left out and counted.
///
/// Fixes reach the strategies as an app would get them: time, position, the claimed accuracy when the
/// file states one (from HDOP when that is all it states; else ``ReplayRecording/assumedAccuracy``, said
/// in the result's description), speed and course when present.
public enum Replay {
  /// Memory a replay takes for `points` recorded points (all recordings and the reference together),
  /// bytes: 370 B a point and 32 MB, a little above what `/usr/bin/time -f %M` measured whatever the
  /// strategies (1.67 GB for 5 M points with raw alone, 1.83 GB with every strategy; 286 MB for 600 000).
  public static func memoryEstimate(points: Int) -> Double { 32 * 1_048_576 + 370 * Double(points) }

  /// Largest ``memoryEstimate(points:)`` accepted: 1.5 GiB, or `TRACKBENCH_MEMORY_LIMIT_MB` when set to a
  /// number of mebibytes.
  public static let memoryLimitBytes = MemoryLimit.bytes(default: 1.5 * 1_073_741_824)

  /// Reference epochs within the recording's span (on the shared clock): fewer than two, and there is
  /// no truth to replay against.
  public static func overlap(_ recording: Recording, _ reference: Recording) -> Int {
    let times = recording.sharedClock(with: reference)
    guard let first = recording.points.first, let last = recording.points.last else { return 0 }
    let span = times(first.time)...times(last.time)
    return reference.points.filter { span.contains(times($0.time)) }.count
  }

  public static func run(_ inputs: [ReplayRecording], strategies: [Strategy], settings: ScoringSettings = ScoringSettings()) -> ExperimentResult {
    ExperimentResult(scenarios: inputs.map { replay($0, strategies: strategies, settings: settings, keepingTracks: false).result })
  }

  /// As ``run(_:strategies:settings:)``, with each recording's tracks: the fixes the strategies were
  /// given (`observed`), the truth within the replayed span, and what each strategy made of the fixes,
  /// in UTC when the recording has a date (`replay --tracks`).
  public static func runKeepingTracks(
    _ inputs: [ReplayRecording], strategies: [Strategy], settings: ScoringSettings = ScoringSettings()
  ) -> (result: ExperimentResult, tracks: [GeneratedRun]) {
    let replayed = inputs.map { replay($0, strategies: strategies, settings: settings, keepingTracks: true) }
    return (ExperimentResult(scenarios: replayed.map(\.result)), replayed.compactMap(\.tracks))
  }

  static func replay(
    _ input: ReplayRecording, strategies: [Strategy], settings: ScoringSettings, keepingTracks: Bool
  ) -> (result: ScenarioResult, tracks: GeneratedRun?) {
    let points = input.recording.points
    let origin: GeodeticPosition
    switch input.truth {
    case .staticAt(let point): origin = point
    case .reference(let reference): origin = GeodeticPosition(latitude: reference.points[0].latitude, longitude: reference.points[0].longitude)
    case .none: origin = GeodeticPosition(latitude: points[0].latitude, longitude: points[0].longitude)
    }
    let frame = LocalFrame(origin: origin)
    // Times of the truth and the fixes, on one clock: UTC when both files have dates, else the time of day.
    var start = points[0].time, end = points[points.count - 1].time
    var truth: TruthTrack?
    var clock: (Double) -> Double = { $0 }
    if case .reference(let reference) = input.truth {
      clock = input.recording.sharedClock(with: reference)
      let first = clock(reference.points[0].time), last = clock(reference.points[reference.points.count - 1].time)
      start = max(clock(points[0].time), first)
      end = min(clock(points[points.count - 1].time), last)
      truth = RecordedMotion.truth(reference.points, frame: frame, times: clock, from: start, to: end)
    }
    var fixes: [LocalFix] = []
    fixes.reserveCapacity(points.count)
    for point in points {
      let t = clock(point.time)
      guard t >= start && t <= end else { continue }
      let local = frame.local(GeodeticPosition(latitude: point.latitude, longitude: point.longitude))
      fixes.append(LocalFix(
        time: t - start, east: local.east, north: local.north, horizontalAccuracy: point.horizontalAccuracy ?? input.assumedAccuracy,
        speed: point.speed ?? -1, course: point.course ?? -1, altitude: point.altitude ?? 0))
    }
    let duration = max(fixes.last?.time ?? 0, 1)
    // Tracks are written from the recording's first whole second (UTC when it has a date).
    let startSecond = start.rounded(.down), shift = start - startSecond
    var tracks: [NamedTrack] = []
    if case .staticAt = input.truth {
      truth = TruthTrack(
        frame: frame, path: Path(segments: [], anchor: PlanarPoint(east: 0, north: 0)), knotTimes: [0, duration], knotDistances: [0, 0])
    }
    let lapEnds = RecordingMetrics.laps(fixes)
    let context = RecordingMetrics.Context(
      frame: frame, deviceDistance: input.recording.deviceDistance, lapEnds: lapEnds, paceWindow: settings.paceWindow)
    var recorded: [LocalFix] = []
    let results = strategies.map { strategy -> StrategyResult in
      FilterRun.withContext(FilterRun.Context(scenario: (input.file as NSString).lastPathComponent, trial: 0, frame: frame)) {
        fixes.withUnsafeBufferPointer { strategy.run(over: $0, into: &recorded) }
      }
      if keepingTracks { tracks.append(NamedTrack(name: strategy.description, fixes: recorded.map { geodetic($0, frame: frame, shift: shift) })) }
      var scores = RecordingMetrics.scores(recorded, context: context)
      var metrics = Metric.recording
      if let truth {
        scores.merge(RecordingMetrics.errorScores(recorded, against: truth)) { a, _ in a }
        metrics += Metric.againstTruth
        if case .reference = input.truth {
          let simulated = Metric.scores(RecordedRun(observedCount: fixes.count, recorded: recorded), against: truth, settings: settings)
          for (metric, value) in simulated.named { if let value { scores[metric] = value } }
          metrics = Metric.simulated + metrics
        }
      }
      return StrategyResult(
        strategy: strategy.description, metrics: metrics.map { MetricSummary(metric: $0, values: [scores[$0]]) })
    }
    let truthKind: String
    switch input.truth {
    case .none: truthKind = "none"
    case .staticAt: truthKind = "static"
    case .reference: truthKind = "reference"
    }
    let skipped = input.recording.skipped.values.reduce(0, +)
    var result = ScenarioResult(
      name: (input.file as NSString).lastPathComponent, description: describe(input, truthKind: truthKind, fixes: fixes.count, laps: lapEnds.count),
      seed: 0, trials: 1, fixesPerTrial: fixes.count, trueDistanceM: truth?.totalDistance ?? 0, durationS: duration, strategies: results)
    result.recording = RecordingInfo(
      file: input.file, truth: truthKind, deviceDistanceM: input.recording.deviceDistance, laps: lapEnds.count,
      fixesLeftOut: points.count - fixes.count + skipped)
    guard keepingTracks else { return (result, nil) }
    var truthFixes: [Fix] = []
    switch input.truth {
    case .none: break
    case .staticAt(let point):
      truthFixes = [0, duration].map { Fix(time: $0 + shift, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: 0) }
    case .reference(let reference):
      for point in reference.points {
        let t = clock(point.time)
        guard t >= start && t <= end else { continue }
        truthFixes.append(Fix(time: t - startSecond, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: 0, speed: point.speed))
      }
    }
    var run = GeneratedRun(
      scenario: result.name, description: result.description, trial: 0, seed: 0, observed: fixes.map { geodetic($0, frame: frame, shift: shift) },
      truth: truthFixes, trueDistance: truth?.totalDistance ?? 0)
    run.strategies = tracks
    run.startUTC = Int64(startSecond)
    return (result, run)
  }

  /// A local fix back in WGS84, its time counted from the recording's first whole second.
  private static func geodetic(_ fix: LocalFix, frame: LocalFrame, shift: Double) -> Fix {
    var fix = fix
    fix.time += shift
    return frame.geodetic(fix)
  }

  static func describe(_ input: ReplayRecording, truthKind: String, fixes: Int, laps: Int) -> String {
    var parts = ["A real recording: \(fixes) fixes"]
    if let device = input.recording.deviceDistance { parts.append("device distance \(String(format: "%.0f", device)) m") }
    if laps > 0 { parts.append("\(laps) laps of a loop found") }
    if let summary = input.recording.skippedSummary { parts.append("the reader \(summary)") }
    let unclaimed = input.recording.points.filter { $0.horizontalAccuracy == nil }.count
    if unclaimed > 0 {
      parts.append("\(unclaimed) fixes claim no accuracy: strategies were given \(String(format: "%g", input.assumedAccuracy)) m")
    }
    switch input.truth {
    case .none: parts.append("no truth: only what the recording tells by itself is scored")
    case .staticAt(let p): parts.append("truth: standing at \(p.latitude), \(p.longitude)")
    case .reference: parts.append("truth: a reference receiver's positions, paired by UTC time")
    }
    return parts.joined(separator: "; ") + "."
  }
}
