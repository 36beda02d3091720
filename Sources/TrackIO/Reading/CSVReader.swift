import TrackCore
/// Reads a CSV track: a header row naming the columns, then one point per row. The columns, found by
/// name in any order (unknown ones ignored):
///
/// | column | alternatives | meaning |
/// |---|---|---|
/// | `time_s` | | seconds since the start (then the recording has no date) |
/// | `time` | | ISO 8601 UTC (`2026-01-01T07:00:00Z`) |
/// | `latitude_deg` | `latitude`, `lat` | WGS84 degrees (required) |
/// | `longitude_deg` | `longitude`, `lon`, `lng` | WGS84 degrees (required) |
/// | `horizontal_accuracy_m` | `accuracy` | the claimed accuracy, m |
/// | `speed_mps` | `speed` | m/s |
/// | `course_deg` | `course`, `bearing` | degrees from true north |
/// | `altitude_m` | `altitude`, `ele` | metres |
/// | `track` | | keep only rows whose value is `observed` (the file `trackbench generate --format csv` writes) |
///
/// One of `time_s` or `time` is required. Fields are separated by commas; a field may be quoted with `"`
/// (no commas or line breaks inside). Empty fields mean "absent".
/// - Complexity: O(bytes), one pass, memory bounded by the points kept (see ``ByteLines``).
public struct CSVReader: Sendable {
  public init() {}

  /// Reads `path` (`-`: standard input).
  /// - Throws: ``RecordingError`` naming the file and line for a header without the required columns,
  ///   and when no row holds a point.
  public func read(_ path: String) throws -> Recording {
    var state = CSVState()
    state.recording.points.reserve(forFile: path, bytesPerPoint: 40)
    var failure: RecordingError?
    try ByteLines.forEach(in: path) { line, number, tooLong in
      if tooLong { state.recording.skip(.malformed, at: "line \(number)"); return state.recording.points.count }
      do { try state.consume(line, number: number, name: path) } catch let error as RecordingError { failure = error; return nil }
      return state.recording.points.count <= Recording.maximumPoints ? state.recording.points.count : nil
    }
    if let failure { throw failure }
    return try state.finish(name: path)
  }

  /// Reads CSV held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(text: some Collection<UInt8>, name: String = "-") throws -> Recording {
    var state = CSVState()
    try Array(text).withUnsafeBufferPointer { all in
      try ByteLines.forEach(inMemory: all) { line, number in try state.consume(line, number: number, name: name) }
    }
    return try state.finish(name: name)
  }
}

struct CSVState {
  var recording = Recording()
  /// Column index of each field, once the header is read.
  private var columns: [Column: Int]?
  private var timeIsISO = false

  enum Column: Int, CaseIterable { case time, latitude, longitude, accuracy, speed, course, altitude, track }
  /// Each column's field index by `Column.rawValue` (−1: absent), set from the header: an array, not a
  /// dictionary, since it is read several times per row.
  private var positions: [Int] = []
  /// The row being read, split into fields (capacity reused from row to row).
  private var fields: [UnsafeBufferPointer<UInt8>] = []

  static let names: [Column: [String]] = [
    .latitude: ["latitude_deg", "latitude", "lat"], .longitude: ["longitude_deg", "longitude", "lon", "lng"],
    .accuracy: ["horizontal_accuracy_m", "accuracy"], .speed: ["speed_mps", "speed"], .course: ["course_deg", "course", "bearing"],
    .altitude: ["altitude_m", "altitude", "ele"], .track: ["track"],
  ]

  mutating func consume(_ line: UnsafeBufferPointer<UInt8>, number: Int, name: String) throws {
    guard !line.isEmpty else { return }
    Self.split(line, into: &fields)
    guard columns != nil else {
      try readHeader(fields.map { String(decoding: $0, as: UTF8.self).lowercased() }, number: number, name: name)
      return
    }
    func field(_ column: Column) -> UnsafeBufferPointer<UInt8>? {
      let index = positions[column.rawValue]
      guard index >= 0, index < fields.count, !fields[index].isEmpty else { return nil }
      return fields[index]
    }
    if let track = field(.track), !XMLEvents.named(track, "observed") { return }
    guard let latitudeText = field(.latitude), let longitudeText = field(.longitude),
      let latitude = Fields.decimal(latitudeText), let longitude = Fields.decimal(longitudeText)
    else { recording.skip(.malformed, at: "line \(number)"); return }
    guard abs(latitude) <= 90, abs(longitude) <= 180 else { recording.skip(.outOfRange, at: "line \(number)"); return }
    guard let timeText = field(.time), let time = timeIsISO ? ISOTime.seconds(timeText) : Fields.decimal(timeText) else {
      recording.skip(.noTime, at: "line \(number)")
      return
    }
    if let last = recording.points.last, time <= last.time { recording.skip(.notAfterPrevious, at: "line \(number)"); return }
    var point = RecordedPoint(time: time, latitude: latitude, longitude: longitude)
    point.altitude = field(.altitude).flatMap(Fields.decimal).flatMap { abs($0) < 100_000 ? $0 : nil }
    point.speed = field(.speed).flatMap(Fields.decimal).flatMap { $0 >= 0 && $0 < 100_000 ? $0 : nil }
    point.course = field(.course).flatMap(Fields.decimal).flatMap { (0...360).contains($0) ? $0 : nil }
    if let accuracy = field(.accuracy).flatMap(Fields.decimal), accuracy >= 0, accuracy < 1_000_000 {
      point.horizontalAccuracy = accuracy
      point.accuracySource = .claimed
    }
    recording.points.append(point)
  }

  private mutating func readHeader(_ header: [String], number: Int, name: String) throws {
    var found: [Column: Int] = [:]
    for (column, names) in Self.names {
      if let index = header.firstIndex(where: { names.contains($0) }) { found[column] = index }
    }
    if let index = header.firstIndex(of: "time_s") {
      found[.time] = index
    } else if let index = header.firstIndex(of: "time") {
      found[.time] = index
      timeIsISO = true
    }
    let missing = [Column.time, .latitude, .longitude].filter { found[$0] == nil }
    guard missing.isEmpty else {
      // A header with a known column is a track's, and its names help; one with none may be any file at
      // all (a password file), and nothing of it is quoted.
      let what = found.isEmpty
        ? "\(header.count) column\(header.count == 1 ? "" : "s"), none a known name"
        : "the columns " + header.prefix(4).map { QuotedText.quoted($0.prefix(20)) }.joined(separator: ", ") + (header.count > 4 ? ", …" : "")
      throw RecordingError(
        file: name, place: "\(number):1", expected: "a header naming time_s or time, latitude_deg and longitude_deg (docs/recordings.md)", found: what)
    }
    columns = found
    positions = Column.allCases.map { found[$0] ?? -1 }
    recording.hasDate = timeIsISO
  }

  func finish(name: String) throws -> Recording {
    guard columns != nil else { throw RecordingError(file: name, expected: "a CSV header row", found: "an empty file") }
    guard !recording.points.isEmpty, recording.points.count <= Recording.maximumPoints else {
      let why = recording.points.isEmpty ? (recording.skippedSummary.map { "no usable row (\($0))" } ?? "no row") : "more"
      throw RecordingError(file: name, expected: "between 1 and \(Recording.maximumPoints) rows with a position and a time", found: why)
    }
    return recording
  }

  /// The fields of a row; a field quoted with `"` loses its quotes.
  static func split(_ line: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
    var fields: [UnsafeBufferPointer<UInt8>] = []
    split(line, into: &fields)
    return fields
  }

  /// The fields of a row into `fields` (emptied first, capacity kept).
  static func split(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [UnsafeBufferPointer<UInt8>]) {
    fields.removeAll(keepingCapacity: true)
    var start = 0
    for i in 0...line.count where i == line.count || line[i] == 44 {
      var a = start, b = i
      while a < b && line[a] == 32 { a += 1 }
      while b > a && line[b - 1] == 32 { b -= 1 }
      if b - a >= 2 && line[a] == 34 && line[b - 1] == 34 { a += 1; b -= 1 }
      fields.append(UnsafeBufferPointer(rebasing: line[a..<b]))
      start = i + 1
    }
  }
}

extension RecordingFormatDescriptor {
  public static let csv = RecordingFormatDescriptor(
    name: "csv", title: "CSV", extensions: ["csv"],
    sniff: { head in
      guard let header = head.trimmed.split(separator: "\n").first?.lowercased() else { return false }
      return header.contains(",") && header.contains("lat")
    },
    read: { path, _ in try CSVReader().read(path) }, writer: CSVTrackWriter())
}
