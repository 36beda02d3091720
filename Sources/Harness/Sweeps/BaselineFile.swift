import Evaluation
import Findings
import Foundation
import TrackCore

/// A baseline (`trackbench baseline record`) as JSON lines: a ``BaselineHeader`` line, then the sweep
/// file of every cell (its ``SweepHeader`` line and one ``CellRecord`` per line).
public enum BaselineFile {
  /// The file's text with `header`'s paths (as typed, from the working directory) stored relative to
  /// the baseline's own folder (`file`), so it can be checked from any directory or checkout root.
  @_optimize(none)
  public static func text(_ header: BaselineHeader, sweep: SweepHeader, records: [CellRecord], file: String) throws -> String {
    var stored = header.mappingPaths { RelativePath.relative($0, from: RelativePath.folder(of: file)) }
    stored.pathsRelativeTo = "baseline"
    return try ResultsCodec.line(stored) + "\n" + SweepFile.text(sweep, records)
  }

  /// - Throws: ``SweepFileError`` naming the file and line, with what to do about another version.
  @_optimize(none)
  public static func read(_ path: String) throws(SweepFileError) -> (header: BaselineHeader, sweep: SweepHeader, records: [CellRecord]) {
    let data: Data
    do { data = try InputFile.contents(path, maximumBytes: SweepFile.maximumBytes) } catch {
      throw SweepFileError(file: path, line: nil, message: "expected a regular baseline file (trackbench baseline record) of at most \(SweepFile.maximumBytes) bytes, found \(error.found)")
    }
    guard let newline = data.firstIndex(of: 10) else {
      throw SweepFileError(file: path, line: 1, message: "expected a baseline header line (trackbench.baseline), found no complete line")
    }
    try checkNumbers(data[data.startIndex..<newline], file: path)
    var header: BaselineHeader
    do { header = try ResultsCodec.decode(BaselineHeader.self, from: data[data.startIndex..<newline]) } catch {
      throw SweepFileError(file: path, line: 1, message: "expected a baseline header (schema trackbench.baseline), found something else: \(error)")
    }
    try checkPaths(header, file: path)
    // Paths stored relative to the baseline's folder come back as paths from the working directory.
    if header.pathsRelativeTo == "baseline" {
      header = header.mappingPaths { RelativePath.resolved($0, from: RelativePath.folder(of: path)) }
    } else if let other = header.pathsRelativeTo {
      throw SweepFileError(file: path, line: 1, message: "paths_relative_to: expected baseline (or none), found \(QuotedText.quoted(other))")
    }
    guard header.schema == BaselineHeader.currentSchema, header.schemaVersion == BaselineHeader.currentSchemaVersion else {
      throw SweepFileError(
        file: path, line: 1,
        message: "expected schema \(BaselineHeader.currentSchema) version \(BaselineHeader.currentSchemaVersion), found \(header.schema) version \(header.schemaVersion) (recorded by trackbench \(header.toolVersion)); re-record it with this version: trackbench baseline record")
    }
    let rest = data[(newline + 1)...]
    let contents: SweepFile.Contents
    do { contents = try SweepFile.read(data: Data(rest), name: path) } catch {
      throw SweepFileError(file: path, line: error.line.map { $0 + 1 }, message: error.message)
    }
    guard contents.header.shard == nil, contents.records.count == contents.header.cells,
      Set(contents.records.map(\.cell)).count == contents.header.cells
    else {
      throw SweepFileError(file: path, line: nil, message: "expected every cell of the sweep once (\(contents.header.cells)), found \(contents.records.count) records")
    }
    try SweepFile.checkStrategies(contents.header, contents.records, file: path)
    return (header, contents.header, contents.records.sorted { $0.cell < $1.cell })
  }

  /// Most trials a baseline may rerun per scenario, as `baseline record --trials` takes.
  public static let maximumTrials = 100_000

  /// Refuses a header's `trials` or `seed` that is not a whole number in range, naming the field and
  /// the value as written (`1e308`, `-0.0`), before the header is decoded.
  @_optimize(none)
  private static func checkNumbers(_ line: Data, file: String) throws(SweepFileError) {
    let fields: [(name: String, range: ClosedRange<Double>, expected: String)] = [
      ("trials", 1...Double(maximumTrials), "a whole number of trials from 1 to \(maximumTrials), or none"),
      ("seed", 0...18_446_744_073_709_549_568, "a whole-number seed from 0 to 2^64 - 1, or none"),
    ]
    let text = String(decoding: line, as: UTF8.self)
    for field in fields {
      guard let written = written(field.name, in: text), written != "null" else { continue }
      guard let number = Double(written), number.isFinite, number.rounded() == number, field.range.contains(number),
        !written.hasPrefix("-")
      else {
        throw SweepFileError(file: file, line: 1, message: "\(field.name): expected \(field.expected), found \(QuotedText.quoted(TerminalText.escaped(written)))")
      }
    }
  }

  /// The text of a top-level `field`'s value as the line writes it (`"trials":1e308` → `1e308`), nil
  /// when the line has no such key. A key inside a string is escaped (`\"trials\"`), so never matched.
  @_optimize(none)
  private static func written(_ field: String, in text: String) -> String? {
    var rest = text[...]
    while let key = rest.range(of: "\"\(field)\"") {
      let after = rest[key.upperBound...].drop { $0 == " " }
      rest = rest[key.upperBound...]
      guard after.first == ":" else { continue }
      let value = after.dropFirst().drop { $0 == " " }
      return String(value.prefix { !",} ]".contains($0) })
    }
    return nil
  }

  /// Refuses a stored path that is empty or holds a control character (a NUL would cut it short at
  /// `open`; an empty one would stand for the baseline's folder), naming its field.
  @_optimize(none)
  private static func checkPaths(_ header: BaselineHeader, file: String) throws(SweepFileError) {
    var stored = header.scenarioPaths.enumerated().map { ("scenario_paths[\($0)]", $1) }
    if let replay = header.replay {
      stored += replay.files.enumerated().map { ("replay.files[\($0)]", $1) }
      if let truth = replay.truth { stored.append(("replay.truth", truth)) }
      if let manifest = replay.manifest { stored.append(("replay.manifest", manifest)) }
    }
    for (field, path) in stored where path.isEmpty || path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw SweepFileError(
        file: file, line: 1,
        message: "\(field): expected a path (not empty, no control characters), found \(QuotedText.quoted(TerminalText.escaped(path)))")
    }
  }
}
