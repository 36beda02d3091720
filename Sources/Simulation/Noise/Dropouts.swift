import NumericKit

/// Gaps with no fix at all: the receiver loses lock (under a bridge, in a pocket, a chipset reset).
///
/// Gap starts form a Poisson process in time at `perHour`; each gap lasts U(`seconds`) and drops every
/// fix inside it. (Route `tunnel` zones drop fixes too, whatever the stages.)
public struct Dropouts: CatalogueNoiseStage {
  public static let name = "dropouts"
  public var perHour: Double
  public var seconds: ClosedRange<Double>

  public init(perHour: Double, seconds: ClosedRange<Double>) { self.perHour = perHour; self.seconds = seconds }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable { case per_hour, seconds }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    perHour = try c.value(.per_hour, expected: "gaps per hour from 0 to 3600") { (0...3600).contains($0) }
    seconds = try c.range(.seconds, expected: "seconds from 0.1 to 86400") { (0.1...86_400).contains($0) }
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard perHour > 0, buffer.count > 0 else { return }
    let meanGap = 3600 / perHour
    let end = buffer.truth[buffer.count - 1].time
    var start = buffer.truth[0].time + random.exponential(mean: meanGap)
    var i = 0
    while start <= end {
      let stop = start + random.uniform(seconds.lowerBound, seconds.upperBound)
      i = buffer.firstIndex(atOrAfter: start, from: i)
      while i < buffer.count && buffer.truth[i].time < stop {
        buffer.dropped[i] = true
        i += 1
      }
      start = stop + random.exponential(mean: meanGap)
    }
  }
}
