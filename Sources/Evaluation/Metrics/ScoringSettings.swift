/// The settings of the metrics that have them; a scenario's `scoring:` block fills them in.
public struct ScoringSettings: Sendable, Hashable, Codable {
  /// Window of the app's live "current pace", seconds.
  public var paceWindow: Double
  /// The app speaks the last interval's pace every this many seconds.
  public var announceEvery: Double
  /// A recorded point within this many metres of the truth is a good fix.
  public var goodFixRadius: Double
  /// Checkpoint and badge rules: distances and the earlier runs that earned the badges.
  public var badges: BadgeRules
  /// Largest lag searched by the cross-correlation, seconds.
  public var maximumLag: Double

  public init(
    paceWindow: Double = 20, announceEvery: Double = 300, goodFixRadius: Double = 10,
    badges: BadgeRules = BadgeRules(), maximumLag: Double = 60
  ) {
    self.paceWindow = paceWindow; self.announceEvery = announceEvery; self.goodFixRadius = goodFixRadius
    self.badges = badges; self.maximumLag = maximumLag
  }
}
