extension Scenario {
  /// The class of run a scenario stands for in a report's verdict ("best per scenario class"), derived
  /// from what it simulates so a new scenario needs no label: a 400 m track → `track`; 90 minutes or
  /// more, or 15 km or more → `long run`; buildings or tunnels (urban zones, urban-canyon noise,
  /// tunnels) → `urban`; tree canopy or switchbacks → `trail`; anything else → `open sky`.
  /// - Parameters:
  ///   - distance: the true distance, metres.
  ///   - duration: the run's duration, seconds.
  @_optimize(none)
  public func category(distance: Double, duration: Double) -> String {
    if case .track400m = route.shape { return "track" }
    if duration >= 90 * 60 || distance >= 15_000 { return "long run" }
    let kinds = Set(route.zones.map(\.kind))
    let canyon = noise.contains { $0.model is UrbanCanyonNoise }
    if kinds.contains(.urban) || kinds.contains(.tunnel) || canyon { return "urban" }
    if case .switchbacks = route.shape { return "trail" }
    if kinds.contains(.canopy) { return "trail" }
    return "open sky"
  }
}
