import TrackCore

/// Rauch-Tung-Striebel smoothing of the ``KalmanFilter`` pass: after the run, each point is re-estimated
/// from all fixes, before and after it (Rauch, Tung & Striebel, AIAA Journal 3(8), 1965).
///
/// Forward: the Kalman filter with the same parameters, keeping for each recorded point its filtered
/// state x̂ₖ, Pₖ and the prediction x̂⁻ₖ₊₁, P⁻ₖ₊₁ the next point started from. Backward, per axis with the
/// shared covariance: Cₖ = Pₖ Fᵀ (P⁻ₖ₊₁)⁻¹, x̂ˢₖ = x̂ₖ + Cₖ(x̂ˢₖ₊₁ − x̂⁻ₖ₊₁), Pˢₖ = Pₖ + Cₖ(Pˢₖ₊₁ − P⁻ₖ₊₁)Cₖᵀ.
/// A filter restart (after gated outliers) begins a new smoothing chain. Output times are exactly the
/// Kalman pass's; the claimed accuracy is the 68 % radius of Pˢ (`LocalFix.claimRadiusPerSigma`·√Pˢ₀₀).
/// - Complexity: O(n) time, O(n) memory (a 64-byte state per point), two passes; the backward pass
///   rewrites the forward pass's points in place.
public struct RTSSmoother: TrackSmoother, CatalogueStrategy {
  public static let name = "rts"
  public static let summary = "Offline Rauch-Tung-Striebel smoother over the kalman pass (same parameters)."
  public static let accuracyClaim = AccuracyClaim.covariance
  public static var parameterTable: [Parameter] { KalmanFilter.parameterTable }

  public let filter: KalmanFilter

  public init(filter: KalmanFilter = KalmanFilter()) { self.filter = filter }
  public init(parameters p: ParameterValues) { self.init(filter: KalmanFilter(parameters: p)) }
  public var parameters: ParameterValues { filter.parameters }
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing }

  /// The forward pass's filtered state at one recorded point.
  @usableFromInline struct State {
    var east: Double, north: Double, velocityEast: Double, velocityNorth: Double
    var p00: Double, p01: Double, p11: Double
    /// Whether the filter (re)started here: no smoothing link to the previous point.
    var chainStart: Bool
  }

  public func smooth(_ input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(input.count)
    var kalman = filter
    var states: [State] = []
    states.reserveCapacity(input.count)
    // Forward: the filtered points go straight into `output`; their states beside them.
    for fix in input {
      let outcome = kalman.update(fix)
      guard outcome == .started || outcome == .updated else { continue }
      output.append(kalman.estimate(for: fix))
      states.append(State(
        east: kalman.east, north: kalman.north, velocityEast: kalman.velocityEast, velocityNorth: kalman.velocityNorth,
        p00: kalman.p00, p01: kalman.p01, p11: kalman.p11, chainStart: outcome == .started))
    }
    guard states.count > 1 else { return }
    let q = filter.q
    // Backward, in place: `next` is the smoothed state of point k + 1.
    states.withUnsafeBufferPointer { states in
      output.withUnsafeMutableBufferPointer { points in
        var next = states[states.count - 1]
        for k in stride(from: states.count - 2, through: 0, by: -1) {
          let current = states[k]
          if states[k + 1].chainStart {
            next = current
            continue
          }
          let dt = points[k + 1].time - points[k].time
          // The prediction from k to k + 1 that the filter started k + 1 from: x⁻ = F x, P⁻ = F P Fᵀ + Q.
          let predictedEast = current.east + current.velocityEast * dt
          let predictedNorth = current.north + current.velocityNorth * dt
          let qdt = q * dt
          let a = current.p00 + 2 * dt * current.p01 + dt * dt * current.p11 + qdt * dt * dt / 3
          let b = current.p01 + dt * current.p11 + qdt * dt / 2
          let c = current.p11 + qdt
          let det = a * c - b * b
          // C = P Fᵀ (P⁻)⁻¹ with P Fᵀ = [p00 + dt·p01, p01; p01 + dt·p11, p11].
          let m00 = current.p00 + dt * current.p01, m01 = current.p01
          let m10 = current.p01 + dt * current.p11, m11 = current.p11
          let c00 = (m00 * c - m01 * b) / det, c01 = (m01 * a - m00 * b) / det
          let c10 = (m10 * c - m11 * b) / det, c11 = (m11 * a - m10 * b) / det
          let dEast = next.east - predictedEast, dVelocityEast = next.velocityEast - current.velocityEast
          let dNorth = next.north - predictedNorth, dVelocityNorth = next.velocityNorth - current.velocityNorth
          // Pˢ − P⁻, then Pˢₖ = Pₖ + C (Pˢ − P⁻) Cᵀ.
          let e00 = next.p00 - a, e01 = next.p01 - b, e11 = next.p11 - c
          let ce00 = c00 * e00 + c01 * e01, ce01 = c00 * e01 + c01 * e11
          let ce10 = c10 * e00 + c11 * e01, ce11 = c10 * e01 + c11 * e11
          var smoothed = current
          smoothed.east += c00 * dEast + c01 * dVelocityEast
          smoothed.velocityEast += c10 * dEast + c11 * dVelocityEast
          smoothed.north += c00 * dNorth + c01 * dVelocityNorth
          smoothed.velocityNorth += c10 * dNorth + c11 * dVelocityNorth
          smoothed.p00 += ce00 * c00 + ce01 * c01
          smoothed.p01 += ce00 * c10 + ce01 * c11
          smoothed.p11 += ce10 * c10 + ce11 * c11
          points[k].east = smoothed.east
          points[k].north = smoothed.north
          points[k].horizontalAccuracy = LocalFix.claimRadiusPerSigma * max(smoothed.p00, 0).squareRoot()
          points[k].speed = (smoothed.velocityEast * smoothed.velocityEast + smoothed.velocityNorth * smoothed.velocityNorth).squareRoot()
          next = smoothed
        }
      }
    }
  }
}

extension KalmanFilter.Outcome: Equatable {}
