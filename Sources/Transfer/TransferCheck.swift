import Evaluation
import Filtering
import Findings
import Foundation
import Harness
import NumericKit
import Simulation
import TrackCore
import TrackIO

/// One recording to judge the simulation on: the recording, its truth, and the receiver the simulation
/// draws from for it (fitted without it, for an out-of-sample check).
public struct TransferCase: Sendable {
  /// The recording's path (errors name it; the report, its last component).
  public var file: String
  public var recording: Recording
  /// A reference receiver's recording, or a point the receiver stood at.
  public var truth: ReplayRecording.Truth
  /// The truth in words.
  public var truthName: String
  public var receiver: ReceiverSpec
  /// The receiver in words (e.g. "a population of the 2 other recordings").
  public var receiverName: String
  public var activity: Activity

  @_optimize(none)
  public init(
    file: String, recording: Recording, truth: ReplayRecording.Truth, truthName: String, receiver: ReceiverSpec, receiverName: String,
    activity: Activity
  ) {
    self.file = file; self.recording = recording; self.truth = truth; self.truthName = truthName; self.receiver = receiver
    self.receiverName = receiverName; self.activity = activity
  }
}

/// Does the simulation rank strategies as real recordings do? For each recording: the strategies ranked
/// by replaying it against its truth (real, one trial) and by simulating the **same motion** with the
/// receiver over `trials` trials (simulated), per criterion; see ``CriterionTransfer``.
///
/// Both sides cover the same span: the truth's longest part (split at gaps over
/// ``RecordedMotion``'s 10 s) within the recording's span, and the recording's fixes in it. The
/// simulated receiver runs at the recording's own rate (its median fix interval). The real ranking's
/// uncertainty comes from a block bootstrap: the recording is cut into windows of `windowS` seconds, each
/// replayed on its own, and the windows are resampled with replacement (seeded, stream 20 000 + the
/// criterion of the recording's index).
public enum TransferCheck {
  /// The criteria, lower is better: the transfer's headline metrics (``Headlines/transfer``) and the
  /// verdict's default objective, each per trial.
  public static let criteria = Headlines.transferObjectives + [ShipVerdict.defaultObjective]
  /// Elevation gain, judged after ``criteria`` (its bootstrap stream after theirs) and reported only when
  /// some recording ranks on it: both sides have terrain and altitude (a reference with heights, a
  /// receiver with a vertical model).
  public static let elevationCriterion = "abs(ascent_error_percent)"
  static var judgedCriteria: [String] { criteria + [elevationCriterion] }
  /// Fewest fixes a recording must have within its truth's span to rank anything.
  public static let minimumFixes = 30
  /// The stream of the bootstrap's draws: this + the criterion's index, trial = the recording's index.
  static let bootstrapStage = 20_000

  public struct Settings: Sendable {
    public var strategies: [Strategy]
    public var trials: Int
    public var seed: UInt64
    public var windowS: Double
    public var resamples: Int
    public var threads: Int
    public init(strategies: [Strategy], trials: Int = 20, seed: UInt64 = 1, windowS: Double = 120, resamples: Int = 1000, threads: Int = 1) {
      self.strategies = strategies; self.trials = trials; self.seed = seed; self.windowS = windowS; self.resamples = resamples
      self.threads = threads
    }
  }

  /// A recording that cannot be judged: which, and why.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var expected: String
    public var found: String
    public var description: String { "\(file): expected \(expected), found \(found)" }
  }

  /// The recording and truth cut to the span both cover: the recording's fixes within the truth's
  /// longest part (on the shared clock), the part's epochs, and the span.
  package struct Aligned {
    package var recording: Recording
    package var truth: ReplayRecording.Truth
    /// The truth's epochs (a reference's) the simulation moves along; empty for a standing truth.
    package var motion: [RecordedPoint]
    package var duration: Double
  }

  @_optimize(none)
  package static func align(_ input: TransferCase) throws(Failure) -> Aligned {
    let points = input.recording.points
    guard let first = points.first, let last = points.last else {
      throw Failure(file: input.file, expected: "a recording with fixes", found: "none")
    }
    switch input.truth {
    case .none:
      throw Failure(file: input.file, expected: "a truth (a reference recording or a point it stood at)", found: "none")
    case .staticAt:
      return Aligned(recording: input.recording, truth: input.truth, motion: [], duration: last.time - first.time)
    case .reference(let reference):
      let clock = input.recording.sharedClock(with: reference)
      let span = clock(first.time)...clock(last.time)
      let inside = reference.points.filter { span.contains(clock($0.time)) }
      let parts = RecordedMotion.split(inside, maximumGap: RecordedMotion.defaultMaximumGap)
      let part = parts.max { $0.count < $1.count } ?? []
      guard part.count >= 2, let start = part.first?.time, let end = part.last?.time, end > start else {
        throw Failure(
          file: input.file, expected: "a truth overlapping the recording in time (paired by UTC time)",
          found: "\(part.count) truth epoch\(part.count == 1 ? "" : "s") during it")
      }
      var cut = input.recording
      cut.points = points.filter { (clock(start)...clock(end)).contains(clock($0.time)) }
      cut.segmentStarts = []
      var truth = reference
      truth.points = part
      truth.segmentStarts = []
      return Aligned(recording: cut, truth: .reference(truth), motion: part, duration: end - start)
    }
  }

  /// Judges every recording, then summarises each criterion over them. Recordings are judged
  /// concurrently, up to `settings.threads` at once; each draws from its own streams, so the report is
  /// the same for any thread count.
  /// - Throws: ``Failure`` for a recording without a truth overlapping it, or too short to rank anything
  ///   (the first such recording in the manifest's order).
  @_optimize(none)
  public static func run(_ inputs: [TransferCase], settings: Settings, receiver: String, outOfSample: Bool?) async throws -> TransferReport {
    let objectives = try judgedCriteria.map { try Objective(parsing: $0) }
    let names = settings.strategies.map(\.description)
    let kinds = settings.strategies.map(kind)
    // Recordings in parallel; a recording's own simulation then runs on one thread.
    var inner = settings
    if inputs.count > 1 { inner.threads = 1 }
    let judgeOne: @Sendable (Int) async -> Result<RecordingTransfer, any Error> = { [inner] index in
      do { return .success(try await judge(inputs[index], index: index, settings: inner, objectives: objectives, names: names, kinds: kinds)) } catch {
        return .failure(error)
      }
    }
    var results = [Result<RecordingTransfer, any Error>?](repeating: nil, count: inputs.count)
    await withTaskGroup(of: (Int, Result<RecordingTransfer, any Error>).self) { group in
      var next = 0
      func add() {
        let index = next
        group.addTask { (index, await judgeOne(index)) }
        next += 1
      }
      while next < min(max(settings.threads, 1), inputs.count) { add() }
      while let (index, result) = await group.next() {
        results[index] = result
        if next < inputs.count { add() }
      }
    }
    var recordings: [RecordingTransfer] = []
    for result in results { recordings.append(try result!.get()) }
    let ranksGain = recordings.contains { $0.criteria.contains { $0.criterion == elevationCriterion } }
    return TransferReport(
      receiver: receiver, outOfSample: outOfSample, trials: settings.trials, seed: settings.seed, windowS: settings.windowS,
      resamples: settings.resamples, strategies: names, criteria: ranksGain ? judgedCriteria : criteria, recordings: recordings,
      headlineCriterion: ShipVerdict.defaultObjective)
  }

  /// What a strategy is to an app: a smoother needs the whole run; a sampling policy drives the
  /// receiver; anything else is a live filter the verdict can ship.
  @_optimize(none)
  static func kind(_ strategy: Strategy) -> StrategyKind {
    if !strategy.isStreaming { return .smoother }
    return strategy.samplingPolicy != nil ? .sampling : .live
  }

  /// One recording: its real, windowed and simulated scores, judged on every criterion.
  @_optimize(none)
  static func judge(
    _ input: TransferCase, index: Int, settings: Settings, objectives: [Objective], names: [String], kinds: [StrategyKind]
  ) async throws -> RecordingTransfer {
    let aligned = try align(input)
    guard aligned.recording.points.count >= minimumFixes else {
      throw Failure(
        file: input.file, expected: "at least \(minimumFixes) fixes within its truth's span to rank strategies",
        found: "\(aligned.recording.points.count)")
    }
    let real = try realScores(aligned, file: input.file, strategies: settings.strategies, objectives: objectives)
    let windows = try windowScores(aligned, file: input.file, settings: settings, objectives: objectives)
    let simulated = try await simulatedScores(input, aligned: aligned, settings: settings, objectives: objectives, index: index)
    var judged: [CriterionTransfer] = []
    for (c, criterion) in judgedCriteria.enumerated() {
      let random = RandomSource(stream: StreamSeed(scenarioSeed: settings.seed, trial: index, stage: bootstrapStage + c))
      if let transfer = CriterionTransfer.judge(
        criterion: criterion, strategies: names, kinds: kinds, real: real.map { $0[c] }, simulated: simulated.map { $0[c] },
        windows: windows.map { window in window.map { $0[c] } }, resamples: settings.resamples, random: random)
      {
        judged.append(transfer)
      }
    }
    return RecordingTransfer(
      file: (input.file as NSString).lastPathComponent, truth: input.truthName, receiver: input.receiverName, durationS: aligned.duration,
      fixes: aligned.recording.points.count, windows: windows.count, criteria: judged)
  }

  /// Per strategy, per criterion: the real recording's value.
  @_optimize(none)
  package static func realScores(_ aligned: Aligned, file: String, strategies: [Strategy], objectives: [Objective]) throws -> [[Double?]] {
    let result = try Replay.run([ReplayRecording(file: file, recording: aligned.recording, truth: aligned.truth)], strategies: strategies)
    return result.scenarios[0].strategies.map { strategy in objectives.map { $0.evaluate(strategy).number } }
  }

  /// Per window, per strategy, per criterion: the value on that window of the recording alone.
  @_optimize(none)
  static func windowScores(_ aligned: Aligned, file: String, settings: Settings, objectives: [Objective]) throws -> [[[Double?]]] {
    let points = aligned.recording.points
    guard let start = points.first?.time else { return [] }
    let count = Int(aligned.duration / settings.windowS)
    guard count >= 2 else { return [] }
    return try (0..<count).compactMap { w throws -> [[Double?]]? in
      let from = start + Double(w) * settings.windowS, to = from + settings.windowS
      var window = aligned.recording
      window.points = points.filter { $0.time >= from && $0.time < to }
      guard window.points.count >= 2 else { return nil }
      return try realScores(Aligned(recording: window, truth: aligned.truth, motion: [], duration: to - from), file: file, strategies: settings.strategies, objectives: objectives)
    }
  }

  /// Per strategy, per criterion: the mean over simulated trials of the same motion.
  @_optimize(none)
  package static func simulatedScores(
    _ input: TransferCase, aligned: Aligned, settings: Settings, objectives: [Objective], index: Int
  ) async throws -> [[Double?]] {
    var receiver = reporting(input.receiver, like: aligned.recording)
    receiver.rateHz = rate(of: aligned.recording)
    if receiver.jitter >= 0.5 / receiver.rateHz { receiver.jitter = 0 }
    let scenario: Scenario
    switch aligned.truth {
    case .staticAt(let point):
      scenario = Scenario(
        name: "transfer-\(index + 1)", seed: settings.seed, trials: settings.trials, activity: input.activity,
        route: RouteSpec(origin: point, shape: .waypoints([PlanarPoint(east: 0, north: 0)])),
        pace: .standing(seconds: max(aligned.duration, 1)), receiver: receiver)
    case .reference, .none:
      scenario = try Scenario.recordedMotion(
        name: "transfer-\(index + 1)", points: aligned.motion, receiver: receiver, activity: input.activity, seed: settings.seed,
        trials: settings.trials)
    }
    // Scored on the criteria's metrics only, and the records not aggregated: nothing else is read.
    var experiment = Experiment(scenarios: [scenario], strategies: settings.strategies)
    experiment.metrics = Objective.metrics(of: objectives)
    let runner = try ExperimentRunner(experiment)
    var trials: [CellRecord] = []
    if let failure = runner.execute(runner.cells, threads: settings.threads, sink: { trials.append($0) }) { throw failure }
    trials.sort { $0.cell < $1.cell }
    // Each criterion as the verdict evaluates it: on each trial, then over the trials; per device where
    // each trial draws its own (ShipVerdict, DeviceNormalised).
    let keys = trials.first?.strategies.map(\.strategy) ?? []
    let live = settings.strategies.indices.filter { settings.strategies[$0].isStreaming && $0 < keys.count }.map { keys[$0] }
    let perDevice = objectives.map { objective in
      receiver.population == nil || keys.count != settings.strategies.count
        ? nil : DeviceNormalised(objective: objective, trials: trials, live: live, all: keys)
    }
    return settings.strategies.indices.map { s in
      objectives.indices.map { o in
        if let normalised = perDevice[o] { return normalised.score(s, trials: Array(normalised.scale.indices)) }
        return objectives[o].evaluate(trials: trials.count) { metric, t in trials[t].strategies[s].scores[metric] }.number
      }
    }
  }

  /// `receiver` reporting what `recording` reports: Doppler speed only when most of its fixes carry a
  /// speed (a default Doppler when the receiver had none), the accuracy model only when most fixes claim
  /// varying figures (one constant figure: that figure; none: the 5 m replay assumes). A phone whose
  /// chipset gives no speed shows a live pace from positions, and so must its simulation.
  @_optimize(none)
  package static func reporting(_ receiver: ReceiverSpec, like recording: Recording) -> ReceiverSpec {
    var spec = receiver
    let count = max(recording.points.count, 1)
    let speeds = recording.points.filter { $0.speed != nil }.count
    spec.reports.speed = 2 * speeds > count
    if spec.reports.speed && spec.doppler == nil { spec.doppler = ReceiverSpec.Doppler() }
    if let constant = ReplayRecording.constantAccuracy(of: recording) { spec.reports.constantAccuracy = constant }
    return spec
  }

  /// Fixes per second of a recording: 1 / its median fix interval rounded to two significant digits (a
  /// receiver's clock makes a 1 Hz log's median 1.001 s, which is 1 Hz, and a 0.999 Hz receiver would
  /// refuse a 1 s sampling interval), within the receiver's 0.2-10 Hz.
  @_optimize(none)
  static func rate(of recording: Recording) -> Double {
    let intervals = zip(recording.points.dropFirst(), recording.points).map { $0.time - $1.time }
    guard let median = Statistics.quantile(intervals, 0.5), median > 0 else { return 1 }
    let scale = pow(10, floor(log10(median)) - 1)
    let interval = (median / scale).rounded() * scale
    return min(max(1 / interval, 0.2), 10)
  }
}

extension TransferReport {
  /// The report of `--transfer`: a file of at most 64 MiB holding `trackbench transfer --format json`.
  /// - Throws: ``OptionError`` naming the file and what it holds instead.
  @_optimize(none)
  public init(readingOption file: String) throws(OptionError) {
    let data: Data
    do { data = try InputFile.contents(file, maximumBytes: 64 << 20) } catch {
      throw OptionError("--transfer: expected a regular file of at most 64 MiB (trackbench transfer --format json), found '\(file)': \(error.found)")
    }
    do { self = try TransferReport(json: data) } catch {
      throw OptionError("\(file): expected a transfer report (trackbench transfer --format json), found \(error)")
    }
  }
}

extension TransferCheck {
  /// The manifest at `path` for a transfer check: recordings to replay (published statistics fit a
  /// population but hold no fixes to judge strategies on), and at least two `strategies` to rank.
  /// - Throws: ``OptionError`` for fewer than two strategies, ``ReplayInputError`` for statistics, or
  ///   what loading the manifest throws.
  @_optimize(none)
  public static func manifest(_ path: String, ranking strategies: [Strategy]) throws -> PopulationManifest {
    guard strategies.count >= 2 else { throw OptionError("--strategies: expected at least two strategies to rank, found \(strategies.count)") }
    let manifest = try PopulationManifest.load(path)
    guard manifest.statistics.isEmpty else {
      throw ReplayInputError("\(path): statistics: expected recordings to replay (published statistics fit a population with calibrate --population, but hold no fixes to judge strategies on), found \(manifest.statistics.count) statistics entries")
    }
    return manifest
  }
}
