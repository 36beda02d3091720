import CGSL

/// A natural or periodic cubic spline through (x, y) knots, via GSL (`gsl_spline`, `cspline` /
/// `cspline_periodic`).
///
/// Owns its GSL objects; not `Sendable` (GSL's accelerator caches the last interval).
public final class CubicSpline {
  private let spline: UnsafeMutablePointer<gsl_spline>
  private let accelerator: UnsafeMutablePointer<gsl_interp_accel>
  public let domain: ClosedRange<Double>

  public enum Failure: Error, Equatable {
    /// x must be strictly increasing with at least 3 knots (4 for periodic), periodic y must close.
    case invalidKnots(String)
  }

  /// - Throws: ``Failure`` when the knots are unusable (GSL's return code, not an abort).
  public init(x: [Double], y: [Double], periodic: Bool = false) throws {
    GSLSetup.errorHandlerOff
    let minimum = periodic ? 4 : 3
    guard x.count == y.count, x.count >= minimum else { throw Failure.invalidKnots("need at least \(minimum) knots") }
    guard zip(x, x.dropFirst()).allSatisfy({ $0 < $1 }) else { throw Failure.invalidKnots("x must strictly increase") }
    let type = periodic ? cgsl_interp_cspline_periodic() : cgsl_interp_cspline()
    guard let spline = gsl_spline_alloc(type, x.count), let accelerator = gsl_interp_accel_alloc() else {
      fatalError("gsl_spline_alloc failed: out of memory")
    }
    let status = x.withUnsafeBufferPointer { xs in y.withUnsafeBufferPointer { ys in gsl_spline_init(spline, xs.baseAddress, ys.baseAddress, x.count) } }
    guard status == GSL_SUCCESS else {
      gsl_spline_free(spline)
      gsl_interp_accel_free(accelerator)
      throw Failure.invalidKnots(String(cString: gsl_strerror(Int32(status))))
    }
    self.spline = spline
    self.accelerator = accelerator
    domain = x[0]...x[x.count - 1]
  }

  deinit {
    gsl_spline_free(spline)
    gsl_interp_accel_free(accelerator)
  }

  /// The spline at `x`, clamped into its domain.
  public func value(at x: Double) -> Double {
    var y = 0.0
    let status = gsl_spline_eval_e(spline, min(max(x, domain.lowerBound), domain.upperBound), accelerator, &y)
    precondition(status == GSL_SUCCESS, "gsl_spline_eval_e inside the domain cannot fail")
    return y
  }
}
