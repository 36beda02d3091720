import TrackCore

/// iOS Core Location with `pausesLocationUpdatesAutomatically` (activity type fitness) and, optionally,
/// deferred delivery: GNSS on at full rate; once the fixes' speed has stayed below `still_speed` for
/// `pause_after_s` seconds, updates pause (receiver off) until the motion sensor says the user moves
/// again, as a fitness app resumes them; `defer_s` batches delivery (one wake-up of the app per batch).
public struct AutoPause: SamplingPolicy, DeclaredParameters {
  public static let name = "ios-auto-pause"
  public static let summary = "iOS pausesLocationUpdatesAutomatically: GNSS off after pause_after_s s still, on again when moving; defer_s batches."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.pauseAfter, name: "pause_after_s", unit: "s", minimum: 1, maximum: 3600, summary: "seconds still before updates pause"),
    .init(\.stillSpeed, name: "still_speed", unit: "m/s", minimum: 0, maximum: 5, summary: "speed below which the user counts as still"),
    .init(\.deferSeconds, name: "defer_s", unit: "s", minimum: 0, maximum: 3600, summary: "deferred delivery: seconds per batch (0: none)"),
  ]

  public internal(set) var pauseAfter = 60.0
  public internal(set) var stillSpeed = 0.5
  public internal(set) var deferSeconds = 0.0
  public var pending: ReceiverRequest?
  @usableFromInline var stillSince: Double?
  @usableFromInline var previous: LocalFix?
  @usableFromInline var paused = false

  public init() {}
  public var readsMotion: Bool { true }

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest {
    // The first fix after a pause counts as moving: the motion sensor woke the receiver.
    let speed = paused ? stillSpeed : SamplingMotion.speed(of: fix, after: previous)
    paused = false
    previous = fix
    if speed >= stillSpeed {
      stillSince = nil
    } else if let since = stillSince, fix.time - since >= pauseAfter {
      stillSince = nil
      previous = nil
      paused = true
      return .off(until: fix.time + 24 * 3600, wakeOnMotion: true)
    } else if stillSince == nil {
      stillSince = fix.time
    }
    return .track(from: fix.time, batchSeconds: deferSeconds)
  }
}
