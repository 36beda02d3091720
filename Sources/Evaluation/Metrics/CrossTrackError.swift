import TrackCore

/// RMS distance from each recorded point to the truth path, metres.
///
/// Each point at time τ is measured against the part of the path within ±`searchRadius` metres (along
/// the path) of where the runner truly was at τ, so a later lap or the other leg of an out-and-back is
/// not mistaken for the nearest road. `nil` when nothing was recorded.
public struct CrossTrackError: TrackMetric, Hashable {
  /// Metres along the path searched either side of the true position.
  public let searchRadius: Double
  public init(searchRadius: Double = 200) { self.searchRadius = searchRadius }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    guard !run.recorded.isEmpty else { return nil }
    var sumSquares = 0.0
    for fix in run.recorded {
      let s = truth.distance(at: fix.time)
      let d = truth.path.distance(
        from: PlanarPoint(east: fix.east, north: fix.north), alongRange: (s - searchRadius)...(s + searchRadius))
      sumSquares += d * d
    }
    return (sumSquares / Double(run.recorded.count)).squareRoot()
  }
}
