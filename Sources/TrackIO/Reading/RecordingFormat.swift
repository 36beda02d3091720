import Foundation

/// The recording formats TrackBench reads, and how a file's format is found.
public enum RecordingFormat: String, Sendable, CaseIterable {
  case gpx, tcx, fit, nmea, gnsslogger, csv

  /// Reads `path` in this format; `provider` chooses a GnssLogger log's location provider.
  public func read(_ path: String, provider: String? = nil) throws -> Recording {
    let recording = try readPoints(path, provider: provider)
    try recording.checkSpan(file: path)
    return recording
  }

  private func readPoints(_ path: String, provider: String?) throws -> Recording {
    switch self {
    case .gpx: return try GPXReader().read(path)
    case .tcx: return try TCXReader().read(path)
    case .fit: return try FITReader().read(path)
    case .nmea: return try NMEAReader().read(path)
    case .gnsslogger: return try GnssLoggerReader(provider: provider).read(path)
    case .csv: return try CSVReader().read(path)
    }
  }

  /// The format of `path`: by its extension (`.gpx`, `.tcx`, `.fit`, `.nmea`/`.nma`/`.log` for NMEA,
  /// `.csv`), else by its first bytes (GnssLogger's `.txt` logs this way) : `.FIT` at byte 8, `<gpx`,
  /// `<TrainingCenterDatabase`, `$`, `#` or `Fix,`, a header row naming a latitude.
  /// - Throws: ``RecordingError`` when neither tells.
  public static func detect(_ path: String) throws -> RecordingFormat {
    let name = (path as NSString).lastPathComponent.lowercased()
    let byExtension: [String: RecordingFormat] = [
      "gpx": .gpx, "tcx": .tcx, "fit": .fit, "nmea": .nmea, "nma": .nmea, "csv": .csv,
    ]
    if let ext = name.split(separator: ".").last.map(String.init), name.contains("."), let format = byExtension[ext] { return format }
    guard path != "-", let handle = FileHandle(forReadingAtPath: path) else {
      throw RecordingError(
        file: path, expected: "a file named .gpx, .tcx, .fit, .nmea or .csv, or --input-format", found: "no way to tell its format")
    }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)) ?? Data()
    if let format = sniff([UInt8](head)) { return format }
    throw RecordingError(file: path, expected: "a GPX, TCX, FIT, NMEA, GnssLogger or CSV recording", found: "content of none of these")
  }

  /// The format the first bytes of a file show, if any.
  static func sniff(_ head: [UInt8]) -> RecordingFormat? {
    if head.count >= 12, head[8..<12].elementsEqual(".FIT".utf8) { return .fit }
    let text = String(decoding: head, as: UTF8.self)
    if text.contains("<gpx") { return .gpx }
    if text.contains("<TrainingCenterDatabase") { return .tcx }
    let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    if trimmed.hasPrefix("$") || trimmed.hasPrefix("!") { return .nmea }
    if trimmed.hasPrefix("#") || trimmed.hasPrefix("Fix,") { return .gnsslogger }
    if let header = trimmed.split(separator: "\n").first?.lowercased(), header.contains(","), header.contains("lat") { return .csv }
    return nil
  }
}
