import Foundation

/// A recording format TrackBench reads: the name `--input-format` takes, with its
/// ``RecordingFormatDescriptor`` behind it (extensions, how its first bytes look, reader, writer).
public struct RecordingFormat: Sendable, Hashable, RawRepresentable, CaseIterable {
  /// The format's name (`gpx`).
  public let rawValue: String

  /// The format named `rawValue`; `nil` for a name not in ``catalogue``.
  public init?(rawValue: String) {
    guard Self.catalogue.contains(where: { $0.name == rawValue }) else { return nil }
    self.rawValue = rawValue
  }

  private init(builtIn descriptor: RecordingFormatDescriptor) { rawValue = descriptor.name }

  public static let gpx = RecordingFormat(builtIn: .gpx)
  public static let tcx = RecordingFormat(builtIn: .tcx)
  public static let fit = RecordingFormat(builtIn: .fit)
  public static let nmea = RecordingFormat(builtIn: .nmea)
  public static let gnsslogger = RecordingFormat(builtIn: .gnsslogger)
  public static let csv = RecordingFormat(builtIn: .csv)

  /// The formats TrackBench reads, in the order `--input-format` lists them. Adding one: its reader
  /// (and writer, if any) in their files, its descriptor beside the reader, one line here, and its row
  /// in docs/recordings.md.
  public static let catalogue: [RecordingFormatDescriptor] = [.gpx, .tcx, .fit, .nmea, .gnsslogger, .csv]

  public static var allCases: [RecordingFormat] { catalogue.map { RecordingFormat(builtIn: $0) } }

  /// The format's descriptor.
  public var descriptor: RecordingFormatDescriptor { Self.catalogue.first { $0.name == rawValue }! }

  /// Reads `path` in this format; `provider` chooses a GnssLogger log's location provider.
  public func read(_ path: String, provider: String? = nil) throws -> Recording {
    var recording = try descriptor.read(path, provider)
    try recording.splitIntoParts(file: path)
    return recording
  }

  /// The format of `path`: by its extension (each format's ``RecordingFormatDescriptor/extensions``),
  /// else by its first 4096 bytes (GnssLogger's `.txt` logs this way; see ``sniff(_:)``).
  /// - Throws: ``RecordingError`` when neither tells.
  public static func detect(_ path: String) throws -> RecordingFormat {
    let name = (path as NSString).lastPathComponent.lowercased()
    if name.contains("."), let ext = name.split(separator: ".").last.map(String.init),
      let descriptor = catalogue.first(where: { $0.extensions.contains(ext) })
    {
      return RecordingFormat(builtIn: descriptor)
    }
    guard path != "-" else {
      let named = catalogue.compactMap { $0.extensions.first.map { "." + $0 } }
      throw RecordingError(
        file: path, expected: "a file named \(Self.list(named)), or --input-format", found: "no way to tell its format")
    }
    let descriptor = try RecordingInput.open(path).descriptor
    defer { close(descriptor) }
    var head = [UInt8](repeating: 0, count: 4096)
    var filled = 0
    while filled < head.count {
      let count = head.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      filled += count
    }
    head.removeLast(head.count - filled)
    if let format = sniff(head) { return format }
    throw RecordingError(file: path, expected: "a \(Self.list(catalogue.map(\.title))) recording", found: "content of none of these")
  }

  /// The format the first bytes of a file show, if any: binary formats first (their signature sits at
  /// a fixed offset, and binary data may hold any text), then text formats in catalogue order.
  package static func sniff(_ given: [UInt8]) -> RecordingFormat? {
    // A UTF-16 text file is sniffed as the text it holds (binary signatures never start with its mark).
    let head = given.withUnsafeBufferPointer { TextInput.utf8($0) } ?? given
    let text = String(decoding: head, as: UTF8.self)
    let trimmed = Substring(text.drop { $0 == "\u{FEFF}" || $0.isWhitespace })
    let ordered = catalogue.filter(\.isBinary) + catalogue.filter { !$0.isBinary }
    return ordered.first { $0.sniff(RecordingHead(bytes: head, text: text, trimmed: trimmed)) }.map { RecordingFormat(builtIn: $0) }
  }

  /// "a, b or c".
  private static func list(_ items: [String]) -> String {
    items.count > 1 ? items.dropLast().joined(separator: ", ") + " or " + items.last! : items.joined()
  }
}

/// The first bytes of a file, as a format's sniffer sees them.
public struct RecordingHead: Sendable {
  /// Up to the first 4096 bytes.
  public let bytes: [UInt8]
  /// The bytes as UTF-8 (invalid sequences replaced).
  public let text: String
  /// `text` without a leading byte-order mark and white space.
  public let trimmed: Substring
}

/// Everything TrackBench knows of a recording format: its name, the file extensions that name it, how
/// its first bytes look, its reader, and the writer that makes files of it (for `throughput`'s reader
/// timings), if TrackBench writes it.
public struct RecordingFormatDescriptor: Sendable {
  /// The name `--input-format` takes (`gpx`).
  public let name: String
  /// The format as error messages name it (`GPX`).
  public let title: String
  /// Lower-case extensions, without the dot, the first the usual one.
  public let extensions: [String]
  /// Whether files of the format are binary (recognised by a signature before any text test).
  public let isBinary: Bool
  /// Whether a file's first bytes show this format.
  public let sniff: @Sendable (RecordingHead) -> Bool
  /// Reads a file (`provider`: a GnssLogger log's location provider); throws ``RecordingError``.
  public let read: @Sendable (_ path: String, _ provider: String?) throws -> Recording
  /// The writer of the format, if TrackBench writes it.
  public let writer: (any TrackWriter)?

  public init(
    name: String, title: String, extensions: [String], isBinary: Bool = false, sniff: @escaping @Sendable (RecordingHead) -> Bool,
    read: @escaping @Sendable (_ path: String, _ provider: String?) throws -> Recording, writer: (any TrackWriter)? = nil
  ) {
    self.name = name; self.title = title; self.extensions = extensions; self.isBinary = isBinary; self.sniff = sniff
    self.read = read; self.writer = writer
  }
}
