import Evaluation
import Findings
import Filtering
import Foundation
import Simulation
import TrackCore
import TrackIO

/// Recordings replayed as a sweep: one cell per recording (trial 0), each cell's record every strategy's
/// scores on it, and a header that aggregates the records into the results `replay` reports. Records,
/// shards and merges work on a replay as on a run: the same header and records give the same bytes.
public struct ReplaySweep: Sendable {
  public let strategies: [Strategy]
  public let settings: ScoringSettings
  /// The sweep's header: each recording's name, description and truth, and the sweep's fingerprint.
  public let header: SweepHeader
  let prepared: [Replay.Prepared]

  /// Each recording's name and fingerprint (its points and its truth's): what a replay baseline checks
  /// before it replays again, so a changed recording is told apart from a changed strategy.
  public let fingerprints: [BaselineHeader.ScenarioFingerprint]

  /// Every cell, in the sweep's order: one per recording.
  public var cells: [Int] { Array(prepared.indices) }

  /// Prepares every recording (fixes on the truth's clock, the truth) without running a strategy.
  /// - Complexity: O(points) over all recordings.
  public init(_ inputs: [ReplayRecording], strategies: [Strategy], settings: ScoringSettings = ScoringSettings()) {
    self.strategies = strategies
    self.settings = settings
    prepared = inputs.enumerated().map { Replay.Prepared($1, cell: $0, settings: settings) }
    fingerprints = inputs.map { input in
      BaselineHeader.ScenarioFingerprint(
        name: (input.file as NSString).lastPathComponent, fingerprint: Fingerprint.of(Self.describe(input)))
    }
    header = SweepHeader(
      sweep: Self.fingerprint(inputs, strategies: strategies, settings: settings), cells: inputs.count, scenarios: prepared.map(\.info))
  }

  /// The fingerprint of a replay: the records' schema, each recording's name, truth and content (every
  /// point's time and position, and its truth's), the strategies and the scoring settings. Records of
  /// replays with different fingerprints are never merged.
  static func fingerprint(_ inputs: [ReplayRecording], strategies: [Strategy], settings: ScoringSettings) -> String {
    var parts = ["\(SweepHeader.currentSchema) \(SweepHeader.currentSchemaVersion)", "replay", "\(settings)"]
    parts += strategies.map(\.description)
    for input in inputs { parts += describe(input) }
    return Fingerprint.of(parts)
  }

  /// A recording as its fingerprint sees it: its name, its points, its truth and the accuracy assumed.
  static func describe(_ input: ReplayRecording) -> [String] {
    let truth: String
    switch input.truth {
    case .none: truth = "no truth"
    case .staticAt(let p): truth = "static at \(p.latitude), \(p.longitude)"
    case .reference(let reference): truth = "reference " + digest(reference)
    }
    return [(input.file as NSString).lastPathComponent, digest(input.recording), truth, "assumed accuracy \(input.assumedAccuracy)"]
  }

  /// FNV-1a over every point's time, position, claimed accuracy and speed (their bit patterns), and
  /// the device's distance: a changed recording changes it.
  static func digest(_ recording: Recording) -> String {
    var hash = Fingerprint.Hash()
    for point in recording.points {
      hash.mix(point.time)
      hash.mix(point.latitude)
      hash.mix(point.longitude)
      hash.mix(point.horizontalAccuracy ?? -.infinity)
      hash.mix(point.speed ?? -.infinity)
    }
    hash.mix(recording.deviceDistance ?? -.infinity)
    return hash.hex
  }

  /// Replays recording `cell` through every strategy: its record, and its tracks when asked for.
  /// - Parameter illustrate: draw the recording for HTML (each strategy's track on the truth's path) in
  ///   the record's illustration.
  /// - Returns: a process strategy's failure instead, if one met it.
  public func record(_ cell: Int, keepingTrack: Bool, illustrate: Bool = false) -> Result<(record: CellRecord, track: GeneratedRun?), ProcessFailure> {
    let p = prepared[cell]
    let input = p.input, fixes = p.fixes, frame = p.frame
    // Tracks are written from the recording's first whole second (UTC when it has a date).
    let startSecond = p.start.rounded(.down), shift = p.start - startSecond
    var tracks: [NamedTrack] = []
    var recorded: [LocalFix] = []
    var memo = IdenticalRunMemo<Scores>()
    var drawn: [(strategy: String, recorded: [LocalFix])] = []
    let filterRun = FilterRun.Context(scenario: (input.file as NSString).lastPathComponent, trial: 0, frame: frame)
    let outcome = FilterRun.collectingFailure(filterRun) { strategies.map { strategy -> StrategyScores in
      fixes.withUnsafeBufferPointer { strategy.run(over: $0, into: &recorded) }
      if keepingTrack { tracks.append(NamedTrack(name: strategy.description, fixes: recorded.map { Replay.geodetic($0, frame: frame, shift: shift) })) }
      if illustrate { drawn.append((strategy.description, recorded)) }
      let run = RecordedRun(observedCount: fixes.count, recorded: recorded)
      return StrategyScores(strategy: strategy.key, scores: memo.value(for: run) {
        var scores = RecordingMetrics.scores(recorded, context: p.context)
        var metrics = Metric.recording
        if let truth = p.truth {
          scores.merge(RecordingMetrics.errorScores(recorded, against: truth)) { a, _ in a }
          metrics += Metric.againstTruth
          if case .reference = input.truth {
            let simulated = Metric.scores(run, against: truth, settings: settings)
            for (metric, value) in simulated.named { if let value { scores[metric] = value } }
            metrics = Metric.simulated(against: truth) + metrics
          }
        }
        return Scores(scores, metrics: metrics)
      })
    } }
    let scored: [StrategyScores]
    switch outcome {
    case .success(let scores): scored = scores
    case .failure(let failure): return .failure(failure)
    }
    // Against a moving reference the drawing is a scenario's: the true pace, each strategy's live pace
    // over time and its pins (issue #66: a replay had no pace plot, and its map's colours were scaled by
    // raw's zig-zag); otherwise the reference's point or nothing, and the tracks.
    var illustration: ScenarioIllustration?
    if illustrate, let truth = p.truth, case .reference = input.truth {
      illustration = ScenarioIllustration(
        trial: 0, truth: truth, runs: drawn.map { ($0.strategy, RecordedRun(observedCount: fixes.count, recorded: $0.recorded)) }, settings: settings)
    } else if illustrate {
      illustration = ScenarioIllustration(recording: 0, truth: p.truth, tracks: drawn)
    }
    let record = CellRecord(sweep: header.sweep, cell: cell, scenario: p.info.name, trial: 0, strategies: scored, illustration: illustration)
    guard keepingTrack else { return .success((record, nil)) }
    var truthFixes: [Fix] = []
    let duration = p.info.durationS
    switch input.truth {
    case .none: break
    case .staticAt(let point):
      truthFixes = [0, duration].map { Fix(time: $0 + shift, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: 0) }
    case .reference(let reference):
      for point in reference.points {
        let t = p.clock(point.time)
        guard t >= p.start && t <= p.end else { continue }
        truthFixes.append(Fix(time: t - startSecond, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: 0, speed: point.speed))
      }
    }
    var run = GeneratedRun(
      scenario: p.info.name, description: p.info.description, trial: 0, seed: 0, observed: fixes.map { Replay.geodetic($0, frame: frame, shift: shift) },
      truth: truthFixes, trueDistance: p.truth?.totalDistance ?? 0)
    run.strategies = tracks
    run.startUTC = Int64(startSecond)
    return .success((record, run))
  }
}

extension ReplaySweep {
  /// What a replay of the recordings `shard` holds (all without one) gives: every recording's record,
  /// with its drawing for the HTML when `illustrate`, the same records without drawings (what files
  /// keep), and each recording's tracks when `keepingTracks`, in cell order.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed.
  public func replay(
    shard: SweepHeader.Shard?, threads: Int, keepingTracks: Bool, illustrate: Bool
  ) throws(ProcessFailure) -> (cells: [Int], drawn: [CellRecord], records: [CellRecord], tracks: [GeneratedRun?]) {
    let held = cells.filter { shard?.holds($0) ?? true }
    let replayed = try execute(held, threads: threads, keepingTracks: keepingTracks, illustrate: illustrate)
    let drawn = replayed.map(\.record)
    let records = drawn.map { record in
      var plain = record
      plain.illustration = nil
      return plain
    }
    return (held, drawn, records, replayed.map(\.track))
  }

  /// Replays `cells` on up to `threads` threads (``CellExecutor``); the records (and tracks, when asked
  /// for) in cell order, whatever the thread count.
  /// - Throws: the first failed recording's ``ProcessFailure`` (a process strategy that failed).
  /// - Parameter illustrate: each record with its recording drawn for HTML (``record(_:keepingTrack:illustrate:)``).
  public func execute(_ cells: [Int], threads: Int, keepingTracks: Bool = false, illustrate: Bool = false) throws(ProcessFailure) -> [(record: CellRecord, track: GeneratedRun?)] {
    var done: [(record: CellRecord, track: GeneratedRun?)] = []
    done.reserveCapacity(cells.count)
    if let failure = CellExecutor.run(
      count: cells.count, threads: threads, work: { self.record(cells[$0], keepingTrack: keepingTracks, illustrate: illustrate) }, sink: { done.append($1) })
    {
      throw failure
    }
    return done.sorted { $0.record.cell < $1.record.cell }
  }
}
