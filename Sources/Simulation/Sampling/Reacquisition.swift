import Foundation
import TrackCore

/// A receiver switched back on after `off` seconds: how long until its first fix (time to first fix,
/// TTFF) and how wrong that fix is. Both grow with the off time: a **hot** start (ephemeris and time
/// still held: off up to ``hotLimit``) fixes after ``hotTTFF``; a **warm** start (up to ``warmLimit``:
/// the almanac and a rough position, ephemeris to download again) after ``warmTTFF``; a **cold** one
/// after ``coldTTFF``. The first fix's error is a bias in one random direction, ``firstFixError(afterOff:)``
/// metres, shrinking as tracking goes on as a cold start's does (``ColdStart``). docs/energy.md gives
/// the sources of the defaults and which are assumed.
public struct Reacquisition: Sendable, Hashable {
  public let hotLimit: Double
  public let warmLimit: Double
  public let hotTTFF: Double
  public let warmTTFF: Double
  public let coldTTFF: Double
  /// First-fix error right after a hot start with no time off, metres.
  public let hotError: Double
  /// How the first-fix error grows with the off time within a hot start, metres per second off: the
  /// position the receiver starts from is older (assumed).
  public let errorGrowth: Double
  /// First-fix error of a warm and of a cold start, metres.
  public let warmError: Double
  public let coldError: Double
  /// Seconds after the first fix in which 95 % of its bias is gone.
  public let converge: Double

  public static let parameterTable = [
    Parameter(name: "hot_limit_s", unit: "s", defaultValue: 14_400, minimum: 0, maximum: 604_800, summary: "off time up to which the receiver hot-starts"),
    Parameter(name: "warm_limit_s", unit: "s", defaultValue: 604_800, minimum: 0, maximum: 31_536_000, summary: "off time up to which it warm-starts"),
    Parameter(name: "hot_ttff_s", unit: "s", defaultValue: 1, minimum: 0, maximum: 600, summary: "time to first fix of a hot start"),
    Parameter(name: "warm_ttff_s", unit: "s", defaultValue: 20, minimum: 0, maximum: 600, summary: "time to first fix of a warm start"),
    Parameter(name: "cold_ttff_s", unit: "s", defaultValue: 26, minimum: 0, maximum: 1800, summary: "time to first fix of a cold start"),
    Parameter(name: "hot_error_m", unit: "m", defaultValue: 3, minimum: 0, maximum: 10_000, summary: "first-fix error of a hot start after no time off"),
    Parameter(name: "error_growth_m_per_s", unit: "m/s", defaultValue: 0.05, minimum: 0, maximum: 100, summary: "growth of a hot start's first-fix error per second off"),
    Parameter(name: "warm_error_m", unit: "m", defaultValue: 25, minimum: 0, maximum: 10_000, summary: "first-fix error of a warm start"),
    Parameter(name: "cold_error_m", unit: "m", defaultValue: 50, minimum: 0, maximum: 10_000, summary: "first-fix error of a cold start"),
    Parameter(name: "converge_s", unit: "s", defaultValue: 20, minimum: 1, maximum: 3600, summary: "seconds in which 95 % of the first fix's bias is gone"),
  ]

  /// The defaults with `given` values by name.
  /// - Throws: ``ParameterError`` naming a field unknown or out of range, or limits out of order.
  public init(_ given: [String: Double] = [:]) throws(ParameterError) {
    let v = try ParameterValues(Self.parameterTable, given)
    hotLimit = v["hot_limit_s"]; warmLimit = v["warm_limit_s"]
    hotTTFF = v["hot_ttff_s"]; warmTTFF = v["warm_ttff_s"]; coldTTFF = v["cold_ttff_s"]
    hotError = v["hot_error_m"]; errorGrowth = v["error_growth_m_per_s"]; warmError = v["warm_error_m"]; coldError = v["cold_error_m"]
    converge = v["converge_s"]
    guard hotLimit <= warmLimit else {
      throw ParameterError(parameter: "warm_limit_s", message: "warm_limit_s expects a value of at least hot_limit_s (\(Parameter.format(hotLimit)) s), found \(Parameter.format(warmLimit))")
    }
  }

  /// The regime a start after `off` seconds is in (`nil`: the receiver never ran, a cold start).
  public enum Start: String, Sendable { case hot, warm, cold }

  public func start(afterOff off: Double?) -> Start {
    guard let off else { return .cold }
    return off <= hotLimit ? .hot : off <= warmLimit ? .warm : .cold
  }

  /// Seconds from switching on to the first fix.
  public func timeToFirstFix(afterOff off: Double?) -> Double {
    switch start(afterOff: off) {
    case .hot: hotTTFF
    case .warm: warmTTFF
    case .cold: coldTTFF
    }
  }

  /// The first fix's error, metres: a hot start's grows with the time off, up to the warm start's.
  public func firstFixError(afterOff off: Double?) -> Double {
    switch start(afterOff: off) {
    case .hot: min(hotError + errorGrowth * (off ?? 0), warmError)
    case .warm: warmError
    case .cold: coldError
    }
  }

  /// The bias `elapsed` seconds after a first fix whose error was `initial` (as ``ColdStart``).
  public func bias(initial: Double, after elapsed: Double) -> Double { initial * exp(-3 * elapsed / converge) }
}
