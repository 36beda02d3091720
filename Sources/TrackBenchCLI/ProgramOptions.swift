import ArgumentParser
import Filtering
import TrackCore

/// `--allow-process`: whether strategies named by files (a scenario's `strategies`, a baseline, a speed
/// recording) may run another program. Strategies typed on the command line always may.
struct ProgramOptions: ParsableArguments {
  @Flag(help: "Let a scenario, baseline or speed recording run the programs its process(cmd: …) strategies name (as TRACKBENCH_ALLOW_PROCESS=1 does); without it such a file is refused.")
  var allowProcess = false

  /// The flag or the environment variable.
  var allowed: Bool { allowProcess || ProgramPermission.allowedByEnvironment }
}

/// A number option read as a decimal (``DecimalNumber``): `0x10`, `nan` and `inf` are refused, where the
/// parser's own `Double` would read them.
enum DecimalOption {
  static func parse(_ text: String, option: String) throws -> Double {
    guard let value = DecimalNumber.parse(text) else {
      throw InputFailure(message: "\(option): expected a decimal number, found '\(QuotedText.cut(text))'")
    }
    return value
  }
}
