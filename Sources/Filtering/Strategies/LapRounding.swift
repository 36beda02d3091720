import TrackCore

/// Lap rounding on a lap press, as a track-mode app does it: when the runner presses the lap button at
/// the line (a ``FixMarks/lapPress`` on the fix the press came with), the lap just finished counts as
/// exactly `lap_m` metres whatever the fixes measured: the point gets a ``FixMarks/lap`` mark and a
/// distance adjustment of `lap_m` minus the distance recorded since the previous press (negative where
/// the lap measured long), so the app's distance after n presses is n · `lap_m` plus what it measured
/// since. The first point starts lap 1; lap marks of an earlier stage (`track-snap`'s) give way to the
/// presses. A press the runner forgot makes one long lap rounded down to one
/// lap; a lane other than the one `lap_m` belongs to is rounded to the wrong length (lane 8's lap is
/// 453.03 m). Presses arrive on the receiver's fixes, so it goes after filters that keep every fix
/// (`track-snap | lap-round`, `kalman | lap-round`); a press on a fix a filter dropped is lost.
public struct LapRounding: AnnotatingStage, DeclaredParameters {
  public static let name = "lap-round"
  public static let summary = "Track mode's lap button: each lap press counts the lap just run as exactly lap_m metres."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.lapLength, name: "lap_m", unit: "m", minimum: 1, maximum: 100_000, summary: "the length each pressed lap counts as (lane 1 of a 400 m track: 400)"),
  ]

  public internal(set) var lapLength = 400.0

  /// The previous point and the distance recorded since the last press (or the first point).
  @usableFromInline var previous: LocalFix?
  @usableFromInline var sincePress = 0.0

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    point.marks.remove(.lap)  // the presses are the laps, whatever an earlier stage counted
    sincePress += fix.distanceAdjustment
    if let previous {
      if !fix.marks.contains(.segmentStart) { sincePress += previous.distance(to: fix) }
      if fix.marks.contains(.lapPress) {
        point.distanceAdjustment += lapLength - sincePress
        point.marks.insert(.lap)
        sincePress = 0
      }
    } else {
      point.marks.insert(.lap)
    }
    previous = fix
    return point
  }
}
