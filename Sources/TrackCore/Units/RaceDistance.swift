/// Standard race distances, metres.
public enum RaceDistance {
  public static let halfMarathon = 21_097.5
  public static let marathon = 42_195.0
  /// The badge checkpoints of MoonRunner-style apps: 1 km, 5 km, 10 km, half marathon, marathon.
  public static let checkpoints: [Double] = [1000, 5000, 10_000, halfMarathon, marathon]
}
