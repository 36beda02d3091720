import TrackCore

/// What the elevation metrics of one run share: the app's total ascent and descent (the sum of the
/// recorded altitude's rises and falls, over points that carry an altitude), the truth's, the altitude
/// error at each such point, and the per-kilometre and standing-still parts. Made only where the truth
/// has terrain (``TruthTrack/elevation``); a flat scenario's runs have none, so its metrics and cost are
/// what they were. docs/elevation.md defines each figure.
public struct VerticalMeasures: Sendable {
  /// Metres the app counts up and down.
  public let ascent: Double, descent: Double
  /// Metres the truth climbs and descends over the run.
  public let trueAscent: Double, trueDescent: Double
  /// Recorded altitude minus the true elevation where the runner truly was at each point's time, metres.
  public let altitudeErrors: [Double]
  /// Per whole kilometre of the truth: ascent the app counts between the truth's kilometre marks (by
  /// time) minus the true ascent of that kilometre, metres.
  public let kilometreAscentErrors: [Double]
  /// Ascent counted between consecutive points both inside one of the truth's stops, metres; `nil`
  /// when the truth never stops.
  public let standingAscent: Double?

  /// `nil` when the truth is flat (no terrain) or the run records no altitude.
  /// - Complexity: O(n + k) for n recorded points and k kilometres.
  public init?(_ recorded: [LocalFix], against truth: TruthTrack) {
    guard let profile = truth.elevation else { return nil }
    var ascent = 0.0, descent = 0.0, standing = 0.0
    var errors: [Double] = []
    errors.reserveCapacity(recorded.count)
    let total = truth.totalDistance
    let wholeKilometres = Int(total / 1000)
    // The truth's kilometre marks by time, and the true ascent of each kilometre.
    var markTimes: [Double] = [], trueKilometreAscents: [Double] = []
    var previousAscent = 0.0
    for mark in stride(from: 1000.0, through: Double(wholeKilometres) * 1000, by: 1000) {
      markTimes.append(truth.time(atDistance: mark) ?? truth.duration)
      let upTo = profile.ascentAndDescent(upTo: mark).ascent
      trueKilometreAscents.append(upTo - previousAscent)
      previousAscent = upTo
    }
    var kilometreAscents = [Double](repeating: 0, count: wholeKilometres)
    var distanceHint = 0, riseHint = 0, stopIndex = 0, kilometre = 0
    var previous: LocalFix?
    let stops = truth.stops
    let origin = truth.frame.origin.height
    for point in recorded where point.verticalAccuracy >= 0 {
      let along = truth.distance(at: point.time, hint: &distanceHint)
      errors.append(point.altitude - (origin + profile.rise(at: along, hint: &riseHint)))
      while kilometre < markTimes.count && markTimes[kilometre] < point.time { kilometre += 1 }
      if let previous {
        let change = point.altitude - previous.altitude
        if change > 0 { ascent += change } else { descent -= change }
        if change > 0, kilometre < markTimes.count { kilometreAscents[kilometre] += change }
        while stopIndex < stops.count && stops[stopIndex].upperBound < previous.time { stopIndex += 1 }
        if change > 0, stopIndex < stops.count, stops[stopIndex].contains(previous.time), stops[stopIndex].contains(point.time) {
          standing += change
        }
      }
      previous = point
    }
    guard !errors.isEmpty else { return nil }
    let truthTotals = profile.ascentAndDescent(upTo: total)
    self.ascent = ascent; self.descent = descent
    trueAscent = truthTotals.ascent; trueDescent = truthTotals.descent
    altitudeErrors = errors
    kilometreAscentErrors = zip(kilometreAscents, trueKilometreAscents).map { $0 - $1 }
    standingAscent = stops.isEmpty ? nil : standing
  }

  /// Root mean square of `values`; `nil` when empty.
  static func rms(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
  }
}

extension MetricDescriptor {
  /// An elevation metric: metres unless `unit` says otherwise, one decimal, in the "Elevation" section,
  /// undefined (besides `alsoUndefined`) where the scenario has no terrain or the run no altitude.
  private static func elevation(
    _ key: String, _ words: String, heading: String, unit: String = "m", goal: MetricGoal = .minimize, alsoUndefined: String = "",
    phrase: String? = nil, floor: Double, _ compute: @escaping @Sendable (VerticalMeasures) -> Double?
  ) -> MetricDescriptor {
    MetricDescriptor(
      key: key, words: words, heading: heading, unit: unit, goal: goal, group: .elevation,
      undefinedReason: "the scenario has no terrain\(alsoUndefined), or the strategy records no altitude", phraseFormat: phrase,
      floor: floor, decimals: 1, computation: .run { $0.vertical.flatMap(compute) }).reading(.vertical)
  }

  public static let ascentError = elevation(
    "ascent_error_m", "Elevation gain error", heading: "ascent m", goal: .zero, phrase: "elevation gain error %+.0f m", floor: 2
  ) { $0.ascent - $0.trueAscent }

  public static let ascentErrorPercent = elevation(
    "ascent_error_percent", "Elevation gain error", heading: "ascent %", unit: "%", goal: .zero, alsoUndefined: " or under 1 m of climb",
    phrase: "elevation gain error %+.0f %%", floor: 1
  ) { $0.trueAscent >= 1 ? 100 * ($0.ascent - $0.trueAscent) / $0.trueAscent : nil }

  public static let descentError = elevation("descent_error_m", "Elevation loss error", heading: "descent m", goal: .zero, floor: 2) {
    $0.descent - $0.trueDescent
  }

  public static let altitudeErrorRMS = elevation("altitude_error_rms_m", "Altitude error, RMS", heading: "altitude RMS m", floor: 0.5) {
    VerticalMeasures.rms($0.altitudeErrors)
  }

  public static let kilometreAscentErrorRMS = elevation(
    "km_ascent_error_rms_m", "Per-kilometre elevation gain error, RMS", heading: "km ascent RMS m", alsoUndefined: ", it is shorter than 1 km",
    floor: 1
  ) { VerticalMeasures.rms($0.kilometreAscentErrors) }

  public static let standingAscent = elevation(
    "standing_ascent_m", "Elevation gain counted while standing", heading: "standing gain m", alsoUndefined: " or no stops", floor: 1
  ) { $0.standingAscent }
}
