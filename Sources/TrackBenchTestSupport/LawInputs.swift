import Filtering
import Simulation
import TrackCore

/// Law inputs: a noisy park loop, with an invalid fix, a fix claiming 60 m and a 30 s dropout.
public enum LawInputs {
  static let engine: ScenarioEngine = {
    let scenario = Scenario(
      name: "laws", seed: 99, trials: 2,
      route: RouteSpec(
        origin: GeodeticPosition(latitude: 52, longitude: 4),
        shape: .loop(waypoints: [.init(east: 0, north: 0), .init(east: 150, north: 0), .init(east: 150, north: 80), .init(east: 0, north: 80)], laps: 1),
        cornerRadius: 6),
      pace: .steady(secondsPerKilometer: 330),
      receiver: ReceiverSpec(rateHz: 1, jitter: 0.1),
      noise: [NoiseStage(WhiteNoise(sigma: 1)), NoiseStage(GaussMarkovNoise(sigma: 4, tau: 30))])
    return try! ScenarioEngine(scenario)
  }()

  static func trial(_ k: Int) -> [LocalFix] {
    var fixes = engine.observe(trial: k)
    fixes[20].horizontalAccuracy = -1
    fixes[40].horizontalAccuracy = 60
    fixes.removeSubrange(60..<90)
    return fixes
  }

  public static let input = trial(0)
  public static let alternative = trial(1)

  /// A downtown block with Doppler speed and course, GPS altitude and a barometer over a climb, outliers
  /// and a standing stop: for gating, fusion, idle detection and elevation stages.
  static let dopplerEngine: ScenarioEngine = {
    let scenario = Scenario(
      name: "laws-doppler", seed: 7, trials: 2,
      route: RouteSpec(
        origin: GeodeticPosition(latitude: 40, longitude: -74),
        shape: .loop(waypoints: [.init(east: 0, north: 0), .init(east: 200, north: 0), .init(east: 200, north: 120), .init(east: 0, north: 120)], laps: 1),
        cornerRadius: 4, elevation: ElevationProfile(distances: [0, 640], rises: [0, 25.6])),
      pace: PaceSpec(profile: .steady(secondsPerKilometer: 300), stops: [.init(at: 250, seconds: 30)]),
      receiver: {
        var receiver = ReceiverSpec(rateHz: 1, doppler: .init(speedSigma: 0.2, courseSigma: 4), vertical: .init())
        receiver.barometer = Barometer()
        return receiver
      }(),
      noise: [NoiseStage(GaussMarkovNoise(sigma: 3, tau: 30)), NoiseStage(Outliers(perHour: 120, jump: 40...200))])
    return try! ScenarioEngine(scenario)
  }()
  public static let withDoppler = dopplerEngine.observe(trial: 0)
  public static let withDopplerAlternative = dopplerEngine.observe(trial: 1)

  /// Noise-free fixes 3 m apart along a straight line, each claiming 1 m.
  public static let straight: [LocalFix] = (0..<600).map {
    LocalFix(time: Double($0), east: 3 * Double($0) * 0.6, north: 3 * Double($0) * 0.8, horizontalAccuracy: 1)
  }
}
