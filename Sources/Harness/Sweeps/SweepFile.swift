import Evaluation
import Foundation
import TrackCore

/// A file of a sweep's records as JSON lines: a ``SweepHeader`` line, then one ``CellRecord`` per line.
/// Shard files (`run --shard`) and journals (`run --journal`) share it; `merge` reads it.
public enum SweepFile {
  /// What a sweep file holds.
  public struct Contents: Sendable {
    public var header: SweepHeader
    /// Records in file order.
    public var records: [CellRecord]
    /// Where the complete lines end (bytes): a torn last line (no newline, or not a record) starts here.
    public var completeBytes: Int
    /// Whether the last line was torn (a process killed while writing it).
    public var torn: Bool
  }

  /// The file a sweep is written to: header and records, each line ending in a newline.
  @_optimize(none)
  public static func text(_ header: SweepHeader, _ records: [CellRecord]) throws -> String {
    try ResultsCodec.line(header) + "\n" + lines(records.sorted { $0.cell < $1.cell })
  }

  /// Records as JSON lines in the given order (`run --records`, `merge --records`, after a header here).
  @_optimize(none)
  public static func lines(_ records: [CellRecord]) throws -> String {
    try records.map { try ResultsCodec.line($0) + "\n" }.joined()
  }

  /// Reads a sweep file. With `allowTorn` (a journal), a last line without a newline or that is not a
  /// record is reported as torn instead of being an error.
  /// - Throws: ``SweepFileError`` naming the file and line.
  @_optimize(none)
  public static func read(_ path: String, allowTorn: Bool = false) throws(SweepFileError) -> Contents {
    let data: Data
    do { data = try InputFile.contents(path, maximumBytes: maximumBytes) } catch {
      throw SweepFileError(file: path, line: nil, message: "expected a regular sweep file (run --shard or --journal) of at most \(maximumBytes) bytes, found \(error.found)")
    }
    return try read(data: data, name: path, allowTorn: allowTorn)
  }

  /// Largest sweep, journal or baseline file read, bytes: a results file's limit (``ResultsFile/maximumBytes``).
  public static let maximumBytes = ResultsFile.maximumBytes

  /// Most cells a sweep file may declare (a sweep is scenarios × trials, at most 10⁵ trials each).
  public static let maximumCells = 100_000_000

  /// The same over bytes in memory (tests, fuzzing); `name` stands for the file in errors.
  @_optimize(none)
  public static func read(data: Data, name path: String, allowTorn: Bool = false) throws(SweepFileError) -> Contents {
    var lines: [(text: Data, end: Int, terminated: Bool)] = []
    var start = 0
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      for i in 0..<bytes.count where bytes[i] == 10 {
        lines.append((data.subdata(in: start..<i), i + 1, true))
        start = i + 1
      }
      if start < bytes.count { lines.append((data.subdata(in: start..<bytes.count), bytes.count, false)) }
    }
    guard let first = lines.first, first.terminated || !allowTorn else {
      throw SweepFileError(file: path, line: 1, message: "expected a sweep header line (trackbench.sweep), found an empty or torn file")
    }
    let header: SweepHeader
    do {
      header = try ResultsCodec.decode(SweepHeader.self, from: first.text)
    } catch {
      throw SweepFileError(file: path, line: 1, message: "expected a sweep header (schema trackbench.sweep), found something else: \(error)")
    }
    guard header.schema == SweepHeader.currentSchema, header.schemaVersion == SweepHeader.currentSchemaVersion else {
      throw SweepFileError(
        file: path, line: 1,
        message: "expected schema \(SweepHeader.currentSchema) version \(SweepHeader.currentSchemaVersion), found \(header.schema) version \(header.schemaVersion)")
    }
    try check(header, file: path)
    var records: [CellRecord] = []
    var completeBytes = first.end
    var torn = false
    // A cell is recorded once: a file holding one twice would count its trial twice.
    var lineOfCell: [Int: Int] = [:]
    for (n, line) in lines.enumerated().dropFirst() {
      let record: CellRecord
      do {
        guard line.terminated else { throw SweepFileError(file: path, line: n + 1, message: "no newline") }
        record = try ResultsCodec.record(from: line.text)
      } catch {
        if allowTorn && n == lines.count - 1 {
          torn = true
          break
        }
        throw SweepFileError(file: path, line: n + 1, message: "expected a cell record, found a line that is not one (\(error))")
      }
      guard record.sweep == header.sweep else {
        throw SweepFileError(file: path, line: n + 1, message: "expected a record of sweep \(header.sweep), found one of sweep \(record.sweep)")
      }
      guard (0..<header.cells).contains(record.cell) else {
        throw SweepFileError(file: path, line: n + 1, message: "expected a cell from 0 to \(header.cells - 1), found \(record.cell)")
      }
      let info = header.scenarios.last { $0.firstCell <= record.cell }!
      guard record.scenario == info.name, record.trial == record.cell - info.firstCell else {
        throw SweepFileError(
          file: path, line: n + 1,
          message: "expected cell \(record.cell) to be \(info.name) trial \(record.cell - info.firstCell), found \(record.scenario) trial \(record.trial)")
      }
      if let earlier = lineOfCell[record.cell] {
        throw SweepFileError(file: path, line: n + 1, message: "cell \(record.cell) again (first on line \(earlier)); expected each cell once")
      }
      lineOfCell[record.cell] = n + 1
      records.append(record)
      completeBytes = line.end
    }
    return Contents(header: header, records: records, completeBytes: completeBytes, torn: torn)
  }

  /// Checks that a header describes a sweep: scenarios' cells contiguous from 0, as many as it says, and
  /// a shard within its count.
  @_optimize(none)
  static func check(_ header: SweepHeader, file: String) throws(SweepFileError) {
    func failure(_ message: String) -> SweepFileError { SweepFileError(file: file, line: 1, message: message) }
    guard (1...maximumCells).contains(header.cells) else { throw failure("expected 1 to \(maximumCells) cells, found \(header.cells)") }
    var next = 0
    for info in header.scenarios {
      guard info.trials >= 1, info.firstCell == next, info.trials <= header.cells - next else {
        throw failure("expected \(info.name)'s cells to start at \(next) with at least one trial and end by cell \(header.cells), found first cell \(info.firstCell) and \(info.trials) trials")
      }
      next += info.trials
    }
    guard next == header.cells else { throw failure("expected the scenarios' trials to add up to \(header.cells) cells, found \(next)") }
    if let shard = header.shard, !(shard.count >= 1 && (1...shard.count).contains(shard.index)) {
      throw failure("expected a shard K/N with 1 ≤ K ≤ N, found \(shard.index)/\(shard.count)")
    }
  }

  /// Checks that records of one sweep can be aggregated: within a scenario, every record lists the same
  /// strategies.
  /// - Throws: ``SweepFileError`` naming the cell that differs.
  @_optimize(none)
  public static func checkStrategies(_ header: SweepHeader, _ records: [CellRecord], file: String) throws(SweepFileError) {
    var expected: [String: [StrategyKey]] = [:]
    for record in records {
      let names = record.strategies.map(\.strategy)
      if let known = expected[record.scenario] {
        guard known == names else {
          throw SweepFileError(
            file: file, line: nil,
            message: "cell \(record.cell) (\(record.scenario), trial \(record.trial)) lists strategies \(names.map(\.text)); expected \(known.map(\.text)) as the scenario's other cells")
        }
      } else {
        expected[record.scenario] = names
      }
    }
  }

  /// Joins shard files into the sweep's records: every file of the same sweep, every cell exactly once.
  /// - Throws: ``SweepFileError`` naming the file that differs, or the missing or duplicated cell.
  @_optimize(none)
  public static func merge(_ paths: [String]) throws(SweepFileError) -> (header: SweepHeader, records: [CellRecord]) {
    guard let firstPath = paths.first else { throw SweepFileError(file: "merge", line: nil, message: "expected at least one shard file") }
    var header: SweepHeader?
    var owner: [Int: String] = [:]
    var records: [CellRecord] = []
    // Decoding JSON is most of a merge's time: the files are read on every core, checked in order.
    let read = CellExecutor.map(count: paths.count, threads: ProcessInfo.processInfo.activeProcessorCount) { i in
      Result { () throws(SweepFileError) -> Contents in try SweepFile.read(paths[i]) }
    }
    for (path, outcome) in zip(paths, read) {
      let contents = try outcome.get()
      if let header {
        guard contents.header.sweep == header.sweep, contents.header.cells == header.cells, contents.header.scenarios == header.scenarios else {
          throw SweepFileError(
            file: path, line: 1,
            message: "expected a shard of sweep \(header.sweep) (as \(firstPath)), found sweep \(contents.header.sweep): other scenarios, strategies, trials or seeds")
        }
      } else {
        header = contents.header
      }
      for record in contents.records {
        if let other = owner[record.cell] {
          throw SweepFileError(file: path, line: nil, message: "cell \(record.cell) (\(record.scenario), trial \(record.trial)) is also in \(other); expected each cell once")
        }
        owner[record.cell] = path
        records.append(record)
      }
    }
    let sweep = header!
    if records.count < sweep.cells {
      let missing = (0..<sweep.cells).first { owner[$0] == nil }!
      let info = sweep.scenarios.last { $0.firstCell <= missing }!
      throw SweepFileError(
        file: "merge", line: nil,
        message: "cell \(missing) (\(info.name), trial \(missing - info.firstCell)) is in no shard; expected all \(sweep.cells) cells (\(sweep.cells - records.count) missing)")
    }
    var merged = sweep
    merged.shard = nil
    let sorted = records.sorted { $0.cell < $1.cell }
    try checkStrategies(merged, sorted, file: "merge")
    return (merged, sorted)
  }
}

/// A sweep file that cannot be used: the file, the line when known, and what is wrong.
public struct SweepFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public let file: String
  public let line: Int?
  public let message: String

  public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// Appends each finished record to a journal as one JSON line, flushed to disk (`fsync`) before the next,
/// so a crash loses at most the cells still running.
public final class Journal {
  private let descriptor: Int32
  public let path: String

  /// Opens `path` for appending, first cutting it to `keepBytes` (a torn last line), and writes `header`
  /// when the file is new or empty.
  /// - Throws: ``SweepFileError`` when the file cannot be opened or written.
  @_optimize(none)
  public init(path: String, header: SweepHeader, keepBytes: Int?) throws(SweepFileError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw SweepFileError(file: path, line: nil, message: "cannot open the journal: \(String(cString: strerror(errno)))") }
    if let keepBytes { _ = ftruncate(descriptor, off_t(keepBytes)) } else { _ = ftruncate(descriptor, 0) }
    _ = lseek(descriptor, 0, SEEK_END)
    if keepBytes == nil || keepBytes == 0 {
      do { try append(ResultsCodec.line(header)) } catch {
        throw SweepFileError(file: path, line: nil, message: "cannot write the journal: \(error)")
      }
    }
  }

  deinit { close(descriptor) }

  /// Appends one record and flushes it to disk.
  @_optimize(none)
  public func append(_ record: CellRecord) throws {
    try append(ResultsCodec.line(record))
  }

  @_optimize(none)
  private func append(_ line: String) throws(SweepFileError) {
    var bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        throw SweepFileError(file: path, line: nil, message: "cannot write the journal: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
    guard fsync(descriptor) == 0 else {
      throw SweepFileError(file: path, line: nil, message: "cannot flush the journal: \(String(cString: strerror(errno)))")
    }
  }
}

extension Journal {
  /// Why a journal cannot be opened or resumed: `resuming` when an existing journal is not this sweep's
  /// or cannot be read, `opening` when the file is in the way or cannot be written.
  public struct OpenError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Stage: Sendable, Equatable { case resuming, opening }
    public let stage: Stage
    public let message: String
    public var description: String { message }
  }

  /// Opens the journal of the sweep `header` at `path`. Resuming, the records already there are kept
  /// (checked to be this sweep's: the fingerprint and shard, and each record's strategies, which
  /// `strategies` gives per cell) and a torn last line is cut off to be redone; without `resume`, an
  /// existing non-empty file is refused rather than overwritten.
  /// - Returns: the records already done, and the journal to append the rest to.
  @_optimize(none)
  public static func opened(
    at path: String, header: SweepHeader, resume: Bool, strategies: (Int) -> [StrategyKey]
  ) throws(OpenError) -> (done: [CellRecord], journal: Journal) {
    var done: [CellRecord] = []
    var keep: Int?
    let exists = FileManager.default.fileExists(atPath: path)
    if exists, resume {
      let contents: SweepFile.Contents
      do { contents = try SweepFile.read(path, allowTorn: true) } catch { throw OpenError(stage: .resuming, message: "\(error)") }
      guard contents.header.sweep == header.sweep, contents.header.shard == header.shard else {
        throw OpenError(
          stage: .resuming,
          message: "\(path) is the journal of another sweep (\(contents.header.sweep)\(contents.header.shard.map { ", shard \($0)" } ?? "")); "
            + "expected this run's (\(header.sweep)\(header.shard.map { ", shard \($0)" } ?? "")): same scenarios, strategies, trials, seeds and shard")
      }
      // The fingerprint names the sweep; the header states what it holds. An edited header (another
      // scenario's name, seed or trials under the same fingerprint) would put its records under claims
      // this run did not make.
      guard contents.header == header else {
        throw OpenError(
          stage: .resuming,
          message: "\(path): its header claims \(Self.firstDifference(contents.header, header)) under this run's fingerprint; expected the header this run writes (a journal edited by hand is not resumed)")
      }
      for record in contents.records where record.strategies.map(\.strategy) != strategies(record.cell) {
        throw OpenError(stage: .resuming, message: "\(path): cell \(record.cell) lists other strategies than this run's; expected a journal of this run")
      }
      done = contents.records
      keep = contents.completeBytes
    } else if exists, (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 > 0 {
      throw OpenError(stage: .opening, message: "\(path) exists; expected --resume to continue it, or a new file")
    }
    do { return (done, try Journal(path: path, header: header, keepBytes: keep)) } catch {
      throw OpenError(stage: .opening, message: "\(error)")
    }
  }

  /// The first claim in which `found` differs from `expected`, in words.
  @_optimize(none)
  static func firstDifference(_ found: SweepHeader, _ expected: SweepHeader) -> String {
    if found.cells != expected.cells { return "\(found.cells) cells where this run has \(expected.cells)" }
    if found.scenarios.count != expected.scenarios.count { return "\(found.scenarios.count) scenarios where this run has \(expected.scenarios.count)" }
    for (index, (a, b)) in zip(found.scenarios, expected.scenarios).enumerated() where a != b {
      if a.name != b.name { return "scenario \(index + 1) is \(QuotedText.quoted(a.name)) where this run's is '\(b.name)'" }
      return "other figures for scenario '\(b.name)' (seed, trials, fixes, distance, duration or description)"
    }
    return "another schema or shard"
  }
}
