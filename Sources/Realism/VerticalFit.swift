import Foundation
import NumericKit
import Simulation

/// The receiver's vertical error against a reference with heights (docs/elevation.md, docs/realism.md):
/// what is measured of it, and the Gauss-Markov model (`receiver.vertical`) fitted to it.
///
/// The fit is by moments: the offset is the mean error, σ its standard deviation, and τ comes from the
/// autocorrelation 10 s apart (τ = −10 s / ln ρ₁₀). Elevation gain counts the error's short-term changes,
/// and 10 s is where they live: τ from the 1/e crossing (about a minute on the shared phones) would
/// double the simulated second-to-second change and the false climb.
public enum VerticalFit {
  /// Names in report order, with their absolute tolerance (the relative one is ``ErrorStatistics/relativeTolerance``).
  public static let definitions: [(name: String, absoluteTolerance: Double, meaning: String)] = [
    ("vertical_bias_m", 1, "mean of reported − true altitude, m"),
    ("vertical_error_sd_m", 0.3, "standard deviation of the vertical error, m"),
    ("vertical_autocorrelation_10s", 0.1, "correlation of the vertical error with itself 10 s later"),
    ("vertical_autocorrelation_60s", 0.2, "the same 60 s later"),
    ("vertical_step_sd_m", 0.05, "RMS change of the vertical error between epochs 1 s apart, m"),
    ("false_climb_m_per_h", 30, "sum of the vertical error's rises between epochs 1 s apart, per hour: what it adds to a summed gain, m/h"),
  ]

  /// Fewest epochs with a vertical error for a measurement or a fit.
  public static let minimumEpochs = 100

  /// The epochs of `series` with an altitude error: times and errors.
  static func errors(_ series: ErrorSeries) -> (time: [Double], error: [Double]) {
    var time: [Double] = [], error: [Double] = []
    for i in 0..<series.count { if let e = series.altitudeError[i] { time.append(series.time[i]); error.append(e) } }
    return (time, error)
  }

  /// Every vertical statistic of `series`; none without ``minimumEpochs`` epochs with an altitude error.
  public static func measure(_ series: ErrorSeries) -> [Statistic] {
    let (time, error) = errors(series)
    var values: [String: Double?] = [:]
    if time.count >= minimumEpochs {
      values["vertical_bias_m"] = Statistics.mean(error)
      values["vertical_error_sd_m"] = Statistics.variance(error).map { $0.squareRoot() }
      let interval = ErrorStatistics.typicalInterval(time)
      values["vertical_autocorrelation_10s"] = ErrorStatistics.lagged(time, error, lag: 10, interval: interval)
      values["vertical_autocorrelation_60s"] = ErrorStatistics.lagged(time, error, lag: 60, interval: interval)
      var squares = 0.0, climb = 0.0, seconds = 0.0, steps = 0
      for i in 1..<time.count where abs(time[i] - time[i - 1] - 1) <= 0.25 {
        let step = error[i] - error[i - 1]
        squares += step * step
        climb += max(step, 0)
        seconds += time[i] - time[i - 1]
        steps += 1
      }
      if steps >= minimumEpochs {
        values["vertical_step_sd_m"] = (squares / Double(steps)).squareRoot()
        values["false_climb_m_per_h"] = climb / seconds * 3600
      }
    }
    return definitions.map { Statistic(name: $0.name, value: values[$0.name] ?? nil) }
  }

  /// The statistics by name (a missing one `nil`), as ``Calibrator/compare(vertical:statistics:along:)`` takes them.
  public static func measured(_ series: ErrorSeries) -> [String: Double?] {
    Dictionary(uniqueKeysWithValues: measure(series).map { ($0.name, $0.value) })
  }

  /// The vertical model fitted to `series` (module docs), claiming σ as its accuracy; `nil` without
  /// ``minimumEpochs`` epochs with an altitude error or without a positive 10 s autocorrelation.
  public static func fit(_ series: ErrorSeries) -> ReceiverSpec.Vertical? {
    let measured = measured(series)
    guard let bias = measured["vertical_bias_m"] ?? nil, let sd = measured["vertical_error_sd_m"] ?? nil,
      let rho = measured["vertical_autocorrelation_10s"] ?? nil, rho > 0
    else { return nil }
    let tau = min(max(rho < 1 ? -10 / log(rho) : 86_400, 0.1), 86_400)
    let sigma = min(sd, 1000)
    return ReceiverSpec.Vertical(sigma: sigma, tau: tau, reported: sigma, offset: min(max(bias, -100), 100))
  }
}
