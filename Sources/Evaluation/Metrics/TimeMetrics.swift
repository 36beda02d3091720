import TrackCore

/// When the app first has a good position, seconds from the start: `time + age` of the first recorded
/// point within `radius` metres of where the runner truly was at the point's time. `nil` when no
/// recorded point is that close.
public struct TimeToGoodFix: TrackMetric, Hashable {
  /// Metres.
  public let radius: Double
  public init(radius: Double = 10) { self.radius = radius }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    for point in run.recorded {
      let p = truth.point(at: point.time)
      if p.distance(to: PlanarPoint(east: point.east, north: point.north)) <= radius { return point.time + point.age }
    }
    return nil
  }
}

/// Moving time the app shows minus the true moving time, seconds.
///
/// True moving time: the duration less the truth's stops. The app's: the sum of the time steps into
/// recorded points where the app is not paused (``PauseTimeline``): the point neither starts a segment
/// nor is marked idle, and a pause detector marked it moving or the step's speed (its length over its
/// duration) is at least 0.5 m/s (Strava-style auto-pause). GPS wander while standing shows as moving
/// time; a filter that holds still, or an auto-pause, does not.
public struct MovingTimeError: TrackMetric, Hashable {
  /// Steps slower than this are pauses, m/s.
  public static let threshold = 0.5
  public init() {}

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    let points = run.recorded
    var moving = 0.0
    for i in points.indices.dropFirst() where !PauseTimeline.isPaused(points, at: i) { moving += points[i].time - points[i - 1].time }
    let trueMoving = truth.duration - truth.stops.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
    return moving - trueMoving
  }
}

extension MetricDescriptor {
  public static let timeToGoodFix = MetricDescriptor(
    key: "time_to_good_fix_s",
    words: "Time to a good fix",
    heading: "good fix s",
    unit: "s",
    group: .track,
    undefinedReason: "no recorded point came within the good-fix radius of the truth",
    floor: 1,
    computation: .run { TimeToGoodFix(radius: $0.settings.goodFixRadius).evaluate($0.run, against: $0.truth) }).reading([])

  public static let movingTimeError = MetricDescriptor(
    key: "moving_time_error_s",
    words: "Moving time error",
    heading: "moving time s",
    unit: "s",
    goal: .zero,
    group: .track,
    undefinedReason: "never undefined",
    floor: 1,
    computation: .run { MovingTimeError().evaluate($0.run, against: $0.truth) }).reading([])
}
