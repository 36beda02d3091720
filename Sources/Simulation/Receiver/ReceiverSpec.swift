/// The phone's GNSS receiver: how often it reports and what accuracy it claims.
public struct ReceiverSpec: Sendable, Hashable, Decodable {
  /// Fixes per second, 0.2-10 Hz (phones deliver 1 Hz by default).
  public var rateHz: Double
  /// Timestamp jitter: each fix time moves by U(−j, +j) seconds; j < half the fix interval.
  public var jitter: Double
  public var reportedAccuracy: ReportedAccuracy

  public init(rateHz: Double = 1, jitter: Double = 0, reportedAccuracy: ReportedAccuracy = ReportedAccuracy()) {
    self.rateHz = rateHz; self.jitter = jitter; self.reportedAccuracy = reportedAccuracy
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case rate_hz, jitter_s, reported_accuracy }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    rateHz = try c.value(.rate_hz, default: 1, expected: "a rate in Hz from 0.2 to 10") { (0.2...10).contains($0) }
    let limit = 0.5 / rateHz
    jitter = try c.value(.jitter_s, default: 0, expected: "seconds from 0 to below half the fix interval (\(limit) s)") {
      $0 >= 0 && $0 < limit
    }
    reportedAccuracy = try c.value(.reported_accuracy, default: ReportedAccuracy(), expected: "a reported accuracy model")
  }
}

/// The horizontal accuracy a receiver claims, modelled apart from the true error:
/// reported = max(minimum, (1 − w)·base + w·|true error|), with w = `followsTrueError`.
///
/// w = 0 is a receiver that always claims `base`; w = 1 one whose claim is exactly its error. Phones in
/// open sky typically claim 3-5 m (Android `getAccuracy`, iOS `horizontalAccuracy`).
public struct ReportedAccuracy: Sendable, Hashable, Decodable {
  /// Metres claimed regardless of the error.
  public var base: Double
  /// Weight w in [0, 1] of the true error in the claim.
  public var followsTrueError: Double
  /// Metres: the smallest claim the receiver makes.
  public var minimum: Double

  public init(base: Double = 5, followsTrueError: Double = 0.5, minimum: Double = 1) {
    self.base = base; self.followsTrueError = followsTrueError; self.minimum = minimum
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case base_m, follows_true_error, minimum_m }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    base = try c.value(.base_m, default: 5, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    followsTrueError = try c.value(.follows_true_error, default: 0.5, expected: "a weight from 0 to 1") { (0...1).contains($0) }
    minimum = try c.value(.minimum_m, default: 1, expected: "metres from 0 to 100") { (0...100).contains($0) }
  }

  /// The claimed accuracy for a true error of `errorMagnitude` metres.
  @inlinable public func reported(forError errorMagnitude: Double) -> Double {
    max(minimum, (1 - followsTrueError) * base + followsTrueError * errorMagnitude)
  }
}
