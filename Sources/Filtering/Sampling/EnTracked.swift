import TrackCore

/// An error-bounded scheduler after EnTracked (Kjærgaard et al., MobiSys 2009): after each fix it
/// predicts when the position the app holds would be `error_m` off (its claimed accuracy plus the
/// distance covered at its speed since) and sleeps until then, less a time to first fix; when that is
/// sooner than `keep_on_s` the receiver keeps tracking instead (restarting would cost more); asleep
/// while the motion sensor says still.
public struct EnTracked: SamplingPolicy, DeclaredParameters {
  public static let name = "entracked"
  public static let summary = "EnTracked-like: sleep until the predicted error exceeds error_m (speed × time + accuracy); off while still."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.errorLimit, name: "error_m", unit: "m", minimum: 1, maximum: 10_000, summary: "largest error the app accepts"),
    .init(\.keepOnBelow, name: "keep_on_s", unit: "s", minimum: 0, maximum: 3600, summary: "intervals up to this keep the receiver tracking"),
    .init(\.ttff, name: "ttff_s", unit: "s", minimum: 0, maximum: 60, summary: "time to first fix the schedule allows for"),
    .init(\.stillMax, name: "still_max_s", unit: "s", minimum: 1, maximum: 86_400, summary: "longest sleep while still"),
  ]

  public internal(set) var errorLimit = 25.0
  public internal(set) var keepOnBelow = 6.0
  public internal(set) var ttff = 1.0
  public internal(set) var stillMax = 600.0
  public var pending: ReceiverRequest?
  @usableFromInline var previous: LocalFix?

  public init() {}
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
