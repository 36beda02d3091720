import Evaluation
import TrackCore

/// How `tune` searches the space.
public enum TuneMethod: String, Sendable, CaseIterable, Codable {
  /// Every combination of each parameter's grid points (`q=0.01..5:log:9`: 9 points).
  case grid
  /// A Latin hypercube of `budget` points (each parameter's range cut into `budget` strata, one point in
  /// each), drawn from a seeded GSL generator.
  case random
  /// GSL's simplex (`nmsimplex2`) in the scaled space, bounded by a logistic map, restarted from the best
  /// point while the budget lasts and a restart still improves.
  case nelderMead = "nelder-mead"
}

/// A finished tune: what was searched, the best point, how it does on validation, and the trace. The
/// JSON contract of `tune --format json` (`docs/tune.md`).
public struct TuneReport: Sendable, Codable {
  public var schema = "trackbench.tune"
  public var schemaVersion = 1
  public var strategy: String
  public var objective: String
  public var method: TuneMethod
  public var parameters: [Axis]
  public var train: SetSummary
  public var validate: SetSummary
  /// The strategy as given.
  public var defaults: Point
  public var best: Point
  /// Paired per-cell differences best − defaults of the per-trial objective on validation.
  public var validationImprovement: Paired
  /// Set when the validation gain is under half the training gain.
  public var warning: String?
  public var sensitivity: [Sensitivity]
  /// With `--pareto`: the evaluated points no other beats on both objectives (training set).
  public var pareto: Pareto?
  /// Every distinct point scored on the training set, in order.
  public var evaluations: [Evaluation]
  /// What the accuracy gate says of the points tune would recommend (#66): the best points on training,
  /// in order, each judged as `check --candidate` judges it, until one passes; absent when not asked.
  public var gate: Gate?

  /// The points tune would recommend, judged by the accuracy gate, and the recommendation.
  public struct Gate: Sendable, Codable {
    /// The baseline file the points were checked against, as `check --baseline FILE --candidate`
    /// checks them; absent: judged by the gate's rules against the defaults on the validation cells.
    public var baseline: String?
    /// The points judged, best on training first, up to the first that passes.
    public var points: [GatePoint]
    /// The best point on training that passes the gate; absent when none of `points` does (or none
    /// beats the defaults on training): keep the defaults.
    public var recommended: Point?
    /// Paired per-cell differences recommended − defaults of the per-trial objective on validation.
    public var improvement: Paired?
    /// With none passing: whether the first point passes when only the objective's metrics can fail
    /// (`check --objective`), the rest being trade-offs.
    public var passesOnObjective: Bool?

    public init(baseline: String?, points: [GatePoint], recommended: Point?, improvement: Paired?, passesOnObjective: Bool?) {
      self.baseline = baseline; self.points = points; self.recommended = recommended; self.improvement = improvement
      self.passesOnObjective = passesOnObjective
    }
  }

  /// One point judged by the gate.
  public struct GatePoint: Sendable, Codable {
    public var strategy: String
    public var parameters: [String: Double]
    public var trainObjective: Double?
    public var passed: Bool
    public var regressions: Int
    /// The regressions `check --objective` finds, where only the objective's own metrics can fail
    /// (each side its own family for the correction, so not always a subset of ``regressions``).
    public var regressionsOnObjective: Int
    /// The regressions with the largest worsening first (at most five).
    public var blocking: [Blocker]
    /// Why the gate could not judge the point (e.g. the baseline already runs it beside the tuned
    /// strategy, so it cannot stand in for it); absent when judged.
    public var note: String?

    public init(
      strategy: String, parameters: [String: Double], trainObjective: Double?, passed: Bool, regressions: Int, regressionsOnObjective: Int,
      blocking: [Blocker], note: String? = nil
    ) {
      self.strategy = strategy; self.parameters = parameters; self.trainObjective = trainObjective; self.passed = passed
      self.regressions = regressions; self.regressionsOnObjective = regressionsOnObjective; self.blocking = blocking; self.note = note
    }
  }

  /// A regression that keeps a point from passing.
  public struct Blocker: Sendable, Codable {
    public var scenario: String
    public var metric: String
    public var unit: String
    /// The mean worsening over the trials and the allowance it lies beyond, in `unit`.
    public var worsening: Double?
    public var allowance: Double?
    /// Whether the objective names the metric (else `check --objective` counts it as a trade-off).
    public var inObjective: Bool

    public init(scenario: String, metric: String, unit: String, worsening: Double?, allowance: Double?, inObjective: Bool) {
      self.scenario = scenario; self.metric = metric; self.unit = unit; self.worsening = worsening; self.allowance = allowance
      self.inObjective = inObjective
    }
  }

  public struct Axis: Sendable, Codable {
    public var name: String
    public var unit: String
    public var minimum: Double
    public var maximum: Double
    public var scale: Parameter.Scale
    public var integer: Bool

    public init(name: String, unit: String, minimum: Double, maximum: Double, scale: Parameter.Scale, integer: Bool) {
      self.name = name; self.unit = unit; self.minimum = minimum; self.maximum = maximum; self.scale = scale; self.integer = integer
    }
  }

  public struct SetSummary: Sendable, Codable {
    public var scenarios: [String]
    public var seeds: [UInt64]
    public var cells: Int
    /// Scenarios left out of the objective (undefined for the strategy as given), with the reason.
    public var leftOut: [LeftOut]

    public init(scenarios: [String], seeds: [UInt64], cells: Int, leftOut: [LeftOut]) {
      self.scenarios = scenarios; self.seeds = seeds; self.cells = cells; self.leftOut = leftOut
    }
  }

  public struct LeftOut: Sendable, Codable {
    public var scenario: String
    public var reason: String

    public init(scenario: String, reason: String) {
      self.scenario = scenario; self.reason = reason
    }
  }

  public struct Point: Sendable, Codable {
    /// Text that `run --strategies` accepts.
    public var strategy: String
    /// The tuned parameters' values, by label.
    public var parameters: [String: Double]
    public var trainObjective: Double?
    public var validateObjective: Double?
    /// The worst decile of validation trials: on each scenario the mean of the objective on one trial
    /// over the tenth of trials where it is largest (at least one), summed over the scenarios as the
    /// objective is. Over a population each trial is its own device, so this is how the point fares on
    /// the worst decile of devices.
    public var validateWorstDecile: Double?
    /// A scenario file's `strategies:` entry for it.
    public var yaml: String

    public init(
      strategy: String, parameters: [String: Double], trainObjective: Double?, validateObjective: Double?, validateWorstDecile: Double? = nil,
      yaml: String
    ) {
      self.strategy = strategy; self.parameters = parameters; self.trainObjective = trainObjective; self.validateObjective = validateObjective
      self.validateWorstDecile = validateWorstDecile; self.yaml = yaml
    }
  }

  public struct Paired: Sendable, Codable {
    public var cells: Int
    /// Cells where either objective has no value.
    public var skipped: Int
    public var mean: Double?
    public var ci95Low: Double?
    public var ci95High: Double?

    public init(cells: Int, skipped: Int, mean: Double?, ci95Low: Double?, ci95High: Double?) {
      self.cells = cells; self.skipped = skipped; self.mean = mean; self.ci95Low = ci95Low; self.ci95High = ci95High
    }
  }

  public struct Sensitivity: Sendable, Codable {
    public var parameter: String
    public var points: [AxisPoint]

    public init(parameter: String, points: [AxisPoint]) {
      self.parameter = parameter; self.points = points
    }
  }

  public struct AxisPoint: Sendable, Codable {
    public var value: Double
    public var objective: Double?

    public init(value: Double, objective: Double?) {
      self.value = value; self.objective = objective
    }
  }

  public struct Pareto: Sendable, Codable {
    /// The two objectives' texts (both minimised).
    public var objectives: [String]
    /// Non-dominated evaluated points, by the first objective.
    public var front: [ParetoPoint]
    /// The strategy as given, and the seed strategies (raw, moonrunner, run-average), on the same axes.
    public var defaults: ParetoPoint
    public var references: [ParetoPoint]

    public init(objectives: [String], front: [ParetoPoint], defaults: ParetoPoint, references: [ParetoPoint]) {
      self.objectives = objectives; self.front = front; self.defaults = defaults; self.references = references
    }
  }

  public struct ParetoPoint: Sendable, Codable {
    public var strategy: String
    public var parameters: [String: Double]
    /// One value per objective (`nil`: undefined on a scenario that counts).
    public var values: [Double?]

    public init(strategy: String, parameters: [String: Double], values: [Double?]) {
      self.strategy = strategy; self.parameters = parameters; self.values = values
    }
  }

  public struct Evaluation: Sendable, Codable {
    public var strategy: String
    public var parameters: [String: Double]
    public var objective: Double?
    public var note: String?

    public init(strategy: String, parameters: [String: Double], objective: Double?, note: String?) {
      self.strategy = strategy; self.parameters = parameters; self.objective = objective; self.note = note
    }
  }

  @_optimize(none)
  public init(strategy: String, objective: String, method: TuneMethod, parameters: [Axis], train: SetSummary, validate: SetSummary, defaults: Point, best: Point, validationImprovement: Paired, warning: String?, sensitivity: [Sensitivity], pareto: Pareto? = nil, evaluations: [Evaluation], gate: Gate? = nil) {
    self.gate = gate
    self.strategy = strategy; self.objective = objective; self.method = method; self.parameters = parameters; self.train = train; self.validate = validate; self.defaults = defaults; self.best = best; self.validationImprovement = validationImprovement; self.warning = warning; self.sensitivity = sensitivity; self.pareto = pareto; self.evaluations = evaluations
  }
}

