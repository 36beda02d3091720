import Filtering
import Foundation
import Harness
import Simulation
import TrackCore
import TrackIO

/// One throughput figure: how many fixes (or pairs) per second a kernel processes.
public struct ThroughputMeasurement: Sendable, Hashable, Codable {
  /// The kernel: a strategy's text form, `haversine-sum` or `synthesis`.
  public var strategy: String
  /// Fixes processed per repetition.
  public var fixes: Int
  /// fixes / median seconds.
  public var fixesPerSecond: Double
  public var medianSeconds: Double
  public var repetitions: Int
  /// `release` or `debug`: debug figures are not comparable.
  public var build: String
}

/// Times the hot kernels on a synthetic run: after one warm-up, the median of several repetitions.
///
/// Used by `trackbench throughput` so kernels can be compared with other tools on the same data; unit
/// tests never time anything.
public enum Throughput {
  /// Every kernel `throughput --all` measures and the speed gate counts: each built-in strategy with its
  /// defaults, the plain kalman (no Doppler, no gate), haversine-sum, synthesis, the readers, and scoring
  /// (whole and by metric family, ``ScoringKernel``).
  public static var allKernels: [String] {
    Strategy.builtInDefaults.map(\.description) + ["kalman(doppler: 0, gate: 0)", "haversine-sum", "synthesis", "nmea-read", "csv-read", "gpx-read", "tcx-read"]
      + ScoringKernel.allCases.map(\.rawValue)
  }

  /// What to time.
  public enum Kernel: Sendable {
    /// A strategy's filtering loop over prepared fixes.
    case strategy(Strategy)
    /// A haversine sum along prepared latitude/longitude arrays (pairs per second).
    case haversineSum
    /// Simulating a trial: receiver timing, truth positions and the noise stages.
    case synthesis
    /// Reading the synthetic run's fixes back from a file written in a format (points per second).
    case reader(RecordingFormat)
    /// Scoring the synthetic run's raw fixes against its truth, whole or one metric family.
    case scoring(ScoringKernel)

    /// Parses `haversine-sum`, `synthesis`, `FORMAT-read` for a recording format TrackBench also writes
    /// (`gpx-read`, `tcx-read`, `nmea-read`, `csv-read`), `score` or `score-FAMILY` (``ScoringKernel``),
    /// or a strategy text.
    public init(parsing text: String) throws {
      switch text {
      case "haversine-sum": self = .haversineSum
      case "synthesis": self = .synthesis
      default:
        if let scoring = ScoringKernel(rawValue: text) {
          self = .scoring(scoring)
        } else if text.hasSuffix("-read"), let format = RecordingFormat(rawValue: String(text.dropLast(5))), format.descriptor.writer != nil {
          self = .reader(format)
        } else {
          self = .strategy(try Strategy(parsing: text))
        }
      }
    }

    public var name: String {
      switch self {
      case .strategy(let s): return s.description
      case .haversineSum: return "haversine-sum"
      case .synthesis: return "synthesis"
      case .reader(let format): return "\(format.rawValue)-read"
      case .scoring(let scoring): return scoring.rawValue
      }
    }
  }

  /// The synthetic run: downtown-grid scaled up to at least `fixes` 1 Hz fixes. Laps of a 5 × 3 grid of
  /// 110 m blocks at 5:30 /km, each lap with 900 m of urban canyon and a red light, and downtown-grid's
  /// receiver and stages (the phone-open-sky preset, urban canyon with multipath jumps, outliers).
  public static func syntheticScenario(fixes: Int) -> Scenario {
    let secondsPerKilometer = 330.0
    let shape = { (laps: Int) in RouteSpec.Shape.grid(blocksEast: 5, blocksNorth: 3, block: 110, laps: laps) }
    var route = RouteSpec(origin: GeodeticPosition(latitude: 39.799, longitude: -89.644), shape: shape(1), cornerRadius: 3)
    let lapLength = (try? route.path().length) ?? 2860
    let laps = max(1, Int((Double(fixes) * 1000 / secondsPerKilometer / lapLength).rounded(.up)))
    route.shape = shape(laps)
    route.zones = (0..<laps).map { PathZone(kind: .urban, from: Double($0) * lapLength + 400, to: Double($0) * lapLength + 1300) }
    // The preset is ours and decodes (a test checks every preset).
    var receiver = (try? ReceiverPreset.named("phone-open-sky")?.receiver()) ?? ReceiverSpec()
    receiver.jitter = 0.05
    return Scenario(
      name: "throughput", seed: 7, trials: 1, route: route,
      pace: PaceSpec(
        profile: .steady(secondsPerKilometer: secondsPerKilometer),
        stops: (0..<laps).map { PaceSpec.Stop(at: Double($0) * lapLength + 800, seconds: 25) }),
      receiver: receiver,
      noise: [
        NoiseStage(UrbanCanyonNoise(crossStreetSigma: 10, alongStreetSigma: 3, tau: 20, jumpsPerHour: 40)),
        NoiseStage(Outliers(perHour: 2, jump: 40...250)),
      ])
  }

  /// The fixes placed on a sphere around `origin` (latitude, longitude arrays): input for the haversine
  /// kernel, where only realistic spacing matters.
  public static func sphericalPlacement(_ fixes: [LocalFix], origin: GeodeticPosition) -> (latitudes: [Double], longitudes: [Double]) {
    let metersPerDegree = EarthRadius.iuggMean * .pi / 180
    let cosLatitude = cos(origin.latitude * .pi / 180)
    return (
      fixes.map { origin.latitude + $0.north / metersPerDegree },
      fixes.map { origin.longitude + $0.east / (metersPerDegree * cosLatitude) }
    )
  }

  /// Fixes as packed little-endian float64 quadruples (time s, east m, north m, claimed accuracy m):
  /// the exchange format with peer implementations timed on the same data.
  public static func packed(_ fixes: some Collection<LocalFix>) -> Data {
    var values: [Double] = []
    values.reserveCapacity(4 * fixes.count)
    for fix in fixes { values += [fix.time, fix.east, fix.north, fix.horizontalAccuracy] }
    return values.withUnsafeBufferPointer { Data(buffer: $0) }
  }

  /// The packed fixes of the file `path` (`throughput --input-fixes`): a regular file of at most 32 bytes
  /// per fix for ``ScenarioEngine/maximumFixes`` fixes, as ``packed(_:)`` writes them.
  /// - Throws: ``OptionError`` naming the option or the file and what it holds instead.
  public static func readPacked(_ path: String) throws(OptionError) -> [LocalFix] {
    let data: Data
    do throws(InputFile.Refusal) { data = try InputFile.contents(path, maximumBytes: 32 * ScenarioEngine.maximumFixes) } catch {
      throw OptionError("--input-fixes: expected a regular file of packed fixes (--export-fixes), at most 32 bytes × \(ScenarioEngine.maximumFixes), found '\(path)': \(error.found)")
    }
    do throws(PackedFixesError) { return try unpack(data) } catch { throw OptionError("\(path): \(error.reason)") }
  }

  /// Reads ``packed(_:)`` data back into fixes (no speed or course).
  /// - Throws: ``PackedFixesError`` when the size is not a whole number of quadruples or a value is not finite.
  public static func unpack(_ data: Data) throws(PackedFixesError) -> [LocalFix] {
    guard data.count % 32 == 0, !data.isEmpty else { throw PackedFixesError(reason: "expected a non-empty multiple of 32 bytes, found \(data.count)") }
    var values = [Double](repeating: 0, count: data.count / 8)
    _ = values.withUnsafeMutableBytes { data.copyBytes(to: $0) }
    var fixes: [LocalFix] = []
    fixes.reserveCapacity(values.count / 4)
    for i in stride(from: 0, to: values.count, by: 4) {
      guard values[i..<(i + 4)].allSatisfy(\.isFinite) else { throw PackedFixesError(reason: "fix \(i / 4) has a non-finite value") }
      guard fixes.last.map({ $0.time < values[i] }) ?? true else { throw PackedFixesError(reason: "fix \(i / 4): times must strictly increase") }
      fixes.append(LocalFix(time: values[i], east: values[i + 1], north: values[i + 2], horizontalAccuracy: values[i + 3]))
    }
    return fixes
  }

  /// The synthetic run's first `fixes` observed fixes.
  public static func syntheticFixes(_ fixes: Int) throws -> [LocalFix] {
    Array(try ScenarioEngine(syntheticScenario(fixes: fixes)).observe(trial: 0).prefix(fixes))
  }

  /// Times `kernel` on `fixes` fixes, `repetitions` times after a warm-up.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed; ``SpecError`` if the synthetic
  ///   scenario cannot be built (it always can).
  /// - Parameters:
  ///   - input: fixes to run a strategy or the haversine sum on instead of the synthetic run's.
  ///   - output: receives what the strategy recorded on the last repetition.
  public static func measure(
    _ kernel: Kernel, fixes: Int, repetitions: Int, input: [LocalFix]? = nil, output recorded: UnsafeMutablePointer<[LocalFix]>? = nil
  ) throws -> ThroughputMeasurement {
    let engine = try ScenarioEngine(syntheticScenario(fixes: input?.count ?? fixes))
    var observed: [LocalFix] = []
    var buffer = ObservationBuffer()
    if let input {
      observed = input
    } else {
      engine.observe(trial: 0, into: &observed, buffer: &buffer)
      observed.removeLast(max(0, observed.count - fixes))
    }
    let count = observed.count

    let timed: () -> Double
    var output: [LocalFix] = []
    var temporaryFile: String?
    switch kernel {
    case .strategy(let strategy):
      output.reserveCapacity(count)
      timed = {
        observed.withUnsafeBufferPointer { strategy.run(over: $0, into: &output) }
        return Double(output.count)
      }
    case .haversineSum:
      let (latitudes, longitudes) = sphericalPlacement(observed, origin: engine.truth.frame.origin)
      timed = {
        latitudes.withUnsafeBufferPointer { lat in
          longitudes.withUnsafeBufferPointer { lon in Geodesy.haversineLength(latitudes: lat, longitudes: lon) }
        }
      }
    case .synthesis:
      timed = {
        engine.observe(trial: 1, into: &observed, buffer: &buffer)
        return Double(observed.count)
      }
    case .scoring(let scoring):
      let pass = scoring.pass(over: observed, against: engine.truth)
      timed = { pass() }
    case .reader(let format):
      let frame = engine.truth.frame
      var run = try Generation.run(engine, trial: 0)
      run.observed = observed.map { frame.geodetic($0) }
      run.truth = []
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-throughput-\(UUID()).\(format.rawValue)").path
      guard let writer = format.descriptor.writer else {
        throw RecordingError(file: "\(format.rawValue)-read", expected: "a format TrackBench writes", found: "a format it only reads")
      }
      try writer.write(run).write(toFile: file, atomically: false, encoding: .utf8)
      temporaryFile = file
      timed = {
        let recording = try? format.read(file)
        return Double(recording?.points.count ?? 0)
      }
    }
    defer { if let temporaryFile { try? FileManager.default.removeItem(atPath: temporaryFile) } }

    // A process strategy's failure is the measurement's: no rate for a child that recorded nothing.
    let timing = FilterRun.Context(scenario: "throughput", trial: 0, frame: engine.truth.frame)
    var seconds = try FilterRun.collectingFailure(timing) { () -> [Double] in
      var sink = timed()  // warm-up
      let clock = ContinuousClock()
      var seconds: [Double] = []
      for _ in 0..<max(1, repetitions) {
        let elapsed = clock.measure { sink += countedPass(timed) }
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
      }
      blackHole(sink)
      return seconds
    }.get()
    recorded?.pointee = output
    seconds.sort()
    let median = seconds[seconds.count / 2]
    let processed = kernel.isSynthesis ? engine.fixCount : count
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    return ThroughputMeasurement(
      strategy: kernel.name, fixes: processed, fixesPerSecond: Double(processed) / median,
      medianSeconds: median, repetitions: seconds.count, build: build)
  }

  /// One timed pass of a kernel. The symbol callgrind's `--toggle-collect` names
  /// (``countedPassSymbolPattern``), so `throughput --instructions` counts the kernel and nothing else
  /// (not the warm-up, the synthetic run or the process's start).
  @inline(never) static func countedPass(_ pass: () -> Double) -> Double { pass() }

  /// The callgrind pattern matching ``countedPass(_:)``'s mangled name.
  public static let countedPassSymbolPattern = "*Throughput*countedPass*"

  /// Keeps a result alive so the optimiser cannot drop the work that made it.
  @inline(never) static func blackHole(_ value: Double) { if value.isNaN { print("") } }
}

extension Throughput.Kernel {
  var isSynthesis: Bool { if case .synthesis = self { return true } else { return false } }
}

/// The recording formats the throughput command can time a reader on.
/// Packed fixes that cannot be read.
public struct PackedFixesError: Error, Sendable {
  public let reason: String
}

extension ThroughputMeasurement {
  /// `kalman(…): 79.1 M fixes/s (1000000 fixes, median of 7, release build)`: the measurement as
  /// `throughput` prints it.
  public var line: String {
    let millions = (fixesPerSecond / 1e4).rounded() / 100
    return "\(strategy): \(millions) M fixes/s (\(fixes) fixes, median of \(repetitions), \(build) build)\n"
  }
}

extension InstructionMeasurement {
  /// `kalman(…): 112.40 instructions/fix (…)`: the count as `throughput --instructions` prints it.
  public var line: String {
    "\(strategy): \(String(format: "%.2f", instructionsPerFix)) instructions/fix (\(instructions) in \(fixes) fixes, callgrind, \(build) build)\n"
  }
}

/// Speed measurements and recordings as JSON: keys sorted and in snake case, one line or
/// pretty-printed (a recording the speed gate reads, kept in version control).
public enum SpeedJSON {
  public static func text(_ value: some Encodable, pretty: Bool = false) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
