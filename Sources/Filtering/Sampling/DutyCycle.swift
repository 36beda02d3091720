import TrackCore

/// A fixed interval with the GNSS receiver off between fixes (a tracker's or watch's power-save mode):
/// after each fix the receiver is switched off, and back on `interval_s` seconds later; the fix then
/// comes one time to first fix later, with a restart's first-fix error.
public struct DutyCycle: SamplingPolicy, DeclaredParameters {
  public static let name = "duty-cycle"
  public static let summary = "GNSS off between fixes, on again every interval_s seconds (a tracker's power-save mode)."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.interval, name: "interval_s", unit: "s", minimum: 1, maximum: 3600, summary: "seconds off after each fix"),
  ]

  public internal(set) var interval = 20.0
  public var pending: ReceiverRequest?

  public init() {}
  /// Up to one interval's travel after the last fix.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * interval.rounded(.up) }

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest { .off(until: fix.time + interval) }
}
