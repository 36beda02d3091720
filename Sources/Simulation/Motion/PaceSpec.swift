import TrackCore

/// How the runner moves along the path: a pace profile, stops, and how hard they speed up and slow down.
public struct PaceSpec: Sendable, Hashable, Decodable {
  public var profile: PaceProfile
  /// Stops, in increasing distance.
  public var stops: [Stop]
  /// Largest speed change, m/s²; `nil` takes the activity's default.
  public var maxAcceleration: Double?

  public init(profile: PaceProfile, stops: [Stop] = [], maxAcceleration: Double? = nil) {
    self.profile = profile; self.stops = stops; self.maxAcceleration = maxAcceleration
  }

  /// Constant pace, seconds per kilometre.
  public static func steady(secondsPerKilometer: Double) -> PaceSpec { PaceSpec(profile: .steady(secondsPerKilometer: secondsPerKilometer)) }
  /// Standing at the route's start for `seconds`.
  public static func standing(seconds: Double) -> PaceSpec { PaceSpec(profile: .standing(seconds: seconds)) }

  /// A halt at a distance along the route (a red light, a water stop).
  public struct Stop: Sendable, Hashable, Decodable {
    /// Metres from the start.
    public var at: Double
    public var seconds: Double
    public init(at: Double, seconds: Double) { self.at = at; self.seconds = seconds }

    enum CodingKeys: String, CodingKey, CaseIterable { case at_m, seconds }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      at = try c.value(.at_m, expected: "metres from the start, ≥ 0") { $0 >= 0 && $0.isFinite }
      seconds = try c.value(.seconds, expected: "seconds from 0 to 86400") { (0...86_400).contains($0) }
    }
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case steady, intervals, negative_split, fatigue, standing, recorded, stops, max_acceleration_mps2
  }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let kinds: [CodingKeys] = [.steady, .intervals, .negative_split, .fatigue, .standing, .recorded]
    let present = kinds.filter { c.contains($0) }
    guard present.count == 1 else {
      throw decoder.specError(
        expected: "exactly one pace profile: \(kinds.map(\.stringValue).joined(separator: ", "))",
        found: present.isEmpty ? "none" : present.map(\.stringValue).joined(separator: " and "))
    }
    profile = try PaceProfile.decode(present[0].stringValue, from: c.superDecoder(forKey: present[0]))
    stops = try c.value(.stops, default: [], expected: "a list of { at_m, seconds }")
    if case .recorded = profile, !stops.isEmpty {
      throw SpecError(field: "pace.stops", expected: "no stops with a recorded motion (it stops where its recording did)", found: "\(stops.count)")
    }
    for (i, pair) in zip(stops, stops.dropFirst()).enumerated() where pair.1.at <= pair.0.at {
      throw SpecError(field: "pace.stops[\(i + 1)].at_m", expected: "stops in increasing distance", found: "\(pair.1.at) after \(pair.0.at)")
    }
    maxAcceleration = try c.decodeIfPresent(Double.self, forKey: .max_acceleration_mps2)
    if maxAcceleration != nil {
      maxAcceleration = try c.value(.max_acceleration_mps2, expected: "m/s² from 0.05 to 10") { (0.05...10).contains($0) }
    }
  }
}

/// Target pace as a function of distance along the route.
public enum PaceProfile: Sendable, Hashable {
  /// Constant pace, s/km.
  case steady(secondsPerKilometer: Double)
  /// Repeats: `fastMeters` at the fast pace, then `easyMeters` at the easy pace (e.g. 400 m / 200 m).
  case intervals(fastSecondsPerKilometer: Double, fastMeters: Double, easySecondsPerKilometer: Double, easyMeters: Double)
  /// One pace for the first half of the distance, another for the second.
  case negativeSplit(firstHalfSecondsPerKilometer: Double, secondHalfSecondsPerKilometer: Double)
  /// Pace drifting slower by `driftSecondsPerKilometerPerKilometer` every kilometre from `startSecondsPerKilometer`.
  case fatigue(startSecondsPerKilometer: Double, driftSecondsPerKilometerPerKilometer: Double)
  /// Standing at the start for `seconds` (the route is not walked).
  case standing(seconds: Double)
  /// Motion as a recording had it (`motion: { recording: FILE }` expands to it).
  case recorded(RecordedPace)

  /// Target speed at distance `s` of a route `length` metres long, m/s.
  @inlinable public func targetSpeed(at s: Double, length: Double) -> Double {
    switch self {
    case .steady(let pace): return 1000 / pace
    case .intervals(let fastPace, let fastMeters, let easyPace, let easyMeters):
      let phase = s.truncatingRemainder(dividingBy: fastMeters + easyMeters)
      return 1000 / (phase < fastMeters ? fastPace : easyPace)
    case .negativeSplit(let first, let second): return 1000 / (s < length / 2 ? first : second)
    case .fatigue(let start, let drift): return 1000 / (start + drift * s / 1000)
    case .standing: return 0
    case .recorded(let pace): return pace.speed(atDistance: s)
    }
  }

  enum ClockKeys: String, CodingKey, CaseIterable { case per_km }
  enum IntervalKeys: String, CodingKey, CaseIterable { case fast_per_km, fast_m, easy_per_km, easy_m }
  enum SplitKeys: String, CodingKey, CaseIterable { case first_half_per_km, second_half_per_km }
  enum FatigueKeys: String, CodingKey, CaseIterable { case start_per_km, drift_s_per_km_per_km }
  enum StandingKeys: String, CodingKey, CaseIterable { case seconds }
  enum RecordedKeys: String, CodingKey, CaseIterable { case times_s, distances_m, speeds_mps }

  static func decode(_ kind: String, from decoder: any Decoder) throws -> PaceProfile {
    switch kind {
    case "steady":
      let c = try decoder.strictContainer(keyedBy: ClockKeys.self)
      return .steady(secondsPerKilometer: try pace(c, .per_km))
    case "intervals":
      let c = try decoder.strictContainer(keyedBy: IntervalKeys.self)
      return .intervals(
        fastSecondsPerKilometer: try pace(c, .fast_per_km),
        fastMeters: try c.value(.fast_m, expected: "metres from 10 to 100000") { (10...100_000).contains($0) },
        easySecondsPerKilometer: try pace(c, .easy_per_km),
        easyMeters: try c.value(.easy_m, expected: "metres from 0 to 100000") { (0...100_000).contains($0) })
    case "negative_split":
      let c = try decoder.strictContainer(keyedBy: SplitKeys.self)
      return .negativeSplit(
        firstHalfSecondsPerKilometer: try pace(c, .first_half_per_km), secondHalfSecondsPerKilometer: try pace(c, .second_half_per_km))
    case "fatigue":
      let c = try decoder.strictContainer(keyedBy: FatigueKeys.self)
      return .fatigue(
        startSecondsPerKilometer: try pace(c, .start_per_km),
        driftSecondsPerKilometerPerKilometer: try c.value(.drift_s_per_km_per_km, expected: "seconds per km per km from 0 to 120") {
          (0...120).contains($0)
        })
    case "recorded":
      return .recorded(try RecordedPace(from: decoder.strictContainer(keyedBy: RecordedKeys.self)))
    default:
      let c = try decoder.strictContainer(keyedBy: StandingKeys.self)
      return .standing(seconds: try c.value(.seconds, expected: "seconds from 1 to 86400") { (1...86_400).contains($0) })
    }
  }

  /// A pace written "m:ss" per km, 1:00-60:00.
  private static func pace<K>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Double {
    let text: String = try c.value(key, expected: "a pace as \"m:ss\" per km, from 1:00 to 60:00") {
      guard let seconds = RunFormat.parseClock($0) else { return false }
      return (60...3600).contains(seconds)
    }
    return RunFormat.parseClock(text)!
  }
}

/// The time, distance along the route and (when the recording stated them) the speed of a recorded
/// motion's every epoch: what ``MotionPlan`` interpolates into the truth's knots.
public struct RecordedPace: Sendable, Hashable {
  /// Seconds since the first epoch, strictly increasing from 0.
  public var times: [Double]
  /// Metres along the route, non-decreasing from 0 to the route's length.
  public var distances: [Double]
  /// m/s at each epoch, when the recording stated them; `nil`: estimated from the distances.
  public var speeds: [Double]?

  /// Longest time between two epochs, seconds (a longer gap splits a recording into parts).
  public static let maximumGap = 3600.0

  public init(times: [Double], distances: [Double], speeds: [Double]? = nil) {
    self.times = times; self.distances = distances; self.speeds = speeds
  }

  init(from c: KeyedDecodingContainer<PaceProfile.RecordedKeys>) throws {
    times = try c.value(.times_s, expected: "at least 2 times in seconds, strictly increasing from 0, at most an hour apart") { times in
      times.count >= 2 && times[0] == 0 && zip(times, times.dropFirst()).allSatisfy { $1 > $0 && $1 - $0 <= Self.maximumGap && $1.isFinite }
    }
    let count = times.count
    distances = try c.value(.distances_m, expected: "\(count) distances in metres, non-decreasing from 0") { distances in
      distances.count == count && distances[0] == 0 && zip(distances, distances.dropFirst()).allSatisfy { $1 >= $0 && $1.isFinite }
    }
    if c.contains(.speeds_mps) {
      speeds = try c.value(.speeds_mps, expected: "\(count) speeds in m/s from 0 to 1000") { speeds in
        speeds.count == count && speeds.allSatisfy { (0...1000).contains($0) }
      }
    }
  }

  /// Duration, seconds.
  public var duration: Double { times[times.count - 1] }

  /// The mean speed of the first epoch interval that reaches `distance` metres, m/s. O(log n).
  public func speed(atDistance distance: Double) -> Double {
    var low = 1, high = distances.count - 1
    while low < high {
      let mid = (low + high) / 2
      if distances[mid] >= distance { high = mid } else { low = mid + 1 }
    }
    return (distances[low] - distances[low - 1]) / (times[low] - times[low - 1])
  }

  /// The fastest mean speed between two epochs, m/s. O(n).
  public var fastestSpeed: Double {
    var fastest = 0.0
    for k in 1..<times.count { fastest = max(fastest, (distances[k] - distances[k - 1]) / (times[k] - times[k - 1])) }
    return fastest
  }
}
