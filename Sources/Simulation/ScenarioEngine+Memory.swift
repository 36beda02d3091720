import Foundation
import TrackCore

extension PaceProfile {
  /// Time to cover a route `length` metres long at the target speed, seconds (0 for standing): the
  /// integral of the target pace over distance, exact for every profile but intervals, which may end
  /// within a repeat (bounded by one whole repeat at the slower pace).
  func targetDuration(length: Double) -> Double {
    switch self {
    case .steady(let pace): return length * pace / 1000
    case .intervals(let fast, let fastMeters, let easy, let easyMeters):
      let period = fastMeters + easyMeters
      return (length * (fastMeters * fast + easyMeters * easy) / period + period * max(fast, easy)) / 1000
    case .negativeSplit(let first, let second): return length * (first + second) / 2000
    case .fatigue(let start, let drift): return length * (start + drift * length / 2000) / 1000
    case .standing: return 0
    case .recorded(let pace): return pace.duration
    }
  }

  /// Fastest target speed, m/s (0 for standing).
  var fastestSpeed: Double {
    switch self {
    case .steady(let pace), .fatigue(let pace, _): return 1000 / pace
    case .intervals(let fast, _, let easy, _), .negativeSplit(let fast, let easy): return 1000 / min(fast, easy)
    case .standing: return 0
    case .recorded(let pace): return pace.fastestSpeed
    }
  }
}

extension ScenarioEngine {
  /// Memory one trial of a scenario needs, bytes, bounded from above before anything is simulated, and
  /// the duration bound it rests on.
  ///
  /// The run lasts the time at the target pace (``PaceProfile/targetDuration(length:)``) + the stops +
  /// for each start and stop the time to reach full speed and back (2·v/a) and 10 s of creep. Motion knots are at most one per 0.1 s step
  /// (two `Double` arrays, with growth slack: 32 B each); the simulation keeps ~200 B per fix epoch
  /// (truth, error columns, the observed fix); metrics keep ~48 B per second of the run (live pace); a
  /// recorded motion's points cost ``recordedPointBytes`` each while the scenario is loaded.
  /// - Complexity: O(1).
  public static func memoryEstimate(_ scenario: Scenario, routeLength length: Double) -> (bytes: Double, durationS: Double) {
    let duration: Double
    var epochs = 0.0  // a recorded motion's knots: one per epoch at least
    switch scenario.pace.profile {
    case .standing(let seconds): duration = seconds
    case .recorded(let pace):
      duration = pace.duration
      epochs = Double(pace.times.count)
    case .steady, .intervals, .negativeSplit, .fatigue:
      let profile = scenario.pace.profile
      let acceleration = scenario.pace.maxAcceleration ?? scenario.activity.defaultMaxAcceleration
      let stops = scenario.pace.stops
      duration = profile.targetDuration(length: length) + stops.reduce(0) { $0 + $1.seconds }
        + Double(stops.count + 1) * (2 * profile.fastestSpeed / acceleration + 10)
    }
    let knots = duration / MotionPlan.step + epochs + 2 * Double(scenario.pace.stops.count) + 2
    let fixes = duration * scenario.receiver.rateHz + 1
    return (knots * 32 + fixes * 200 + duration * 48 + epochs * recordedPointBytes, duration)
  }

  /// Memory while a recorded motion of `recordedPoints` points over `duration` seconds is loaded and one
  /// trial of it simulated at `rateHz`, bytes (the terms of ``memoryEstimate(_:routeLength:)``).
  /// - Complexity: O(1).
  public static func memoryEstimate(recordedPoints: Int, duration: Double, rateHz: Double) -> Double {
    let epochs = Double(recordedPoints)
    let knots = duration / MotionPlan.step + epochs + 2
    return knots * 32 + (duration * rateHz + 1) * 200 + duration * 48 + epochs * recordedPointBytes
  }

  /// Bytes a recorded motion's point costs while its scenario is loaded (its route and pace nodes, the
  /// decoded arrays): about 600 measured for 604,000 points at 1 Hz (729 MB for `generate`, of which the
  /// rest is the trial), rounded up.
  static let recordedPointBytes = 1024.0

  /// Largest ``memoryEstimate(_:routeLength:)`` accepted: 3 GiB, or `TRACKBENCH_MEMORY_LIMIT_MB` when set
  /// to a whole number of mebibytes.
  public static let memoryLimitBytes = MemoryLimit.bytes(default: 3 * 1_073_741_824)
}
