/// Pace and distance as runners read them: `5:32 /km`, `8:54 /mi`, `3.21 km`, `2.00 mi`.
///
/// Pace is rounded to whole seconds *before* splitting into minutes and seconds, so 8:59.7 shows as
/// `9:00`, never `8:60`.
public enum RunFormat {
  /// The unit a pace or distance is shown in.
  public enum Unit: String, Sendable, CaseIterable, Codable {
    case kilometers = "km"
    case miles = "mi"
    /// Metres in one unit: 1 000 m, or the international mile of 1 609.344 m.
    public var meters: Double { self == .kilometers ? 1000 : 1609.344 }
  }

  /// A pace given in seconds per kilometre, shown per `unit`: `m:ss /km`, or `h:mm:ss /km` from an hour up.
  /// Non-finite or negative input shows `--:--`, as apps do when there is no pace.
  public static func pace(secondsPerKilometer: Double, unit: Unit = .kilometers) -> String {
    "\(clock(seconds: secondsPerKilometer * unit.meters / 1000)) /\(unit.rawValue)"
  }

  /// A duration as `m:ss`, or `h:mm:ss` from an hour up, rounded to whole seconds first.
  /// Non-finite, negative or absurd (≥ 100 h) input shows `--:--`.
  public static func clock(seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 360_000 else { return "--:--" }
    let total = Int(seconds.rounded())
    let hours = total / 3600, minutes = (total % 3600) / 60, secs = total % 60
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
      : "\(minutes):\(twoDigits(secs))"
  }

  /// A distance given in metres, shown with two decimals in `unit`: `3.21 km`.
  /// Beyond 10¹³ units (no run is that long) the number is shown as Swift's shortest text.
  public static func distance(meters: Double, unit: Unit = .kilometers) -> String {
    guard meters.isFinite else { return "-- \(unit.rawValue)" }
    guard abs(meters / unit.meters) < 1e13 else { return "\(meters / unit.meters) \(unit.rawValue)" }
    let hundredths = Int((meters / unit.meters * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = abs(hundredths)
    return "\(sign)\(magnitude / 100).\(twoDigits(magnitude % 100)) \(unit.rawValue)"
  }

  /// Parses `m:ss` or `h:mm:ss` into seconds; `nil` if malformed (seconds and minutes must be < 60).
  public static func parseClock(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count) else { return nil }
    var total = 0.0
    for (i, part) in parts.enumerated() {
      guard let value = Double(part), value >= 0, value.isFinite else { return nil }
      if i > 0 && value >= 60 { return nil }
      total = total * 60 + value
    }
    return total
  }

  private static func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
