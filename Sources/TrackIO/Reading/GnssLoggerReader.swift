import TrackCore
/// Reads the `Fix` lines of Android GnssLogger text logs (`gnss_log_*.txt`): what an app's
/// `LocationListener` received, one line per `Location`.
///
/// Columns are found by the `# Fix,…` header line's names when the log has one (`LatitudeDegrees`,
/// `LongitudeDegrees`, `AltitudeMeters`, `SpeedMps`, `AccuracyMeters`, `BearingDegrees`,
/// `UnixTimeMillis`, or the old names `Latitude`, `Longitude`, `Altitude`, `Speed`, `Accuracy`,
/// `Bearing`, `(UTC)TimeInMs`; `SpeedAccuracyMps` where present); without one, by position: the old 8-column layout
/// `Fix,Provider,Latitude,Longitude,Altitude,Speed,Accuracy,(UTC)TimeInMs` or the 13-column (and later)
/// layout `Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,
/// BearingDegrees,UnixTimeMillis,…`. Other lines (`Raw`, `Status`, sensors) are not fixes and are
/// passed over.
///
/// A log mixes providers (`GPS`: the chipset; `FLP`: the fused provider; `NLP`: network). One is kept:
/// the one asked for, else `GPS` when the log has any, else `FLP`, else the first seen; the others' fixes
/// are counted as ``Recording/SkipReason/otherProvider``. The accuracy is Android's own claim
/// (`getAccuracy`, a 68 % radius); the altitude is above the WGS84 ellipsoid; times are UTC.
/// - Complexity: O(bytes), one pass; memory bounded by the fixes of the providers seen.
public struct GnssLoggerReader: Sendable {
  /// The provider to keep (`GPS`, `FLP`, `NLP`, case-insensitive); `nil` chooses as described above.
  public var provider: String?

  public init(provider: String? = nil) { self.provider = provider }

  /// Reads `path` (`-`: standard input).
  public func read(_ path: String) throws -> Recording {
    var state = GnssLoggerState()
    try ByteLines.forEach(in: path) { line, number, tooLong in
      state.line = number
      if !tooLong { state.consume(line) }
      return state.count <= Recording.maximumPoints ? state.count : nil
    }
    return try state.finish(name: path, provider: provider)
  }

  /// Reads a log held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(text: some Collection<UInt8>, name: String = "-") throws -> Recording {
    var state = GnssLoggerState()
    Array(text).withUnsafeBufferPointer { all in
      ByteLines.forEach(inMemory: all) { line, number in
        state.line = number
        state.consume(line)
      }
    }
    return try state.finish(name: name, provider: provider)
  }
}

struct GnssLoggerState {
  enum Column: CaseIterable { case provider, latitude, longitude, altitude, speed, accuracy, bearing, time, speedAccuracy }
  static let names: [Column: [String]] = [
    .provider: ["provider"], .latitude: ["latitudedegrees", "latitude"], .longitude: ["longitudedegrees", "longitude"],
    .altitude: ["altitudemeters", "altitude"], .speed: ["speedmps", "speed"], .accuracy: ["accuracymeters", "accuracy"],
    .bearing: ["bearingdegrees", "bearing"], .time: ["unixtimemillis", "(utc)timeinms", "timeinms", "utctimemillis"],
    .speedAccuracy: ["speedaccuracymps"],
  ]
  static let oldLayout: [Column: Int] = [.provider: 1, .latitude: 2, .longitude: 3, .altitude: 4, .speed: 5, .accuracy: 6, .time: 7]
  static let newLayout: [Column: Int] = [
    .provider: 1, .latitude: 2, .longitude: 3, .altitude: 4, .speed: 5, .accuracy: 6, .bearing: 7, .time: 8, .speedAccuracy: 9,
  ]

  private var header: [Column: Int]?
  /// Fixes by provider, in the order providers first appear.
  private var providers: [(name: String, recording: Recording)] = []
  private(set) var count = 0
  /// The line being read, from 1.
  var line = 0
  /// The line being read, split into fields (capacity reused).
  private var fields: [UnsafeBufferPointer<UInt8>] = []

  mutating func consume(_ line: UnsafeBufferPointer<UInt8>) {
    if line.starts(with: "# Fix,".utf8) {
      let names = CSVState.split(UnsafeBufferPointer(rebasing: line[2...])).map { String(decoding: $0, as: UTF8.self).lowercased() }
      var columns: [Column: Int] = [:]
      for column in Column.allCases {
        if let index = names.firstIndex(where: { Self.names[column]!.contains($0) }) { columns[column] = index }
      }
      if columns[.latitude] != nil, columns[.longitude] != nil, columns[.time] != nil { header = columns }
      return
    }
    guard line.starts(with: "Fix,".utf8) else { return }
    CSVState.split(line, into: &fields)
    let fields = self.fields
    let columns = header ?? (fields.count >= 13 ? Self.newLayout : Self.oldLayout)
    func field(_ column: Column) -> UnsafeBufferPointer<UInt8>? {
      guard let index = columns[column], index < fields.count, !fields[index].isEmpty else { return nil }
      return fields[index]
    }
    func number(_ column: Column) -> Double? {
      guard let text = field(column) else { return nil }
      // Java writes small values in E notation (5.0E-4).
      let value = Fields.decimal(text) ?? (text.count <= 32 ? DecimalNumber.parse(String(decoding: text, as: UTF8.self)) : nil)
      return value.flatMap { $0.isFinite ? $0 : nil }
    }
    let providerName = field(.provider).map { String(decoding: $0.prefix(16), as: UTF8.self).uppercased() } ?? ""
    let slot: Int
    if let index = providers.firstIndex(where: { $0.name == providerName }) {
      slot = index
    } else {
      guard providers.count < 16 else { return }
      providers.append((providerName, Recording(hasDate: true)))
      slot = providers.count - 1
    }
    guard let latitude = number(.latitude), let longitude = number(.longitude) else {
      providers[slot].recording.skip(.malformed, at: "line \(line)")
      return
    }
    guard abs(latitude) <= 90, abs(longitude) <= 180 else { providers[slot].recording.skip(.outOfRange, at: "line \(line)"); return }
    guard let milliseconds = number(.time), abs(milliseconds) < 1e15 else {
      providers[slot].recording.skip(.noTime, at: "line \(line)")
      return
    }
    let time = milliseconds / 1000
    if let last = providers[slot].recording.points.last, time <= last.time {
      providers[slot].recording.skip(.notAfterPrevious, at: "line \(line)")
      return
    }
    let accuracy = number(.accuracy).flatMap { $0 > 0 && $0 < 1e6 ? $0 : nil }
    let speed = number(.speed).flatMap { $0 >= 0 && $0 < 100_000 ? $0 : nil }
    providers[slot].recording.points.append(
      RecordedPoint(
        time: time, latitude: latitude, longitude: longitude, altitude: number(.altitude).flatMap { abs($0) < 100_000 ? $0 : nil },
        speed: speed, course: number(.bearing).flatMap { (0...360).contains($0) ? $0 : nil }, horizontalAccuracy: accuracy,
        accuracySource: accuracy == nil ? .unknown : .claimed,
        speedAccuracy: speed == nil ? nil : number(.speedAccuracy).flatMap { $0 > 0 && $0 < 1000 ? $0 : nil }))
    count += 1
  }

  func finish(name: String, provider wanted: String?) throws -> Recording {
    let seen = providers.map(\.name)
    let chosen: Int?
    if let wanted {
      chosen = providers.firstIndex { $0.name == wanted.uppercased() }
      guard chosen != nil else {
        throw RecordingError(
          file: name, expected: "fixes from provider \(wanted.uppercased())",
          found: seen.isEmpty ? "no Fix line" : "only \(seen.joined(separator: ", "))")
      }
    } else {
      chosen = ["GPS", "FLP"].lazy.compactMap { p in providers.firstIndex { $0.name == p } }.first ?? (providers.isEmpty ? nil : 0)
    }
    guard let chosen, !providers[chosen].recording.points.isEmpty, count <= Recording.maximumPoints else {
      let why = count > Recording.maximumPoints ? "more" : seen.isEmpty ? "no Fix line" : "no usable Fix line"
      throw RecordingError(file: name, expected: "between 1 and \(Recording.maximumPoints) Fix lines with a position and a time", found: why)
    }
    var recording = providers[chosen].recording
    recording.provider = providers[chosen].name
    for (index, other) in providers.enumerated() where index != chosen {
      recording.skipped[.otherProvider, default: 0] += other.recording.points.count
    }
    return recording
  }
}

extension RecordingFormatDescriptor {
  public static let gnsslogger = RecordingFormatDescriptor(
    name: "gnsslogger", title: "GnssLogger", extensions: [], sniff: { $0.trimmed.hasPrefix("#") || $0.trimmed.hasPrefix("Fix,") },
    read: { path, provider in try GnssLoggerReader(provider: provider).read(path) })
}
