import Evaluation
import Foundation
import TrackCore

/// One kernel's instruction count under callgrind: the figure the speed gate can hold to a small band,
/// because it repeats to the instruction for the same binary and input however busy the machine is.
public struct InstructionMeasurement: Sendable, Hashable, Codable {
  /// The kernel, as `throughput --strategy` takes it.
  public var strategy: String
  /// Fixes (or pairs, or points) processed by the counted pass.
  public var fixes: Int
  /// Instructions executed inside the counted pass (callgrind's `Ir`).
  public var instructions: Int
  public var instructionsPerFix: Double
  /// `release` or `debug`: counts of the two builds are not comparable.
  public var build: String
}

/// Counts instructions per fix of a kernel by running `trackbench throughput --repetitions 1` under
/// `valgrind --tool=callgrind`, collecting only inside the timed pass (``Throughput/countedPassSymbolPattern``):
/// the warm-up, the synthetic run and the process's start are not counted.
///
/// valgrind 3.19 (Debian 12) cannot read the DWARF 5 debug information Swift emits ("Possibly corrupted
/// debuginfo file"), so the counter runs a copy of this executable without it (`objcopy --strip-debug`;
/// the symbol table stays, which is all `--toggle-collect` needs). The copy lives in a temporary folder
/// removed by ``finish()``.
public struct InstructionCounter: Sendable {
  let directory: URL
  let executable: String
  let valgrind: String

  /// - Throws: ``InstructionCountError`` when valgrind or objcopy is missing or the copy cannot be made.
  public init() throws(InstructionCountError) {
    guard let valgrind = Self.which("valgrind") else {
      throw InstructionCountError("--instructions: valgrind not found on PATH (apt-get install valgrind)")
    }
    guard let objcopy = Self.which("objcopy") else {
      throw InstructionCountError("--instructions: objcopy not found on PATH (apt-get install binutils)")
    }
    self.valgrind = valgrind
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-callgrind-\(UUID().uuidString)")
    do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
      throw InstructionCountError("--instructions: cannot create \(directory.path): \(error)")
    }
    executable = directory.appendingPathComponent("trackbench").path
    // Our own path, resolved here: in objcopy's process /proc/self/exe would be objcopy.
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let strip = try Self.run(objcopy, ["--strip-debug", own, executable])
    guard strip.status == 0 else {
      try? FileManager.default.removeItem(at: directory)
      throw InstructionCountError("--instructions: objcopy --strip-debug failed (\(strip.status)): \(strip.error.suffix(300))")
    }
  }

  public func finish() { try? FileManager.default.removeItem(at: directory) }

  /// Counts `kernel` on the synthetic run of `fixes` fixes.
  /// - Throws: ``InstructionCountError`` with valgrind's last words when the counted run fails.
  public func count(_ kernel: String, fixes: Int) throws(InstructionCountError) -> InstructionMeasurement {
    // Files of their own, so counts can run side by side (``count(_:fixes:threads:)``).
    let name = UUID().uuidString
    let profile = directory.appendingPathComponent("callgrind-\(name).out").path
    let log = directory.appendingPathComponent("valgrind-\(name).log").path
    let result = try Self.run(valgrind, [
      "--tool=callgrind", "--callgrind-out-file=\(profile)", "--log-file=\(log)",
      "--collect-atstart=no", "--toggle-collect=\(Throughput.countedPassSymbolPattern)",
      executable, "throughput", "--strategy", kernel, "--fixes", "\(fixes)", "--repetitions", "1", "--format", "json",
    ])
    defer { try? FileManager.default.removeItem(atPath: profile); try? FileManager.default.removeItem(atPath: log) }
    guard result.status == 0 else {
      let words = (try? String(contentsOfFile: log, encoding: .utf8)).map { String($0.suffix(400)) } ?? ""
      throw InstructionCountError("--instructions: \(kernel) under callgrind exited with \(result.status): \(result.error.suffix(300))\(words)")
    }
    guard let measured = try? ResultsCodec.decode(ThroughputMeasurement.self, from: Data(result.output.utf8)) else {
      throw InstructionCountError("--instructions: \(kernel): expected the throughput JSON line, found '\(result.output.prefix(200))'")
    }
    guard let text = try? String(contentsOfFile: profile, encoding: .utf8), let instructions = Self.totalInstructions(callgrindProfile: text) else {
      throw InstructionCountError("--instructions: \(kernel): callgrind wrote no totals line to \(profile)")
    }
    guard instructions > 0 else {
      throw InstructionCountError("--instructions: \(kernel): callgrind counted nothing inside \(Throughput.countedPassSymbolPattern) (symbol renamed?)")
    }
    return InstructionMeasurement(
      strategy: kernel, fixes: measured.fixes, instructions: instructions,
      instructionsPerFix: Double(instructions) / Double(max(1, measured.fixes)), build: measured.build)
  }

  /// Counts each of `kernels` on `threads` valgrinds at once: a count repeats to the instruction however
  /// busy the machine is, so running them side by side changes no figure, only the wall time.
  /// - Returns: the measurements in the order of `kernels`.
  /// - Throws: the failure of the first kernel (in that order) whose count failed.
  public func count(_ kernels: [String], fixes: Int, threads: Int) throws(InstructionCountError) -> [InstructionMeasurement] {
    var counted = [InstructionMeasurement?](repeating: nil, count: kernels.count)
    let failure = CellExecutor.run(
      count: kernels.count, threads: threads,
      work: { index in Result { () throws(InstructionCountError) in try count(kernels[index], fixes: fixes) } },
      sink: { index, measurement in counted[index] = measurement })
    if let failure { throw failure }
    return counted.map { $0! }
  }

  /// The `totals:` (or, failing that, `summary:`) line of a callgrind profile: the first event, `Ir`.
  static func totalInstructions(callgrindProfile text: String) -> Int? {
    var summary: Int?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("totals:") { return line.dropFirst(7).split(separator: " ").first.flatMap { Int($0) } }
      if line.hasPrefix("summary:") { summary = line.dropFirst(8).split(separator: " ").first.flatMap { Int($0) } }
    }
    return summary
  }

  static func which(_ tool: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(directory)/\(tool)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  /// Runs a tool to completion: its status, standard output and (the end of) standard error.
  static func run(_ tool: String, _ arguments: [String]) throws(InstructionCountError) -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    // Standard error goes to a file, so neither pipe can fill while we read the other.
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-tool-\(UUID().uuidString).err").path
    guard FileManager.default.createFile(atPath: errorPath, contents: nil), let errorFile = FileHandle(forWritingAtPath: errorPath) else {
      throw InstructionCountError("--instructions: cannot create \(errorPath)")
    }
    defer { try? errorFile.close(); try? FileManager.default.removeItem(atPath: errorPath) }
    process.standardOutput = output
    process.standardError = errorFile
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { throw InstructionCountError("--instructions: cannot start \(tool): \(error)") }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), errorText)
  }
}

/// Instructions that cannot be counted: a missing tool, a run that failed under callgrind.
public struct InstructionCountError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
