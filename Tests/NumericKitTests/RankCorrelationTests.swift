import Testing

import NumericKit

/// Rank correlations, against values worked by an independent implementation (Python, by definition:
/// τ-b from the concordant, discordant and tied pairs; ρ as Pearson's r of the mean ranks).
@Suite struct RankCorrelationTests {
  let a: [Double] = [1, 2, 2, 3, 5, 4]
  let b: [Double] = [2, 1, 3, 3, 6, 5]

  @Test func tiedValuesShareTheirMeanRank() {
    #expect(Statistics.ranks(a) == [1, 2.5, 2.5, 4, 6, 5])
    #expect(Statistics.ranks([7, 7, 7]) == [2, 2, 2])
  }

  @Test func kendallTauBCountsTies() throws {
    #expect(abs(try #require(Statistics.kendallTauB(a, b)) - 0.7857142857142857) < 1e-12)
    #expect(Statistics.kendallTauB([1, 2, 3, 4], [1, 2, 3, 4]) == 1)
    #expect(Statistics.kendallTauB([1, 2, 3, 4], [4, 3, 2, 1]) == -1)
    #expect(Statistics.kendallTauB([1, 2, 3], [5, 5, 5]) == nil, "one sample all tied")
  }

  @Test func spearmanIsPearsonOfTheRanks() throws {
    #expect(abs(try #require(Statistics.spearman(a, b)) - 0.8676470588235294) < 1e-12)
    #expect(abs(try #require(Statistics.spearman([1, 10, 100, 1000], [1, 2, 3, 4])) - 1) < 1e-12, "monotone, not linear")
  }
}
