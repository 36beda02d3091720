import TrackCore

/// OpenTracks' recording rules (its defaults): ignore fixes with accuracy worse than 50 m; store a point
/// once the user moved ≥ 10 m from the last stored one; a jump of more than 200 m starts a new segment
/// (the gap adds no distance); no movement of 10 m for 10 s makes the user idle: one point marked
/// `idle` is stored and moving time stops until they move again.
public struct OpenTracksFilter: TrackFilter, CatalogueStrategy {
  public static let name = "opentracks"
  public static let summary = "OpenTracks: accuracy ≤ 50 m, a point every ≥ 10 m, > 200 m gap = new segment, idle after 10 s."
  public static let parameterTable = [
    Parameter(name: "accuracy", unit: "m", defaultValue: 50, minimum: 0, maximum: 1000, summary: "worst claimed accuracy used"),
    Parameter(name: "distance", unit: "m", defaultValue: 10, minimum: 0, maximum: 1000, summary: "recording distance interval"),
    Parameter(name: "gap", unit: "m", defaultValue: 200, minimum: 1, maximum: 100_000, summary: "a jump beyond this starts a new segment"),
    Parameter(name: "idle", unit: "s", defaultValue: 10, minimum: 1, maximum: 3600, summary: "seconds without movement before idle"),
  ]

  public let maximumAccuracy: Double
  public let recordingDistance: Double
  public let segmentGap: Double
  public let idleTime: Double
  @usableFromInline var last: LocalFix?
  @usableFromInline var idle = false

  public init(maximumAccuracy: Double = 50, recordingDistance: Double = 10, segmentGap: Double = 200, idleTime: Double = 10) {
    self.maximumAccuracy = maximumAccuracy; self.recordingDistance = recordingDistance
    self.segmentGap = segmentGap; self.idleTime = idleTime
  }
  /// A segment gap shorter than the recording distance would start a segment at every point.
  public static let parameterOrders = [ParameterOrder("distance", atMost: "gap")]

  public init(parameters p: ParameterValues) { self.init(maximumAccuracy: p["accuracy"], recordingDistance: p["distance"], segmentGap: p["gap"], idleTime: p["idle"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["accuracy": maximumAccuracy, "distance": recordingDistance, "gap": segmentGap, "idle": idleTime]) }
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
