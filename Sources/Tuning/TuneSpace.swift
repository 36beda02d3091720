import Filtering
import Foundation
import Harness
import TrackCore

/// Input to `tune` that cannot be used: the option, what was found and what was expected.
public struct TuneInputError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// A parameter `tune` varies: which stage of the strategy, its declared table entry, and the range and
/// scale searched (the declared ones unless `--param` narrows them).
public struct TunedParameter: Sendable, Hashable {
  /// Index of the stage in the strategy (0 for a single filter).
  public var stage: Int
  /// `q`, or `kalman.q` in a pipeline.
  public var label: String
  public var parameter: Parameter
  public var minimum: Double
  public var maximum: Double
  public var scale: Parameter.Scale
  /// Points along the axis for a grid.
  public var gridPoints: Int

  /// `x` mapped to [0, 1] along the searched axis (log scale: of the logarithm).
  @_optimize(none)
  public func unit(_ x: Double) -> Double {
    guard maximum > minimum else { return 0 }
    switch scale {
    case .linear: return (x - minimum) / (maximum - minimum)
    case .log: return (log(max(x, minimum)) - log(minimum)) / (log(maximum) - log(minimum))
    }
  }

  /// The value at `u` in [0, 1] along the axis, to three significant digits (whole numbers for integer
  /// parameters).
  @_optimize(none)
  public func value(_ u: Double) -> Double {
    let t = min(1, max(0, u))
    var x: Double
    switch scale {
    case .linear: x = minimum + t * (maximum - minimum)
    case .log: x = exp(log(minimum) + t * (log(maximum) - log(minimum)))
    }
    // Three significant digits: readable strategy texts, and nearby points of a search share a cache entry.
    if parameter.isInteger { x = x.rounded() } else if x != 0 { x = Double(String(format: "%.3g", x)) ?? x }
    return min(maximum, max(minimum, x))
  }
}

/// What `tune` searches: a strategy (a filter or a pipeline) whose named parameters vary within ranges,
/// the others fixed at the strategy's given values or at `name=value`.
public struct TuneSpace: Sendable {
  /// The strategy as given: the "defaults" a tuned result is compared with.
  public let base: Strategy
  /// The varied parameters, in the order given.
  public let tuned: [TunedParameter]
  /// Each stage's catalogue entry and its values with the fixed parameters applied.
  private let stages: [(entry: StrategyDescriptor, values: ParameterValues)]

  /// - Parameters:
  ///   - strategy: a strategy or pipeline text, e.g. `kalman` or `speed-gate | kalman(gate: 0)`.
  ///   - parameters: `--param` texts: `q=0.01..5`, `q=0.01..5:log`, `q=0.01..5:log:9` (grid points),
  ///     `gate=5` (fixed); in a pipeline `stage.name=…` (`kalman.q=…`), the stage named by its strategy
  ///     name (or `name#2` for the second of the same name).
  /// - Throws: ``TuneInputError`` naming the `--param` and what is wrong.
  @_optimize(none)
  public init(strategy text: String, parameters specs: [String]) throws(TuneInputError) {
    let base: Strategy
    do { base = try Strategy(parsing: text) } catch { throw TuneInputError("--strategy: \(error)") }
    self.base = base
    var stages: [(entry: StrategyDescriptor, values: ParameterValues)] = []
    for stage in base.stages {
      guard let entry = stage.entry else { throw TuneInputError("--strategy: expected catalogue or process strategies, found '\(stage)'") }
      stages.append((entry.descriptor, entry.values))
    }
    var tuned: [TunedParameter] = []
    for spec in specs {
      guard let equals = spec.firstIndex(of: "=") else {
        throw TuneInputError("--param '\(spec)': expected NAME=LOW..HIGH[:log|:linear][:POINTS] or NAME=VALUE")
      }
      let name = spec[..<equals].trimmingCharacters(in: .whitespaces)
      let range = spec[spec.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      let (stage, parameterName) = try Self.locate(name, in: stages, spec: spec)
      guard let parameter = stages[stage].entry.parameters.first(where: { $0.name == parameterName }) else {
        let known = stages[stage].entry.parameters.map(\.name).joined(separator: ", ")
        throw TuneInputError("--param '\(spec)': \(stages[stage].entry.name) has no parameter '\(parameterName)'; expected one of \(known.isEmpty ? "none" : known)")
      }
      let label = stages.count > 1 ? name : parameterName
      guard !tuned.contains(where: { $0.stage == stage && $0.parameter.name == parameterName }) else {
        throw TuneInputError("--param '\(spec)': \(label) is given twice; expected each parameter once")
      }
      let parts = range.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      let bounds = parts[0].components(separatedBy: "..")
      if bounds.count == 1 {
        guard parts.count == 1, let value = DecimalNumber.parse(bounds[0]) else {
          throw TuneInputError("--param '\(spec)': expected a value or LOW..HIGH, found '\(range)'")
        }
        do { try stages[stage].values.set(parameterName, to: value) } catch {
          throw TuneInputError("--param '\(spec)': \(error.message)")
        }
        continue
      }
      guard bounds.count == 2, let low = DecimalNumber.parse(bounds[0]), let high = DecimalNumber.parse(bounds[1]), low < high else {
        throw TuneInputError("--param '\(spec)': expected LOW..HIGH with LOW < HIGH, found '\(parts[0])'")
      }
      guard parameter.accepts(parameter.isInteger ? low.rounded(.up) : low), parameter.accepts(parameter.isInteger ? high.rounded(.down) : high) else {
        throw TuneInputError("--param '\(spec)': \(label) expects \(parameter.expectation), found \(parts[0])")
      }
      var scale = parameter.scale
      var points = 5
      var scaleGiven = false, pointsGiven = false
      for option in parts.dropFirst() {
        if let known = Parameter.Scale(rawValue: option), !scaleGiven {
          scale = known
          scaleGiven = true
        } else if let count = Int(option), (2...1000).contains(count), !pointsGiven {
          points = count
          pointsGiven = true
        } else if Parameter.Scale(rawValue: option) != nil || Int(option) != nil {
          throw TuneInputError("--param '\(spec)': expected at most one scale and one number of grid points, found ':\(option)' as well")
        } else {
          throw TuneInputError("--param '\(spec)': expected ':log', ':linear' or a number of grid points (2-1000), found ':\(option)'")
        }
      }
      guard scale == .linear || low > 0 else {
        throw TuneInputError("--param '\(spec)': a log scale needs LOW > 0, found \(Parameter.format(low))")
      }
      tuned.append(
        TunedParameter(stage: stage, label: label, parameter: parameter, minimum: low, maximum: high, scale: scale, gridPoints: points))
    }
    guard !tuned.isEmpty else { throw TuneInputError("--param: expected at least one parameter to vary, e.g. --param q=0.01..5:log") }
    try Self.checkOrders(tuned, stages: stages)
    self.tuned = tuned
    self.stages = stages
  }

  /// Refuses a search box holding a point that breaks a rule between parameters (``ParameterOrder``):
  /// the largest value the lower one takes must not exceed the smallest the upper one takes.
  @_optimize(none)
  private static func checkOrders(_ tuned: [TunedParameter], stages: [(entry: StrategyDescriptor, values: ParameterValues)]) throws(TuneInputError) {
    for (index, stage) in stages.enumerated() {
      func range(_ name: String) -> (low: Double, high: Double, searched: String?) {
        if let p = tuned.first(where: { $0.stage == index && $0.parameter.name == name }) { return (p.minimum, p.maximum, p.label) }
        return (stage.values[name], stage.values[name], nil)
      }
      for order in stage.entry.orders {
        let lower = range(order.lower), upper = range(order.upper)
        guard lower.low <= upper.high else {
          // Not even the most favourable point keeps the order: the fixed values break it.
          throw TuneInputError("--param: \(stage.entry.name): \(order.lower) (\(Parameter.format(lower.low))) must be at most \(order.upper) (\(Parameter.format(upper.high)))")
        }
        guard lower.high <= upper.low else {
          let named = [lower.searched, upper.searched].compactMap { $0 }.joined(separator: " and ")
          throw TuneInputError(
            "--param \(named): \(stage.entry.name) needs \(order.lower) ≤ \(order.upper), but the searched values reach \(order.lower) = \(Parameter.format(lower.high)) above \(order.upper) = \(Parameter.format(upper.low)); expected ranges that keep the order")
        }
      }
    }
  }

  /// The number of points of the full grid over the tuned axes, as a `Double` (it may exceed any integer).
  public var gridSize: Double { tuned.reduce(1) { $0 * Double($1.gridPoints) } }

  /// The stage a `--param` name refers to and the parameter's own name.
  @_optimize(none)
  private static func locate(
    _ name: String, in stages: [(entry: StrategyDescriptor, values: ParameterValues)], spec: String
  ) throws(TuneInputError) -> (Int, String) {
    guard stages.count > 1 else { return (0, name) }
    guard let dot = name.lastIndex(of: ".") else {
      throw TuneInputError("--param '\(spec)': in a pipeline, expected STAGE.NAME (e.g. \(stages.last!.entry.name).\(stages.last!.entry.parameters.first?.name ?? "q"))")
    }
    var stageName = String(name[..<dot])
    var occurrence = 1
    if let hash = stageName.firstIndex(of: "#"), let n = Int(stageName[stageName.index(after: hash)...]), n >= 1 {
      occurrence = n
      stageName = String(stageName[..<hash])
    }
    let matches = stages.indices.filter { stages[$0].entry.name == stageName }
    guard occurrence <= matches.count else {
      throw TuneInputError("--param '\(spec)': the pipeline has no stage '\(stageName)'\(occurrence > 1 ? " #\(occurrence)" : ""); expected one of \(stages.map(\.entry.name).joined(separator: ", "))")
    }
    return (matches[occurrence - 1], String(name[name.index(after: dot)...]))
  }

  /// The strategy with the tuned parameters at `point` (real values, one per tuned parameter).
  @_optimize(none)
  public func strategy(at point: [Double]) -> Strategy {
    var built: [Strategy] = []
    for (index, stage) in stages.enumerated() {
      var values = stage.values
      for (p, x) in zip(tuned, point) where p.stage == index {
        // In range by construction (``TunedParameter/value(_:)`` clamps); a refusal would be a bug.
        try? values.set(p.parameter.name, to: x)
      }
      built.append(stage.entry.make(values))
    }
    return built.count == 1 ? built[0] : .pipeline(built)
  }

  /// The point at `units` (one value in [0, 1] per tuned parameter).
  @_optimize(none)
  public func point(units: [Double]) -> [Double] { zip(tuned, units).map { $0.value($1) } }

  /// Where the search starts: each tuned parameter at its value in the given strategy (with fixed
  /// parameters applied), clamped into the searched range.
  public var startPoint: [Double] {
    tuned.map { p in min(p.maximum, max(p.minimum, stages[p.stage].values[p.parameter.name])) }
  }

  /// The tuned values at `point`, by label, for reports.
  @_optimize(none)
  public func named(_ point: [Double]) -> [(label: String, value: Double)] { zip(tuned, point).map { ($0.label, $1) } }
}
