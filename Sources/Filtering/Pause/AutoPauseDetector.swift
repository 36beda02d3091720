import TrackCore

/// The auto-pause apps and watches ship, as a stage after any filter (`kalman | auto-pause`): a speed
/// below `pause_below_mps` for `samples` samples in a row pauses the app, a speed above
/// `resume_above_mps` for as many resumes it; between the two thresholds the state holds, so a runner
/// hovering at one cannot flap. Optional, as apps have them:
/// - a **braking shortcut** (`braking_mps2` > 0): a sample under `braking_below_mps` that lost speed at
///   `braking_mps2` or more since the last one arms it, and the next sample still under that speed
///   pauses at once instead of waiting out the dwell;
/// - a **distance filter** (`distance_filter_m` > 0, Core Location's `distanceFilter`): the app hears of
///   a fix only once it lies that far from the last one it heard of, so when the runner stops the speed
///   it holds is the last one before the stop, and only GPS wander or `timeout_s` brings the pause;
/// - a **timeout** (`timeout_s` > 0): no fix heard for that long pauses.
///
/// The speed is the fix's Doppler speed where it has one, else the distance from the last fix heard of
/// over the time between them. Every fix is recorded at its time, marked ``FixMarks/moving`` or
/// ``FixMarks/idle`` (what the metrics read as the app's pause state, docs/metrics.md); a paused fix sits
/// where the app paused, and a fix the app has not heard of sits at the last one it heard of, so no
/// distance accrues while paused and the distance filter's track is the app's.
///
/// Defaults: UNA watch SDK's cycling detector (pause under 0.5 m/s, resume over 0.9 m/s, 3 samples each
/// way: UNAWatch/una-sdk#266); its later version dwells 2 samples with a braking shortcut at 2.5 m/s²
/// under 2 m/s (#277), `auto-pause(samples: 2, braking_mps2: 2.5)`. AAT pauses under 1.8 km/h for 3 samples.
public struct AutoPauseDetector: PauseStage, DeclaredParameters {
  public static let name = "auto-pause"
  public static let summary = "App auto-pause: below pause_below_mps for samples samples pauses, above resume_above_mps resumes; braking shortcut, distance filter, timeout."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.pauseBelow, name: "pause_below_mps", unit: "m/s", minimum: 0.05, maximum: 5, summary: "a sample slower than this counts towards a pause"),
    .init(\.resumeAbove, name: "resume_above_mps", unit: "m/s", minimum: 0.1, maximum: 10, summary: "a sample faster than this counts towards resuming"),
    .init(\.samples, name: "samples", unit: "samples", minimum: 1, maximum: 30, summary: "samples in a row that pause or resume (the dwell)"),
    .init(\.braking, name: "braking_mps2", unit: "m/s²", minimum: 0, maximum: 20, summary: "deceleration that arms the braking shortcut (0: none)"),
    .init(\.brakingBelow, name: "braking_below_mps", unit: "m/s", minimum: 0.05, maximum: 20, summary: "speed under which braking arms and the next sample pauses"),
    .init(\.distanceFilter, name: "distance_filter_m", unit: "m", minimum: 0, maximum: 100, summary: "the app hears of a fix only this far from the last (0: every fix)"),
    .init(\.timeout, name: "timeout_s", unit: "s", minimum: 0, maximum: 3600, summary: "no fix heard for this long pauses (0: never)"),
  ]
  /// Resuming above the pause threshold: a lower resume threshold would flap on every sample.
  public static let parameterOrders = [ParameterOrder("pause_below_mps", atMost: "resume_above_mps")]

  public internal(set) var pauseBelow = 0.5
  public internal(set) var resumeAbove = 0.9
  public internal(set) var samples = 3
  public internal(set) var braking = 0.0
  public internal(set) var brakingBelow = 2.0
  public internal(set) var distanceFilter = 0.0
  public internal(set) var timeout = 0.0

  @usableFromInline var paused = false
  @usableFromInline var armed = false
  /// Samples in a row that meet the condition for switching state.
  @usableFromInline var count = 0
  /// The last fix the app heard of and its speed (negative: none yet).
  @usableFromInline var heard: LocalFix?
  @usableFromInline var heardSpeed = -1.0
  /// Where the app's track stands: the last fix heard of while moving.
  @usableFromInline var standEast = 0.0, standNorth = 0.0

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    if fix.horizontalAccuracy >= 0 { listen(to: fix) }
    var point = fix
    if heard != nil {
      point.east = standEast
      point.north = standNorth
    }
    point.marks.insert(paused ? .idle : .moving)
    return point
  }

  /// Updates the pause state with a valid fix.
  @inlinable mutating func listen(to fix: LocalFix) {
    guard let last = heard else {
      hear(fix, speed: fix.speed)
      return
    }
    guard distanceFilter <= 0 || last.distance(to: fix) >= distanceFilter else {
      if timeout > 0, !paused, fix.time - last.time >= timeout { pause() }
      return
    }
    let elapsed = fix.time - last.time
    let speed = fix.speed >= 0 ? fix.speed : (elapsed > 0 ? last.distance(to: fix) / elapsed : heardSpeed)
    if paused {
      count = speed > resumeAbove ? count + 1 : 0
      if count >= samples {
        paused = false
        count = 0
      }
    } else {
      count = speed >= 0 && speed < pauseBelow ? count + 1 : 0
      if (armed && speed >= 0 && speed < brakingBelow) || count >= samples {
        pause()
      } else {
        armed = braking > 0 && elapsed > 0 && heardSpeed >= 0 && speed < brakingBelow && (heardSpeed - speed) / elapsed >= braking
      }
    }
    hear(fix, speed: speed)
  }

  @inlinable mutating func hear(_ fix: LocalFix, speed: Double) {
    heard = fix
    heardSpeed = speed
    if !paused {
      standEast = fix.east
      standNorth = fix.north
    }
  }

  @inlinable mutating func pause() {
    paused = true
    armed = false
    count = 0
  }
}
