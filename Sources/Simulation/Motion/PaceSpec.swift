import TrackCore

/// How the runner moves along the path over time.
public enum PaceSpec: Sendable, Hashable, Decodable {
  /// Constant pace from start to finish, seconds per kilometre.
  case steady(secondsPerKilometer: Double)
  /// Standing at the route's start for `seconds` (the route must be a single point or is not walked).
  case standing(seconds: Double)

  enum Kinds: String, CaseIterable { case steady, standing }
  enum SteadyKeys: String, CodingKey, CaseIterable { case per_km }
  enum StandingKeys: String, CodingKey, CaseIterable { case seconds }

  public init(from decoder: any Decoder) throws {
    let (key, c) = try decoder.singleKey(allowed: Kinds.allCases.map(\.rawValue))
    let inner = try c.superDecoder(forKey: key)
    switch Kinds(rawValue: key.stringValue)! {
    case .steady:
      let s = try inner.strictContainer(keyedBy: SteadyKeys.self)
      let text: String = try s.value(.per_km, expected: "a pace as \"m:ss\" per km, from 1:00 to 60:00") {
        guard let seconds = RunFormat.parseClock($0) else { return false }
        return (60...3600).contains(seconds)
      }
      self = .steady(secondsPerKilometer: RunFormat.parseClock(text)!)
    case .standing:
      let s = try inner.strictContainer(keyedBy: StandingKeys.self)
      self = .standing(seconds: try s.value(.seconds, expected: "seconds from 1 to 86400") { (1...86_400).contains($0) })
    }
  }

  /// The truth motion over a path of `length` metres as time → distance knots.
  public func knots(pathLength length: Double) -> (times: [Double], distances: [Double]) {
    switch self {
    case .steady(let secondsPerKilometer):
      let speed = 1000 / secondsPerKilometer
      return ([0, length / speed], [0, length])
    case .standing(let seconds):
      return ([0, seconds], [0, 0])
    }
  }
}
