import TrackCore

/// Integrates a ``PaceSpec`` over a path into the truth's time → distance knots.
///
/// Starts from standstill; speed moves toward the profile's target by at most `maxAcceleration`·Δt per
/// step of Δt = 0.1 s, brakes ahead of each stop so it arrives at (nearly) zero speed (target
/// ≤ √(2a·distance left after the step), with a 0.3 m/s creep so it arrives), stands for the stop's seconds, and
/// finishes at the path's end. Steps at an unchanged speed extend the previous knot, so a steady stretch
/// is one knot interval. Stops are exact knots.
/// - Complexity: O(duration / Δt) time; knots only where the speed changes.
enum MotionPlan {
  static let step = 0.1
  static let creepSpeed = 0.3

  static func knots(pace: PaceSpec, length: Double, maxAcceleration a: Double) -> (times: [Double], distances: [Double]) {
    if case .standing(let seconds) = pace.profile { return ([0, seconds], [0, 0]) }
    var times = [0.0], distances = [0.0]
    var t = 0.0, s = 0.0, v = 0.0
    var lastSpeed = -1.0  // speed of the last knot interval, for merging
    var stopIndex = 0
    func append(_ time: Double, _ distance: Double, speed: Double) {
      guard time > times[times.count - 1] else { return }
      if speed == lastSpeed && times.count >= 2 {
        times[times.count - 1] = time
        distances[distances.count - 1] = distance
      } else {
        times.append(time)
        distances.append(distance)
      }
      lastSpeed = speed
    }
    while s < length {
      var target = pace.profile.targetSpeed(at: s, length: length)
      let stop = stopIndex < pace.stops.count ? pace.stops[stopIndex] : nil
      // Brake so the speed at the end of this step is on the curve v = √(2a·distance left).
      if let stop { target = min(target, max((2 * a * max(stop.at - s - v * step, 0)).squareRoot(), creepSpeed)) }
      let next = v < target ? min(target, v + a * step) : max(target, v - a * step)
      let mean = (v + next) / 2
      var ds = mean * step
      var dt = step
      if let stop, s + ds >= stop.at {
        dt = mean > 0 ? (stop.at - s) / mean : 0
        ds = stop.at - s
        t += dt; s = stop.at
        append(t, s, speed: mean)
        if stop.seconds > 0 {
          t += stop.seconds
          append(t, s, speed: 0)
          v = 0
        } else {
          v = next
        }
        stopIndex += 1
        continue
      }
      if s + ds >= length {
        dt = mean > 0 ? (length - s) / mean : 0
        t += dt; s = length
        append(t, s, speed: mean)
        break
      }
      t += dt; s += ds; v = next
      append(t, s, speed: mean)
    }
    return (times, distances)
  }
}
