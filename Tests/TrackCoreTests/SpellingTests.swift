import Testing
import TrackCore

/// Suggestions for slips, none for unrelated words.
@Suite struct SpellingTests {
  @Test func suggestsTheNearestNameForASlip() {
    let strategies = ["raw", "kalman", "rts", "ema", "moving-median", "distance-filter"]
    #expect(Spelling.nearest(to: "kalmn", in: strategies) == "kalman")
    #expect(Spelling.nearest(to: "movng-median", in: strategies) == "moving-median")
    #expect(Spelling.nearest(to: "distance_eror", in: ["distance_error_percent", "distance_error_m", "pace_lag_s"]) == "distance_error_percent")
    #expect(Spelling.nearest(to: "Kalman", in: strategies) == "kalman")
    #expect(Spelling.nearest(to: "banana", in: strategies) == nil)
    // Two neighbours swapped are one slip (optimal string alignment), not two substitutions.
    #expect(Spelling.nearest(to: "truht", in: ["observed", "truth"]) == "truth")
    #expect(Spelling.nearest(to: "kalmna", in: strategies) == "kalman")
    #expect(Spelling.nearest(to: "kalman", in: strategies) == nil, "an exact name is no slip")
    #expect(Spelling.nearest(to: "", in: strategies) == nil)
  }
}
