import TrackCore

/// Every streaming filter of the catalogue as one value type.
///
/// As a ``TrackFilter`` it switches on the case per fix (what a pipeline stepping fix by fix needs);
/// `run(over:into:)` switches once and runs the loop specialised for the concrete filter.
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

  public mutating func step(_ fix: LocalFix) -> LocalFix? {
    func advance<F: TrackFilter>(_ filter: F, _ wrap: (F) -> StreamingFilter) -> (StreamingFilter, LocalFix?) {
      var f = filter
      let out = f.step(fix)
      return (wrap(f), out)
    }
    let result: (StreamingFilter, LocalFix?)
    switch self {
    case .raw(let f): result = advance(f, StreamingFilter.raw)
    case .moonrunner(let f): result = advance(f, StreamingFilter.moonrunner)
    case .distanceFilter(let f): result = advance(f, StreamingFilter.distanceFilter)
    case .accuracyGate(let f): result = advance(f, StreamingFilter.accuracyGate)
    case .androidMin(let f): result = advance(f, StreamingFilter.androidMin)
    case .openTracks(let f): result = advance(f, StreamingFilter.openTracks)
    case .runAverage(let f): result = advance(f, StreamingFilter.runAverage)
    case .runAdaptive(let f): result = advance(f, StreamingFilter.runAdaptive)
    case .speedGate(let f): result = advance(f, StreamingFilter.speedGate)
    case .weightedAverage(let f): result = advance(f, StreamingFilter.weightedAverage)
    case .ema(let f): result = advance(f, StreamingFilter.ema)
    case .movingMedian(let f): result = advance(f, StreamingFilter.movingMedian)
    case .timeSample(let f): result = advance(f, StreamingFilter.timeSample)
    case .kalman(let f): result = advance(f, StreamingFilter.kalman)
    }
    self = result.0
    return result.1
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
