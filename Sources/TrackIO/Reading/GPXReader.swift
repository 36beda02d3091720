/// Reads GPX 1.0 and 1.1 tracks: every `trkpt` of every `trk` and `trkseg`, with its time, elevation,
/// `hdop`/`vdop`/`pdop`, `sat`, and speed and course from GPX 1.0's own elements, Garmin's
/// TrackPointExtension (v1, v2) or TrackBench's namespace (`tb:speed`, `tb:course`, `tb:accuracy`).
///
/// Claimed accuracy: `tb:accuracy` when present, else HDOP × ``RecordedPoint/metresPerHDOP``, else
/// unknown. Times are ISO 8601 (`Z` or an offset; none is taken as UTC, as GPX requires). Points
/// without a time or with a coordinate out of range are skipped and counted, as are points whose time
/// is not after the previous one. Waypoints and routes are not tracks and are ignored.
/// - Complexity: O(bytes), one pass, memory bounded by the points kept (see ``XMLEvents``).
public struct GPXReader: Sendable {
  public init() {}

  /// Reads `path` (`-`: standard input).
  /// - Throws: ``RecordingError`` when the file cannot be read, is not XML, or has no track point.
  public func read(_ path: String) throws -> Recording { try GPXState.read(path) }

  /// Reads GPX held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(bytes: [UInt8], name: String = "-") throws -> Recording { try GPXState.read(bytes: bytes, name: name) }
}

struct GPXState: XMLRecordingState {
  static let bytesPerPoint = 100
  var recording = Recording(hasDate: true)
  /// The byte offset of the event being read: where a skipped point is reported.
  private var eventOffset = 0
  private var sawGPX = false
  private var inPoint = false
  private var point = RecordedPoint(time: 0, latitude: 0, longitude: 0)
  private var pointValid = false
  private var time: Double?
  private var claimed: Double?
  /// The leaf element whose text is being read.
  private var leaf: Leaf = .none
  private var newSegment = true

  enum Leaf { case none, elevation, time, hdop, satellites, speed, course, accuracy }

  /// - Throws: ``RecordingError`` when the recording grows past ``Recording/maximumPoints``.
  mutating func consume(_ event: XMLEvents.Event, offset: Int, name: String) throws {
    eventOffset = offset
    guard recording.points.count <= Recording.maximumPoints else {
      throw RecordingError(file: name, place: "byte \(offset)", expected: "at most \(Recording.maximumPoints) points", found: "more")
    }
    switch event {
    case .start(let name, let attributes, let selfClosing):
      if !sawGPX && XMLEvents.named(name, "gpx") { sawGPX = true }
      if XMLEvents.named(name, "trkseg") { newSegment = true }
      if XMLEvents.named(name, "trkpt") {
        startPoint(attributes)
        if selfClosing { endPoint() }
        return
      }
      guard inPoint else { return }
      leaf = selfClosing ? .none : Self.leaf(name)
    case .end(let name):
      if XMLEvents.named(name, "trkpt") { endPoint() }
      leaf = .none
    case .text(let text):
      guard inPoint, leaf != .none else { return }
      let trimmed = Self.trimmed(text)
      switch leaf {
      case .none: break
      case .time: time = ISOTime.seconds(trimmed)
      case .elevation: point.altitude = Fields.decimal(trimmed).flatMap { $0.isFinite && abs($0) < 100_000 ? $0 : nil }
      case .hdop: point.hdop = Fields.decimal(trimmed).flatMap { $0.isFinite && $0 >= 0 && $0 < 10_000 ? $0 : nil }
      case .satellites: point.satellites = Fields.decimal(trimmed).flatMap { $0 >= 0 && $0 < 1000 && $0.rounded() == $0 ? Int($0) : nil }
      case .speed: point.speed = Fields.decimal(trimmed).flatMap { $0.isFinite && $0 >= 0 && $0 < 100_000 ? $0 : nil }
      case .course: point.course = Fields.decimal(trimmed).flatMap { $0.isFinite && (0...360).contains($0) ? $0 : nil }
      case .accuracy: claimed = Fields.decimal(trimmed).flatMap { $0.isFinite && $0 >= 0 && $0 < 1_000_000 ? $0 : nil }
      }
    }
  }

  private static func leaf(_ name: UnsafeBufferPointer<UInt8>) -> Leaf {
    if XMLEvents.named(name, "ele") { return .elevation }
    if XMLEvents.named(name, "time") { return .time }
    if XMLEvents.named(name, "hdop") { return .hdop }
    if XMLEvents.named(name, "sat") { return .satellites }
    if XMLEvents.named(name, "speed") { return .speed }
    if XMLEvents.named(name, "course") { return .course }
    if XMLEvents.named(name, "accuracy") { return .accuracy }
    return .none
  }

  private mutating func startPoint(_ attributes: UnsafeBufferPointer<UInt8>) {
    inPoint = true
    time = nil
    claimed = nil
    pointValid = false
    point = RecordedPoint(time: 0, latitude: 0, longitude: 0)
    guard let latitudeText = XMLEvents.attribute("lat", in: attributes), let longitudeText = XMLEvents.attribute("lon", in: attributes),
      let latitude = Fields.decimal(Self.trimmed(latitudeText)), let longitude = Fields.decimal(Self.trimmed(longitudeText))
    else {
      recording.skip(.malformed, at: "byte \(eventOffset)")
      return
    }
    guard abs(latitude) <= 90, abs(longitude) <= 180 else {
      recording.skip(.outOfRange, at: "byte \(eventOffset)")
      return
    }
    point.latitude = latitude
    point.longitude = longitude
    pointValid = true
  }

  private mutating func endPoint() {
    defer { inPoint = false; leaf = .none }
    guard inPoint, pointValid else { return }
    guard let time else { recording.skip(.noTime, at: "byte \(eventOffset)"); return }
    if let last = recording.points.last, time <= last.time { recording.skip(.notAfterPrevious, at: "byte \(eventOffset)"); return }
    point.time = time
    if let claimed {
      point.horizontalAccuracy = claimed
      point.accuracySource = .claimed
    } else if let hdop = point.hdop, hdop > 0 {
      point.horizontalAccuracy = hdop * RecordedPoint.metresPerHDOP
      point.accuracySource = .hdop
    }
    if newSegment && !recording.points.isEmpty { recording.segmentStarts.append(recording.points.count) }
    newSegment = false
    recording.points.append(point)
  }

  func finish(name: String) throws -> Recording {
    guard recording.points.count <= Recording.maximumPoints else {
      throw RecordingError(file: name, expected: "at most \(Recording.maximumPoints) points", found: "more")
    }
    guard sawGPX else { throw RecordingError(file: name, expected: "a GPX document (<gpx>)", found: "no <gpx> element") }
    guard !recording.points.isEmpty else {
      let why = recording.skippedSummary.map { "no usable track point (\($0))" } ?? "no track point"
      throw RecordingError(file: name, expected: "GPX track points (<trkpt>) with a time", found: why)
    }
    return recording
  }

  static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0, end = text.count
    while start < end && XMLEvents.isSpace(text[start]) { start += 1 }
    while end > start && XMLEvents.isSpace(text[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: text[start..<end])
  }
}

/// ISO 8601 / XML Schema date-times as UTC seconds since 1970: `2019-02-17T06:26:44Z`,
/// `2017-05-27T08:13:01.000Z`, `2019-02-17T07:26:44+01:00`; no zone is taken as UTC.
enum ISOTime {
  static func seconds(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    guard text.count >= 19, text[4] == 45, text[7] == 45, text[10] == 84 || text[10] == 32, text[13] == 58, text[16] == 58,
      let year = Fields.digits(text, 0, 4), let month = Fields.digits(text, 5, 2), let day = Fields.digits(text, 8, 2),
      let hour = Fields.digits(text, 11, 2), let minute = Fields.digits(text, 14, 2), let second = Fields.digits(text, 17, 2),
      hour < 24, minute < 60, second < 61, let days = civilDays(year: year, month: month, day: day)
    else { return nil }
    var i = 19
    var fraction = 0.0
    if i < text.count && text[i] == 46 {
      i += 1
      var scale = 0.1
      let start = i
      while i < text.count, text[i] &- 48 < 10 {
        fraction += Double(text[i] - 48) * scale
        scale /= 10
        i += 1
      }
      guard i > start else { return nil }
    }
    var offset = 0
    if i < text.count {
      switch text[i] {
      case 90, 122: i += 1  // Z
      case 43, 45:  // ±hh:mm
        guard i + 6 <= text.count, text[i + 3] == 58, let hours = Fields.digits(text, i + 1, 2), let minutes = Fields.digits(text, i + 4, 2),
          hours < 15, minutes < 60
        else { return nil }
        offset = (hours * 3600 + minutes * 60) * (text[i] == 45 ? -1 : 1)
        i += 6
      default: return nil
      }
    }
    guard i == text.count else { return nil }
    return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
  }
}

extension RecordingFormatDescriptor {
  public static let gpx = RecordingFormatDescriptor(
    name: "gpx", title: "GPX", extensions: ["gpx"], sniff: { $0.text.contains("<gpx") },
    read: { path, _ in try GPXReader().read(path) }, writer: GPXWriter())
}
