import Foundation

/// Where a sweep writes (`run` and `replay`): the report (`--output`), the records (`--records`) and a
/// recording's tracks (`--tracks DIR`), checked together before any work so that a clash is one error
/// and nothing is half written.
public struct SweepOutputs {
  public let report: OutputDestination
  public let records: OutputDestination?

  /// - Parameters:
  ///   - others: further outputs the command writes (`--journal`), none of which may be another's file.
  ///   - sharded: whether this process runs one shard, whose file on `output` already holds the records.
  /// - Throws: ``OutputError`` for two outputs on one file, an output on an input, records and report
  ///   both on standard output, or records beside a shard.
  @_optimize(none)
  public init(output: String?, records: String?, others: [(option: String, path: String?)] = [], inputs: [String], sharded: Bool) throws {
    try OutputDestination.refuseSameFile([("--output", output), ("--records", records)] + others)
    report = try OutputDestination(output, inputs: inputs)
    self.records = try records.map { try OutputDestination($0, option: "--records", inputs: inputs) }
    if let recordsOutput = self.records, recordsOutput.isStandardOutput, report.isStandardOutput {
      throw OutputError("--records: standard output already takes the report; expected a file, or --output FILE for the report")
    }
    if sharded, records != nil {
      throw OutputError("--records: a shard writes its records to --output already; expected --records without --shard")
    }
  }

  /// One output per recording in `directory` (`RECORDING-STEM.EXTENSION`, `--tracks`): the directory
  /// exists, no two recordings write one file, none is an input or one of `otherOutputs`' files, and none
  /// replaces a file already there unless `force`.
  /// - Throws: ``OutputError`` naming `--tracks`.
  @_optimize(none)
  public static func perRecording(
    _ files: [String], directory: String, extension suffix: String, force: Bool, inputs: [String], otherOutputs: [(option: String, path: String?)]
  ) throws -> [OutputDestination] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw OutputError("--tracks: expected an existing directory, found '\(directory)'")
    }
    var seen: [String: String] = [:]
    var paths: [String] = []
    for file in files {
      let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
      let path = (directory as NSString).appendingPathComponent("\(stem).\(suffix)")
      if let other = seen[path] { throw OutputError("--tracks: expected one file per recording, found \(other) and \(file) both writing \(path)") }
      seen[path] = file
      paths.append(path)
    }
    // No other output may be one of the track files (another spelling or a link included).
    try OutputDestination.refuseSameFile(otherOutputs + paths.map { ("--tracks", $0) })
    if !force, let existing = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) {
      throw OutputError("--tracks: '\(existing)' exists and would be replaced; expected a directory without the track files, or --force")
    }
    return try paths.map { try OutputDestination($0, option: "--tracks", inputs: inputs) }
  }
}
