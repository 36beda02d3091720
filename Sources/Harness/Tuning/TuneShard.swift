import Evaluation
import Foundation

/// A shard of a grid or random tune (`tune --shard K/N`) as JSON lines: a ``Header`` line, then one
/// ``Evaluation`` per search point the shard holds (points whose index modulo N is K − 1), with every
/// training cell's scores. `tune … --merge FILES` (the same arguments) reads the shards instead of
/// scoring those points, then validates, sweeps the sensitivity axes and places the references itself,
/// so its report is byte for byte the one a single process writes.
public enum TuneShard {
  public struct Header: Sendable, Hashable, Codable {
    /// Always `trackbench.tune-shard`.
    public var schema: String
    public var schemaVersion: Int
    /// The tune's fingerprint (``Tuner/fingerprint(method:budget:seed:)``).
    public var tune: String
    /// Points in the whole search.
    public var points: Int
    public var shard: SweepHeader.Shard

    public static let currentSchema = "trackbench.tune-shard"
    public static let currentSchemaVersion = 1

    public init(tune: String, points: Int, shard: SweepHeader.Shard) {
      schema = Self.currentSchema
      schemaVersion = Self.currentSchemaVersion
      self.tune = tune; self.points = points; self.shard = shard
    }
  }

  /// One search point scored on the training set.
  public struct Evaluation: Sendable, Hashable, Codable {
    /// The point's position in the search (0-based).
    public var point: Int
    /// The strategy at the point (its text is the evaluation cache's key).
    public var strategy: String
    /// Every training cell's scores, in the set's cell order.
    public var cells: [Scores]

    public init(point: Int, strategy: String, cells: [Scores]) {
      self.point = point; self.strategy = strategy; self.cells = cells
    }
  }

  /// The file a shard is written to: header and evaluations by point, each line ending in a newline.
  public static func text(_ header: Header, _ evaluations: [Evaluation]) throws -> String {
    try ([ResultsCodec.line(header)] + evaluations.sorted { $0.point < $1.point }.map { try ResultsCodec.line($0) })
      .map { $0 + "\n" }.joined()
  }

  /// Whether `data` starts like a tune shard (for `merge`, which reads both kinds of shard).
  public static func looksLike(_ data: Data) -> Bool {
    data.prefix(4096).range(of: Data("\"\(Header.currentSchema)\"".utf8)) != nil
  }

  /// Reads a tune shard.
  /// - Throws: ``SweepFileError`` naming the file and line.
  public static func read(data: Data, name path: String) throws(SweepFileError) -> (header: Header, evaluations: [Evaluation]) {
    let lines = data.split(separator: 10, omittingEmptySubsequences: false)
    guard let first = lines.first, !first.isEmpty, data.last == 10 else {
      throw SweepFileError(file: path, line: 1, message: "expected a tune shard (trackbench.tune-shard lines ending in newlines), found an empty or torn file")
    }
    let header: Header
    do { header = try ResultsCodec.decode(Header.self, from: Data(first)) } catch {
      throw SweepFileError(file: path, line: 1, message: "expected a tune shard header (schema \(Header.currentSchema)), found something else: \(error)")
    }
    guard header.schema == Header.currentSchema, header.schemaVersion == Header.currentSchemaVersion else {
      throw SweepFileError(
        file: path, line: 1,
        message: "expected schema \(Header.currentSchema) version \(Header.currentSchemaVersion), found \(header.schema) version \(header.schemaVersion)")
    }
    guard (1...10_000_000).contains(header.points), header.shard.count >= 1, (1...header.shard.count).contains(header.shard.index) else {
      throw SweepFileError(file: path, line: 1, message: "expected 1 to 10000000 points and a shard K/N with 1 ≤ K ≤ N, found \(header.points) points, shard \(header.shard.index)/\(header.shard.count)")
    }
    var evaluations: [Evaluation] = []
    var expected = (0..<header.points).lazy.filter { header.shard.holds($0) }.makeIterator()
    for (n, line) in lines.enumerated().dropFirst() where n < lines.count - 1 {
      let evaluation: Evaluation
      do { evaluation = try JSONDecoder().decode(Evaluation.self, from: Data(line)) } catch {
        throw SweepFileError(file: path, line: n + 1, message: "expected a tune evaluation (point, strategy, cells), found a line that is not one (\(JSONReadError(error)))")
      }
      guard let next = expected.next(), evaluation.point == next else {
        throw SweepFileError(
          file: path, line: n + 1,
          message: "expected the shard's points in order (every \(header.shard.count)th from \(header.shard.index - 1)), found point \(evaluation.point)")
      }
      evaluations.append(evaluation)
    }
    if let missing = expected.next() {
      throw SweepFileError(file: path, line: nil, message: "point \(missing) of shard \(header.shard) is missing; expected every point the shard holds (a shard cut short?)")
    }
    return (header, evaluations)
  }

  /// Joins the shards of one tune: all with fingerprint `tune`, every shard of the count exactly once.
  /// - Returns: every point's evaluation, by point.
  /// - Throws: ``SweepFileError`` naming the file that differs or the missing or repeated shard.
  public static func merge(_ paths: [String], tune: String, points: Int) throws(SweepFileError) -> [Evaluation] {
    var owner: [Int: String] = [:]
    var count: Int?
    var evaluations: [Evaluation] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw SweepFileError(file: path, line: nil, message: "cannot read the file; expected a tune shard (tune --shard K/N)")
      }
      let (header, found) = try read(data: data, name: path)
      guard header.tune == tune, header.points == points else {
        throw SweepFileError(
          file: path, line: 1,
          message: "expected a shard of tune \(tune) (\(points) points: these arguments), found tune \(header.tune) (\(header.points) points): another strategy, parameters, objective, method, budget, seed, trials or training scenarios")
      }
      if let count, header.shard.count != count {
        throw SweepFileError(file: path, line: 1, message: "expected a shard of \(count) (as the others), found shard \(header.shard)")
      }
      count = header.shard.count
      if let other = owner[header.shard.index] {
        throw SweepFileError(file: path, line: 1, message: "shard \(header.shard) is given twice (also as \(other)); expected each shard once")
      }
      owner[header.shard.index] = path
      evaluations += found
    }
    guard let count else { throw SweepFileError(file: "merge", line: nil, message: "expected at least one tune shard") }
    if let missing = (1...count).first(where: { owner[$0] == nil }) {
      throw SweepFileError(file: "merge", line: nil, message: "shard \(missing)/\(count) is not given; expected all \(count) shards")
    }
    return evaluations.sorted { $0.point < $1.point }
  }
}
