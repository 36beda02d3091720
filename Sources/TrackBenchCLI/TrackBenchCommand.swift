import ArgumentParser
import Filtering
import Foundation
import Harness
import Speed
import TrackCore

package struct TrackBenchCommand: AsyncParsableCommand {
  package init() {}
  /// The tool's version, printed by `--version` and kept in sync with the CHANGELOG.
  static let version = "0.6.0"

  package static let configuration = CommandConfiguration(
    commandName: "trackbench",
    abstract: "Simulate GPS runs, filter them with competing strategies, and score them against ground truth.",
    discussion: """
      Exit status: 0 success; 1 a check that ran and found a regression; 2 bad input or usage (one `error:` \
      line on standard error, nothing written).
      """,
    version: version,
    subcommands: [
      RunCommand.self, ReportCommand.self, CompareCommand.self, GenerateCommand.self, ExportCommand.self, StrategiesCommand.self, LawsCommand.self, InitCommand.self, ThroughputCommand.self, DocsTablesCommand.self,
      CalibrateCommand.self, RealismCommand.self, ReplayCommand.self, TransferCommand.self, TuneCommand.self, MergeCommand.self, BaselineCommand.self, CheckCommand.self,
    ],
    defaultSubcommand: RunCommand.self)

  /// Parses the arguments, runs the command and ends the process with its status.
  static func runMain(_ arguments: [String]) async -> Never {
    TemporaryFiles.installSignalHandlers()
    let status = await execute(arguments)
    TemporaryFiles.holdIfTerminating()
    Foundation.exit(status)
  }

  /// Parses the arguments and runs the command in this process, writing through
  /// ``CommandScope/current`` (the CLI's tests bind a capturing scope and run commands side by side).
  /// Help, `--version` and completion scripts go to standard output with status 0; any parse or
  /// validation error is one `error:` line and a hint, status 2.
  /// Child filters left idle in the pool are stopped at the end, so none outlives the command.
  /// - Returns: the exit status: 0 success, 1 a check that failed, 2 bad input or usage.
  package static func execute(_ arguments: [String]) async -> Int32 {
    InputFile.forgetReads()
    defer { ChildRegistry.stopAll() }
    if let problem = MemoryLimit.problem {
      ErrorText.print(problem)
      return 2
    }
    do {
      var command = try parseAsRoot(arguments)
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
      return 0
    } catch let code as ExitCode {
      return code.rawValue
    } catch {
      if exitCode(for: error) == .success {
        do { try OutputDestination(nil).write(fullMessage(for: error) + "\n") } catch let failure as OutputError {
          return InputFailure(message: failure.message).exit().rawValue
        } catch {}
        return 0
      }
      let text = negativeValue(in: arguments, message: message(for: error)) ?? refusal(for: error)
      ErrorText.print(text)
      // One hint at most: a message that brings its own (the strategies, a metric's names) needs no other.
      if !text.contains("\nhint: ") {
        let help = (["trackbench"] + subcommandPath(arguments) + ["--help"]).joined(separator: " ")
        CommandScope.current.writeError(Data("hint: see '\(help)' for the options\n".utf8))
      }
      return 2
    }
  }

  /// The command the arguments name (`baseline record`), for the hint: the first top-level subcommand
  /// named, then each of its own subcommands that follows it.
  package static func subcommandPath(_ arguments: [String]) -> [String] {
    guard let first = arguments.firstIndex(where: { name in configuration.subcommands.contains { $0._commandName == name } }) else { return [] }
    var path: [String] = []
    var commands: [any ParsableCommand.Type] = configuration.subcommands
    for argument in arguments[first...] {
      guard let next = commands.first(where: { $0._commandName == argument }) else { break }
      path.append(argument)
      commands = next.configuration.subcommands
    }
    return path
  }

  /// The parser's message for a refused argument; for a value that an option's `transform:` refused, the
  /// transform's own message (which names the option, what it found and expected) without the parser's
  /// "The value '…' is invalid for '--option <option>': " before it.
  package static func refusal(for error: any Error) -> String {
    let text = message(for: error)
    guard text.hasPrefix("The value '"), let invalid = text.range(of: "' is invalid for '"),
      let end = text.range(of: "': ", range: invalid.upperBound..<text.endIndex)
    else { return text }
    let own = text[end.upperBound...]
    return own.hasPrefix("--") ? String(own) : text
  }

  /// The argument parser reads `--trials -1` as an option without its value; every numeric option here
  /// takes values of 0 or more, so say that instead.
  private static func negativeValue(in arguments: [String], message: String) -> String? {
    guard message.hasPrefix("Missing value for '--") else { return nil }
    for (option, value) in zip(arguments, arguments.dropFirst()) where option.hasPrefix("--") && message.contains("'\(option) ") {
      if value.count > 1, value.hasPrefix("-"), Double(value) != nil {
        return "\(option): expected a number of 0 or more, found '\(value)'"
      }
    }
    return nil
  }
}
