import TrackCore

/// The best efforts of a distance-against-time curve D(t), given at knots (times increasing, distances
/// non-decreasing) and linear between them: the recorded distance an app shows (``RecordedDistance``)
/// or the truth's motion. Between knots D is linear, so each optimum has a window end at a knot: every
/// figure is exact, found in one monotone pass per window end.
public struct EffortCurve {
  public let times: [Double]
  public let distances: [Double]

  public init(times: [Double], distances: [Double]) { self.times = times; self.distances = distances }

  /// The shortest time over which D grows by `length` metres, seconds: the fastest 1 km a running app
  /// lists. `nil` when D never grows that much. O(n).
  public func fastest(_ length: Double) -> Double? { fastest([length])[0] }

  /// ``fastest(_:)`` of each of `lengths`. One sweep per length: a window [t₁, t₂] covering `length`
  /// is shortest with t₁ at a knot, or with t₂ at a knot j (t₁ then inside the start's segment, where D is
  /// linear), so as the start moves through segment i the ends it passes are the only other candidates.
  /// - Complexity: O(n) per length.
  public func fastest(_ lengths: [Double]) -> [Double?] {
    times.withUnsafeBufferPointer { t in
      distances.withUnsafeBufferPointer { d in
        lengths.map { length -> Double? in
          let n = t.count
          guard length > 0, n >= 2, d[n - 1] - d[0] >= length else { return nil }
          let total = d[n - 1]
          var best = Double.infinity
          var k = 0  // the first knot with d[k] ≥ the current window's end distance
          for i in 0..<n {
            let target = d[i] + length
            if target > total { break }
            // The window starting at knot i ends where D first reaches `target`.
            while k < n - 1 && d[k] < target { k += 1 }
            let end = k > 0 && d[k] > d[k - 1] ? t[k - 1] + (target - d[k - 1]) / (d[k] - d[k - 1]) * (t[k] - t[k - 1]) : t[k]
            best = min(best, end - t[i])
            // Windows starting inside segment i that end at a knot j (where D first reaches d[j]).
            guard i + 1 < n, d[i + 1] > d[i] else { continue }
            let reach = d[i + 1] + length
            var j = k
            while j < n && d[j] <= reach {
              if d[j] > target, d[j] > d[j - 1] {
                let start = t[i] + (d[j] - length - d[i]) / (d[i + 1] - d[i]) * (t[i + 1] - t[i])
                best = min(best, t[j] - start)
              }
              j += 1
            }
          }
          return best
        }
      }
    }
  }

  /// The best mean speed over any `window` seconds, m/s: the "best 2 s" speed-sailing ranks by. `nil`
  /// when the curve spans less than the window. O(n), see ``bestWindow(over:)``.
  public func bestSpeed(over window: Double) -> Double? { bestWindow(over: window)?.speed }

  /// The best mean speed over any `window` seconds (m/s) and the first window's start (s) that has it.
  /// `nil` when the curve spans less than the window. One sweep: the best window starts at a knot or
  /// ends at one (its start then inside a segment, where D is linear). O(n).
  public func bestWindow(over window: Double) -> (speed: Double, start: Double)? {
    times.withUnsafeBufferPointer { t in
      distances.withUnsafeBufferPointer { d in
        let n = t.count
        guard window > 0, n >= 2, t[n - 1] - t[0] >= window else { return nil }
        let last = t[n - 1]
        var best = 0.0, bestStart = t[0]
        var k = 0  // the last knot with t[k] ≤ the current window's end, below n − 1
        for i in 0..<n {
          let end = t[i] + window
          if end > last { break }
          while k + 2 < n && t[k + 1] <= end { k += 1 }
          let covered = d[k] + (d[k + 1] - d[k]) * (end - t[k]) / (t[k + 1] - t[k]) - d[i]
          if covered > best { best = covered; bestStart = t[i] }
          // Windows starting inside segment i that end at a knot j.
          guard i + 1 < n else { continue }
          var j = k + 1
          while j < n && t[j] - window < t[i + 1] {
            if t[j] - window > t[i] {
              let start = t[j] - window
              let inside = d[j] - (d[i] + (d[i + 1] - d[i]) * (start - t[i]) / (t[i + 1] - t[i]))
              if inside > best { best = inside; bestStart = start }
            }
            j += 1
          }
        }
        return (best / window, bestStart)
      }
    }
  }

  /// The fastest speed over one knot interval, m/s (for the truth, whose speed is constant between knots).
  public var peakSpeed: Double {
    var best = 0.0
    for k in times.indices.dropFirst() { best = max(best, (distances[k] - distances[k - 1]) / (times[k] - times[k - 1])) }
    return best
  }
}

/// What a runner's app lists besides the distance (docs/metrics.md, "Best efforts"): the fastest 1 km,
/// mile and 5 km, the best 2 s and 10 s mean speeds, and the maximum speed.
public struct EffortFigures: Sendable, Hashable {
  /// Seconds; `nil` where the curve never covers the distance.
  public let fastestKilometre: Double?, fastestMile: Double?, fastestFiveKilometres: Double?
  /// m/s; `nil` where the curve spans less than the window.
  public let bestTwoSeconds: Double?, bestTenSeconds: Double?
  /// m/s; `nil` where nothing gives a speed.
  public let maximumSpeed: Double?
  /// The error bars the app puts on its best 2 s and 10 s, m/s: two sigma of the window's mean speed
  /// from the claimed speed accuracy of the points in it, taken as independent (speed-sailing software's
  /// "±"): 2 · √Σ(wᵢσᵢ)² / W for point i's speed held over wᵢ seconds of the W-second window. `nil` where
  /// a point in the window has no Doppler speed or no claim (and always for the truth).
  public let bestTwoSecondsBar: Double?, bestTenSecondsBar: Double?

  /// The distances of the listed best efforts, metres.
  public static let kilometre = 1000.0, mile = 1609.344, fiveKilometres = 5000.0

  /// Best efforts from `distance` (the fastest distances) and `speed` (the best windows: the integral of
  /// the speed shown).
  /// - Complexity: O(n) for n knots.
  /// `claims`, when given, makes the bars: the recorded points whose speeds `speed` integrates.
  /// - Complexity: O(n) for n knots.
  public init(distance: EffortCurve, speed: EffortCurve, maximumSpeed: Double?, claims: [LocalFix]? = nil) {
    self.init(distance: distance, speed: speed, maximumSpeed: maximumSpeed, claims: claims, figuring: .efforts)
  }

  /// The same with only the halves `figuring` names (``RunMeasures/Parts/fastestDistances``,
  /// ``RunMeasures/Parts/speedWindows``); the other half's figures are `nil`.
  init(distance: EffortCurve, speed: EffortCurve, maximumSpeed: Double?, claims: [LocalFix]?, figuring: RunMeasures.Parts) {
    let fastest = figuring.contains(.fastestDistances) ? distance.fastest([Self.kilometre, Self.mile, Self.fiveKilometres]) : [nil, nil, nil]
    fastestKilometre = fastest[0]
    fastestMile = fastest[1]
    fastestFiveKilometres = fastest[2]
    let windows = figuring.contains(.speedWindows)
    let two = windows ? speed.bestWindow(over: 2) : nil, ten = windows ? speed.bestWindow(over: 10) : nil
    bestTwoSeconds = two?.speed
    bestTenSeconds = ten?.speed
    self.maximumSpeed = windows ? maximumSpeed : nil
    bestTwoSecondsBar = claims.flatMap { points in two.flatMap { Self.bar(points, from: $0.start, over: 2) } }
    bestTenSecondsBar = claims.flatMap { points in ten.flatMap { Self.bar(points, from: $0.start, over: 10) } }
  }

  /// Two sigma of the mean speed over [`start`, `start` + `window`] of `points` (each point's speed held
  /// over the step into it), from their claimed speed accuracies as independent errors, m/s; `nil` where
  /// a point with a share of the window has no Doppler speed or no claim. O(log n + points in the window).
  static func bar(_ points: [LocalFix], from start: Double, over window: Double) -> Double? {
    let end = start + window
    var low = 1, high = points.count  // the first point after `start`
    while low < high {
      let mid = (low + high) / 2
      if points[mid].time <= start { low = mid + 1 } else { high = mid }
    }
    var variance = 0.0
    var i = low
    while i < points.count && points[i - 1].time < end {
      let share = min(points[i].time, end) - max(points[i - 1].time, start)
      if share > 0 {
        guard points[i].speed >= 0, points[i].speedAccuracy >= 0 else { return nil }
        variance += (share * points[i].speedAccuracy) * (share * points[i].speedAccuracy)
      }
      i += 1
    }
    return 2 * variance.squareRoot() / window
  }

  /// No figures: the efforts of a run scored without them (``RunMeasures/Parts``).
  static let none = EffortFigures(distance: EffortCurve(times: [], distances: []), speed: EffortCurve(times: [], distances: []), maximumSpeed: nil)

  /// The truth's: its motion's knots; the maximum speed its fastest knot interval.
  public init(truth: TruthTrack) {
    let curve = EffortCurve(times: truth.knotTimes, distances: truth.knotDistances)
    self.init(distance: curve, speed: curve, maximumSpeed: curve.peakSpeed)
  }

  /// The app's: the fastest distances from the distance it shows; the speed it shows from each recorded
  /// point's reported (Doppler) speed where it has one, else the step into it (its length over its
  /// duration; 0 into a point that starts a segment), as apps without Doppler compute it, held over the
  /// step into the point: the best 2 s and 10 s are that speed's best means (Doppler averages, as
  /// speed-sailing ranks them), the maximum its largest value.
  public init(_ recorded: [LocalFix], distance: RecordedDistance) {
    self.init(recorded, distance: distance, figuring: .efforts)
  }

  /// The same with only the halves `figuring` names; without the speed windows the speed shown is not
  /// integrated (the speed curve is left empty).
  init(_ recorded: [LocalFix], distance: RecordedDistance, figuring: RunMeasures.Parts) {
    var top: Double?
    var integral: [Double] = []
    if figuring.contains(.speedWindows) {
      integral.reserveCapacity(recorded.count)
      var covered = 0.0
      for i in recorded.indices {
        let point = recorded[i]
        if i > 0 {
          let step = point.time - recorded[i - 1].time
          var speed = point.speed
          if speed < 0 { speed = point.marks.contains(.segmentStart) || step <= 0 ? 0 : recorded[i - 1].distance(to: point) / step }
          covered += speed * step
          top = max(top ?? 0, speed)
        } else if point.speed >= 0 {
          top = point.speed
        }
        integral.append(covered)
      }
    }
    self.init(
      distance: EffortCurve(times: distance.times, distances: distance.cumulative), speed: EffortCurve(times: distance.times, distances: integral),
      maximumSpeed: top, claims: recorded, figuring: figuring)
  }
}

/// One best effort's error: the app's figure minus the truth's, seconds for the fastest distances and
/// km/h for speeds (as apps show them). `nil` where either has no figure.
public struct BestEffortError: TrackMetric, Hashable {
  public enum Figure: Sendable, Hashable { case kilometre, mile, fiveKilometres, maximumSpeed, twoSeconds, tenSeconds }
  public let figure: Figure
  public init(_ figure: Figure) { self.figure = figure }

  /// The figure of `figures` in its unit (speeds in km/h).
  public func value(of figures: EffortFigures) -> Double? {
    switch figure {
    case .kilometre: return figures.fastestKilometre
    case .mile: return figures.fastestMile
    case .fiveKilometres: return figures.fastestFiveKilometres
    case .maximumSpeed: return figures.maximumSpeed.map { 3.6 * $0 }
    case .twoSeconds: return figures.bestTwoSeconds.map { 3.6 * $0 }
    case .tenSeconds: return figures.bestTenSeconds.map { 3.6 * $0 }
    }
  }

  /// The error of `shown` against `truth`.
  public func error(_ shown: EffortFigures, against truth: EffortFigures) -> Double? {
    guard let app = value(of: shown), let real = value(of: truth) else { return nil }
    return app - real
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    error(EffortFigures(run.recorded, distance: RecordedDistance(run.recorded)), against: EffortFigures(truth: truth))
  }
}

extension MetricDescriptor {
  /// A best-effort metric: the app's figure minus the truth's, in the "Best efforts" section.
  private static func effort(
    _ key: String, _ words: String, heading: String, unit: String, undefined: String, phrase: String? = nil, floor: Double,
    _ figure: BestEffortError.Figure
  ) -> MetricDescriptor {
    let metric = BestEffortError(figure)
    return MetricDescriptor(
      key: key, words: words, heading: heading, unit: unit, goal: .zero, group: .bestEfforts, undefinedReason: undefined,
      phraseFormat: phrase, floor: floor, decimals: 1,
      computation: .run { metric.error($0.efforts, against: $0.context.truthEfforts) })
      .reading([.kilometre, .mile, .fiveKilometres].contains(figure) ? .fastestDistances : .speedWindows)
  }

  public static let bestKilometreError = effort(
    "best_1km_error_s", "Fastest 1 km error", heading: "best 1 km s", unit: "s",
    undefined: "the run is under 1 km or the app never showed 1 km", phrase: "fastest 1 km off by %+.1f s", floor: 1, .kilometre)
  public static let bestMileError = effort(
    "best_mile_error_s", "Fastest mile error", heading: "best mile s", unit: "s",
    undefined: "the run is under 1 mile or the app never showed 1 mile", floor: 1, .mile)
  public static let bestFiveKilometreError = effort(
    "best_5km_error_s", "Fastest 5 km error", heading: "best 5 km s", unit: "s",
    undefined: "the run is under 5 km or the app never showed 5 km", floor: 1, .fiveKilometres)
  public static let maximumSpeedError = effort(
    "max_speed_error_kmh", "Maximum speed error", heading: "max speed km/h", unit: "km/h",
    undefined: "nothing recorded gives a speed", phrase: "max speed off by %+.1f km/h", floor: 0.2, .maximumSpeed)
  public static let bestTwoSecondSpeedError = effort(
    "best_2s_speed_error_kmh", "Best 2 s speed error", heading: "best 2 s km/h", unit: "km/h",
    undefined: "the app recorded under 2 s", floor: 0.2, .twoSeconds)
  public static let bestTenSecondSpeedError = effort(
    "best_10s_speed_error_kmh", "Best 10 s speed error", heading: "best 10 s km/h", unit: "km/h",
    undefined: "the app recorded under 10 s", floor: 0.1, .tenSeconds)
}

/// The error bar an app puts on its best 2 s or 10 s (``EffortFigures/bestTwoSecondsBar``): its
/// half-width in km/h, or whether the truth's best lies inside it (100 or 0 per run, so the mean over
/// trials is the bar's coverage in percent; a two-sigma bar true to its errors covers about 95 %).
/// `nil` where the app's window has no claim to make a bar from.
public struct BestEffortBar: TrackMetric, Hashable {
  public enum Window: Sendable, Hashable { case twoSeconds, tenSeconds }
  public enum Part: Sendable, Hashable { case halfWidth, inside }
  public let window: Window
  public let part: Part
  public init(_ window: Window, _ part: Part) { self.window = window; self.part = part }

  /// The bar's half-width (km/h) or 100 / 0 for the truth inside or outside it.
  public func value(_ shown: EffortFigures, against truth: EffortFigures) -> Double? {
    let app = window == .twoSeconds ? shown.bestTwoSeconds : shown.bestTenSeconds
    let bar = window == .twoSeconds ? shown.bestTwoSecondsBar : shown.bestTenSecondsBar
    let real = window == .twoSeconds ? truth.bestTwoSeconds : truth.bestTenSeconds
    guard let app, let bar, let real else { return nil }
    switch part {
    case .halfWidth: return 3.6 * bar
    case .inside: return abs(app - real) <= bar ? 100 : 0
    }
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    value(EffortFigures(run.recorded, distance: RecordedDistance(run.recorded)), against: EffortFigures(truth: truth))
  }
}

extension MetricDescriptor {
  /// A best-effort error bar metric, in the "Best efforts" section: informational (no best: a narrower
  /// bar is only better while it still covers the truth).
  private static func effortBar(
    _ key: String, _ words: String, heading: String, unit: String, floor: Double, _ window: BestEffortBar.Window, _ part: BestEffortBar.Part
  ) -> MetricDescriptor {
    let metric = BestEffortBar(window, part)
    return MetricDescriptor(
      key: key, words: words, heading: heading, unit: unit, goal: .none, group: .bestEfforts,
      undefinedReason: "the app's best window has a speed without a claimed speed accuracy (no Doppler, or a filter's own speed)",
      floor: floor, decimals: part == .inside ? 0 : 2, computation: .run { metric.value($0.efforts, against: $0.context.truthEfforts) }).reading(.speedWindows)
  }

  public static let bestTwoSecondBar = effortBar(
    "best_2s_speed_bar_kmh", "Best 2 s error bar (±)", heading: "2 s bar ±km/h", unit: "km/h", floor: 0.05, .twoSeconds, .halfWidth)
  public static let bestTwoSecondInsideBar = effortBar(
    "best_2s_speed_inside_bar_percent", "Truth inside the best 2 s bar", heading: "2 s inside %", unit: "%", floor: 5, .twoSeconds, .inside)
  public static let bestTenSecondBar = effortBar(
    "best_10s_speed_bar_kmh", "Best 10 s error bar (±)", heading: "10 s bar ±km/h", unit: "km/h", floor: 0.05, .tenSeconds, .halfWidth)
  public static let bestTenSecondInsideBar = effortBar(
    "best_10s_speed_inside_bar_percent", "Truth inside the best 10 s bar", heading: "10 s inside %", unit: "%", floor: 5, .tenSeconds, .inside)
}
