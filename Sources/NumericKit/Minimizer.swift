import CGSL

/// Derivative-free minimisation through GSL's simplex method (`gsl_multimin_fminimizer_nmsimplex2`,
/// Nelder-Mead).
public enum Minimizer {
  public struct Result: Sendable, Hashable {
    /// Where the smallest value was found.
    public var point: [Double]
    public var value: Double
    public var iterations: Int
    /// Whether the simplex shrank below the tolerance (else the iteration budget ran out).
    public var converged: Bool
  }

  /// Minimises `f` from `start`, the first simplex spanning `steps` along each axis; stops when the
  /// simplex's characteristic size (GSL's `size`) falls below `tolerance` or after `maxIterations`.
  /// `f` must return a finite number for any point (map invalid regions to a large value).
  /// - Complexity: about one evaluation of `f` per iteration, plus n + 1 to start.
  /// `shouldStop` is asked before each iteration (a caller's budget of evaluations).
  public static func nelderMead(
    start: [Double], steps: [Double], tolerance: Double = 1e-4, maxIterations: Int = 500, shouldStop: () -> Bool = { false },
    _ f: ([Double]) -> Double
  ) -> Result {
    precondition(!start.isEmpty && start.count == steps.count, "Minimizer.nelderMead: one step per coordinate")
    GSLSetup.errorHandlerOff
    let n = start.count
    return withoutActuallyEscaping(f) { f in
      var box = f
      return withUnsafeMutablePointer(to: &box) { context in
        var function = gsl_multimin_function(
          f: { vector, parameters in
            let f = parameters!.assumingMemoryBound(to: (([Double]) -> Double).self).pointee
            let count = Int(vector!.pointee.size)
            let value = f((0..<count).map { gsl_vector_get(vector, $0) })
            return value.isFinite ? value : .greatestFiniteMagnitude
          }, n: n, params: UnsafeMutableRawPointer(context))
        let x = gsl_vector_alloc(n)!, step = gsl_vector_alloc(n)!
        defer { gsl_vector_free(x); gsl_vector_free(step) }
        for i in 0..<n { gsl_vector_set(x, i, start[i]); gsl_vector_set(step, i, steps[i]) }
        let minimizer = gsl_multimin_fminimizer_alloc(cgsl_multimin_nmsimplex2(), n)!
        defer { gsl_multimin_fminimizer_free(minimizer) }
        gsl_multimin_fminimizer_set(minimizer, &function, x, step)
        var iterations = 0, converged = false
        while iterations < maxIterations && !shouldStop() {
          iterations += 1
          guard gsl_multimin_fminimizer_iterate(minimizer) == GSL_SUCCESS else { break }
          if gsl_multimin_test_size(gsl_multimin_fminimizer_size(minimizer), tolerance) == GSL_SUCCESS { converged = true; break }
        }
        let best = (0..<n).map { gsl_vector_get(minimizer.pointee.x, $0) }
        return Result(point: best, value: minimizer.pointee.fval, iterations: iterations, converged: converged)
      }
    }
  }
}
