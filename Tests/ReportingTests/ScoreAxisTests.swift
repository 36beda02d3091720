import Testing

import Reporting

/// The transfer scatter's axis: both scores on one scale, logarithmic only when a linear one would crush
/// most points into a corner.
struct ScoreAxisTests {
  @Test func linearWhenTheScoresAreClose() {
    let axis = ScoreAxis(values: [2, 4, 6])
    #expect(!axis.logarithmic)
    #expect(axis.fraction(2) == 0 && axis.fraction(4) == 0.5 && axis.fraction(6) == 1)
  }

  @Test func logarithmicWhenOneScoreIsFarOff() {
    // One strategy kilometres off: 1, 10, 100 sit at 0, 0.5, 1 instead of 0, 0.09, 1.
    let axis = ScoreAxis(values: [1, 10, 100])
    #expect(axis.logarithmic)
    #expect(abs(axis.fraction(10) - 0.5) < 1e-12 && axis.fraction(100) == 1)
  }

  @Test func zeroScoresStayLinearAndEveryPointIsOnThePlot() {
    let axis = ScoreAxis(values: [0, 1000])
    #expect(!axis.logarithmic, "log of 0 has no place on an axis")
    #expect(axis.fraction(-5) == 0 && axis.fraction(5000) == 1 && axis.fraction(.nan) == 0.5)
    #expect(ScoreAxis(values: [3, 3]).fraction(3) == 0.5, "one value: the middle")
  }
}
