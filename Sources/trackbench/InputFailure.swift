import ArgumentParser
import Foundation

/// Bad input from the user (a scenario file, a strategy text, an output path): printed as one
/// `error:` line on stderr, exit code 2, nothing written.
struct InputFailure: Error {
  let message: String
}

extension InputFailure {
  /// Runs `body`, turning any thrown error into an `error:` line on stderr and exit code 2.
  static func guarding<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let failure as InputFailure {
      throw failure.exit()
    } catch {
      throw InputFailure(message: "\(error)").exit()
    }
  }

  func exit() -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
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
