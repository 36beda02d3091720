import Evaluation
import Foundation
import NumericKit
import TrackCore

/// The accuracy gate's memory: one JSON line per `check --history`, each the rerun's mean and 95 %
/// interval per scenario × strategy × metric, with the check's verdicts; read back as one trend per
/// metric and strategy (``Series``) for `report --history`.
///
/// A line names its scenarios, strategies and metrics once; `verdicts` has one letter per cell of that
/// grid (scenario-major, then strategy, then metric; `.` where no cell was judged) and `values` the
/// present cells' mean, low and high in grid order, as little-endian IEEE 754 doubles in base64. Packed
/// because the bundled suite judges ~4,000 cells: as JSON numbers a history of 1,000 checks is ~225 MB
/// and takes ~6 s to parse; packed it is ~140 MB and reads in well under a second
/// (docs/ci.md has the layout).
public struct CheckHistory: Sendable, Codable {
  public static let schema = "trackbench.history"
  public static let schemaVersion = 1

  /// The suite every line was checked on (``suite(of:)``).
  public var suite: String
  /// The checks, oldest first.
  public var runs: [Run]
  /// Per metric (in the order first seen), per strategy (in the order first seen): the suite-wide
  /// value of every run.
  public var series: [Series]

  /// A mean and its 95 % interval, in the metric's unit.
  public struct Estimate: Sendable, Hashable, Codable {
    public var mean: Double
    public var low: Double
    public var high: Double
    public init(mean: Double, low: Double, high: Double) { self.mean = mean; self.low = low; self.high = high }

    /// The mean of `values` and its t interval; one value: the value at both ends; none: `nil`.
    init?(_ values: [Double]) {
      guard let mean = Statistics.mean(values) else { return nil }
      let interval = Statistics.meanConfidenceInterval(values)
      self.init(mean: mean, low: interval?.lowerBound ?? mean, high: interval?.upperBound ?? mean)
    }
  }

  /// One check, without its cells.
  public struct Run: Sendable, Hashable, Codable {
    /// UTC, ISO 8601 (`2026-11-26T02:03:04Z`).
    public var time: String
    /// `check --label`, e.g. the commit; may be empty.
    public var label: String
    public var passed: Bool
    public var regressions: Int
    public var watch: Int
    public var improvements: Int
    public init(time: String, label: String, passed: Bool, regressions: Int, watch: Int, improvements: Int) {
      self.time = time; self.label = label; self.passed = passed; self.regressions = regressions; self.watch = watch
      self.improvements = improvements
    }
  }

  /// One metric of one strategy across the runs.
  public struct Series: Sendable, Hashable, Codable {
    public var metric: String
    public var strategy: String
    /// Per run (``runs``' order): the mean over the scenarios that scored it, or `nil` where the run
    /// had no such cell. A signed metric (closer to zero is better) averages each scenario's |mean|.
    /// The interval is the mean's ± √(Σ hᵢ²)/n from the cells' half-widths hᵢ (scenarios independent).
    public var points: [Estimate?]
    /// Per run: a cell of this metric and strategy regressed.
    public var regressed: [Bool]
  }

  /// One line as stored.
  public struct Line: Sendable, Codable {
    public var schema = CheckHistory.schema
    public var schemaVersion = CheckHistory.schemaVersion
    /// ``CheckHistory/suite(of:)`` of the baseline checked.
    public var suite: String
    public var time: String
    public var label: String
    public var toolVersion: String
    public var passed: Bool
    public var regressions: Int
    public var watch: Int
    public var improvements: Int
    public var scenarios: [String]
    public var strategies: [String]
    public var metrics: [String]
    /// One ``letter(_:)`` per scenario × strategy × metric.
    public var verdicts: String
    /// Base64 of the present cells' (mean, low, high), little-endian doubles.
    public var values: String
  }

  /// The fingerprint of the scenarios (or recordings) a baseline was recorded on: every name and
  /// content fingerprint, in order. Checks of one suite share it whatever their strategies or trials.
  @_optimize(none)
  public static func suite(of header: BaselineHeader) -> String {
    Fingerprint.of(header.scenarios.flatMap { [$0.name, $0.fingerprint] })
  }

  /// The line `check --history` appends for `check`.
  /// - Parameters:
  ///   - time: when the check ran.
  ///   - label: e.g. the commit checked.
  @_optimize(none)
  public static func line(_ check: BaselineCheck, suite: String, time: Date, label: String, toolVersion: String) throws -> String {
    func ordered(_ names: [String]) -> [String] {
      var seen = Set<String>()
      return names.filter { seen.insert($0).inserted }
    }
    let scenarios = ordered(check.cells.map(\.scenario)), strategies = ordered(check.cells.map(\.strategy))
    let metrics = ordered(check.cells.map(\.change.metric.rawValue))
    let scenarioIndex = Dictionary(uniqueKeysWithValues: scenarios.enumerated().map { ($1, $0) })
    let strategyIndex = Dictionary(uniqueKeysWithValues: strategies.enumerated().map { ($1, $0) })
    let metricIndex = Dictionary(uniqueKeysWithValues: metrics.enumerated().map { ($1, $0) })
    var grid = [UInt8](repeating: UInt8(ascii: "."), count: scenarios.count * strategies.count * metrics.count)
    var estimates = [Estimate?](repeating: nil, count: grid.count)
    for cell in check.cells {
      guard let current = cell.current else { continue }
      let slot = (scenarioIndex[cell.scenario]! * strategies.count + strategyIndex[cell.strategy]!) * metrics.count
        + metricIndex[cell.change.metric.rawValue]!
      // A strategy run twice in one scenario keeps its first cell.
      guard grid[slot] == UInt8(ascii: ".") else { continue }
      grid[slot] = letter(cell.change.verdict)
      estimates[slot] = current
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(estimates.count * 24)
    for estimate in estimates {
      guard let estimate else { continue }
      for number in [estimate.mean, estimate.low, estimate.high] {
        withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
      }
    }
    let stamp = Date.ISO8601FormatStyle(timeZone: .gmt).format(time)
    return try ResultsCodec.line(
      Line(
        suite: suite, time: stamp, label: label, toolVersion: toolVersion, passed: check.passed, regressions: check.regressions,
        watch: check.watch ?? 0, improvements: check.improvements, scenarios: scenarios, strategies: strategies, metrics: metrics,
        verdicts: String(decoding: grid, as: UTF8.self), values: Data(bytes).base64EncodedString()))
  }

  /// A verdict's letter in ``Line/verdicts``.
  @_optimize(none)
  static func letter(_ verdict: PairedChange.Verdict) -> UInt8 {
    switch verdict {
    case .regression: UInt8(ascii: "r")
    case .watch: UInt8(ascii: "w")
    case .tradeOff: UInt8(ascii: "t")
    case .improvement: UInt8(ascii: "i")
    case .negligible: UInt8(ascii: "n")
    case .identical: UInt8(ascii: "=")
    case .changed: UInt8(ascii: "c")
    case .withinNoise: UInt8(ascii: "~")
    case .notJudged: UInt8(ascii: "?")
    }
  }
  static let letters = Set("rwin=c~?.".utf8)

  /// The suite of a history's first line, for `check --history` to compare before appending.
  /// - Returns: `nil` for an empty history.
  /// - Throws: ``CheckHistoryError`` for a first line that is not a history line.
  @_optimize(none)
  public static func firstSuite(_ data: Data, file: String) throws(CheckHistoryError) -> String? {
    var first: String?
    try forEachLine(data, file: file) { line, number throws(CheckHistoryError) in
      first = try decode(line, file: file, number: number).suite
      return false
    }
    return first
  }

  /// Reads a whole history: every line checked (schema, one suite, a grid and values that agree), the
  /// runs, and every metric's series per strategy.
  /// - Throws: ``CheckHistoryError`` naming the file and line.
  @_optimize(none)
  public init(_ data: Data, file: String) throws(CheckHistoryError) {
    var suite: String?
    var runs: [Run] = []
    var seriesIndex: [String: [String: Int]] = [:]
    var series: [Series] = []
    try Self.forEachLine(data, file: file) { text, number throws(CheckHistoryError) in
      let line = try Self.decode(text, file: file, number: number)
      if let suite, line.suite != suite {
        throw CheckHistoryError(
          file: file, line: number,
          message: "expected a check of the suite the first line names (\(suite)), found another suite's (\(line.suite)); one history holds one suite")
      }
      suite = line.suite
      let cells = try Self.cells(line, file: file, number: number)
      let run = runs.count
      runs.append(
        Run(time: line.time, label: line.label, passed: line.passed, regressions: line.regressions, watch: line.watch, improvements: line.improvements))
      for key in series.indices {
        series[key].points.append(nil)
        series[key].regressed.append(false)
      }
      for (metric, strategy, estimate, regressed) in cells {
        let key: Int
        if let known = seriesIndex[metric]?[strategy] {
          key = known
        } else {
          key = series.count
          seriesIndex[metric, default: [:]][strategy] = key
          series.append(
            Series(
              metric: metric, strategy: strategy, points: [Estimate?](repeating: nil, count: run + 1),
              regressed: [Bool](repeating: false, count: run + 1)))
        }
        series[key].points[run] = estimate
        series[key].regressed[run] = regressed
      }
      return true
    }
    guard let suite else { throw CheckHistoryError(file: file, line: nil, message: "expected at least one check (check --history), found an empty file") }
    self.suite = suite
    self.runs = runs
    // Metrics in the order first seen, each metric's strategies in the order first seen.
    let metricOrder = series.reduce(into: [String]()) { if !$0.contains($1.metric) { $0.append($1.metric) } }
    self.series = metricOrder.flatMap { metric in series.filter { $0.metric == metric } }
  }

  /// The history's lines, numbered from 1; blank lines are skipped. `body` returns `false` to stop.
  @_optimize(none)
  private static func forEachLine(
    _ data: Data, file: String, _ body: (Data, Int) throws(CheckHistoryError) -> Bool
  ) throws(CheckHistoryError) {
    // Line ends found with memchr: a history of 1,000 checks is ~140 MB.
    let ends: [Int] = data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return [] }
      var ends: [Int] = [], offset = 0
      while offset < raw.count, let found = memchr(base + offset, 10, raw.count - offset) {
        ends.append(base.distance(to: UnsafeRawPointer(found)))
        offset = ends.last! + 1
      }
      if offset < raw.count { ends.append(raw.count) }
      return ends
    }
    var start = 0
    for (index, end) in ends.enumerated() {
      defer { start = end + 1 }
      let line = data[(data.startIndex + start)..<(data.startIndex + end)]
      if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
      guard try body(Data(line), index + 1) else { return }
    }
  }

  @_optimize(none)
  private static func decode(_ text: Data, file: String, number: Int) throws(CheckHistoryError) -> Line {
    let line: Line
    do { line = try ResultsCodec.decode(Line.self, from: text) } catch {
      if error.message == JSONReadError.duplicateKey { throw CheckHistoryError(file: file, line: number, message: "\(error)") }
      guard let object = try? JSONSerialization.jsonObject(with: text) as? [String: Any] else {
        throw CheckHistoryError(
          file: file, line: number, message: "expected a complete history line (one JSON object of check --history), found a truncated or malformed one: \(error)")
      }
      let schema = (object["schema"] as? String).map { " (schema \($0))" } ?? ""
      throw CheckHistoryError(file: file, line: number, message: "expected a line of check --history (schema \(Self.schema)), found another JSON object\(schema): \(error)")
    }
    guard line.schema == schema, line.schemaVersion == schemaVersion else {
      throw CheckHistoryError(
        file: file, line: number, message: "expected schema \(schema) version \(schemaVersion), found \(line.schema) version \(line.schemaVersion)")
    }
    guard (try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(line.time)) != nil else {
      throw CheckHistoryError(file: file, line: number, message: "field time: expected an ISO 8601 UTC time such as 2026-11-26T18:00:00Z, found \(QuotedText.quoted(line.time))")
    }
    for (field, count) in [("regressions", line.regressions), ("watch", line.watch), ("improvements", line.improvements)] where count < 0 {
      throw CheckHistoryError(file: file, line: number, message: "field \(field): expected a count of 0 or more, found \(count)")
    }
    return line
  }

  /// The line's cells folded over its scenarios: per metric and strategy the suite-wide estimate and
  /// whether any scenario's cell regressed.
  @_optimize(none)
  private static func cells(
    _ line: Line, file: String, number: Int
  ) throws(CheckHistoryError) -> [(metric: String, strategy: String, estimate: Estimate, regressed: Bool)] {
    func failure(_ message: String) -> CheckHistoryError { CheckHistoryError(file: file, line: number, message: message) }
    let (partial, pairOverflow) = line.scenarios.count.multipliedReportingOverflow(by: line.strategies.count)
    let (slots, overflow) = partial.multipliedReportingOverflow(by: line.metrics.count)
    let verdicts = Array(line.verdicts.utf8)
    guard !pairOverflow, !overflow, verdicts.count == slots else {
      throw failure(
        "field verdicts: expected one letter per scenario × strategy × metric (\(line.scenarios.count) × \(line.strategies.count) × \(line.metrics.count)), found \(verdicts.count)")
    }
    if let bad = verdicts.first(where: { !letters.contains($0) }) {
      throw failure("field verdicts: expected letters of r w i n = c ~ ? ., found '\(Character(Unicode.Scalar(bad)))'")
    }
    let present = verdicts.count { $0 != UInt8(ascii: ".") }
    // Checked before decoding: base64 of 24 bytes per present cell has exactly this many characters.
    guard line.values.utf8.count == (present * 24 + 2) / 3 * 4, let values = Data(base64Encoded: line.values), values.count == present * 24 else {
      throw failure("field values: expected base64 of \(present) cells × 3 doubles (\(present * 24) bytes), found \(line.values.utf8.count) characters that are not")
    }
    let goals = line.metrics.map { Metric(rawValue: $0)?.goal ?? .minimize }
    struct Sum { var value = 0.0, squares = 0.0, count = 0, regressed = false }
    var sums = [Sum](repeating: Sum(), count: line.strategies.count * line.metrics.count)
    var bad: CheckHistoryError?
    values.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      var offset = 0
      for (slot, verdict) in verdicts.enumerated() where verdict != UInt8(ascii: ".") {
        var numbers = (0.0, 0.0, 0.0)
        numbers.0 = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        numbers.1 = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
        numbers.2 = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
        offset += 24
        guard numbers.0.isFinite, numbers.1.isFinite, numbers.2.isFinite, numbers.1 <= numbers.2 else {
          bad = failure("field values: expected finite numbers with low ≤ high, found \(numbers.0) [\(numbers.1), \(numbers.2)] at cell \(slot)")
          return
        }
        let metric = slot % line.metrics.count, strategy = slot / line.metrics.count % line.strategies.count
        let half = (numbers.2 - numbers.1) / 2
        let index = strategy * line.metrics.count + metric
        sums[index].value += goals[metric] == .zero ? abs(numbers.0) : numbers.0
        sums[index].squares += half * half
        sums[index].count += 1
        if verdict == UInt8(ascii: "r") { sums[index].regressed = true }
      }
    }
    if let bad { throw bad }
    var out: [(metric: String, strategy: String, estimate: Estimate, regressed: Bool)] = []
    for metric in line.metrics.indices {
      for strategy in line.strategies.indices {
        let sum = sums[strategy * line.metrics.count + metric]
        guard sum.count > 0 else { continue }
        let n = Double(sum.count), mean = sum.value / n, half = sum.squares.squareRoot() / n
        out.append((line.metrics[metric], line.strategies[strategy], Estimate(mean: mean, low: mean - half, high: mean + half), sum.regressed))
      }
    }
    return out
  }
}

/// A history that cannot be read or appended to: the file, the line (from 1) and what was wrong.
public struct CheckHistoryError: Error, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int?
  public let message: String
  @_optimize(none)
  public init(file: String, line: Int?, message: String) { self.file = file; self.line = line; self.message = message }
  public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
