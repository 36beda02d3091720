import TrackCore

/// A motion-adaptive interval after RAPS (Paek, Kim and Govindan, MobiSys 2010): asleep (GNSS off)
/// while the motion sensor says still; while moving, the interval doubles up to `max_s` while the
/// speed holds and drops to `min_s` when it changes by more than `pace_change` of itself. Intervals up
/// to `keep_on_s` keep the receiver tracking; longer ones switch it off between fixes.
public struct AdaptiveInterval: SamplingPolicy {
  public static let name = "adaptive-interval"
  public static let summary = "RAPS-like: GNSS off while still; interval doubles to max_s at steady pace, back to min_s when pace changes."
  public static let parameterTable = [
    Parameter(name: "min_s", unit: "s", defaultValue: 2, minimum: 1, maximum: 600, summary: "shortest interval, after a pace change"),
    Parameter(name: "max_s", unit: "s", defaultValue: 10, minimum: 1, maximum: 3600, summary: "longest interval at a steady pace"),
    Parameter(name: "pace_change", unit: "", defaultValue: 0.15, minimum: 0, maximum: 10, summary: "speed change, as a fraction, that shortens the interval"),
    Parameter(name: "keep_on_s", unit: "s", defaultValue: 4, minimum: 0, maximum: 3600, summary: "intervals up to this keep the receiver tracking"),
    Parameter(name: "still_max_s", unit: "s", defaultValue: 600, minimum: 1, maximum: 86_400, summary: "longest sleep while still"),
  ]

  public let shortest: Double
  public let longest: Double
  public let paceChange: Double
  public let keepOnBelow: Double
  public let stillMax: Double
  public var pending: ReceiverRequest?
  @usableFromInline var interval: Double
  @usableFromInline var previous: LocalFix?
  @usableFromInline var lastSpeed: Double?

  public init(shortest: Double, longest: Double, paceChange: Double, keepOnBelow: Double, stillMax: Double) {
    self.shortest = shortest; self.longest = max(longest, shortest); self.paceChange = paceChange
    self.keepOnBelow = keepOnBelow; self.stillMax = stillMax; interval = shortest
  }
  public static let parameterOrders = [ParameterOrder("min_s", atMost: "max_s")]

  public init(parameters p: ParameterValues) {
    self.init(shortest: p["min_s"], longest: p["max_s"], paceChange: p["pace_change"], keepOnBelow: p["keep_on_s"], stillMax: p["still_max_s"])
  }
  public var parameters: ParameterValues {
    ParameterValues(
      Self.parameterTable, current: ["min_s": shortest, "max_s": longest, "pace_change": paceChange, "keep_on_s": keepOnBelow, "still_max_s": stillMax])
  }
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
