import TrackCore

/// Rauch-Tung-Striebel smoothing of the ``KalmanFilter`` pass: after the run, each point is re-estimated
/// from all fixes, before and after it (Rauch, Tung & Striebel, AIAA Journal 3(8), 1965).
///
/// Forward: the Kalman filter with the same parameters, keeping for each recorded point its filtered
/// state x̂ₖ, Pₖ and the prediction x̂⁻ₖ₊₁, P⁻ₖ₊₁ the next point started from. Backward, per axis with the
/// shared covariance: Cₖ = Pₖ Fᵀ (P⁻ₖ₊₁)⁻¹, x̂ˢₖ = x̂ₖ + Cₖ(x̂ˢₖ₊₁ − x̂⁻ₖ₊₁), Pˢₖ = Pₖ + Cₖ(Pˢₖ₊₁ − P⁻ₖ₊₁)Cₖᵀ.
/// A filter restart (after gated outliers) begins a new smoothing chain. Output times are exactly the
/// Kalman pass's; accuracy is √Pˢ₀₀.
/// - Complexity: O(n) time, O(n) memory (one state record per point), two passes.
public struct RTSSmoother: TrackSmoother, CatalogueStrategy {
  public static let name = "rts"
  public static let summary = "Offline Rauch-Tung-Striebel smoother over the kalman pass (same parameters)."
  public static var parameters: [StrategyParameter] { KalmanFilter.parameters }

  public let filter: KalmanFilter

  public init(filter: KalmanFilter = KalmanFilter()) { self.filter = filter }
  public init(parameterValues v: [Double]) { self.init(filter: KalmanFilter(parameterValues: v)) }
  public var parameterValues: [Double] { filter.parameterValues }
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing }

  /// The forward pass's record of one point.
  @usableFromInline struct Record {
    var fix: LocalFix
    var east: Double, north: Double, velocityEast: Double, velocityNorth: Double
    var p00: Double, p01: Double, p11: Double
    /// Whether the filter (re)started here: no smoothing link to the previous point.
    var chainStart: Bool
  }

  public func smooth(_ input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    output.removeAll(keepingCapacity: true)
    var kalman = filter
    var records: [Record] = []
    records.reserveCapacity(input.count)
    for fix in input {
      let outcome = kalman.update(fix)
      guard outcome == .started || outcome == .updated else { continue }
      records.append(Record(
        fix: kalman.estimate(age: fix.age), east: kalman.east, north: kalman.north,
        velocityEast: kalman.velocityEast, velocityNorth: kalman.velocityNorth,
        p00: kalman.p00, p01: kalman.p01, p11: kalman.p11, chainStart: outcome == .started))
    }
    guard !records.isEmpty else { return }
    // Backward pass. `next` holds the smoothed state of point k + 1.
    var next = records[records.count - 1]
    var smoothed = [LocalFix](repeating: next.fix, count: records.count)
    for k in stride(from: records.count - 2, through: 0, by: -1) {
      let current = records[k]
      if records[k + 1].chainStart {
        next = current
        smoothed[k] = current.fix
        continue
      }
      let dt = records[k + 1].fix.time - current.fix.time
      // Prediction from k to k + 1 (what the filter started k + 1 from).
      let predictedEast = current.east + current.velocityEast * dt
      let predictedNorth = current.north + current.velocityNorth * dt
      let predictedVelocityEast = current.velocityEast, predictedVelocityNorth = current.velocityNorth
      let qdt = filter.q * dt
      let a = current.p00 + 2 * dt * current.p01 + dt * dt * current.p11 + qdt * dt * dt / 3
      let b = current.p01 + dt * current.p11 + qdt * dt / 2
      let c = current.p11 + qdt
      let det = a * c - b * b
      // Pₖ Fᵀ = [p00 + dt·p01, p01; p01 + dt·p11, p11]; C = Pₖ Fᵀ (P⁻)⁻¹.
      let m00 = current.p00 + dt * current.p01, m01 = current.p01
      let m10 = current.p01 + dt * current.p11, m11 = current.p11
      let c00 = (m00 * c - m01 * b) / det, c01 = (m01 * a - m00 * b) / det
      let c10 = (m10 * c - m11 * b) / det, c11 = (m11 * a - m10 * b) / det
      let dEast = next.east - predictedEast, dVelocityEast = next.velocityEast - predictedVelocityEast
      let dNorth = next.north - predictedNorth, dVelocityNorth = next.velocityNorth - predictedVelocityNorth
      // Pˢ − P⁻ for the covariance.
      let e00 = next.p00 - a, e01 = next.p01 - b, e11 = next.p11 - c
      var result = current
      result.east += c00 * dEast + c01 * dVelocityEast
      result.velocityEast += c10 * dEast + c11 * dVelocityEast
      result.north += c00 * dNorth + c01 * dVelocityNorth
      result.velocityNorth += c10 * dNorth + c11 * dVelocityNorth
      // C E Cᵀ for symmetric E.
      let ce00 = c00 * e00 + c01 * e01, ce01 = c00 * e01 + c01 * e11
      let ce10 = c10 * e00 + c11 * e01, ce11 = c10 * e01 + c11 * e11
      result.p00 += ce00 * c00 + ce01 * c01
      result.p01 += ce00 * c10 + ce01 * c11
      result.p11 += ce10 * c10 + ce11 * c11
      var fix = current.fix
      fix.east = result.east
      fix.north = result.north
      fix.horizontalAccuracy = max(result.p00, 0).squareRoot()
      fix.speed = (result.velocityEast * result.velocityEast + result.velocityNorth * result.velocityNorth).squareRoot()
      smoothed[k] = fix
      next = result
    }
    output.append(contentsOf: smoothed)
  }
}

extension KalmanFilter.Outcome: Equatable {}
