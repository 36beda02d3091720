import TrackCore

/// The total distance error split between the truth path's turns and its straights, so that
/// corner loss + straight excess = recorded − true distance exactly.
///
/// Each recorded step (between consecutive points, none into a segment start) covers the truth from
/// S(τₐ) to S(τ_b); its length counts towards turns in the proportion of that stretch lying on arcs (a
/// step while standing counts as wherever the runner stands). With D̂_turn, D̂_straight the recorded
/// lengths so assigned and D_turn, D_straight the true distance run on arcs and straights over the whole
/// run: corner loss = D̂_turn − D_turn (negative: corners cut, or distance missing there),
/// straight excess = D̂_straight − D_straight (positive: zig-zag on straights), metres. A point's
/// distance adjustment (a lap rounded on a press) counts where the runner is at its time.
public struct DistanceDecomposition: TrackMetric, Hashable {
  public enum Part: Sendable, Hashable { case cornerLoss, straightExcess }
  public let part: Part
  public init(_ part: Part) { self.part = part }

  /// (corner loss, straight excess), metres.
  public static func parts(_ run: RecordedRun, against truth: TruthTrack) -> (corner: Double, straight: Double) {
    parts(run, along: truth.distances(at: run.recorded), against: truth)
  }

  /// The same with each point's true distance along the path at its time given (``TruthTrack/distances(at:)``).
  public static func parts(_ run: RecordedRun, along: [Double], against truth: TruthTrack) -> (corner: Double, straight: Double) {
    let path = truth.path
    var recordedTurn = 0.0, recordedStraight = 0.0
    let points = run.recorded
    var segmentHint = 0
    for i in points.indices where points[i].distanceAdjustment != 0 {
      if path.isTurn(at: along[i]) { recordedTurn += points[i].distanceAdjustment } else { recordedStraight += points[i].distanceAdjustment }
    }
    for i in points.indices.dropFirst() {
      let s0 = along[i - 1], s1 = along[i]
      guard !points[i].marks.contains(.segmentStart) else { continue }
      let step = points[i - 1].distance(to: points[i])
      let low = min(s0, s1), high = max(s0, s1)
      let turnShare = high > low ? path.turnLength(in: low...high, hint: &segmentHint) / (high - low) : (path.isTurn(at: low) ? 1 : 0)
      recordedTurn += step * turnShare
      recordedStraight += step * (1 - turnShare)
    }
    let trueTurn = path.turnLength(in: 0...truth.totalDistance)
    let trueStraight = truth.totalDistance - trueTurn
    return (recordedTurn - trueTurn, recordedStraight - trueStraight)
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    let (corner, straight) = Self.parts(run, against: truth)
    return part == .cornerLoss ? corner : straight
  }
}

extension MetricDescriptor {
  public static let cornerLoss = MetricDescriptor(
    key: "corner_loss_m",
    words: "Distance lost at corners",
    heading: "corners m",
    unit: "m",
    goal: .zero,
    group: .distance,
    undefinedReason: "never undefined",
    floor: 1,
    computation: .run { $0.cornerLoss }).reading(.decomposition)

  public static let straightExcess = MetricDescriptor(
    key: "straight_excess_m",
    words: "Distance added on straights (zig-zag)",
    heading: "straights m",
    unit: "m",
    goal: .zero,
    group: .distance,
    undefinedReason: "never undefined",
    floor: 1,
    computation: .run { $0.straightExcess }).reading(.decomposition)
}
