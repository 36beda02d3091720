import Evaluation
import Findings
import Filtering
import Foundation
import Simulation
import TrackCore

/// `throughput --all --format json`: every kernel's rate (schema `trackbench.throughput`), the speed
/// gate's wall-clock recording.
public struct ThroughputFile: Codable, Sendable {
  public var schema = "trackbench.throughput"
  public var schemaVersion = 1
  /// The synthetic run's size and the repetitions asked for (a rerun measures the same way).
  public var fixes: Int?
  public var repetitions: Int?
  public var kernels: [ThroughputMeasurement]
  /// Where it was measured; absent in recordings made before it was stored.
  public var machine: MachineDescription?
  public init(fixes: Int?, repetitions: Int?, kernels: [ThroughputMeasurement], machine: MachineDescription? = .current) {
    self.fixes = fixes; self.repetitions = repetitions; self.kernels = kernels; self.machine = machine
  }
}

/// `throughput --all --instructions --format json` (schema `trackbench.instructions`): the speed
/// gate's callgrind recording.
extension ThroughputFile {
  /// Every kernel of ``Throughput/allKernels`` timed one after another on one core: the recording the
  /// speed gate compares a rerun with (`throughput --all`).
  /// - Throws: what a kernel's measurement throws.
  public static func measuring(fixes: Int, repetitions: Int) throws -> ThroughputFile {
    var measured: [ThroughputMeasurement] = []
    for name in Throughput.allKernels { measured.append(try Throughput.measure(try Throughput.Kernel(parsing: name), fixes: fixes, repetitions: repetitions)) }
    return ThroughputFile(fixes: fixes, repetitions: repetitions, kernels: measured)
  }
}

public struct InstructionsFile: Codable, Sendable {
  public var schema = "trackbench.instructions"
  public var schemaVersion = 1
  public var fixes: Int
  public var kernels: [InstructionMeasurement]
  /// Where it was counted; absent in recordings made before it was stored.
  public var machine: MachineDescription?
  public init(fixes: Int, kernels: [InstructionMeasurement], machine: MachineDescription? = .current) {
    self.fixes = fixes; self.kernels = kernels; self.machine = machine
  }
}

/// A speed recording read back for `check --throughput`: rates (wall clock) or instruction counts
/// (callgrind), each kernel with the run size it was measured on.
public struct SpeedRecording: Sendable {
  public let path: String
  public let figure: SpeedCheck.Figure
  public let fixes: Int
  public let repetitions: Int
  public let kernels: [(name: String, value: Double)]
  /// Where it was made (`nil`: not stored, a recording from before).
  public let machine: MachineDescription?

  /// Most fixes one kernel's rerun times, warm-up included (about 2 s of the slowest kernel).
  public static let maximumTimedFixes = 100_000_000
  /// Most fixes one kernel's recount runs under callgrind (about 50 times slower than native).
  public static let maximumCountedFixes = 1_000_000

  /// Reads and validates a recording (``validate(allowingPrograms:)``).
  /// - Parameter allowingPrograms: whether its kernels may run another program (`process(cmd: …)`).
  /// - Throws: ``SpeedRecordingError`` naming the file and what was expected.
  public static func read(_ path: String, allowingPrograms: Bool) throws(SpeedRecordingError) -> SpeedRecording {
    let data: Data
    do { data = try InputFile.contents(path, maximumBytes: 64 << 20) } catch {
      throw SpeedRecordingError("\(path): expected a regular speed recording (throughput --all --format json) of at most 64 MiB, found \(error.found)")
    }
    struct Schema: Decodable { var schema: String?; var schemaVersion: Int? }
    guard let head = try? ResultsCodec.decode(Schema.self, from: data) else {
      throw SpeedRecordingError("\(path): expected a JSON object from throughput --all --format json")
    }
    do throws(any Error) {
      let recording: SpeedRecording
      switch (head.schema, head.schemaVersion) {
      case ("trackbench.throughput", 1):
        let file = try ResultsCodec.decode(ThroughputFile.self, from: data)
        recording = SpeedRecording(
          path: path, figure: .fixesPerSecond, fixes: file.fixes ?? file.kernels.first?.fixes ?? 1_000_000,
          repetitions: file.repetitions ?? file.kernels.first?.repetitions ?? 7, kernels: file.kernels.map { ($0.strategy, $0.fixesPerSecond) },
          machine: file.machine)
      case ("trackbench.instructions", 1):
        let file = try ResultsCodec.decode(InstructionsFile.self, from: data)
        recording = SpeedRecording(
          path: path, figure: .instructionsPerFix, fixes: file.fixes, repetitions: 1, kernels: file.kernels.map { ($0.strategy, $0.instructionsPerFix) },
          machine: file.machine)
      default:
        throw SpeedRecordingError(
          "\(path): schema \(head.schema ?? "none") version \(head.schemaVersion.map(String.init) ?? "none"): expected trackbench.throughput or trackbench.instructions version 1; re-record it: trackbench throughput --all [--instructions] --format json --output \(path)")
      }
      try recording.validate(allowingPrograms: allowingPrograms)
      return recording
    } catch let failure as SpeedRecordingError { throw failure } catch {
      throw SpeedRecordingError("\(path): \(error)")
    }
  }

  /// Checks what a rerun would be sized by and run, before any work: the run size and repetitions
  /// within what `throughput` accepts, every figure finite and above zero (a bad file, not a slow
  /// kernel), every kernel one `throughput` knows, and no program unless allowed.
  /// - Throws: ``SpeedRecordingError`` naming the file and the field.
  public func validate(allowingPrograms: Bool) throws(SpeedRecordingError) {
    guard (1000...ScenarioEngine.maximumFixes).contains(fixes) else {
      throw SpeedRecordingError("\(path): field fixes: expected 1000 to \(ScenarioEngine.maximumFixes), found \(fixes)")
    }
    guard (1...1000).contains(repetitions) else {
      throw SpeedRecordingError("\(path): field repetitions: expected 1 to 1000, found \(repetitions)")
    }
    // Bounded work per kernel: a rerun is a check, not a soak (the defaults are 8 M timed fixes and
    // 20 000 counted ones).
    switch figure {
    case .fixesPerSecond:
      guard fixes * (repetitions + 1) <= Self.maximumTimedFixes else {
        throw SpeedRecordingError(
          "\(path): fields fixes and repetitions: expected at most \(Self.maximumTimedFixes) fixes timed per kernel (fixes × (repetitions + 1)), found \(fixes) × \(repetitions + 1)")
      }
    case .instructionsPerFix:
      guard fixes <= Self.maximumCountedFixes else {
        throw SpeedRecordingError("\(path): field fixes: expected at most \(Self.maximumCountedFixes) fixes counted under callgrind, found \(fixes)")
      }
    }
    guard !kernels.isEmpty else { throw SpeedRecordingError("\(path): field kernels: expected at least one kernel, found none") }
    let field = figure == .fixesPerSecond ? "fixes_per_second" : "instructions_per_fix"
    for (i, kernel) in kernels.enumerated() {
      guard kernel.value.isFinite, kernel.value > 0 else {
        throw SpeedRecordingError("\(path): field kernels[\(i)].\(field): expected a number above 0, found \(kernel.value)")
      }
      let parsed: Throughput.Kernel
      do { parsed = try Throughput.Kernel(parsing: kernel.name) } catch {
        throw SpeedRecordingError("\(path): field kernels[\(i)].strategy: \(error)")
      }
      if !allowingPrograms, case .strategy(let strategy) = parsed, strategy.runsProgram {
        throw SpeedRecordingError(ProgramPermission.refusal(file: path, field: "kernels[\(i)].strategy", strategy: strategy.description))
      }
    }
  }

  /// What to say before a rerun when the recording was made elsewhere (another processor, core count,
  /// compiler or build) or does not say where: one line, or `nil` when it was made here.
  public func provenanceWarning(here: MachineDescription = .current) -> String? {
    guard let machine else {
      return "\(path) does not say where it was measured (recorded before machine details were stored); re-record it here to compare like with like"
    }
    let differences = machine.differences(from: here)
    guard !differences.isEmpty else { return nil }
    return "\(path) was measured on another machine or toolchain: " + differences.joined(separator: "; ")
      + (figure == .fixesPerSecond ? "; its wall-clock rates do not fail the check here unless --same-machine is given" : "")
  }

  /// Whether a regression should fail: always for instruction counts (they follow the code and the
  /// compiler, which the warning names); for wall-clock rates only on the machine and build they were
  /// recorded on, or when the user says it is the same (`sameMachine`). A recording that does not say
  /// where it was made is enforced as before.
  public func enforced(sameMachine: Bool, here: MachineDescription = .current) -> Bool {
    guard figure == .fixesPerSecond, !sameMachine, let machine else { return true }
    return machine.differences(from: here).isEmpty
  }

  /// Measures every recorded kernel again the same way and judges it.
  /// - Parameters:
  ///   - enforced: whether a regression fails the check (``enforced(sameMachine:here:)``).
  ///   - progress: told `timing KERNEL` before each timing, or once before the counts (which run on every
  ///     core at once: a count does not depend on how busy the machine is).
  /// - Throws: ``SpeedRecordingError`` for a kernel no longer known, ``InstructionCountError``, a
  ///   process strategy's ``ProcessFailure``.
  public func check(band: Double?, enforced: Bool = true, progress: (String) -> Void = { _ in }) throws -> SpeedCheck {
    var now: [(name: String, value: Double)] = []
    switch figure {
    case .fixesPerSecond:
      for (name, _) in kernels {
        let kernel: Throughput.Kernel
        do { kernel = try Throughput.Kernel(parsing: name) } catch { throw SpeedRecordingError("\(path): kernel '\(name)': \(error)") }
        progress("timing \(name)")
        now.append((name, try Throughput.measure(kernel, fixes: fixes, repetitions: repetitions).fixesPerSecond))
      }
    case .instructionsPerFix:
      for (name, _) in kernels {
        do { _ = try Throughput.Kernel(parsing: name) } catch { throw SpeedRecordingError("\(path): kernel '\(name)': \(error)") }
      }
      let counter = try InstructionCounter()
      defer { counter.finish() }
      let threads = ProcessInfo.processInfo.activeProcessorCount
      progress("counting \(kernels.count) kernels, \(min(threads, kernels.count)) at a time")
      let counted = try counter.count(kernels.map { $0.name }, fixes: fixes, threads: threads)
      now = zip(kernels, counted).map { ($0.name, $1.instructionsPerFix) }
    }
    return SpeedCheck(figure: figure, band: band ?? (figure == .fixesPerSecond ? 0.5 : 0.01), recorded: kernels, now: now, enforced: enforced)
  }
}

/// A speed recording that cannot be checked: the file, the field, and what was expected.
public struct SpeedRecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension InstructionsFile {
  /// Every kernel of ``Throughput/allKernels`` counted under callgrind (`throughput --all --instructions`).
  /// - Throws: what starting valgrind or a count throws.
  public static func counting(fixes: Int) throws -> InstructionsFile {
    let counter = try InstructionCounter()
    defer { counter.finish() }
    let counted = try counter.count(Throughput.allKernels, fixes: fixes, threads: ProcessInfo.processInfo.activeProcessorCount)
    return InstructionsFile(fixes: fixes, kernels: counted)
  }
}
