import TrackCore

/// The earlier runs and distances behind checkpoint pins and badges.
public struct BadgeRules: Sendable, Hashable, Codable {
  /// Checkpoint and badge distances, metres, increasing (1 km, 5 km, 10 km, half, full marathon).
  public var distances: [Double]
  /// Earlier runs, oldest first: (distance m, duration s).
  public var history: [PastRunRecord]

  public init(distances: [Double] = RaceDistance.checkpoints, history: [PastRunRecord] = []) {
    self.distances = distances
    self.history = history
  }

  /// What a run earns of the badge at `badge` metres, as MoonRunner decides: nothing unless the run is
  /// longer than the badge; then, if an earlier run earned the badge (the first one longer than it),
  /// gold when the average speed beats that run's by more than 10 %, silver by more than 5 %, else
  /// earned again; with no earlier earning run, earned.
  public func level(badge: Double, distance: Double, duration: Double) -> BadgeLevel {
    guard distance > badge else { return .none }
    guard let earning = history.first(where: { $0.distance > badge }), duration > 0 else { return .earned }
    let speed = distance / duration, earningSpeed = earning.distance / earning.duration
    if speed > 1.10 * earningSpeed { return .gold }
    if speed > 1.05 * earningSpeed { return .silver }
    return .earned
  }
}

/// An earlier run as the app stored it.
public struct PastRunRecord: Sendable, Hashable, Codable {
  /// Metres.
  public var distance: Double
  /// Seconds.
  public var duration: Double
  public init(distance: Double, duration: Double) {
    self.distance = distance
    self.duration = duration
  }
}

public enum BadgeLevel: Int, Sendable, Hashable, Codable, Comparable {
  case none, earned, silver, gold
  public static func < (a: BadgeLevel, b: BadgeLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Where and when the app drops each checkpoint's pin, against the truth.
///
/// For each checkpoint distance c the truth passes, the app drops its pin at the first recorded point
/// whose cumulative distance reaches c and awards it when it learns of that point (`time + age`); the
/// truth is the path's point at c and the time the runner passed it. `position`: RMS over the
/// checkpoints both reach of the pin's distance from the true point, metres; `time`: RMS of award time −
/// true time, seconds. `nil` when the run passes no checkpoint or the app reaches none of those it passes.
public struct CheckpointError: TrackMetric, Hashable {
  public enum Part: Sendable, Hashable { case position, time }
  public let part: Part
  public let checkpoints: [Double]
  public init(_ part: Part, checkpoints: [Double] = BadgeRules().distances) {
    self.part = part
    self.checkpoints = checkpoints
  }

  /// One checkpoint the truth passes: the true point and time, and the app's pin if it reached it.
  public struct Pin: Sendable, Hashable {
    public var checkpoint: Double
    public var truePoint: PlanarPoint
    public var trueTime: Double
    public var appPoint: PlanarPoint?
    public var appTime: Double?
  }

  public static func pins(_ run: RecordedRun, _ distance: RecordedDistance, against truth: TruthTrack, checkpoints: [Double]) -> [Pin] {
    checkpoints.compactMap { c -> Pin? in
      guard let trueTime = truth.time(atDistance: c) else { return nil }
      var pin = Pin(checkpoint: c, truePoint: truth.path.point(at: c), trueTime: trueTime)
      if let i = distance.firstIndex(reaching: c) {
        let point = run.recorded[i]
        pin.appPoint = PlanarPoint(east: point.east, north: point.north)
        pin.appTime = point.time + point.age
      }
      return pin
    }
  }

  public static func summarise(_ pins: [Pin], _ part: Part) -> Double? {
    let errors = pins.compactMap { pin -> Double? in
      guard let appPoint = pin.appPoint, let appTime = pin.appTime else { return nil }
      return part == .position ? appPoint.distance(to: pin.truePoint) : appTime - pin.trueTime
    }
    guard !errors.isEmpty else { return nil }
    return (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.summarise(Self.pins(run, RecordedDistance(run.recorded), against: truth, checkpoints: checkpoints), part)
  }
}

/// Badge decisions the app gets wrong on one run: for each badge distance, the level the app awards
/// from its recorded distance and the run's duration (``BadgeRules/level(badge:distance:duration:)``)
/// differs from the level the true distance earns. Summed over trials, the wrong decisions a strategy
/// makes. Never undefined.
public struct BadgeDecisionErrors: TrackMetric, Hashable {
  public let rules: BadgeRules
  public init(rules: BadgeRules = BadgeRules()) { self.rules = rules }

  public static func wrong(recordedDistance: Double, against truth: TruthTrack, rules: BadgeRules) -> Int {
    rules.distances.filter { badge in
      rules.level(badge: badge, distance: recordedDistance, duration: truth.duration)
        != rules.level(badge: badge, distance: truth.totalDistance, duration: truth.duration)
    }.count
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Double(Self.wrong(recordedDistance: run.recorded.pathLength, against: truth, rules: rules))
  }
}

extension MetricDescriptor {
  public static let checkpointPositionError = MetricDescriptor(
    key: "checkpoint_position_error_m",
    words: "Checkpoint pin position error",
    heading: "pin m",
    unit: "m",
    group: .checkpoints,
    undefinedReason: "the run passes no checkpoint, or the app reached none",
    floor: 1,
    computation: .run { CheckpointError.summarise($0.pins, .position) }).reading(.pins)

  public static let checkpointTimeError = MetricDescriptor(
    key: "checkpoint_time_error_s",
    words: "Checkpoint time error",
    heading: "pin time s",
    unit: "s",
    group: .checkpoints,
    undefinedReason: "the run passes no checkpoint, or the app reached none",
    floor: 0.5,
    computation: .run { CheckpointError.summarise($0.pins, .time) }).reading(.pins)

  public static let badgeDecisionsWrong = MetricDescriptor(
    key: "badge_decisions_wrong",
    words: "Badge decisions wrong",
    heading: "badges wrong",
    unit: "decisions",
    group: .checkpoints,
    undefinedReason: "never undefined",
    floor: 0.05,
    decimals: 2,
    computation: .run { Double(BadgeDecisionErrors.wrong(recordedDistance: $0.distance.total, against: $0.truth, rules: $0.settings.badges)) }).reading([])
}
