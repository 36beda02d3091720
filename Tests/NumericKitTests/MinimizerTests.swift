import Foundation
import NumericKit
import Testing

@Suite struct MinimizerTests {
  @Test func findsTheRosenbrockMinimum() {
    let result = Minimizer.nelderMead(start: [-1.2, 1], steps: [0.5, 0.5], tolerance: 1e-8, maxIterations: 2000) { x in
      pow(1 - x[0], 2) + 100 * pow(x[1] - x[0] * x[0], 2)
    }
    #expect(result.converged)
    #expect(abs(result.point[0] - 1) < 1e-3 && abs(result.point[1] - 1) < 1e-3, "\(result.point)")
    #expect(result.value < 1e-6)
  }

  @Test func nonFiniteValuesAreAvoided() {
    // log is undefined below 0: the simplex must stay where the function is finite.
    let result = Minimizer.nelderMead(start: [3], steps: [1]) { x in x[0] > 0 ? pow(log(x[0]), 2) : .nan }
    #expect(abs(result.point[0] - 1) < 1e-3, "\(result.point)")
  }

  @Test func stopsAtTheBudget() {
    let result = Minimizer.nelderMead(start: [10, 10], steps: [1, 1], tolerance: 1e-12, maxIterations: 5) { x in x[0] * x[0] + x[1] * x[1] }
    #expect(!result.converged && result.iterations == 5)
  }
}
