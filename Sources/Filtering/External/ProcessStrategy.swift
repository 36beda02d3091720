import Foundation
import Synchronization
import TrackCore

/// A filter in any language, run as a child process over TrackBench's filter protocol
/// (`Sources/TrackBench/TrackBench.docc/YourFilter.md`): `process(cmd: "python3 examples/python/alpha_beta.py", alpha: 0.3)`.
///
/// One child serves many runs (each run starts with a header and ends with an end line or frame); each
/// worker thread checks out its own child, so runs are dispatched in the harness's order and the bytes
/// do not depend on the thread count, provided the child keeps no state from one run to the next. Fixes
/// travel as an app sees them: time (s), latitude and longitude (degrees), claimed accuracy (m), speed
/// (m/s) and course (degrees, both −1 when absent), age (s). For each fix the child answers with the
/// point to record or with nothing, so it can never record more points than fixes.
///
/// Numeric arguments other than `timeout` are the filter's own parameters: sent in every run's header
/// and tunable (`tune --strategy 'process(cmd: "…", alpha: 0.3)' --param alpha=0.05..1`).
public struct ProcessStrategy: Sendable, Hashable {
  /// How fixes and points travel.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// JSON lines: easy to write in any language.
    case jsonl
    /// Little-endian frames of float64: for speed.
    case binary
  }

  /// What the program is: a filter (protocol 1: a run's fixes, a point or nothing per fix), or a
  /// sampling policy (protocol 2: one fix at a time, a ``ReceiverRequest`` back for each; JSON lines).
  public enum Role: String, Sendable, Hashable, CaseIterable {
    case filter, sampling
  }

  /// The label every report shows for it (`name: my-kalman`), or nil: then reports show the program's
  /// file name (``label``), never the whole command.
  public let name: String?
  /// The command, run by `/bin/sh -c` in the current directory.
  public let command: String
  public let format: Format
  public let role: Role
  /// Seconds a run may take (from its first byte sent to its last byte read) before the child is killed.
  public let timeout: Double
  /// The filter's own parameters, passed through (table made from the names given, any value).
  public let parameters: ParameterValues

  public init(
    name: String? = nil, command: String, format: Format = .jsonl, timeout: Double = 30, role: Role = .filter,
    parameters: [(name: String, value: Double)] = []
  ) {
    self.name = name
    self.command = command
    self.format = format
    self.role = role
    self.timeout = timeout
    let table = parameters.map {
      Parameter(name: $0.name, unit: "", defaultValue: $0.value, minimum: -1e15, maximum: 1e15, summary: "passed to the process")
    }
    // Each given value is its own parameter's default.
    self.parameters = ParameterValues(defaultsOf: table)
  }

  init(name: String?, command: String, format: Format, timeout: Double, role: Role, values: ParameterValues) {
    self.name = name; self.command = command; self.format = format; self.timeout = timeout; self.role = role; self.parameters = values
  }

  /// `process(name: my-kalman, cmd: "…", format: binary, timeout: 30, alpha: 0.3)`: the command quoted
  /// (`\"` and `\\` escaped), the name when given, the format and timeout only when not the defaults.
  public var description: String { keyStage.text }

  /// What the child pool keeps its children by: one child serves one configuration.
  public var key: StrategyKey { StrategyKey(stages: [keyStage]) }

  /// Its stage of a ``StrategyKey``: the arguments of ``description`` in order.
  var keyStage: StrategyKey.Stage {
    let quoted = "\"" + command.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    var arguments = (name.map { [StrategyKey.Argument(name: "name", value: $0)] } ?? []) + [StrategyKey.Argument(name: "cmd", value: quoted)]
    if format != .jsonl { arguments.append(StrategyKey.Argument(name: "format", value: format.rawValue)) }
    if timeout != 30 { arguments.append(StrategyKey.Argument(name: "timeout", value: Parameter.format(timeout))) }
    if role != .filter { arguments.append(StrategyKey.Argument(name: "role", value: role.rawValue)) }
    arguments += parameters.named.map { StrategyKey.Argument(name: $0.name, value: Parameter.format($0.value)) }
    return StrategyKey.Stage(name: "process", arguments: arguments)
  }

  /// Its parameters as a catalogue entry, so `tune` can vary them by name.
  public var descriptor: StrategyDescriptor {
    let (name, command, format, timeout, role) = (self.name, self.command, self.format, self.timeout, self.role)
    return StrategyDescriptor(name: "process", summary: "A filter run as a child process: \(command)", parameters: parameters.table, orders: [], isStreaming: true,
      accuracyClaim: .answered
    ) {
      .process(ProcessStrategy(name: name, command: command, format: format, timeout: timeout, role: role, values: $0))
    }
  }

  /// The points the child records for `input`, or the failure (for callers outside the harness; the
  /// harness uses ``run(over:into:)``).
  /// - Parameter context: the run's scenario, trial and frame (default: the current ``FilterRun``, else
  ///   a frame at latitude 0, longitude 0).
  public func records(for input: [LocalFix], context: FilterRun.Context? = nil) throws(ProcessFailure) -> [LocalFix] {
    let context = context ?? FilterRun.context ?? FilterRun.Context(scenario: "", trial: 0, frame: LocalFrame(origin: GeodeticPosition(latitude: 0, longitude: 0)))
    let key = self.key
    let child = try ChildPool.shared.checkOut(key: key, command: command)
    defer { ChildPool.shared.checkIn(child, key: key) }
    var output: [LocalFix] = []
    try input.withUnsafeBufferPointer { (fixes) throws(ProcessFailure) in try child.exchange(run: fixes, into: &output, strategy: self, context: context) }
    return output
  }

  /// Runs the child filter over `input` into `output` (emptied first). A failure leaves `output` empty
  /// and is handed to the run's ``FilterRun/collectingFailure(_:_:)``, which returns it in place of the
  /// run's result; once the run has a failure, later calls record nothing. Outside such a run use
  /// ``records(for:context:)``, which throws the failure.
  public func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    output.removeAll(keepingCapacity: true)
    let slot = FilterRun.failures
    guard slot?.failure == nil else { return }
    let context = FilterRun.context ?? FilterRun.Context(scenario: "", trial: 0, frame: LocalFrame(origin: GeodeticPosition(latitude: 0, longitude: 0)))
    let key = self.key
    do {
      let child = try ChildPool.shared.checkOut(key: key, command: command)
      defer { ChildPool.shared.checkIn(child, key: key) }
      try child.exchange(run: input, into: &output, strategy: self, context: context)
    } catch {
      output.removeAll(keepingCapacity: true)
      slot?.keep(error)
    }
  }
}

/// Which run a strategy is filtering, for strategies that tell their child (process strategies): set by
/// the harness around each cell with ``withContext(_:_:)``.
public enum FilterRun {
  public struct Context: Sendable {
    public var scenario: String
    public var trial: Int
    /// The local frame of the run's fixes (their latitude and longitude come from it).
    public var frame: LocalFrame
    public init(scenario: String, trial: Int, frame: LocalFrame) { self.scenario = scenario; self.trial = trial; self.frame = frame }
  }

  @TaskLocal public static var context: Context?

  /// Runs `body` with `context` as the current run.
  public static func withContext<T>(_ context: Context, _ body: () throws -> T) rethrows -> T {
    try $context.withValue(context, operation: body)
  }

  /// Where the process strategies of the current run leave their first failure.
  public final class FailureSlot: Sendable {
    private let kept = Mutex<ProcessFailure?>(nil)
    public init() {}
    /// The run's first failure, if any.
    public var failure: ProcessFailure? { kept.withLock { $0 } }
    func keep(_ error: any Error) {
      let failure = (error as? ProcessFailure) ?? ProcessFailure(strategy: "process", run: "", message: "\(error)")
      kept.withLock { if $0 == nil { $0 = failure } }
    }
  }

  @TaskLocal static var failures: FailureSlot?

  /// Runs `body` with `context` as the current run and returns its result, or the first failure of a
  /// process strategy within it (whose output was left empty, so the result is not to be used): a
  /// failure is a value of the run that met it, never state shared by the whole process.
  public static func collectingFailure<T>(_ context: Context, _ body: () -> T) -> Result<T, ProcessFailure> {
    let slot = FailureSlot()
    let value = $failures.withValue(slot) { $context.withValue(context, operation: body) }
    return slot.failure.map { .failure($0) } ?? .success(value)
  }
}

/// A process strategy that failed: which strategy, which run, what happened (with the offending line
/// where there is one). The run that met it returns it (``FilterRun/collectingFailure(_:_:)``); the
/// command turns the first into an `error:` line and exit status 2, writing no results.
public struct ProcessFailure: Error, Sendable, CustomStringConvertible {
  public let strategy: String
  public let run: String
  public let message: String
  public var description: String { "\(strategy), run \(run): \(message)" }
}

extension ProcessStrategy {
  /// Reads the arguments of `process(…)`: `cmd: "…"` (or `'…'`; `\"` and `\\` escape inside), then
  /// optionally `name: LABEL` (``isLabel(_:)``), `format: jsonl|binary`, `timeout: SECONDS`, `role: filter|sampling`, and the filter's own
  /// numeric parameters by name.
  /// - Parameters:
  ///   - offset: 0-based column of `arguments` in `whole`, for error columns.
  /// - Throws: ``StrategyParseError`` at the offending argument.
  static func parse(arguments: String, offset: Int, whole: String) throws(StrategyParseError) -> ProcessStrategy {
    func failure(_ at: Int, _ token: String, _ message: String) -> StrategyParseError {
      StrategyParseError(text: whole, column: at + 1, token: token, message: message)
    }
    if StrategyText.hasOpenQuote(arguments) { throw failure(offset, arguments, "an unterminated quote; expected cmd: \"COMMAND\"") }
    let pieces = StrategyText.pieces(arguments, separatedBy: ",")
    var command: String?
    var label: String?
    var format = Format.jsonl
    var timeout = 30.0
    var role = Role.filter
    var parameters: [(name: String, value: Double)] = []
    var given = Set<String>()
    for piece in pieces {
      let text = piece.text
      let at = offset + piece.offset + piece.text.prefix { $0 == " " }.count
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty && pieces.count == 1 { break }
      guard let colon = trimmed.firstIndex(of: ":") else {
        throw failure(at, trimmed, "expected NAME: VALUE (process arguments are named: cmd, name, format, timeout, role, or the filter's own parameters)")
      }
      let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
      let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first?.isLetter == true else {
        throw failure(at, name, "expected a parameter name (letters, digits, _)")
      }
      // Every argument at most once, as a built-in's parameters are.
      guard given.insert(name).inserted else { throw failure(at, name, "\(name) is given twice; expected each parameter at most once") }
      switch name {
      case "cmd":
        guard let q = value.first, q == "\"" || q == "'", value.count >= 2, value.last == q else {
          throw failure(at, value, "cmd expects a quoted command, e.g. cmd: \"python3 filter.py\"")
        }
        var unescaped = ""
        var escape = false
        // Only `\\` and a backslash before the quote are escapes; any other backslash is the command's.
        for c in value.dropFirst().dropLast() {
          if escape {
            if c != "\\" && c != q { unescaped.append("\\") }
            unescaped.append(c)
            escape = false
          } else if c == "\\" {
            escape = true
          } else {
            unescaped.append(c)
          }
        }
        if escape { unescaped.append("\\") }
        guard !unescaped.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure(at, value, "cmd expects a command, found an empty one") }
        command = unescaped
      case "name":
        guard Self.isLabel(value) else {
          throw failure(at, value, "name expects a label of 1 to 40 letters, digits, '-', '_' or '.', starting with a letter, e.g. name: my-kalman")
        }
        // A report names the process by it: never a catalogue strategy's name ("Ship kalman" must mean
        // the built-in), nor `process`.
        let taken = Strategy.catalogue.map(\.name) + ["process"]
        guard !taken.contains(value) else {
          throw failure(at, value, "name '\(value)' is a built-in or registered strategy's; expected a name of its own, e.g. name: my-\(value)")
        }
        label = value
      case "format":
        guard let known = Format(rawValue: value) else { throw failure(at, value, "format expects jsonl or binary, found '\(value)'") }
        format = known
      case "timeout":
        guard let seconds = DecimalNumber.parse(value), seconds > 0, seconds <= 86_400 else {
          throw failure(at, value, "timeout expects seconds per run, more than 0 and at most 86400, found '\(value)'")
        }
        timeout = seconds
      case "role":
        guard let known = Role(rawValue: value) else { throw failure(at, value, "role expects filter or sampling, found '\(value)'") }
        role = known
      default:
        guard let number = DecimalNumber.parse(value), number.isFinite, abs(number) <= 1e15 else {
          throw failure(at, value, "\(name) expects a number (the filter's own parameter), found '\(value)'")
        }
        parameters.append((name, number))
      }
    }
    guard let command else { throw failure(offset, arguments, "process expects cmd: \"COMMAND\"") }
    if role == .sampling && format != .jsonl {
      throw failure(offset, arguments, "a sampling process speaks protocol 2, JSON lines only; expected format: jsonl with role: sampling")
    }
    return ProcessStrategy(name: label, command: command, format: format, timeout: timeout, role: role, parameters: parameters)
  }

  /// A `name:` two different programs share in one list, with the two strategies' texts.
  public struct SharedName: Sendable, CustomStringConvertible {
    public let name: String
    public let first: String
    public let second: String
    /// What was found, for an error to quote.
    public var finding: String { "name '\(name)' is given to two programs ('\(QuotedText.cut(first))' and '\(QuotedText.cut(second))')" }
    /// What is expected instead.
    public static let expectation = "one name per program"
    /// The error's words (the list's option or field goes before).
    public var description: String { "\(finding); expected \(Self.expectation)" }
  }

  /// The first name two different programs share among `strategies` (every stage of every pipeline):
  /// reports could not tell them apart (`a: 1st`, `a: 2nd`). The same program under one name with other
  /// parameters is one program (`a(alpha: 0.3)`, `a(alpha: 0.5)`).
  /// - Complexity: O(n) in the stages.
  public static func sharedName(in strategies: [Strategy]) -> SharedName? {
    var programs: [String: (program: ProcessStrategy, text: String)] = [:]
    for strategy in strategies {
      for stage in strategy.stages {
        guard case .process(let process) = stage, let name = process.name else { continue }
        if let earlier = programs[name] {
          let same = earlier.program.command == process.command && earlier.program.format == process.format && earlier.program.role == process.role
          if !same { return SharedName(name: name, first: earlier.text, second: strategy.description) }
        } else {
          programs[name] = (process, strategy.description)
        }
      }
    }
    return nil
  }

  /// Whether `text` can name a process strategy: 1 to 40 ASCII letters, digits, `-`, `_` or `.`,
  /// starting with a letter (so it reads as a strategy name in every table and never needs quoting).
  public static func isLabel(_ text: String) -> Bool {
    guard (1...40).contains(text.count), text.first?.isASCII == true, text.first?.isLetter == true else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
  }
}

/// Whether a program named by a file (a scenario, a baseline, a speed recording) may run. A file can
/// come from a pull request or a colleague, so opening it never runs a program unless the user says so:
/// `--allow-process` or ``environmentVariable`` set to `1`. Strategies typed on the command line are the
/// user's own words and always run.
public enum ProgramPermission {
  /// `TRACKBENCH_ALLOW_PROCESS=1` allows programs named by files, as `--allow-process` does.
  public static let environmentVariable = "TRACKBENCH_ALLOW_PROCESS"

  /// Whether the environment allows it.
  public static var allowedByEnvironment: Bool {
    ProcessInfo.processInfo.environment[environmentVariable] == "1"
  }

  /// What a file may name, and how to allow more: the `expected` part of every refusal.
  public static let expectation = "no program run from a file unless allowed: pass --allow-process (or set \(environmentVariable)=1) to run it"

  /// The refusal for `strategy` named in `file` (the command's `error:` line).
  public static func refusal(file: String, field: String, strategy: String) -> String {
    "\(file): \(field): expected \(expectation), found '\(strategy)', which runs a program"
  }
}
