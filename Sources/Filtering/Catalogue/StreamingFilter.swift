import TrackCore

/// Every streaming filter of the catalogue as one value type.
///
/// As a ``TrackFilter`` it switches on the case per fix (what a pipeline needs to step each fix through
/// every stage in one pass); `runSpecialised(over:into:)` switches once and runs the loop specialised for
/// the concrete filter.
public enum StreamingFilter: TrackFilter, Hashable {
  case raw(RawFilter)
  case moonrunner(MoonRunnerFilter)
  case distanceFilter(DistanceFilter)
  case accuracyGate(AccuracyGate)
  case androidMin(AndroidMinFilter)
  case openTracks(OpenTracksFilter)
  case runAverage(RunAverageFilter)
  case runAdaptive(RunAdaptiveFilter)
  case speedGate(SpeedGate)
  case weightedAverage(WeightedAverage)
  case ema(ExponentialAverage)
  case movingMedian(MovingMedian)
  case timeSample(TimeSample)
  case kalman(KalmanFilter)

  /// The configured filter as its catalogue type.
  public var configured: any CatalogueStrategy {
    switch self {
    case .raw(let f): return f
    case .moonrunner(let f): return f
    case .distanceFilter(let f): return f
    case .accuracyGate(let f): return f
    case .androidMin(let f): return f
    case .openTracks(let f): return f
    case .runAverage(let f): return f
    case .runAdaptive(let f): return f
    case .speedGate(let f): return f
    case .weightedAverage(let f): return f
    case .ema(let f): return f
    case .movingMedian(let f): return f
    case .timeSample(let f): return f
    case .kalman(let f): return f
    }
  }

  /// Steps the filter in place. The case is set to a placeholder while its payload steps, so a filter's
  /// arrays stay uniquely referenced and never copy (no allocation per fix).
  public mutating func step(_ fix: LocalFix) -> LocalFix? {
    switch self {
    case .raw(var f):
      self = .raw(RawFilter())
      defer { self = .raw(f) }
      return f.step(fix)
    case .moonrunner(var f):
      self = .raw(RawFilter())
      defer { self = .moonrunner(f) }
      return f.step(fix)
    case .distanceFilter(var f):
      self = .raw(RawFilter())
      defer { self = .distanceFilter(f) }
      return f.step(fix)
    case .accuracyGate(var f):
      self = .raw(RawFilter())
      defer { self = .accuracyGate(f) }
      return f.step(fix)
    case .androidMin(var f):
      self = .raw(RawFilter())
      defer { self = .androidMin(f) }
      return f.step(fix)
    case .openTracks(var f):
      self = .raw(RawFilter())
      defer { self = .openTracks(f) }
      return f.step(fix)
    case .runAverage(var f):
      self = .raw(RawFilter())
      defer { self = .runAverage(f) }
      return f.step(fix)
    case .runAdaptive(var f):
      self = .raw(RawFilter())
      defer { self = .runAdaptive(f) }
      return f.step(fix)
    case .speedGate(var f):
      self = .raw(RawFilter())
      defer { self = .speedGate(f) }
      return f.step(fix)
    case .weightedAverage(var f):
      self = .raw(RawFilter())
      defer { self = .weightedAverage(f) }
      return f.step(fix)
    case .ema(var f):
      self = .raw(RawFilter())
      defer { self = .ema(f) }
      return f.step(fix)
    case .movingMedian(var f):
      self = .raw(RawFilter())
      defer { self = .movingMedian(f) }
      return f.step(fix)
    case .timeSample(var f):
      self = .raw(RawFilter())
      defer { self = .timeSample(f) }
      return f.step(fix)
    case .kalman(var f):
      self = .raw(RawFilter())
      defer { self = .kalman(f) }
      return f.step(fix)
    }
  }

  /// Runs the filter over `input` into `output`: one switch, then the specialised loop.
  public func runSpecialised(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    switch self {
    case .raw(let f): f.run(over: input, into: &output)
    case .moonrunner(let f): f.run(over: input, into: &output)
    case .distanceFilter(let f): f.run(over: input, into: &output)
    case .accuracyGate(let f): f.run(over: input, into: &output)
    case .androidMin(let f): f.run(over: input, into: &output)
    case .openTracks(let f): f.run(over: input, into: &output)
    case .runAverage(let f): f.run(over: input, into: &output)
    case .runAdaptive(let f): f.run(over: input, into: &output)
    case .speedGate(let f): f.run(over: input, into: &output)
    case .weightedAverage(let f): f.run(over: input, into: &output)
    case .ema(let f): f.run(over: input, into: &output)
    case .movingMedian(let f): f.run(over: input, into: &output)
    case .timeSample(let f): f.run(over: input, into: &output)
    case .kalman(let f): f.run(over: input, into: &output)
    }
  }
}

/// Every offline smoother of the catalogue.
public enum OfflineSmoother: TrackSmoother, Hashable {
  case rts(RTSSmoother)
  case douglasPeucker(DouglasPeucker)

  public var configured: any CatalogueStrategy {
    switch self {
    case .rts(let s): return s
    case .douglasPeucker(let s): return s
    }
  }

  public func smooth(_ input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    switch self {
    case .rts(let s): s.smooth(input, into: &output)
    case .douglasPeucker(let s): s.smooth(input, into: &output)
    }
  }
}
