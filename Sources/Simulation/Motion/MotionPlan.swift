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
    if case .recorded(let recorded) = pace.profile { return knots(recorded, length: length) }
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

  /// The knots of a recorded motion: a monotone cubic Hermite through its epochs' (time, distance),
  /// sampled every ``step`` seconds or less, so the truth's speed changes smoothly between epochs and
  /// its positions at the epochs are the recording's.
  ///
  /// Slopes are the recorded speeds where the recording states them, else the Fritsch-Butland mean of
  /// the neighbouring intervals' speeds (0 at a local extremum); an interval without distance (a stop)
  /// has slope 0 at both ends and stays one knot interval; slopes are then limited to α² + β² ≤ 9 of the
  /// interval's mean speed (Fritsch & Carlson, SIAM J. Numer. Anal. 17(2), 1980), which keeps the
  /// distance non-decreasing. The distances are scaled by `length` / last distance (equal but for
  /// rounding) so the truth ends at the route's end.
  /// - Complexity: O(duration / step + epochs).
  static func knots(_ pace: RecordedPace, length: Double) -> (times: [Double], distances: [Double]) {
    let t: [Double] = pace.times, d: [Double] = pace.distances
    let n = t.count
    var slopes = [Double](repeating: 0, count: n)
    var secant = [Double](repeating: 0, count: n - 1)
    for k in 0..<(n - 1) { secant[k] = (d[k + 1] - d[k]) / (t[k + 1] - t[k]) }
    if let speeds = pace.speeds {
      slopes = speeds
    } else {
      slopes[0] = secant[0]
      slopes[n - 1] = secant[n - 2]
      for k in 1..<(n - 1) where secant[k - 1] > 0 && secant[k] > 0 {
        let h0: Double = t[k] - t[k - 1], h1: Double = t[k + 1] - t[k]
        let weights: Double = (2 * h1 + h0) / secant[k - 1] + (h1 + 2 * h0) / secant[k]
        slopes[k] = 3 * (h0 + h1) / weights
      }
    }
    for k in 0..<(n - 1) {
      guard secant[k] > 0 else {
        slopes[k] = 0; slopes[k + 1] = 0
        continue
      }
      let alpha: Double = slopes[k] / secant[k], beta: Double = slopes[k + 1] / secant[k]
      let tau: Double = alpha * alpha + beta * beta
      if tau > 9 {
        let limit: Double = 3 / tau.squareRoot()
        slopes[k] = limit * alpha * secant[k]
        slopes[k + 1] = limit * beta * secant[k]
      }
    }
    let scale: Double = d[n - 1] > 0 ? length / d[n - 1] : 0
    var times = [0.0], distances = [0.0]
    times.reserveCapacity(Int(t[n - 1] / step) + n)
    distances.reserveCapacity(times.capacity)
    for k in 0..<(n - 1) {
      let h: Double = t[k + 1] - t[k]
      let pieces = secant[k] > 0 ? max(1, Int((h / step).rounded(.up))) : 1
      for j in 1...pieces {
        guard j < pieces else {
          times.append(t[k + 1])
          distances.append(d[k + 1] * scale)
          break
        }
        let u = Double(j) / Double(pieces)
        let u2: Double = u * u, u3: Double = u2 * u
        let start: Double = (2 * u3 - 3 * u2 + 1) * d[k] + (u3 - 2 * u2 + u) * h * slopes[k]
        let end: Double = (3 * u2 - 2 * u3) * d[k + 1] + (u3 - u2) * h * slopes[k + 1]
        times.append(t[k] + h * u)
        distances.append(min(max((start + end) * scale, distances[distances.count - 1]), d[k + 1] * scale))
      }
    }
    distances[distances.count - 1] = length
    return (times, distances)
  }
}
