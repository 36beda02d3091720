/// Reads Garmin Training Center (TCX) activities: every `Trackpoint` of every `Lap` with its `Time`,
/// `Position` (`LatitudeDegrees`, `LongitudeDegrees`), `AltitudeMeters` and the ActivityExtension speed
/// (`ns3:Speed`, m/s). TCX states no accuracy, so claimed accuracy is unknown.
///
/// The device's distance is the sum of the laps' `DistanceMeters`, or, without laps, the last
/// trackpoint's cumulative `DistanceMeters`. Trackpoints without a position (sensor-only records between
/// fixes) are counted as `no position fix`; other rules as for GPX.
/// - Complexity: O(bytes), one pass, memory bounded by the points kept (see ``XMLEvents``).
public struct TCXReader: Sendable {
  public init() {}

  /// Reads `path` (`-`: standard input).
  /// - Throws: ``RecordingError`` when the file cannot be read, is not TCX, or has no positioned trackpoint.
  public func read(_ path: String) throws -> Recording { try TCXState.read(path) }

  /// Reads TCX held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(bytes: [UInt8], name: String = "-") throws -> Recording { try TCXState.read(bytes: bytes, name: name) }
}

struct TCXState: XMLRecordingState {
  static let bytesPerPoint = 150
  var recording = Recording(hasDate: true)
  /// The byte offset of the event being read: where a skipped point is reported.
  private var eventOffset = 0
  private var sawDatabase = false
  private var inPoint = false
  private var time: Double?
  private var latitude: Double?
  private var longitude: Double?
  private var altitude: Double?
  private var speed: Double?
  private var pointDistance: Double?
  private var lastPointDistance: Double?
  private var lapDistances: Double?
  private var leaf: Leaf = .none
  /// Depth inside a `Lap` but outside its `Track`: where the lap's own `DistanceMeters` stands.
  private var inLapHeader = false
  /// `Track` elements begun in the current lap: a second one is the device's pause (Garmin starts a new
  /// track when the timer restarts), and the next point starts a new part of the recording.
  private var tracksInLap = 0
  private var pausedBeforeNextPoint = false

  enum Leaf { case none, time, latitude, longitude, altitude, distance, speed }

  mutating func consume(_ event: XMLEvents.Event, offset: Int, name: String) throws {
    eventOffset = offset
    guard recording.points.count <= Recording.maximumPoints else {
      throw RecordingError(file: name, place: "byte \(offset)", expected: "at most \(Recording.maximumPoints) points", found: "more")
    }
    switch event {
    case .start(let tag, _, let selfClosing):
      if XMLEvents.named(tag, "TrainingCenterDatabase") { sawDatabase = true }
      if XMLEvents.named(tag, "Lap") { inLapHeader = true; tracksInLap = 0 }
      if XMLEvents.named(tag, "Track") {
        inLapHeader = false
        tracksInLap += 1
        if tracksInLap > 1 { pausedBeforeNextPoint = true }
      }
      if XMLEvents.named(tag, "Trackpoint") {
        inPoint = !selfClosing
        time = nil; latitude = nil; longitude = nil; altitude = nil; speed = nil; pointDistance = nil
        if selfClosing { recording.skip(.noFix, at: "byte \(eventOffset)") }
        return
      }
      leaf = selfClosing ? .none : Self.leaf(tag, inPoint: inPoint, inLapHeader: inLapHeader)
    case .end(let tag):
      if XMLEvents.named(tag, "Trackpoint") { endPoint() }
      leaf = .none
    case .text(let text):
      guard leaf != .none else { return }
      let trimmed = GPXState.trimmed(text)
      let number = Fields.decimal(trimmed).flatMap { $0.isFinite ? $0 : nil }
      switch leaf {
      case .none: break
      case .time: time = ISOTime.seconds(trimmed)
      case .latitude: latitude = number
      case .longitude: longitude = number
      case .altitude: altitude = number.flatMap { abs($0) < 100_000 ? $0 : nil }
      case .speed: speed = number.flatMap { $0 >= 0 && $0 < 100_000 ? $0 : nil }
      case .distance:
        guard let number, number >= 0, number < 1e9 else { return }
        if inPoint {
          pointDistance = number
        } else if inLapHeader {
          lapDistances = (lapDistances ?? 0) + number
          recording.deviceLaps.append(number)
        }
      }
    }
  }

  private static func leaf(_ tag: UnsafeBufferPointer<UInt8>, inPoint: Bool, inLapHeader: Bool) -> Leaf {
    if XMLEvents.named(tag, "DistanceMeters") { return inPoint || inLapHeader ? .distance : .none }
    guard inPoint else { return .none }
    if XMLEvents.named(tag, "Time") { return .time }
    if XMLEvents.named(tag, "LatitudeDegrees") { return .latitude }
    if XMLEvents.named(tag, "LongitudeDegrees") { return .longitude }
    if XMLEvents.named(tag, "AltitudeMeters") { return .altitude }
    if XMLEvents.named(tag, "Speed") { return .speed }
    return .none
  }

  private mutating func endPoint() {
    defer { inPoint = false; leaf = .none }
    guard inPoint else { return }
    if let pointDistance { lastPointDistance = pointDistance }
    guard let latitude, let longitude else { recording.skip(.noFix, at: "byte \(eventOffset)"); return }
    guard abs(latitude) <= 90, abs(longitude) <= 180 else { recording.skip(.outOfRange, at: "byte \(eventOffset)"); return }
    guard let time else { recording.skip(.noTime, at: "byte \(eventOffset)"); return }
    if let last = recording.points.last, time <= last.time { recording.skip(.notAfterPrevious, at: "byte \(eventOffset)"); return }
    if pausedBeforeNextPoint && !recording.points.isEmpty { recording.segmentStarts.append(recording.points.count) }
    pausedBeforeNextPoint = false
    recording.points.append(RecordedPoint(time: time, latitude: latitude, longitude: longitude, altitude: altitude, speed: speed))
  }

  func finish(name: String) throws -> Recording {
    guard sawDatabase else {
      throw RecordingError(file: name, expected: "a TCX document (<TrainingCenterDatabase>)", found: "no such element")
    }
    guard !recording.points.isEmpty, recording.points.count <= Recording.maximumPoints else {
      let why = recording.points.isEmpty ? (recording.skippedSummary.map { "no usable trackpoint (\($0))" } ?? "no trackpoint") : "more"
      throw RecordingError(file: name, expected: "between 1 and \(Recording.maximumPoints) trackpoints with a position", found: why)
    }
    var result = recording
    result.deviceDistance = lapDistances ?? lastPointDistance
    return result
  }
}

extension RecordingFormatDescriptor {
  public static let tcx = RecordingFormatDescriptor(
    name: "tcx", title: "TCX", extensions: ["tcx"], sniff: { $0.text.contains("<TrainingCenterDatabase") },
    read: { path, _ in try TCXReader().read(path) }, writer: TCXWriter())
}
