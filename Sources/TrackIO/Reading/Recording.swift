import Foundation

/// A real recording as a file states it: one point per epoch, with only what the file says.
///
/// Nothing is invented: a claimed accuracy is the receiver's own figure, or derived from HDOP with a
/// documented factor (``RecordedPoint/AccuracySource``), or absent.
public struct Recording: Sendable, Hashable {
  /// Points in strictly increasing time.
  public var points: [RecordedPoint]
  /// Whether `time` is UTC seconds since 1970 (the file gave a date); otherwise seconds since midnight
  /// of the first point's unknown day.
  public var hasDate: Bool
  /// The distance the recording device itself stored, metres, when the file holds one.
  public var deviceDistance: Double?
  /// The location provider whose fixes were kept (Android logs: `GPS`, `FLP`, `NLP`), when the format has
  /// several.
  public var provider: String?
  /// Lap distances the device stored (TCX `Lap`, FIT `lap` messages), metres, in order.
  public var deviceLaps: [Double] = []
  /// Indices of points that start a new part after the first: a GPX track or segment, a second TCX
  /// `Track` in one lap (a pause), a FIT timer restart. No distance is counted across a part's start.
  public var segmentStarts: [Int] = []
  /// Input the reader skipped, by reason: what a warning reports.
  public var skipped: [SkipReason: Int]
  /// Where the first input skipped for each reason is (`line 12`, `byte 4096`): what an error or a
  /// warning names.
  public var firstSkipped: [SkipReason: String] = [:]
  /// Something the reader did that a warning must say, beyond skipping (an NMEA type read despite its
  /// checksums, a producer's systematic error).
  public var readerNote: String?

  /// What a warning about reading this file says: the reader's note and what it skipped; `nil` when
  /// nothing is worth saying.
  public var readWarning: String? {
    let parts = [readerNote, skippedSummary].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// Counts one piece of input skipped for `reason` at `place` (kept for the first of each reason).
  public mutating func skip(_ reason: SkipReason, at place: @autoclosure () -> String) {
    if skipped[reason, default: 0] == 0 { firstSkipped[reason] = place() }
    skipped[reason, default: 0] += 1
  }

  /// Most points a reader keeps (10 million, about 1.2 GB, the simulator's limit per trial): a larger
  /// recording is refused, so memory stays bounded whatever the file's size.
  public static let maximumPoints = 10_000_000

  /// Most bytes a reader reads without keeping a point (64 MiB): an endless or foreign stream
  /// (`/dev/zero`, `/dev/urandom`, a disk image) ends with an error instead of being read forever.
  public static let bytesWithoutPoint = 64 << 20

  /// Refuses to read on when ``bytesWithoutPoint`` bytes gave no point.
  /// - Throws: ``RecordingError`` saying how much was read.
  @inline(__always) static func checkProgress(bytesRead: Int, kept: Int, file: String) throws(RecordingError) {
    guard bytesRead > bytesWithoutPoint, kept == 0 else { return }
    throw noPoint(bytesRead: bytesRead, file: file)
  }

  /// The error of ``checkProgress(bytesRead:kept:file:)``, built out of line (it is never on the hot path).
  @inline(never) static func noPoint(bytesRead: Int, file: String) -> RecordingError {
    RecordingError(
      file: file, place: "byte \(bytesRead)", expected: "a point of the format within the first \(bytesWithoutPoint >> 20) MB",
      found: "none in \(bytesRead >> 20) MB read (is it a recording?)")
  }

  /// Longest time a recording may span, seconds (7 days). Work after reading goes per second of the
  /// run (live pace, calibration's epochs), so a span is checked before anything is sized by it: a
  /// clock that jumps (a GPS week rollover gives about 20 years; a stray `time_s`) is refused with the
  /// point where it jumps, not turned into gigabytes of empty seconds.
  public static let maximumSpan = 7 * 86_400.0

  /// A gap, seconds, at which a recording spanning more than ``maximumSpan`` is cut into parts (an
  /// hour: a logger off for the night, days between outings, a clock that jumps).
  public static let partGap = 3600.0

  /// A recording spanning more than ``maximumSpan`` (a logger's dump of many days, a clock jump between
  /// two sessions) is read as parts: a new part (``segmentStarts``) at every gap over ``partGap``; only
  /// a part that still spans more than ``maximumSpan`` is refused. A shorter recording is unchanged.
  /// - Throws: ``RecordingError``: the file, the part's first and last points (1-based, with their
  ///   times) and its span, with the largest gap inside it.
  /// - Complexity: O(points).
  public mutating func splitIntoParts(file: String) throws(RecordingError) {
    guard let first = points.first, let last = points.last, last.time - first.time > Self.maximumSpan else { return }
    var starts = Set(segmentStarts)
    for i in 1..<points.count where points[i].time - points[i - 1].time > Self.partGap { starts.insert(i) }
    segmentStarts = starts.sorted()
    let bounds = [0] + segmentStarts + [points.count]
    for (a, b) in zip(bounds, bounds.dropFirst()) where b > a && points[b - 1].time - points[a].time > Self.maximumSpan {
      var widest = a + 1
      for i in (a + 1)..<b where points[i].time - points[i - 1].time > points[widest].time - points[widest - 1].time { widest = i }
      throw RecordingError(
        file: file, place: "points \(a + 1) to \(b) (t = \(Self.seconds(points[a].time)) to \(Self.seconds(points[b - 1].time)) s)",
        expected: "parts spanning at most 7 days each (a recording is cut into parts at gaps over an hour)",
        found: "a part spanning \(Self.duration(points[b - 1].time - points[a].time)) without such a gap; its largest is \(Self.duration(points[widest].time - points[widest - 1].time)) before point \(widest + 1)")
    }
  }

  private static func seconds(_ value: Double) -> String {
    abs(value) < 1e15 && value == value.rounded() ? String(Int64(value)) : String(value)
  }

  private static func duration(_ seconds: Double) -> String {
    if seconds >= 2 * 86_400 * 365.25 { return String(format: "%.0f years", seconds / (86_400 * 365.25)) }
    if seconds >= 2 * 86_400 { return String(format: "%.1f days", seconds / 86_400) }
    return String(format: "%.0f s", seconds)
  }


  public init(points: [RecordedPoint] = [], hasDate: Bool = false, deviceDistance: Double? = nil, skipped: [SkipReason: Int] = [:]) {
    self.points = points; self.hasDate = hasDate; self.deviceDistance = deviceDistance; self.skipped = skipped
  }

  /// Why a sentence, record or point was left out.
  public enum SkipReason: String, Sendable, Hashable, CaseIterable, Comparable {
    case checksumMismatch = "checksum mismatch"
    case noFix = "no position fix"
    case malformed = "malformed field"
    case outOfRange = "coordinate out of range"
    case notAfterPrevious = "time not after the previous point"
    case notASentence = "not a sentence of the format"
    case noTime = "no time"
    case otherProvider = "fix from another location provider"

    public static func < (a: SkipReason, b: SkipReason) -> Bool { a.rawValue < b.rawValue }
  }

  /// The clock on which this recording's times and `other`'s compare: UTC seconds when both have a date,
  /// else seconds of the day (a file without a date knows only times of day).
  public func sharedClock(with other: Recording) -> @Sendable (Double) -> Double {
    if hasDate == other.hasDate { return { $0 } }
    return { $0.truncatingRemainder(dividingBy: 86_400) }
  }

  /// `skipped 3 (2 checksum mismatch from line 4, 1 time not after the previous point at line 9)`, or
  /// `nil` when nothing was skipped.
  public var skippedSummary: String? {
    let total = skipped.values.reduce(0, +)
    guard total > 0 else { return nil }
    let parts = skipped.sorted { $0.key < $1.key }.map { reason, count in
      "\(count) \(reason.rawValue)" + (firstSkipped[reason].map { count == 1 ? " at \($0)" : " from \($0)" } ?? "")
    }
    return "skipped \(total) (\(parts.joined(separator: ", ")))"
  }
}

/// One epoch of a recording.
///
/// Stored compactly (72 bytes instead of 120 with five optional doubles): an absent value is a NaN
/// inside, never seen outside, so a reader's array of millions of points costs 40 % less memory to
/// fill. Setting a value to NaN makes it absent.
public struct RecordedPoint: Sendable, Hashable {
  /// Seconds: UTC since 1970 when the recording has a date, else since midnight of its first day.
  public var time: Double
  /// WGS84 degrees.
  public var latitude: Double
  public var longitude: Double
  /// Height above the WGS84 ellipsoid, metres, when the file gives one (NMEA: altitude above mean sea
  /// level plus the geoid separation it states).
  public var altitude: Double? {
    get { Self.optional(storedAltitude) }
    set { storedAltitude = newValue ?? .nan }
  }
  /// Speed over ground, m/s, as the device reported it.
  public var speed: Double? {
    get { Self.optional(storedSpeed) }
    set { storedSpeed = newValue ?? .nan }
  }
  /// Course over ground, degrees clockwise from true north.
  public var course: Double? {
    get { Self.optional(storedCourse) }
    set { storedCourse = newValue ?? .nan }
  }
  /// The claimed horizontal accuracy, metres (about a 1-σ radius), and where it comes from.
  public var horizontalAccuracy: Double? {
    get { Self.optional(storedAccuracy) }
    set { storedAccuracy = newValue ?? .nan }
  }
  /// The claimed 1-σ error of `speed`, m/s, when the file states one (Android's `SpeedAccuracyMps`):
  /// kept to the mm/s, from 0.001 to 65.534 m/s (a larger claim is held at 65.534).
  public var speedAccuracy: Double? {
    get { storedSpeedAccuracy == .max ? nil : Double(storedSpeedAccuracy) / 1000 }
    set { storedSpeedAccuracy = newValue.map { UInt16(min(max(($0 * 1000).rounded(), 1), 65_534)) } ?? .max }
  }
  /// Horizontal dilution of precision, when stated.
  public var hdop: Double? {
    get { Self.optional(storedHDOP) }
    set { storedHDOP = newValue ?? .nan }
  }
  /// Satellites used, when stated (kept within ±2³¹).
  public var satellites: Int? {
    get { storedSatellites == .min ? nil : Int(storedSatellites) }
    set { storedSatellites = newValue.map { Int32(clamping: $0) == .min ? .min + 1 : Int32(clamping: $0) } ?? .min }
  }

  private var storedAltitude = Double.nan
  private var storedSpeed = Double.nan
  private var storedCourse = Double.nan
  private var storedAccuracy = Double.nan
  private var storedHDOP = Double.nan
  private var storedSatellites = Int32.min
  /// mm/s; `.max`: none (2 bytes, so the point stays 72).
  private var storedSpeedAccuracy = UInt16.max
  /// Where `horizontalAccuracy` comes from (declared last: it packs beside the 4-byte satellite count).
  public var accuracySource: AccuracySource

  @inline(__always) private static func optional(_ stored: Double) -> Double? { stored.isNaN ? nil : stored }

  public init(
    time: Double, latitude: Double, longitude: Double, altitude: Double? = nil, speed: Double? = nil, course: Double? = nil,
    horizontalAccuracy: Double? = nil, accuracySource: AccuracySource = .unknown, hdop: Double? = nil, satellites: Int? = nil,
    speedAccuracy: Double? = nil
  ) {
    self.time = time; self.latitude = latitude; self.longitude = longitude; self.accuracySource = accuracySource
    self.altitude = altitude; self.speed = speed; self.course = course; self.horizontalAccuracy = horizontalAccuracy
    self.hdop = hdop; self.satellites = satellites; self.speedAccuracy = speedAccuracy
  }

  // Equality and hashing as of the optional values (a NaN inside means absent, and absent equals absent).
  public static func == (a: RecordedPoint, b: RecordedPoint) -> Bool {
    a.time == b.time && a.latitude == b.latitude && a.longitude == b.longitude && a.altitude == b.altitude && a.speed == b.speed
      && a.course == b.course && a.horizontalAccuracy == b.horizontalAccuracy && a.accuracySource == b.accuracySource
      && a.hdop == b.hdop && a.satellites == b.satellites && a.speedAccuracy == b.speedAccuracy
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(time); hasher.combine(latitude); hasher.combine(longitude); hasher.combine(altitude); hasher.combine(speed)
    hasher.combine(course); hasher.combine(horizontalAccuracy); hasher.combine(accuracySource); hasher.combine(hdop)
    hasher.combine(satellites); hasher.combine(speedAccuracy)
  }

  /// Where a point's claimed accuracy comes from.
  public enum AccuracySource: String, Sendable, Hashable, CaseIterable {
    /// The receiver's own figure (NMEA GST, FIT `gps_accuracy`, Android's accuracy).
    case claimed
    /// HDOP × ``RecordedPoint/metresPerHDOP``: a receiver that states only its geometry.
    case hdop
    /// The file says nothing about accuracy.
    case unknown
  }

  /// User-equivalent range error assumed when a claimed accuracy is derived from HDOP, metres: the
  /// horizontal 1-σ radius is taken as HDOP × 5 m, a typical consumer single-frequency UERE (GPS SPS
  /// performance standard budgets ~4-6 m 1-σ including the ionosphere).
  public static let metresPerHDOP = 5.0
}

/// A file that cannot be read as a recording: the file, where (line or byte offset), what was found and
/// what was expected.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  /// `line 12` or `byte 4096`, when known.
  public var place: String?
  public var expected: String
  public var found: String

  public init(file: String, place: String? = nil, expected: String, found: String) {
    self.file = file; self.place = place; self.expected = expected; self.found = found
  }

  public var description: String { "\(file)\(place.map { ":\($0)" } ?? ""): expected \(expected), found \(found)" }
}

extension [RecordedPoint] {
  /// Reserves room for the points a file of `path`'s size may hold (`bytesPerPoint` of it each), so the
  /// array is not regrown and copied as it fills; capacity never touched costs no memory.
  ///
  /// A large reservation is advised to use transparent huge pages where the kernel offers them on
  /// request (Linux `madvise` mode): filling 100 MB of points then takes 50 page faults, not 25,000,
  /// which were a fifth of the NMEA reader's time. Memory still grows only as points are written.
  mutating func reserve(forFile path: String, bytesPerPoint: Int) {
    var status = stat()
    guard path != "-", stat(path, &status) == 0 else { return }
    reserveCapacity(Swift.min(Int(status.st_size) / bytesPerPoint, Recording.maximumPoints))
    #if os(Linux)
      let hugePage = 2 << 20
      let bytes = capacity * MemoryLayout<RecordedPoint>.stride
      guard bytes >= 4 * hugePage else { return }
      withUnsafeMutableBufferPointer { storage in
        guard let base = storage.baseAddress else { return }
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + bytes) & ~(hugePage - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
      }
    #endif
  }
}
