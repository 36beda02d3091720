import TrackCore

/// How a scenario's runs are scored where the metrics have settings: the live-pace window, how often the
/// app speaks the last interval's pace, what counts as a good fix, the checkpoint (badge) distances and
/// the runner's earlier runs that earned the badges. Every key is optional (`docs/metrics.md`).
public struct ScoringSpec: Sendable, Hashable, Decodable {
  /// Window of the app's "current pace", seconds (5-120; apps use 10-30).
  public var paceWindowS: Double
  /// The app speaks the last interval's pace every this many seconds (30-3600).
  public var announceEveryS: Double
  /// A recorded point within this many metres of the truth is a good fix (1-200).
  public var goodFixM: Double
  /// Checkpoint and badge distances along the run, metres, increasing.
  public var checkpointsM: [Double]
  /// Earlier runs, oldest first: the first one longer than a badge's distance earned that badge.
  public var history: [PastRun]

  public init(
    paceWindowS: Double = 20, announceEveryS: Double = 300, goodFixM: Double = 10,
    checkpointsM: [Double] = RaceDistance.checkpoints, history: [PastRun] = []
  ) {
    self.paceWindowS = paceWindowS; self.announceEveryS = announceEveryS; self.goodFixM = goodFixM
    self.checkpointsM = checkpointsM; self.history = history
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case paceWindowS = "pace_window_s", announceEveryS = "announce_every_s", goodFixM = "good_fix_m"
    case checkpointsM = "checkpoints_m", history
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    paceWindowS = try c.value(.paceWindowS, default: 20, expected: "seconds from 5 to 120") { (5...120).contains($0) }
    announceEveryS = try c.value(.announceEveryS, default: 300, expected: "seconds from 30 to 3600") { (30...3600).contains($0) }
    goodFixM = try c.value(.goodFixM, default: 10, expected: "metres from 1 to 200") { (1...200).contains($0) }
    checkpointsM = try c.value(
      .checkpointsM, default: RaceDistance.checkpoints,
      expected: "increasing distances in metres, each from 1 to 1000000"
    ) { (list: [Double]) in
      list.allSatisfy { (1...1_000_000).contains($0) } && zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
    }
    history = try c.value(.history, default: [], expected: "a list of earlier runs")
  }
}

/// An earlier run as the app stored it: distance and elapsed time.
public struct PastRun: Sendable, Hashable, Decodable {
  /// Metres.
  public var distanceM: Double
  /// Seconds.
  public var durationS: Double

  public init(distanceM: Double, durationS: Double) {
    self.distanceM = distanceM; self.durationS = durationS
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case distanceM = "distance_m", durationS = "duration_s"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    distanceM = try c.value(.distanceM, expected: "metres from 1 to 1000000") { (1...1_000_000).contains($0) }
    durationS = try c.value(.durationS, expected: "seconds from 1 to 604800") { (1...604_800).contains($0) }
  }
}
