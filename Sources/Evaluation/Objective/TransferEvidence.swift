/// How far a verdict's pick has been checked against real recordings (`--transfer FILE` on `run`,
/// `merge` and `report`): from a transfer report, on the criterion that is the verdict's objective.
public struct TransferEvidence: Sendable, Hashable, Codable {
  /// The transfer report's file, as given.
  public var file: String
  /// The transfer check's criterion judged here: the verdict's objective; `nil` when the report did not
  /// judge that objective (its criteria are listed in `note`).
  public var criterion: String?
  public var outOfSample: Bool?
  /// The verdict's pick.
  public var strategy: String
  /// Recordings on which the criterion ranked the pick.
  public var recordings: Int
  /// The pick's real rank on each of them, and how many strategies each ranked.
  public var ranks: [Int]
  public var ranked: [Int]
  /// Recordings whose real top 3 of the live strategies holds the pick (strict).
  public var transfers: Int
  /// Recordings where the bootstrap cannot tell the pick from the real best (lenient, said beside).
  public var indistinguishable: Int = 0
  /// The pick's real value minus the real best's, mean over the recordings.
  public var meanRegret: Double?
  /// Kendall's τ simulated against real, and real against real (least, median, largest).
  public var tauSimulated: [Double]?
  public var tauRealVsReal: [Double]?
  public var note: String?

  /// The evidence as read or made elsewhere; `init(report:file:strategy:objective:)` (Findings) makes it
  /// from a transfer report.
  public init(
    file: String, criterion: String?, outOfSample: Bool?, strategy: String, recordings: Int, ranks: [Int],
    ranked: [Int], transfers: Int, indistinguishable: Int, meanRegret: Double?, tauSimulated: [Double]?,
    tauRealVsReal: [Double]?, note: String?
  ) {
    self.file = file
    self.criterion = criterion
    self.outOfSample = outOfSample
    self.strategy = strategy
    self.recordings = recordings
    self.ranks = ranks
    self.ranked = ranked
    self.transfers = transfers
    self.indistinguishable = indistinguishable
    self.meanRegret = meanRegret
    self.tauSimulated = tauSimulated
    self.tauRealVsReal = tauRealVsReal
    self.note = note
  }
}
