import TrackCore

/// Everything TrackBench knows of a metric: its key in records, JSON, objectives and tolerances; how it
/// reads in tables and reports; which way is better; and how it is computed. Built-in metrics are a list
/// of these (``Metric/builtIn``); a user's own is registered with ``Metric/register(_:)`` and from then on
/// appears in tables, JSON, objectives, `tune`, `compare` and `check` like a built-in.
///
///     let lapMarks = MetricDescriptor(
///       key: "lap_mark_error_rms_m", words: "Distance error at the 400 m lap marks, RMS", heading: "lap marks m",
///       unit: "m", goal: .minimize, undefinedReason: "the run is shorter than one lap",
///       computation: .run { LapMarkError.rms($0) })
public struct MetricDescriptor: Sendable {
  /// The metric's name in records, JSON, objectives and tolerances (snake case, e.g. `pace_lag_s`).
  public let key: String
  /// The metric in words, without its unit (`Live pace error, RMS`).
  public let words: String
  /// Short column heading (`pace RMS s/km`).
  public let heading: String
  public let unit: String
  public let goal: MetricGoal
  /// The report section it is shown in.
  public let group: MetricGroup
  /// Why a trial can have no value, for reports.
  public let undefinedReason: String
  /// How the verdict phrases the metric's scenario-weighted mean: a `printf` format of one `%f`
  /// (`live pace error %.1f s/km RMS`).
  public let phraseFormat: String
  public let computation: Computation
  /// The smallest change a user would care about, in ``unit``: the CI gate's allowance unless
  /// `--tolerance` gives one (`check` fails on a worsening only when its interval lies beyond it). 0:
  /// any confident change counts. docs/ci.md lists the built-in floors and why.
  public let floor: Double
  /// Decimals tables and reports show its values with.
  public let decimals: Int

  /// What a metric is computed from, which also says where it is scored.
  public enum Computation: Sendable {
    /// A strategy's track against a moving truth: every simulated trial, and every replay whose truth
    /// is a reference receiver's path. The measures are shared by every metric of the run.
    case run(@Sendable (RunMeasures) -> Double?)
    /// A replayed recording's track alone (no truth needed).
    case recording(@Sendable (RecordingMeasures) -> Double?)
    /// A replayed recording's track against a fixed point or a reference receiver.
    case againstTruth(@Sendable (ErrorMeasures) -> Double?)
  }

  public init(
    key: String, words: String, heading: String, unit: String, goal: MetricGoal = .minimize, group: MetricGroup = .yours,
    undefinedReason: String, phraseFormat: String? = nil, floor: Double = 0, decimals: Int = 1, computation: Computation
  ) {
    self.key = key; self.words = words; self.heading = heading; self.unit = unit; self.goal = goal; self.group = group
    self.floor = floor
    self.decimals = decimals
    self.undefinedReason = undefinedReason
    self.phraseFormat = phraseFormat ?? "\(key.replacingOccurrences(of: "%", with: "%%")) %.2f"
    self.computation = computation
  }

  /// The parts of a run's ``RunMeasures`` the ``Computation/run(_:)`` computation reads: scoring a run on a
  /// few metrics (a tune's objective) measures only these. `.all` unless declared with ``reading(_:)``,
  /// so a metric that does not say still gets every part.
  public private(set) var reads: RunMeasures.Parts = .all

  /// This metric, declared to read only `parts` of a run's measures (the recorded distance is always
  /// measured). A part it reads but does not declare would be a placeholder when it is scored alone: the
  /// tests score every built-in metric alone and against the whole set.
  public func reading(_ parts: RunMeasures.Parts) -> MetricDescriptor {
    var declared = self
    declared.reads = parts
    return declared
  }

  /// The run-scope computation, or `nil` for a recording's metric.
  var runComputation: (@Sendable (RunMeasures) -> Double?)? {
    if case .run(let compute) = computation { return compute }
    return nil
  }
}

/// What the metrics of one strategy's run share, computed once per run: the recorded distance, the
/// live-pace series, the cross-track distances, the corner/straight split, the split errors and the
/// checkpoint pins. A metric's ``MetricDescriptor/Computation/run(_:)`` reads what it needs.
public struct RunMeasures: Sendable {
  /// Parts of the measures beyond the recorded distance (always measured), for scoring a run on a few
  /// metrics (``Metric/scores(_:context:known:only:)``): each costs a pass or more over the run.
  public struct Parts: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// ``livePace``.
    public static let livePace = Parts(rawValue: 1 << 0)
    /// ``crossTrack`` (each point projected onto the true path).
    public static let crossTrack = Parts(rawValue: 1 << 1)
    /// ``cornerLoss`` and ``straightExcess`` (from the projection).
    public static let decomposition = Parts(rawValue: 1 << 2)
    /// ``kilometreSplits`` and ``mileSplits``.
    public static let splits = Parts(rawValue: 1 << 3)
    /// ``pins``.
    public static let pins = Parts(rawValue: 1 << 4)
    /// ``vertical``.
    public static let vertical = Parts(rawValue: 1 << 5)
    /// ``pauses``.
    public static let pauses = Parts(rawValue: 1 << 6)
    /// ``efforts``: the fastest distances (1 km, mile, 5 km) and the speed windows.
    public static let efforts: Parts = [.fastestDistances, .speedWindows]
    /// The fastest distances of ``efforts`` (from the distance shown).
    public static let fastestDistances = Parts(rawValue: 1 << 7)
    /// The speed windows of ``efforts``: the best 2 s and 10 s, their bars and the maximum speed (from
    /// the speed shown, which reads no position where every point has a Doppler speed).
    public static let speedWindows = Parts(rawValue: 1 << 10)
    /// ``laps`` (from the projection).
    public static let laps = Parts(rawValue: 1 << 8)
    /// Every part: what scoring every metric measures.
    /// ``claims`` (each point against its true position).
    public static let claims = Parts(rawValue: 1 << 9)
    public static let all: Parts = [.livePace, .crossTrack, .decomposition, .splits, .pins, .vertical, .pauses, .efforts, .laps, .claims]
    /// The parts that need each point's distance along the true path.
    static let projected: Parts = [.crossTrack, .decomposition, .laps, .claims]
  }

  /// The strategy's recorded run.
  public let run: RecordedRun
  /// The truth's side, prepared once per scenario, with the scoring settings.
  public let context: ScoringContext
  /// The distance the app shows as a function of time.
  public let distance: RecordedDistance
  public let livePace: LivePace
  /// Each recorded point's distance from the true path, metres.
  public let crossTrack: [Double]
  /// Distance lost at corners and added on straights, metres.
  public let cornerLoss: Double
  public let straightExcess: Double
  /// Pace error of each whole kilometre and mile split, s/km.
  public let kilometreSplits: [Double]
  public let mileSplits: [Double]
  /// The checkpoints the truth passes, with the app's pins.
  public let pins: [CheckpointError.Pin]
  /// Ascent, descent and altitude against the terrain; `nil` on a flat truth or a run without altitude.
  public let vertical: VerticalMeasures?
  /// The app's pauses against the truth's stops; `nil` when the runner never stops within the run.
  public let pauses: PauseMeasures?
  /// The app's best efforts and maximum speed (the truth's: ``ScoringContext/truthEfforts``).
  public let efforts: EffortFigures
  /// The app's laps against the truth's; `nil` unless the route is laps of a track.
  public let laps: LapMeasures?
  /// How honest the points' claimed accuracies are (``ClaimMeasures``); `nil` when none claims.
  public let claims: ClaimMeasures?

  public var truth: TruthTrack { context.truth }
  public var settings: ScoringSettings { context.settings }

  /// - Complexity: O(n log n + m) for n recorded points and m seconds of the run.
  public init(_ run: RecordedRun, context: ScoringContext) {
    let (along, crossTrack) = Self.projection(run, against: context.truth)
    self.init(run, context: context, along: along, crossTrack: crossTrack, parts: .all)
  }

  /// The same with what the trial's own fixes measure found once for every strategy's run of the trial
  /// (`known`, which remembers what this run finds for them). The same numbers.
  public init(_ run: RecordedRun, context: ScoringContext, known: inout KnownDistances) {
    self.init(run, context: context, known: &known, parts: .all)
  }

  /// Only the `parts` asked for; every other part is empty (no live pace, no splits, no efforts, `nil`
  /// where optional, 0 m corner and straight). Each part measured is what ``init(_:context:known:)``
  /// measures, to the bit.
  public init(_ run: RecordedRun, context: ScoringContext, known: inout KnownDistances, parts: Parts) {
    var along: [Double] = [], crossTrack: [Double] = []
    if !parts.isDisjoint(with: Parts.projected) {
      if known.searchRadius == CrossTrackError().searchRadius {
        (along, crossTrack) = known.measure(run.recorded, against: context.truth)
      } else {
        (along, crossTrack) = Self.projection(run, against: context.truth)
      }
    }
    self.init(run, context: context, along: along, crossTrack: crossTrack, parts: parts)
  }

  /// Each recorded point's distance along the truth path and from it, measured afresh.
  private static func projection(_ run: RecordedRun, against truth: TruthTrack) -> (along: [Double], crossTrack: [Double]) {
    let along = truth.distances(at: run.recorded)
    return (along, CrossTrackError().distances(run, along: along, against: truth))
  }

  private init(_ run: RecordedRun, context: ScoringContext, along: [Double], crossTrack: [Double], parts: Parts) {
    self.run = run
    self.context = context
    let truth = context.truth
    distance = RecordedDistance(run.recorded)
    livePace = parts.contains(.livePace) ? LivePace(run, context: context, distance: distance) : LivePace()
    self.crossTrack = parts.contains(.crossTrack) ? crossTrack : []
    (cornerLoss, straightExcess) = parts.contains(.decomposition) ? DistanceDecomposition.parts(run, along: along, against: truth) : (0, 0)
    kilometreSplits = parts.contains(.splits) ? SplitPaceError.errors(distance, against: truth, splitLength: 1000) : []
    mileSplits = parts.contains(.splits) ? SplitPaceError.errors(distance, against: truth, splitLength: RunFormat.Unit.miles.meters) : []
    pins = parts.contains(.pins) ? CheckpointError.pins(run, distance, against: truth, checkpoints: context.settings.badges.distances) : []
    vertical = truth.elevation == nil || !parts.contains(.vertical) ? nil : VerticalMeasures(run.recorded, against: truth)
    pauses = parts.contains(.pauses) ? PauseMeasures(run.recorded, against: truth) : nil
    efforts = parts.isDisjoint(with: .efforts) ? EffortFigures.none : EffortFigures(run.recorded, distance: distance, figuring: parts.intersection(.efforts))
    laps = truth.trackLap == nil || !parts.contains(.laps) ? nil : LapMeasures(run, distance: distance, along: along, against: truth)
    claims = parts.contains(.claims) ? ClaimMeasures(run.recorded, along: along, path: truth.path) : nil
  }
}
