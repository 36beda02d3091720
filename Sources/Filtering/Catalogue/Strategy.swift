import TrackCore

/// A configured strategy: a streaming filter, an offline smoother, or a pipeline of them
/// (`speed-gate(12) | kalman(q: 0.5) | distance-filter(3)`), chosen at run time and switched once per
/// run, never per fix.
///
/// Its text form is the catalogue name with every parameter, `kalman(q: 0.5, r_scale: 1, …)`, stages
/// joined by ` | `; that is also its `Codable` form and how reports name it.
public indirect enum Strategy: Sendable, Hashable {
  case streaming(StreamingFilter)
  case offline(OfflineSmoother)
  /// A filter run as a child process over the filter protocol (any language).
  case process(ProcessStrategy)
  /// Stages applied in order, each to what the previous one recorded; never empty or nested.
  case pipeline([Strategy])

  /// Runs the strategy over `input` into `output` (emptied first). A single filter runs its specialised
  /// loop; a pipeline runs each stage over the previous stage's output (for causal filters the same as
  /// stepping each fix through every stage, which the law-checker verifies).
  /// - Complexity: O(n) per stage; a single streaming filter allocates nothing once `output` has capacity.
  public func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    switch self {
    case .streaming(let filter): filter.runSpecialised(over: input, into: &output)
    case .offline(let smoother): smoother.smooth(input, into: &output)
    case .process(let child):
      if child.role == .sampling {
        ProcessPolicy(child).runOpenLoop(over: input, into: &output)
      } else {
        child.run(over: input, into: &output)
      }
    case .pipeline(let stages):
      // The first stage reads the input itself; later ones alternate between `output` and one scratch
      // array, so a run copies no input and allocates at most one buffer.
      guard let first = stages.first else { return }
      first.run(over: input, into: &output)
      var scratch: [LocalFix] = []
      for stage in stages.dropFirst() {
        swap(&scratch, &output)
        scratch.withUnsafeBufferPointer { stage.run(over: $0, into: &output) }
      }
    }
  }

  /// Runs the strategy over `input` and returns what it records.
  public func run(over input: [LocalFix]) -> [LocalFix] {
    var output: [LocalFix] = []
    input.withUnsafeBufferPointer { run(over: $0, into: &output) }
    return output
  }

  /// Whether every stage is causal (can run on the phone during the run).
  public var isStreaming: Bool {
    switch self {
    case .streaming, .process: return true
    case .offline: return false
    case .pipeline(let stages): return stages.allSatisfy(\.isStreaming)
    }
  }

  /// Whether any stage runs another program (a ``ProcessStrategy``): one named by a file someone else
  /// The `name:` of a process strategy (`process(name: my-kalman, cmd: …)`), else nil: what
  /// `check --candidate my-kalman=…` finds it by.
  public var processName: String? {
    if case .process(let child) = self { return child.name }
    return nil
  }

  /// wrote must not run unless the user allows it.
  public var runsProgram: Bool {
    switch self {
    case .process: return true
    case .streaming, .offline: return false
    case .pipeline(let stages): return stages.contains(where: \.runsProgram)
    }
  }

  /// The sampling policy that drives the receiver: the first stage's, when it is one (a policy comes
  /// only first). `nil`: an open-loop strategy, given the receiver's every fix.
  public var samplingPolicy: (any ReceiverDriver)? {
    switch self {
    case .streaming(let f): return f.configured as? any SamplingPolicy
    case .pipeline(let stages): return stages.first?.samplingPolicy
    case .process(let child): return child.role == .sampling ? ProcessPolicy(child) : nil
    case .offline: return nil
    }
  }

  /// The stages after the sampling policy (``samplingPolicy``), which filter what it was delivered; `nil`
  /// when there are none (or no policy).
  public var afterSampling: Strategy? {
    guard samplingPolicy != nil, case .pipeline(let stages) = self, stages.count > 1 else { return nil }
    return stages.count == 2 ? stages[1] : .pipeline(Array(stages.dropFirst()))
  }

  /// The stages in order (a single strategy is its own only stage).
  public var stages: [Strategy] {
    if case .pipeline(let stages) = self { return stages }
    return [self]
  }

  /// The catalogue value of a single built-in or registered strategy; `nil` for a process or a pipeline.
  public var configured: (any CatalogueStrategy)? {
    switch self {
    case .streaming(let f): return f.configured
    case .offline(let s): return s.configured
    case .process, .pipeline: return nil
    }
  }

  /// A single strategy's catalogue entry and current values (a process strategy's entry is made from
  /// the parameters it was given); `nil` for a pipeline. What `tune` varies.
  public var entry: (descriptor: StrategyDescriptor, values: ParameterValues)? {
    switch self {
    case .streaming, .offline:
      guard let configured, let descriptor = Strategy.catalogue.first(where: { $0.name == type(of: configured).name }) else { return nil }
      return (descriptor, configured.parameters)
    case .process(let child): return (child.descriptor, child.parameters)
    case .pipeline: return nil
    }
  }

  /// How far below the true distance this strategy may record on noise-free fixes along a straight line
  /// spaced `spacing` metres apart: the loss its own sampling must cause, metres (each type documents
  /// its bound; a pipeline's losses add, each stage seeing at least the same spacing).
  public func noiseFreeDistanceLoss(spacing: Double) -> Double {
    switch self {
    case .streaming(let f): return f.configured.noiseFreeDistanceLoss(spacing: spacing)
    case .offline(let s): return s.configured.noiseFreeDistanceLoss(spacing: spacing)
    case .process: return .infinity  // unknown: another program's sampling
    case .pipeline(let stages):
      // A stage after a thinning one sees wider spacing; bound by the widest any stage can leave.
      var spacingSeen = spacing
      var total = 0.0
      for stage in stages {
        total += stage.noiseFreeDistanceLoss(spacing: spacingSeen)
        spacingSeen += stage.noiseFreeDistanceLoss(spacing: spacingSeen) + spacing
      }
      return total
    }
  }
}

extension Strategy: CustomStringConvertible {
  /// What records, seeds, caches and child pools know this strategy by: each stage's name with every
  /// parameter (``StrategyKey``), made from the parsed value.
  public var key: StrategyKey { StrategyKey(stages: stages.map(\.keyStage)) }

  /// The key's canonical text: `name(p1: v1, p2: v2)` with every parameter (the bare name when it has
  /// none); stages joined by ` | `.
  public var description: String { key.text }

  /// A single strategy's stage of its key (a pipeline is never a stage).
  private var keyStage: StrategyKey.Stage {
    switch self {
    case .pipeline: preconditionFailure("a pipeline's stages are never pipelines")
    case .process(let child): return child.keyStage
    case .streaming, .offline:
      let entry = configured!
      let type = Swift.type(of: entry)
      return StrategyKey.Stage(name: type.name, arguments: entry.parameters.named.map { StrategyKey.Argument(name: $0.name, value: Parameter.format($0.value)) })
    }
  }
}

extension Strategy: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      self = try Strategy(parsing: text)
    } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(description)
  }
}
