import TrackCore

/// An error-bounded scheduler after EnTracked (Kjærgaard et al., MobiSys 2009): after each fix it
/// predicts when the position the app holds would be `error_m` off (its claimed accuracy plus the
/// distance covered at its speed since) and sleeps until then, less a time to first fix; when that is
/// sooner than `keep_on_s` the receiver keeps tracking instead (restarting would cost more); asleep
/// while the motion sensor says still.
public struct EnTracked: SamplingPolicy {
  public static let name = "entracked"
  public static let summary = "EnTracked-like: sleep until the predicted error exceeds error_m (speed × time + accuracy); off while still."
  public static let parameterTable = [
    Parameter(name: "error_m", unit: "m", defaultValue: 25, minimum: 1, maximum: 10_000, summary: "largest error the app accepts"),
    Parameter(name: "keep_on_s", unit: "s", defaultValue: 6, minimum: 0, maximum: 3600, summary: "intervals up to this keep the receiver tracking"),
    Parameter(name: "ttff_s", unit: "s", defaultValue: 1, minimum: 0, maximum: 60, summary: "time to first fix the schedule allows for"),
    Parameter(name: "still_max_s", unit: "s", defaultValue: 600, minimum: 1, maximum: 86_400, summary: "longest sleep while still"),
  ]

  public let errorLimit: Double
  public let keepOnBelow: Double
  public let ttff: Double
  public let stillMax: Double
  public var pending: ReceiverRequest?
  @usableFromInline var previous: LocalFix?

  public init(errorLimit: Double, keepOnBelow: Double, ttff: Double, stillMax: Double) {
    self.errorLimit = errorLimit; self.keepOnBelow = keepOnBelow; self.ttff = ttff; self.stillMax = stillMax
  }
  public init(parameters p: ParameterValues) { self.init(errorLimit: p["error_m"], keepOnBelow: p["keep_on_s"], ttff: p["ttff_s"], stillMax: p["still_max_s"]) }
  public var parameters: ParameterValues {
    ParameterValues(Self.parameterTable, current: ["error_m": errorLimit, "keep_on_s": keepOnBelow, "ttff_s": ttff, "still_max_s": stillMax])
  }
  public var readsMotion: Bool { true }
  /// At most the time the error budget lasts at walking speed.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * (errorLimit / SamplingMotion.movingSpeed).rounded(.up) }

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest {
    let speed = max(SamplingMotion.speed(of: fix, after: previous), SamplingMotion.movingSpeed)
    previous = fix
    guard moving else { return .off(until: fix.time + stillMax, wakeOnMotion: true) }
    let budget = errorLimit - fix.horizontalAccuracy
    guard budget > 0 else { return .track(from: fix.time + 1) }
    let lasts = budget / speed
    return lasts <= keepOnBelow ? .track(from: fix.time + max(lasts, 1)) : .off(until: fix.time + lasts - ttff)
  }
}
