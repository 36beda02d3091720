import Evaluation
import TrackCore

/// Fixed-point text without Foundation's locale-dependent formatting.
enum NumberText {
  static func fixed(_ value: Double, decimals: Int, signed: Bool = false) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
    let sign = value < 0 && scaled != 0 ? "-" : (signed ? "+" : "")
    return sign + "\(whole)" + (decimals > 0 ? "." + padded : "")
  }
}

extension Metric {
  /// Decimals shown in tables.
  var decimals: Int { self == .distanceErrorPercent || self == .badgeDecisionsWrong ? 2 : 1 }
}

extension ScenarioResult {
  /// `4.99 km in 27:27, 50 trials × 1647 fixes, seed 42`: what every report says of a scenario.
  var headline: String {
    "\(RunFormat.distance(meters: trueDistanceM)) in \(RunFormat.clock(seconds: durationS)), "
      + "\(trials) trials × \(fixesPerTrial) fixes, seed \(seed)"
  }
}
