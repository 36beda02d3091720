import TrackCore

/// One simulated trial as written by `trackbench generate`: what the phone reported and the truth, both
/// geodetic.
public struct GeneratedRun: Sendable {
  public var scenario: String
  public var description: String
  public var trial: Int
  public var seed: UInt64
  /// What the phone reported.
  public var observed: [Fix]
  /// The truth, sampled every second (and at the end).
  public var truth: [Fix]
  /// True distance of the run, metres.
  public var trueDistance: Double
  /// What each strategy made of the observed fixes (`generate --strategies`, `replay --tracks`), named by
  /// the strategy's text; empty: none written.
  public var strategies: [NamedTrack] = []
  /// UTC seconds since 1970 of time 0: a real recording's first second; a simulated run starts at
  /// 2026-01-01T07:00:00Z (a fixed instant, so output is reproducible).
  public var startUTC: Int64 = RunClock.start

  public init(scenario: String, description: String, trial: Int, seed: UInt64, observed: [Fix], truth: [Fix], trueDistance: Double) {
    self.scenario = scenario; self.description = description; self.trial = trial; self.seed = seed
    self.observed = observed; self.truth = truth; self.trueDistance = trueDistance
  }

  /// The tracks a multi-track format writes, in order: observed, truth, then each strategy's.
  var tracks: [NamedTrack] { [NamedTrack(name: "observed", fixes: observed), NamedTrack(name: "truth", fixes: truth)] + strategies }
}

/// A track with a name: a strategy's output, or the observed fixes or the truth.
public struct NamedTrack: Sendable, Hashable, Encodable {
  public var name: String
  public var fixes: [Fix]
  public init(name: String, fixes: [Fix]) { self.name = name; self.fixes = fixes }
}

/// Writes a ``GeneratedRun`` as text in one format.
public protocol TrackWriter: Sendable {
  /// The whole document.
  func write(_ run: GeneratedRun) throws -> String
}

/// A format TrackBench writes runs and tracks in (`generate --format`, `replay --track-format`).
public struct TrackFormat: Sendable, Hashable, RawRepresentable, CaseIterable {
  /// The format's name (`gpx`).
  public let rawValue: String
  /// The document writer.
  public var writer: any TrackWriter { Self.writers.first { $0.name == rawValue }!.writer }

  public init?(rawValue: String) {
    guard Self.writers.contains(where: { $0.name == rawValue }) else { return nil }
    self.rawValue = rawValue
  }

  private init(name: String) { rawValue = name }

  /// The formats written, in the order `--format` lists them: the readable formats TrackBench writes
  /// (``RecordingFormatDescriptor/writer``), and JSON. Adding one: its writer's file and one line here.
  static let writers: [(name: String, writer: any TrackWriter)] = [
    ("gpx", GPXWriter()), ("csv", CSVTrackWriter()), ("json", JSONTrackWriter()), ("nmea", NMEAWriter()), ("tcx", TCXWriter()),
  ]

  public static var allCases: [TrackFormat] { writers.map { TrackFormat(name: $0.name) } }

  public static let gpx = TrackFormat(name: "gpx")
  public static let csv = TrackFormat(name: "csv")
  public static let json = TrackFormat(name: "json")
  public static let nmea = TrackFormat(name: "nmea")
  public static let tcx = TrackFormat(name: "tcx")
}

/// Absolute times for formats that need them: the run starts at 2026-01-01T07:00:00Z (a fixed instant,
/// so output is reproducible), plus the fix's seconds, written with milliseconds.
public enum RunClock {
  /// Seconds from 1970-01-01 to 2026-01-01T07:00:00Z.
  public static let start: Int64 = 1_767_250_800

  /// `hhmmss.sss` and `ddmmyy` for NMEA.
  static func nmeaTime(_ seconds: Double, start: Int64 = start) -> (time: String, date: String) {
    let text = iso8601(seconds, start: start)  // yyyy-mm-ddThh:mm:ss.sssZ
    let c = Array(text)
    let time = String(c[11...12]) + String(c[14...15]) + String(c[17...22])
    let date = String(c[8...9]) + String(c[5...6]) + String(c[2...3])
    return (time, date)
  }

  static func iso8601(_ seconds: Double, start: Int64 = start) -> String {
    let millisecondsTotal = Int64((seconds * 1000).rounded())
    var total = start + millisecondsTotal / 1000
    let milliseconds = millisecondsTotal % 1000
    let secondOfDay = total % 86_400
    total /= 86_400
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = total + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ v: Int64, _ width: Int) -> String {
      let text = String(v)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):"
      + "\(pad(secondOfDay % 60, 2)).\(pad(milliseconds, 3))Z"
  }
}

/// Locale-independent fixed-point text.
enum Decimal {
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
