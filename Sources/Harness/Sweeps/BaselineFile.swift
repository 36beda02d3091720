import Evaluation
import Findings
import Foundation
import TrackCore

/// A baseline (`trackbench baseline record`) as JSON lines: a ``BaselineHeader`` line, then the sweep
/// file of every cell (its ``SweepHeader`` line and one ``CellRecord`` per line).
public enum BaselineFile {
  /// The file's text with `header`'s paths (as typed, from the working directory) stored relative to
  /// the baseline's own folder (`file`), so it can be checked from any directory or checkout root.
  public static func text(_ header: BaselineHeader, sweep: SweepHeader, records: [CellRecord], file: String) throws -> String {
    var stored = header.mappingPaths { RelativePath.relative($0, from: RelativePath.folder(of: file)) }
    stored.pathsRelativeTo = "baseline"
    return try ResultsCodec.line(stored) + "\n" + SweepFile.text(sweep, records)
  }

  /// - Throws: ``SweepFileError`` naming the file and line, with what to do about another version.
  public static func read(_ path: String) throws(SweepFileError) -> (header: BaselineHeader, sweep: SweepHeader, records: [CellRecord]) {
    let data: Data
    do { data = try InputFile.contents(path, maximumBytes: SweepFile.maximumBytes) } catch {
      throw SweepFileError(file: path, line: nil, message: "expected a regular baseline file (trackbench baseline record) of at most \(SweepFile.maximumBytes) bytes, found \(error.found)")
    }
    guard let newline = data.firstIndex(of: 10) else {
      throw SweepFileError(file: path, line: 1, message: "expected a baseline header line (trackbench.baseline), found no complete line")
    }
    var header: BaselineHeader
    do { header = try ResultsCodec.decode(BaselineHeader.self, from: data[data.startIndex..<newline]) } catch {
      throw SweepFileError(file: path, line: 1, message: "expected a baseline header (schema trackbench.baseline), found something else: \(error)")
    }
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
}
