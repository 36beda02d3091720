import ArgumentParser
import Foundation
import Harness
import TrackCore

/// Bad input from the user (a scenario file, a strategy text, an output path, an argument): printed as one
/// `error:` line on stderr, exit code 2, nothing written.
struct InputFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

extension InputFailure {
  /// Runs `body`, turning any thrown error into an `error:` line on stderr and exit code 2.
  static func guarding<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let failure as InputFailure {
      throw failure.exit()
    } catch let code as ExitCode {
      throw code
    } catch {
      throw InputFailure(message: "\(error)").exit()
    }
  }

  func exit() -> ExitCode {
    ErrorText.print(message)
    return ExitCode(2)
  }
}

extension InputFailure {
  /// The case of `T` whose raw value is `value`, or a failure naming `option` and listing the choices
  /// (`--format: expected one of table, markdown, …, found 'x'`).
  static func choice<T: RawRepresentable & CaseIterable>(_ value: String, for option: String) throws -> T where T.RawValue == String {
    guard let chosen = T(rawValue: value) else {
      throw InputFailure(message: "\(option): expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), found '\(value)'")
    }
    return chosen
  }
}

/// The one line an error is printed as.
enum ErrorText {
  /// Longest message printed; a longer one (a whole file echoed back) is cut with `…`.
  static let maximumCharacters = 600

  /// `message` on one line: control characters written as escapes (`\n`, `\t`, `\u{0}`: the one
  /// sanitiser, ``TerminalText``), cut to ``maximumCharacters``.
  static func oneLine(_ message: String, limit: Int = maximumCharacters) -> String {
    let escaped = TerminalText.escaped(message).unicodeScalars
    guard escaped.count > limit else { return String(escaped) }
    return String(String.UnicodeScalarView(escaped.prefix(limit))) + "…"
  }

  /// Prints `error: <message>` on standard error as one line.
  static func print(_ message: String) { print(message, prefix: "error") }

  /// Longest `hint:` line: it carries whole lists (strategies, metric names).
  static let maximumHintCharacters = 4000

  /// Prints `<prefix>: <message>` on standard error as one line. A message ending in `\nhint: …` (a
  /// list the user needs) prints that as a second line, `hint: …`, so the first stays short.
  static func print(_ message: String, prefix: String) {
    // A signal is ending the run: what a worker found since (a child it killed) is not news.
    guard !TemporaryFiles.isTerminating else { return }
    var text = message, hint: String?
    if let marker = message.range(of: "\nhint: ") {
      text = String(message[..<marker.lowerBound]) + message[marker.upperBound...].drop { $0 != "\n" }
      hint = String(message[marker.upperBound...].prefix { $0 != "\n" })
    }
    var line = prefix + ": " + oneLine(text) + "\n"
    if let hint { line += "hint: " + oneLine(hint, limit: maximumHintCharacters) + "\n" }
    CommandScope.current.writeError(Data(line.utf8))
  }
}
