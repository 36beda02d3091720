import TrackCore

/// A motion-adaptive interval after RAPS (Paek, Kim and Govindan, MobiSys 2010): asleep (GNSS off)
/// while the motion sensor says still; while moving, the interval doubles up to `max_s` while the
/// speed holds and drops to `min_s` when it changes by more than `pace_change` of itself. Intervals up
/// to `keep_on_s` keep the receiver tracking; longer ones switch it off between fixes.
public struct AdaptiveInterval: SamplingPolicy, DeclaredParameters {
  public static let name = "adaptive-interval"
  public static let summary = "RAPS-like: GNSS off while still; interval doubles to max_s at steady pace, back to min_s when pace changes."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.shortest, name: "min_s", unit: "s", minimum: 1, maximum: 600, summary: "shortest interval, after a pace change"),
    .init(\.longest, name: "max_s", unit: "s", minimum: 1, maximum: 3600, summary: "longest interval at a steady pace"),
    .init(\.paceChange, name: "pace_change", unit: "", minimum: 0, maximum: 10, summary: "speed change, as a fraction, that shortens the interval"),
    .init(\.keepOnBelow, name: "keep_on_s", unit: "s", minimum: 0, maximum: 3600, summary: "intervals up to this keep the receiver tracking"),
    .init(\.stillMax, name: "still_max_s", unit: "s", minimum: 1, maximum: 86_400, summary: "longest sleep while still"),
  ]

  public internal(set) var shortest = 2.0
  public internal(set) var longest = 10.0
  public internal(set) var paceChange = 0.15
  public internal(set) var keepOnBelow = 4.0
  public internal(set) var stillMax = 600.0
  public var pending: ReceiverRequest?
  @usableFromInline var interval = 0.0
  @usableFromInline var previous: LocalFix?
  @usableFromInline var lastSpeed: Double?

  public init() { parametersSet() }
  public mutating func parametersSet() {
    longest = max(longest, shortest)
    interval = shortest
  }
  public static let parameterOrders = [ParameterOrder("min_s", atMost: "max_s")]

  public var readsMotion: Bool { true }
  public var shortestInterval: (parameter: String, seconds: Double)? { ("min_s", shortest) }
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * longest.rounded(.up) }

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest {
    let speed = SamplingMotion.speed(of: fix, after: previous)
    defer { previous = fix }
    guard moving else {
      interval = shortest
      lastSpeed = nil
      return .off(until: fix.time + stillMax, wakeOnMotion: true)
    }
    if let last = lastSpeed, abs(speed - last) > paceChange * max(last, SamplingMotion.movingSpeed) {
      interval = shortest
    } else if lastSpeed != nil {
      interval = min(interval * 2, longest)
    }
    lastSpeed = speed
    return interval <= keepOnBelow ? .track(from: fix.time + interval) : .off(until: fix.time + interval)
  }
}
