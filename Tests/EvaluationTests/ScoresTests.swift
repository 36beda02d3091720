import Evaluation
import Foundation
import Testing

@Suite struct ScoresTests {
  @Test func namedValuesAndNoValueAreKeptApart() {
    let scores = Scores(metrics: [.distanceErrorPercent, .paceLag], values: [1.5, nil])
    #expect(scores[.distanceErrorPercent] == 1.5 && scores[.paceLag] == nil)
    #expect(scores.scored(.paceLag) && !scores.scored(.fixesKept))
    #expect(Scores(metrics: [.paceLag], values: [.infinity])[.paceLag] == nil, "never a non-finite value")
  }

  @Test func jsonIsAnObjectByMetricNameWithNullForNoValue() throws {
    let scores = Scores(metrics: [.distanceErrorPercent, .paceLag, .kilometreSplitErrorRMS], values: [-2.25, nil, 3])
    let line = try ResultsCodec.line(scores)
    #expect(line == #"{"distance_error_percent":-2.25,"km_split_pace_error_rms_s_per_km":3,"pace_lag_s":null}"#)
    let back = try ResultsCodec.decode(Scores.self, from: Data(line.utf8))
    #expect(back == scores)
  }

  @Test func anUnknownMetricNameIsAnErrorListingTheValidOnes() {
    #expect {
      try ResultsCodec.decode(Scores.self, from: Data(#"{"distance_eror_percent":1}"#.utf8))
    } throws: { error in
      "\(error)".contains("distance_error_percent") && "\(error)".contains("distance_eror_percent")
    }
  }
}
