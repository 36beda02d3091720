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

  /// What fixes that claim no accuracy are given, metres.
  public static let defaultAssumedAccuracy = 5.0

  /// The one accuracy `recording`'s replay gives its fixes: ``defaultAssumedAccuracy`` when most fixes
  /// give none, the figure when every one given is the same (a logger's constant); `nil` when they vary
  /// (a receiver's own claims, an HDOP).
  public static func constantAccuracy(of recording: Recording) -> Double? {
    let claims = recording.points.compactMap(\.horizontalAccuracy)
    if 2 * claims.count <= max(recording.points.count, 1) { return defaultAssumedAccuracy }
    guard let low = claims.min(), let high = claims.max(), high - low < 1e-9 else { return nil }
    return max(low, 0.1)
  }

  public init(file: String, recording: Recording, truth: Truth, assumedAccuracy: Double = defaultAssumedAccuracy) {
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

  /// Seconds the recording and its reference share on the shared clock (0 when they do not overlap).
  public static func sharedSpan(_ recording: Recording, _ reference: Recording) -> Double {
    let times = recording.sharedClock(with: reference)
    guard let a = recording.points.first, let b = recording.points.last, let c = reference.points.first, let d = reference.points.last else { return 0 }
    return max(0, min(times(b.time), times(d.time)) - max(times(a.time), times(c.time)))
  }

  /// - Throws: the ``ProcessFailure`` of a process strategy that failed.
  public static func run(_ inputs: [ReplayRecording], strategies: [Strategy], settings: ScoringSettings = ScoringSettings()) throws(ProcessFailure) -> ExperimentResult {
    let sweep = ReplaySweep(inputs, strategies: strategies, settings: settings)
    return sweep.header.aggregate(try sweep.cells.map { cell throws(ProcessFailure) in try sweep.record(cell, keepingTrack: false).get().record })
  }

  /// One recording made ready to replay: its fixes on the truth's clock, the truth, and what the sweep
  /// header says of it. Costs a reading's worth of work; the strategies run in ``ReplaySweep/record(_:keepingTrack:)``.
  struct Prepared: Sendable {
    let input: ReplayRecording
    let frame: LocalFrame
    let fixes: [LocalFix]
    let truth: TruthTrack?
    let context: RecordingMetrics.Context
    let info: SweepHeader.ScenarioInfo
    /// The replayed span's start on the shared clock, and the clock.
    let start: Double, end: Double
    let clock: @Sendable (Double) -> Double

    init(_ input: ReplayRecording, cell: Int, settings: ScoringSettings) {
      self.input = input
      let points = input.recording.points
      let origin: GeodeticPosition
      switch input.truth {
      case .staticAt(let point): origin = point
      case .reference(let reference): origin = GeodeticPosition(latitude: reference.points[0].latitude, longitude: reference.points[0].longitude)
      case .none: origin = GeodeticPosition(latitude: points[0].latitude, longitude: points[0].longitude)
      }
      let frame = LocalFrame(origin: origin)
      self.frame = frame
      // Times of the truth and the fixes, on one clock: UTC when both files have dates, else the time of day.
      var start = points[0].time, end = points[points.count - 1].time
      var truth: TruthTrack?
      var clock: @Sendable (Double) -> Double = { $0 }
      if case .reference(let reference) = input.truth {
        clock = input.recording.sharedClock(with: reference)
        let first = clock(reference.points[0].time), last = clock(reference.points[reference.points.count - 1].time)
        start = max(clock(points[0].time), first)
        end = min(clock(points[points.count - 1].time), last)
        truth = RecordedMotion.truth(reference.points, frame: frame, times: clock, from: start, to: end)
      }
      var fixes: [LocalFix] = []
      var positions: [GeodeticPosition] = []
      var partStarts: [Double] = []
      fixes.reserveCapacity(points.count)
      positions.reserveCapacity(points.count)
      var nextPart = 0
      let segmentStarts = input.recording.segmentStarts
      for (index, point) in points.enumerated() {
        let t = clock(point.time)
        while nextPart < segmentStarts.count && segmentStarts[nextPart] < index { nextPart += 1 }
        guard t >= start && t <= end else { continue }
        // A part that starts here, after a replayed fix: no distance across the pause.
        if nextPart < segmentStarts.count, segmentStarts[nextPart] == index, !fixes.isEmpty { partStarts.append(t - start) }
        let position = GeodeticPosition(latitude: point.latitude, longitude: point.longitude)
        let local = frame.local(position)
        fixes.append(LocalFix(
          time: t - start, east: local.east, north: local.north, horizontalAccuracy: point.horizontalAccuracy ?? input.assumedAccuracy,
          speed: point.speed ?? -1, course: point.course ?? -1, altitude: point.altitude ?? 0,
          verticalAccuracy: point.altitude == nil ? -1 : 0, speedAccuracy: point.speed == nil ? -1 : point.speedAccuracy ?? -1))
        positions.append(position)
      }
      let duration = max(fixes.last?.time ?? 0, 1)
      if case .staticAt = input.truth {
        truth = TruthTrack(
          frame: frame, path: Path(segments: [], anchor: PlanarPoint(east: 0, north: 0)), knotTimes: [0, duration], knotDistances: [0, 0])
      }
      let lapEnds = RecordingMetrics.laps(fixes)
      context = RecordingMetrics.Context(
        frame: frame, deviceDistance: input.recording.deviceDistance, lapEnds: lapEnds, paceWindow: settings.paceWindow,
        sourceFixes: fixes, sourcePositions: positions, partStarts: partStarts)
      let truthKind: String
      switch input.truth {
      case .none: truthKind = "none"
      case .staticAt: truthKind = "static"
      case .reference: truthKind = "reference"
      }
      let skipped = input.recording.skipped.values.reduce(0, +)
      info = SweepHeader.ScenarioInfo(
        name: (input.file as NSString).lastPathComponent,
        description: Replay.describe(input, truthKind: truthKind, fixes: fixes.count, laps: lapEnds.count, parts: Replay.partLengths(positions, fixes, partStarts)),
        seed: 0, trials: 1, fixesPerTrial: fixes.count, trueDistanceM: truth?.totalDistance ?? 0, durationS: duration, firstCell: cell,
        recording: RecordingInfo(
          file: input.file, truth: truthKind, deviceDistanceM: input.recording.deviceDistance, laps: lapEnds.count,
          fixesLeftOut: points.count - fixes.count + skipped))
      self.fixes = fixes
      self.truth = truth
      self.start = start
      self.end = end
      self.clock = clock
    }
  }

  /// A local fix back in WGS84, its time counted from the recording's first whole second.
  /// "3 parts (segments, tracks or pauses; no distance across them) of 1234, 56 and 789 m", the first
  /// ten listed.
  static func describeParts(_ lengths: [Double]) -> [String] {
    let shown = lengths.prefix(10).map { String(format: "%.0f", $0) }
    let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown.joined()
    let more = lengths.count > 10 ? " (the first ten)" : ""
    return ["\(lengths.count) parts (segments, tracks or pauses; no distance counted across them) of \(list) m\(more)"]
  }

  static func geodetic(_ fix: LocalFix, frame: LocalFrame, shift: Double) -> Fix {
    var fix = fix
    fix.time += shift
    return frame.geodetic(fix)
  }

  /// The Vincenty length of each part of the replayed fixes, metres; empty when the recording is one
  /// part (no pause or segment).
  static func partLengths(_ positions: [GeodeticPosition], _ fixes: [LocalFix], _ starts: [Double]) -> [Double] {
    // One part: nothing to state, so no geodesic per fix.
    guard !starts.isEmpty else { return [] }
    var lengths = [0.0]
    var next = 0
    for k in positions.indices.dropFirst() {
      if next < starts.count && starts[next] == fixes[k].time {
        lengths.append(0)
        next += 1
        continue
      }
      let a = positions[k - 1], b = positions[k]
      lengths[lengths.count - 1] += Geodesy.vincenty(a.latitude, a.longitude, b.latitude, b.longitude)?.distance
        ?? Geodesy.haversine(a.latitude, a.longitude, b.latitude, b.longitude)
    }
    return lengths
  }

  static func describe(_ input: ReplayRecording, truthKind: String, fixes: Int, laps: Int, parts: [Double] = []) -> String {
    var parts = parts.count > 1 ? describeParts(parts) : []
    parts.insert("A real recording: \(fixes) fixes", at: 0)
    if let device = input.recording.deviceDistance { parts.append("device distance \(String(format: "%.0f", device)) m") }
    if laps > 0 { parts.append("\(laps) laps of a loop found") }
    if let note = input.recording.readerNote { parts.append("the reader: \(note)") }
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
