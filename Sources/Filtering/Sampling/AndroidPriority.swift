import TrackCore

/// Android's fused location provider at `PRIORITY_HIGH_ACCURACY`: GNSS on, a fix every `interval_s`
/// seconds, delivered in batches when `max_delay_s` allows (`setMaxUpdateDelayMillis`: one wake-up of
/// the app per batch).
public struct AndroidHighAccuracy: SamplingPolicy, DeclaredParameters {
  public static let name = "android-high-accuracy"
  public static let summary = "Android PRIORITY_HIGH_ACCURACY: GNSS on, a fix every interval_s s, batched up to max_delay_s."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.interval, name: "interval_s", unit: "s", minimum: 0, maximum: 3600, summary: "requested update interval"),
    .init(\.maxDelay, name: "max_delay_s", unit: "s", minimum: 0, maximum: 3600, summary: "longest batching delay (0: each fix at once)"),
  ]

  public internal(set) var interval = 1.0
  public internal(set) var maxDelay = 0.0
  public var pending: ReceiverRequest?

  public init() {}
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * interval.rounded(.up) }
  /// 0 asks for every fix the receiver makes.
  public var shortestInterval: (parameter: String, seconds: Double)? { interval > 0 ? ("interval_s", interval) : nil }

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest {
    .track(from: fix.time + interval, batchSeconds: maxDelay)
  }
}

/// Android's fused location provider at `PRIORITY_BALANCED_POWER_ACCURACY`: coarse fixes (Wi-Fi and
/// cell, "about 100 m") every `interval_s` seconds, GNSS off.
public struct AndroidBalanced: SamplingPolicy, DeclaredParameters {
  public static let name = "android-balanced"
  public static let summary = "Android PRIORITY_BALANCED_POWER_ACCURACY: a coarse network fix every interval_s s, GNSS off."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.interval, name: "interval_s", unit: "s", minimum: 1, maximum: 3600, summary: "requested update interval"),
  ]

  public internal(set) var interval = 10.0
  public var pending: ReceiverRequest?

  public init() {}
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * interval.rounded(.up) }

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest { .coarse(at: fix.time + interval) }
}
