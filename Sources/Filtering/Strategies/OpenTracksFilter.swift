import TrackCore

/// OpenTracks' recording rules (its defaults): ignore fixes with accuracy worse than 50 m; store a point
/// once the user moved ≥ 10 m from the last stored one; a jump of more than 200 m starts a new segment
/// (the gap adds no distance); no movement of 10 m for 10 s makes the user idle: one point marked
/// `idle` is stored and moving time stops until they move again.
public struct OpenTracksFilter: TrackFilter, DeclaredParameters {
  public static let name = "opentracks"
  public static let summary = "OpenTracks: accuracy ≤ 50 m, a point every ≥ 10 m, > 200 m gap = new segment, idle after 10 s."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.maximumAccuracy, name: "accuracy", unit: "m", minimum: 0, maximum: 1000, summary: "worst claimed accuracy used"),
    .init(\.recordingDistance, name: "distance", unit: "m", minimum: 0, maximum: 1000, summary: "recording distance interval"),
    .init(\.segmentGap, name: "gap", unit: "m", minimum: 1, maximum: 100_000, summary: "a jump beyond this starts a new segment"),
    .init(\.idleTime, name: "idle", unit: "s", minimum: 1, maximum: 3600, summary: "seconds without movement before idle"),
  ]

  public internal(set) var maximumAccuracy = 50.0
  public internal(set) var recordingDistance = 10.0
  public internal(set) var segmentGap = 200.0
  public internal(set) var idleTime = 10.0
  @usableFromInline var last: LocalFix?
  @usableFromInline var idle = false

  public init() {}
  /// A segment gap shorter than the recording distance would start a segment at every point.
  public static let parameterOrders = [ParameterOrder("distance", atMost: "gap")]

  /// Less than the recording distance: the last partial step.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { recordingDistance }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0, fix.horizontalAccuracy <= maximumAccuracy else { return nil }
    guard let previous = last else {
      last = fix
      return withMarks(fix, .segmentStart)
    }
    let moved = previous.distance(to: fix)
    if moved > segmentGap {
      last = fix
      idle = false
      return withMarks(fix, .segmentStart)
    }
    if moved >= recordingDistance {
      last = fix
      idle = false
      return fix
    }
    if !idle && fix.time - previous.time >= idleTime {
      idle = true
      last = fix
      return withMarks(fix, .idle)
    }
    return nil
  }

  @inlinable func withMarks(_ fix: LocalFix, _ marks: FixMarks) -> LocalFix {
    var marked = fix
    marked.marks.formUnion(marks)
    return marked
  }
}
