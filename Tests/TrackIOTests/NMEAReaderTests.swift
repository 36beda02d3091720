import Foundation
import Testing
import TrackIO

/// `../shared/data/real/` beside the repository, when present.
let sharedRealData: URL? = {
  let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

let gpsbabel: String? = ["/usr/bin/gpsbabel", "/usr/local/bin/gpsbabel"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// GPSBabel's reading of a file: (UTC seconds, latitude, longitude) per track point, from its GPX output.
func gpsbabelPoints(_ format: String, _ file: String) throws -> [(time: Double, latitude: Double, longitude: Double)] {
  let result = try PythonTools.run(try #require(gpsbabel), ["-t", "-i", format, "-f", file, "-o", "gpx", "-F", "-"])
  try #require(result.status == 0, "\(result.output)")
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  let plain = ISO8601DateFormatter()
  var points: [(Double, Double, Double)] = []
  var latitude = 0.0, longitude = 0.0
  for line in result.output.split(separator: "\n") {
    let text = line.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("<trkpt ") {
      let numbers = text.split(separator: "\"")
      latitude = Double(numbers[1])!
      longitude = Double(numbers[3])!
    } else if text.hasPrefix("<time>"), latitude != 0 {
      let stamp = String(text.dropFirst(6).dropLast(7))
      let date = try #require(formatter.date(from: stamp) ?? plain.date(from: stamp), "\(stamp)")
      points.append((date.timeIntervalSince1970, latitude, longitude))
      latitude = 0
    }
  }
  return points
}

@Suite struct NMEAReaderTests {
  /// NMEA files of the shared recordings with the epochs the data README states.
  static let files: [(path: String, points: Int)] = [
    ("gpsbabel/track-nmea-static.nmea", 154),
    ("gsdc/2020-05-14-US-MTV-1_Pixel4_chipset.nmea", 1737),
    ("gsdc/2020-05-14-US-MTV-1_SPAN_Pixel4_1Hz.nmea", 2378),
  ]

  @Test(
    .enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real NMEA recordings are not checked"),
    .enabled(if: gpsbabel != nil, "gpsbabel is not installed (make test installs it): the GPSBabel comparison is skipped"),
    arguments: files.map(\.path))
  func agreesWithGPSBabel(path: String) throws {
    let file = try #require(sharedRealData).appendingPathComponent(path).path
    let recording = try NMEAReader().read(file)
    let expected = try #require(Self.files.first { $0.path == path }).points
    #expect(recording.points.count == expected)
    #expect(recording.hasDate)
    // Where the file's GGA has a fix, GPSBabel's point and ours must be the same. Around epochs whose GGA
    // says "no fix" (quality 0, 258 of them in the SPAN file, every one with a valid RMC) GPSBabel drops
    // or shifts points (36 of its points there do not match their epoch's sentences); we keep such an
    // epoch with RMC's position.
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    let fixedTimes = Set(lines.compactMap { line -> String? in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      return line.dropFirst(3).hasPrefix("GGA") && fields.count > 6 && fields[6] != "0" ? String(fields[1].prefix(6)) : nil
    })
    let reference = try gpsbabelPoints("nmea", file)
    let byTime = Dictionary(recording.points.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
    var largest = 0.0, compared = 0
    for point in reference {
      let seconds = Int(point.time.rounded(.down)) % 86_400
      let key = String(format: "%02d%02d%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
      guard fixedTimes.contains(key) else { continue }
      let ours = try #require(byTime[point.time], "GPSBabel's point at \(point.time) is ours too")
      largest = max(largest, abs(ours.latitude - point.latitude), abs(ours.longitude - point.longitude))
      compared += 1
    }
    // GPSBabel's shifted points leave some fixed epochs without its point (36 of 2120 in the SPAN file).
    #expect(Double(compared) >= 0.98 * Double(fixedTimes.count), "epochs with a GGA fix compared: \(compared) of \(fixedTimes.count)")
    #expect(largest < 1e-8, "positions agree with GPSBabel's to \(largest)°")
  }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent"))
  func staticLogCarriesWhatTheReceiverSays() throws {
    let recording = try NMEAReader().read(try #require(sharedRealData).appendingPathComponent("gpsbabel/track-nmea-static.nmea").path)
    let first = try #require(recording.points.first)
    #expect(abs(first.time - 1_091_849_348.379) < 1e-6, "2004-08-07 03:29:08.379 UTC from ZDA/RMC")
    #expect(first.hdop == 1.6 && first.satellites == 5)
    #expect(first.accuracySource == .hdop && first.horizontalAccuracy == 1.6 * RecordedPoint.metresPerHDOP)
    let speed = try #require(first.speed), altitude = try #require(first.altitude)
    #expect(abs(speed - 0.17 * 1852 / 3600) < 1e-12 && first.course == 138.92)
    #expect(abs(altitude - (209.8 - 34.2)) < 1e-9, "ellipsoidal: MSL + geoid separation")
    #expect(recording.skipped.isEmpty)
  }

  static func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    return "$" + body + "*" + String(format: "%02X", sum)
  }

  @Test func checksumsTalkersAndGST() throws {
    let text = [
      Self.sentence("GNGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      Self.sentence("GNGST,120000.00,1.2,3.0,2.0,45.0,1.5,2.0,4.0"),
      Self.sentence("GNRMC,120000.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      Self.sentence("GPGGA,120001.00,4807.039,N,01131.001,E,1,08,0.9,545.4,M,46.9,M,,").dropLast() + "0",  // bad checksum
      Self.sentence("GPGGA,120002.00,4807.040,S,01131.002,W,1,08,0.9,545.4,M,46.9,M,,"),
      "GPGGA,garbage",
      "$PGRME,15.0,M,45.0,M,25.0,M*1C",
      Self.sentence("GPGGA,120003.00,9107.040,N,01131.002,W,1,08,0.9,545.4,M,46.9,M,,"),
      Self.sentence("GPGGA,120004.00,,,,,0,00,,,M,,M,,"),
      Self.sentence("GPGGA,120002.00,4807.040,N,01131.002,W,1,08,0.9,545.4,M,46.9,M,,"),
    ].joined(separator: "\r\n")
    let recording = try NMEAReader().read(text: Array(text.utf8))
    #expect(recording.points.count == 2)
    let first = recording.points[0]
    let accuracy = try #require(first.horizontalAccuracy)
    #expect(first.accuracySource == .claimed && abs(accuracy - 2.5) < 1e-12)
    #expect(abs(first.latitude - (48 + 7.038 / 60)) < 1e-12 && abs(first.longitude - (11 + 31.0 / 60)) < 1e-12)
    #expect(abs(first.time - (Double(8847) * 86_400 + 43_200)) < 1e-9, "1994-03-23 12:00 UTC")
    #expect(recording.points[1].latitude < 0 && recording.points[1].longitude < 0)
    #expect(recording.skipped[.checksumMismatch] == 1)
    #expect(recording.skipped[.notASentence] == 2)
    #expect(recording.skipped[.outOfRange] == 1)
    #expect(recording.skipped[.noFix] == 1)
    #expect(recording.skipped[.notAfterPrevious] == 1)
    #expect(recording.skippedSummary?.hasPrefix("skipped 6 (") == true)
  }

  /// A producer that computes one sentence type's checksum wrongly (the GSDC SPAN references: every
  /// GPRMC) loses that type's speeds if its sentences are skipped: when every sentence of one address
  /// fails (at least 10) while others pass, they are read with a note; a type that sometimes passes
  /// keeps its failures skipped, and 9 failures are ordinary corruption.
  @Test func aSystematicChecksumFaultOfOneTypeIsReadWithANote() throws {
    func log(epochs: Int, brokenRMC: (Int) -> Bool) -> [UInt8] {
      var lines: [String] = []
      for t in 0..<epochs {
        let time = String(format: "1200%02d.00", t)
        lines.append(Self.sentence("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        let rmc = Self.sentence("GPRMC,\(time),A,4807.038,N,01131.000,E,010.0,084.4,230394,003.1,W")
        lines.append(brokenRMC(t) ? String(rmc.dropLast(2)) + (rmc.hasSuffix("00") ? "11" : "00") : rmc)
      }
      return Array(lines.joined(separator: "\r\n").utf8)
    }
    let systematic = try NMEAReader().read(text: log(epochs: 12) { _ in true })
    #expect(systematic.points.count == 12 && systematic.points.allSatisfy { $0.speed != nil }, "RMC's speeds are kept")
    #expect(systematic.skipped[.checksumMismatch] == nil)
    #expect(systematic.readerNote == "every GPRMC sentence (12) failed its checksum while other sentences passed: a producer's systematic error, so read anyway")
    #expect(systematic.readWarning == systematic.readerNote)
    let occasional = try NMEAReader().read(text: log(epochs: 12) { $0 != 5 })
    #expect(occasional.skipped[.checksumMismatch] == 11 && occasional.readerNote == nil && occasional.points.filter { $0.speed != nil }.count == 1)
    let few = try NMEAReader().read(text: log(epochs: 9) { _ in true })
    #expect(few.skipped[.checksumMismatch] == 9 && few.readerNote == nil)
  }

  /// Coordinates are read eight digits at a time; every fraction length must give what a correctly
  /// rounded decimal parse of the minutes gives (`Double(String)`), exactly.
  @Test func coordinatesAreExactAtEveryFractionLength() throws {
    var generator = SystemRandomNumberGenerator()
    var lines: [String] = []
    var expected: [(Double, Double)] = []
    for i in 0..<600 {
      let digits = i % 14
      func field(_ degreeDigits: Int, _ maximum: Int) -> (String, Double) {
        let degrees = Int.random(in: 0..<maximum, using: &generator)
        let minutes = Int.random(in: 0..<60, using: &generator)
        let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        let minutesText = String(format: "%02d", minutes) + (digits > 0 || i % 3 == 0 ? "." : "") + fraction
        let text = String(format: "%0\(degreeDigits)d", degrees) + minutesText
        return (text, Double(degrees) + Double(minutesText.hasSuffix(".") ? String(minutesText.dropLast()) : minutesText)! / 60)
      }
      let (latitude, latitudeValue) = field(2, 90)
      let (longitude, longitudeValue) = field(3, 180)
      let time = String(format: "%02d%02d%02d.00", i / 3600, i / 60 % 60, i % 60)
      lines.append(Self.sentence("GPGGA,\(time),\(latitude),N,\(longitude),E,1,08,0.9,545.4,M,46.9,M,,"))
      expected.append((latitudeValue, longitudeValue))
    }
    let points = try NMEAReader().read(text: Array(lines.joined(separator: "\n").utf8)).points
    #expect(points.count == expected.count)
    for (point, (latitude, longitude)) in zip(points, expected) {
      #expect(point.latitude == latitude && point.longitude == longitude)
    }
  }

  /// Sentences of one epoch are recognised by their time's bytes first; another spelling of the same time
  /// still joins the epoch, and a time that shares a prefix does not.
  @Test func epochsJoinByTimeValueNotSpelling() throws {
    let text = [
      Self.sentence("GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      Self.sentence("GPGST,120000.000,1.2,3.0,2.0,45.0,3.0,4.0,4.0"),
      Self.sentence("GPRMC,120000.0,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      Self.sentence("GPGGA,120000.01,4807.039,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      Self.sentence("GPRMC,120000.01,A,4807.039,N,01131.000,E,010.0,084.4,230394,003.1,W"),
      Self.sentence("GPGGA,120000.010,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
    ].joined(separator: "\n")
    let points = try NMEAReader().read(text: Array(text.utf8)).points
    #expect(points.count == 2)
    #expect(points[0].horizontalAccuracy == 5 && abs(points[0].speed! - 22.4 * 1852 / 3600) < 1e-12)
    #expect(abs(points[1].latitude - (48 + 7.040 / 60)) < 1e-12, "GGA at .010 is the epoch of .01 (a later GGA of an epoch replaces it)")
    #expect(abs(points[1].speed! - 10 * 1852 / 3600) < 1e-12)
  }

  @Test func midnightRollsOverToTheNextDay() throws {
    let text = [
      Self.sentence("GPRMC,235959.00,A,4807.038,N,01131.000,E,0,0,311299,,"),
      Self.sentence("GPRMC,000000.00,A,4807.038,N,01131.000,E,0,0,010100,,"),
    ].joined(separator: "\n")
    let points = try NMEAReader().read(text: Array(text.utf8)).points
    #expect(points.count == 2 && points[1].time - points[0].time == 1)
    #expect(points[1].time == 946_684_800, "2000-01-01 00:00 UTC")
  }

  @Test func hostileInputIsAnErrorOrSkipped() throws {
    for text in ["", "\0\0\0", "$GPGGA", "$GPGGA,", String(repeating: "$GPGGA,1,", count: 10_000), "$GPRMC,999999,A,x,N,y,E*00"] {
      #expect(throws: RecordingError.self) { try NMEAReader().read(text: Array(text.utf8)) }
    }
  }

  @Test func aMissingFileIsAnError() {
    #expect(throws: RecordingError.self) { try NMEAReader().read("/nonexistent/log.nmea") }
  }
}

@Suite struct NMEARoundTripTests {
  @Test func ourNMEAReadsBackAsWritten() throws {
    let run = try generated("marathon-armband", trial: 2)
    let text = try NMEAWriter().write(run)
    let recording = try NMEAReader().read(text: Array(text.utf8))
    #expect(recording.points.count == run.observed.count && recording.skipped.isEmpty)
    #expect(recording.hasDate)
    for (point, fix) in zip(recording.points, run.observed) {
      #expect(abs(point.time - (1_767_250_800 + fix.time)) < 0.0006, "milliseconds")
      #expect(abs(point.latitude - fix.latitude) < 2e-8 && abs(point.longitude - fix.longitude) < 2e-8)
      #expect(point.accuracySource == .claimed && abs(point.horizontalAccuracy! - fix.horizontalAccuracy) < 0.002)
      if let speed = fix.speed { #expect(abs(point.speed! - speed) < 0.001) }
    }
  }
}

/// Bounded memory on a 2 GB stream: run by hand with `TRACKBENCH_BIG_FILES=1 swift test --filter
/// BigFileTests` (it writes 2 GB to the temporary directory); the figures go in docs/recordings.md.
@Suite(.serialized) struct BigFileTests {
  static let enabled = ProcessInfo.processInfo.environment["TRACKBENCH_BIG_FILES"] == "1"

  /// Peak resident memory of this process so far, MiB.
  static func peakMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  /// Writes `bytes` of `unit(i)` repeated, streamed in 8 MiB chunks, and returns the path.
  static func write(bytes: Int, name: String, header: String = "", footer: String = "", unit: (Int) -> String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-big-\(UUID())-\(name)").path
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    handle.write(Data(header.utf8))
    var written = header.utf8.count, i = 0
    var chunk = ""
    while written < bytes {
      let text = unit(i)
      chunk += text
      written += text.utf8.count
      i += 1
      if chunk.utf8.count > 8 << 20 { handle.write(Data(chunk.utf8)); chunk = "" }
    }
    handle.write(Data((chunk + footer).utf8))
    return path
  }

  /// `2026-01-01T00:00:00Z` plus `seconds` (days to a civil date after Howard Hinnant's algorithm).
  static func iso(_ seconds: Int) -> String {
    let days = 20_454 + seconds / 86_400  // 2026-01-01 is day 20454 since 1970-01-01
    let z = days + 719_468, era = z / 146_097, doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9, year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    let s = seconds % 86_400
    return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, s / 3600, s / 60 % 60, s % 60)
  }

  @Test func isoDatesAreRight() {
    #expect(Self.iso(0) == "2026-01-01T00:00:00Z" && Self.iso(59 * 86_400 + 3661) == "2026-03-01T01:01:01Z")
  }

  @Test(.enabled(if: enabled, "set TRACKBENCH_BIG_FILES=1 to write and read 2 GB files"))
  func twoGigabytesOfNMEAAndGPXInBoundedMemory() throws {
    // NMEA: one GGA per second, about 75 bytes: 2 GB is about 29 million epochs, beyond the 10 million
    // points a recording keeps, so the reader must stop and refuse without holding the file.
    func checksum(_ body: String) -> String { String(format: "%02X", body.utf8.reduce(0) { $0 ^ $1 }) }
    let nmea = try Self.write(bytes: 2_000_000_000, name: "x.nmea") { i in
      let seconds = i % 86_400
      let body = String(format: "GPGGA,%02d%02d%02d.00,4807.%03d,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", seconds / 3600, seconds / 60 % 60, seconds % 60, i % 1000)
      return "$\(body)*\(checksum(body))\n"
    }
    defer { try? FileManager.default.removeItem(atPath: nmea) }
    let before = Self.peakMiB()
    let error = #expect(throws: RecordingError.self) { try NMEAReader().read(nmea) }
    print("NMEA 2 GB: \(String(describing: error)); peak \(Self.peakMiB()) MiB (before \(before))")
    let gpx = try Self.write(
      bytes: 2_000_000_000, name: "x.gpx", header: "<gpx version=\"1.1\"><trk><trkseg>\n", footer: "</trkseg></trk></gpx>\n"
    ) { i in
      "<trkpt lat=\"45.\(100_000 + i % 100_000)\" lon=\"7.25\"><time>\(Self.iso(i))</time></trkpt>\n"
    }
    defer { try? FileManager.default.removeItem(atPath: gpx) }
    let gpxError = #expect(throws: RecordingError.self) { try GPXReader().read(gpx) }
    print("GPX 2 GB: \(String(describing: gpxError)); peak \(Self.peakMiB()) MiB")
  }
}
