import Evaluation
import NumericKit
import TrackCore

/// How much worse a metric may get before a change counts as a regression: a share of the old mean's
/// size (`5%`) or an amount in the metric's unit (`2`). Parsed from `METRIC=5%` or `METRIC=2`.
public struct Tolerance: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable { case relative, absolute }
  public var kind: Kind
  /// A fraction for `relative` (0.05 for 5 %), an amount in the metric's unit for `absolute`.
  public var value: Double

  public init(kind: Kind, value: Double) { self.kind = kind; self.value = value }

  /// The allowed worsening for a metric whose old mean is `oldMean`.
  public func allowance(oldMean: Double) -> Double {
    switch kind {
    case .relative: return value * abs(oldMean)
    case .absolute: return value
    }
  }

  /// `distance_error_percent=5%,current_pace_error_rms_s_per_km=2`: per metric name.
  /// - Throws: ``ToleranceError`` naming the item and what was expected.
  public static func parse(_ text: String) throws(ToleranceError) -> [Metric: Tolerance] {
    var result: [Metric: Tolerance] = [:]
    for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
      let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, let metric = Metric(rawValue: parts[0]) else {
        throw ToleranceError(message: "'\(item)': expected METRIC=AMOUNT or METRIC=PERCENT%, METRIC one of \(Metric.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      let relative = parts[1].hasSuffix("%")
      guard let number = DecimalNumber.parse(relative ? String(parts[1].dropLast()) : parts[1]), number >= 0 else {
        throw ToleranceError(message: "'\(item)': expected a number of 0 or more (a percentage with %), found '\(parts[1])'")
      }
      result[metric] = Tolerance(kind: relative ? .relative : .absolute, value: relative ? number / 100 : number)
    }
    return result
  }
}

/// One metric of one strategy on one scenario before and after a change, trial by trial on the same
/// simulated fixes (same seeds), judged by a paired test.
///
/// Each trial's *worsening* is how much worse the new value is than the old one by the metric's goal:
/// `new − old` for a metric to minimise, `|new| − |old|` for a signed error whose goal is zero (closer to
/// zero is better), `new − old` for a metric without a goal (which is then only ever "changed"). The
/// mean worsening has a 95 % interval from Student's t with n − 1 degrees of freedom (GSL's quantile).
/// The **allowance** is the metric's floor (``Metric/floor``, the smallest change a user would care
/// about) or the tolerance given in its place. A **regression** is a worsening whose interval lies
/// wholly beyond the allowance; an **improvement** one whose interval lies wholly below minus the
/// allowance; a change whose interval excludes zero but not the allowance is **negligible** (confidently
/// there, too small to matter); trials that agree to the bit are **identical**; anything else is within
/// noise (or not judged, with fewer than two paired trials). Because both sides filter the same fixes,
/// the interval is far tighter than comparing two independent summaries. ``pValue`` is the one-sided
/// test behind a regression, for a check's correction over its many cells (``BaselineCheck``), which
/// turns a regression that fails only uncorrected into **watch**.
///
/// A **deterministic** pair (a replayed recording: the same fixes every time, nothing drawn) has no
/// noise to test against: a mean worsening beyond the allowance is a regression, a mean improvement
/// beyond it an improvement, a smaller change negligible, whatever the number of trials (one, for a
/// recording).
public struct PairedChange: Sendable, Hashable, Codable {
  public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    case regression, watch, improvement, negligible, identical, changed
    case withinNoise = "within_noise"
    case notJudged = "not_judged"
    /// A regression on a metric outside the objective a check was given (`check --objective`): reported
    /// as what the change costs, never a failure.
    case tradeOff = "trade_off"
  }

  /// Where the allowance came from.
  public enum AllowanceSource: String, Sendable, Hashable, Codable {
    /// The metric's own floor.
    case floor
    /// `--tolerance`.
    case tolerance
  }

  public var metric: Metric
  /// Trials where both sides have a value.
  public var pairs: Int
  public var oldMean: Double?
  public var newMean: Double?
  /// Mean per-trial worsening (positive: worse) and its 95 % interval.
  public var worsening: Double?
  public var ci95Low: Double?
  public var ci95High: Double?
  /// The worsening allowed before a regression, in the metric's unit.
  public var allowance: Double
  /// The metric's floor, or a tolerance given in its place; absent in checks made before floors.
  public var allowanceFrom: AllowanceSource?
  /// One-sided p-value of the paired t test that the mean worsening exceeds the allowance (below 0.025
  /// exactly when the interval lies beyond it); absent for a deterministic pair, a metric without a goal,
  /// identical trials or fewer than two pairs.
  public var pValue: Double?
  public var verdict: Verdict

  /// - Parameters:
  ///   - old: per-trial values before, trial by trial (`nil`: no value on that trial).
  ///   - new: per-trial values after, the same trials in the same order.
  ///   - tolerance: in place of the metric's floor.
  public init(metric: Metric, old: [Double?], new: [Double?], tolerance: Tolerance? = nil, deterministic: Bool = false) {
    precondition(old.count == new.count, "paired values of the same trials")
    self.metric = metric
    let both = zip(old, new).compactMap { a, b -> (Double, Double)? in
      guard let a, let b else { return nil }
      return (a, b)
    }
    pairs = both.count
    oldMean = Statistics.mean(both.map(\.0))
    newMean = Statistics.mean(both.map(\.1))
    allowance = tolerance?.allowance(oldMean: oldMean ?? 0) ?? metric.floor
    allowanceFrom = tolerance == nil ? .floor : .tolerance
    let differences = both.map { a, b -> Double in
      switch metric.goal {
      case .zero: return abs(b) - abs(a)
      case .minimize, .none: return b - a
      }
    }
    worsening = Statistics.mean(differences)
    let interval = Statistics.meanConfidenceInterval(differences)
    ci95Low = interval?.lowerBound
    ci95High = interval?.upperBound
    if !both.isEmpty, both.allSatisfy({ $0.0.bitPattern == $0.1.bitPattern }) {
      verdict = .identical
    } else if deterministic, let mean = worsening {
      switch metric.goal {
      case .none: verdict = abs(mean) > allowance ? .changed : .negligible
      case .minimize, .zero: verdict = mean > allowance ? .regression : mean < -allowance ? .improvement : mean == 0 ? .withinNoise : .negligible
      }
    } else if let low = ci95Low, let high = ci95High {
      switch metric.goal {
      case .none: verdict = low > allowance || high < -allowance ? .changed : low > 0 || high < 0 ? .negligible : .withinNoise
      case .minimize, .zero:
        pValue = Statistics.pValue(meanAbove: allowance, differences)
        if low > allowance {
          verdict = .regression
        } else if high < -allowance {
          verdict = .improvement
        } else if low > 0 || high < 0 {
          verdict = .negligible
        } else {
          verdict = .withinNoise
        }
      }
    } else {
      verdict = .notJudged
    }
  }
}
