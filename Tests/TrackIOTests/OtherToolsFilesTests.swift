import Foundation
import Testing
import TrackIO

/// Files other tools' test suites hold, read as those tools read them (issue #28): each case names the
/// peer whose reading it matches.
@Suite struct OtherToolsFilesTests {
  static func temporary(_ name: String, _ data: Data) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-other-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  static func gpx(_ points: [(latitude: String, longitude: String, time: String)], tracks: Int = 1) -> String {
    let body = points.map { "<trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"><time>\($0.time)</time></trkpt>" }
    let perTrack = body.count / tracks
    let trackTexts = (0..<tracks).map { k in "<trk><trkseg>" + body[(k * perTrack)..<((k + 1) * perTrack)].joined() + "</trkseg></trk>" }
    return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\">" + trackTexts.joined() + "</gpx>"
  }

  static func nmea(_ body: String) -> String {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    return "$" + body + "*" + String(format: "%02X", checksum)
  }

  /// UTF-16 with its byte-order mark (little- or big-endian), as Windows tools write text.
  static func utf16(_ text: String, bigEndian: Bool = false) -> Data {
    var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
    for unit in text.utf16 {
      let bytes = bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      data.append(contentsOf: bytes)
    }
    return data
  }

  /// GPSBabel's Garmin Connect sample writes `40.1889497693628072000` (22 significant digits); gpxpy
  /// reads it with Python's `float`, correctly rounded. So do we, instead of refusing the file.
  @Test func coordinatesWithMoreThanEighteenDigitsAreReadCorrectlyRounded() throws {
    let text = Self.gpx([
      ("40.1889497693628072000", "-105.2578412182629108000", "2011-09-10T15:31:45Z"),
      ("40.18896990083158016205", "-105.25779891014099121094", "2011-09-10T15:31:46Z"),
    ])
    let points = try GPXReader().read(bytes: Array(text.utf8)).points
    #expect(points.map(\.latitude) == [Double("40.1889497693628072000")!, Double("40.18896990083158016205")!])
    #expect(points[0].longitude == -105.2578412182629108)
  }

  /// Placeholder and early dates (`1970-01-01T00:00:00Z` onwards) are dates to gpxpy and GPSBabel; a
  /// track timed from 1970 is read, and times that do not increase are still skipped.
  @Test func timesBefore1980AreTimesAndStillMustIncrease() throws {
    let text = Self.gpx([
      ("40.0", "-105.0", "1970-01-01T00:00:00Z"), ("40.0001", "-105.0", "1970-01-01T00:00:01Z"),
      ("40.0002", "-105.0", "1970-01-01T00:00:01Z"), ("40.0003", "-105.0", "1901-03-04T00:00:02Z"),
      ("40.0004", "-105.0", "1970-01-01T00:00:05Z"),
    ])
    let recording = try GPXReader().read(bytes: Array(text.utf8))
    #expect(recording.points.map(\.time) == [0, 1, 5])
    #expect(recording.skipped[.notAfterPrevious] == 2)
  }

  /// GPSBabel reads NMEA fields with spaces around them (`222517 `, as some loggers pad the time).
  @Test func spacesAroundNMEAFieldsAreReadAsGPSBabelReadsThem() throws {
    let lines = [
      Self.nmea("GPGGA, 222517 ,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      Self.nmea("GPRMC,222517 , A,4807.038 ,N, 01131.000,E,022.4, 084.4,230394,003.1,W"),
      Self.nmea("GPGGA,222518,4807.039,N,01131.001,E,1,08, 0.9 ,545.4,M,46.9,M,,"),
    ]
    let recording = try NMEAReader().read(text: Array((lines.joined(separator: "\r\n") + "\r\n").utf8))
    #expect(recording.points.count == 2 && recording.skipped.isEmpty, "\(recording.skipped)")
    let latitude: Double = 48 + 7.038 / 60
    #expect(recording.points[1].time - recording.points[0].time == 1 && abs(recording.points[0].latitude - latitude) < 1e-12)
    let knots: Double = 22.4 * 1852 / 3600  // typed: the literal arithmetic took the type checker 2 s inside #expect
    #expect(recording.points[0].speed == knots, "\(recording.points[0])")
  }

  /// Found by the fuzzer in CI (a shared GPSBabel log cut at 8 kB): a sentence ending before its
  /// position fields, with or without padding, is skipped as malformed, never a crash.
  @Test func sentencesCutBeforeTheirPositionAreSkipped() throws {
    for cut in ["$GPGGA,032935.37", "$GPGGA,032935.37,", "$GPGGA,032935.37, ", "$GPRMC,032935.37,A", "$GPRMC,032935.37,A, 4231.8291 ,N"] {
      let text = Self.nmea("GPGGA,032934.37,4231.8291,N,08807.3033,W,1,08,0.9,545.4,M,46.9,M,,") + "\n" + cut + "\n"
      let recording = try NMEAReader().read(text: Array(text.utf8))
      #expect(recording.points.count == 1, "\(cut)")
    }
  }

  /// A logger's banner before the first sentence: GPSBabel finds the sentences; so does detection.
  @Test func nmeaAfterABannerIsRecognisedAndRead() throws {
    let text = "MTK logger v1.0 -- started 2024-05-01\n# comment\n" + Self.nmea("GPGGA,222517,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") + "\n"
    let path = try Self.temporary("log.txt", Data(text.utf8))
    #expect(try RecordingFormat.detect(path) == .nmea)
    let recording = try RecordingFormat.nmea.read(path)
    #expect(recording.points.count == 1 && recording.skipped[.notASentence] == 2)
    // A CSV whose cells hold a dollar sign is still CSV.
    let csv = try Self.temporary("prices.txt", Data("time,lat,lon,note\n0,40,-105,$5 coffee\n$GPGGA is a sentence\n".utf8))
    #expect(try RecordingFormat.detect(csv) == .csv)
  }

  /// UTF-16 text with a byte-order mark, in every text format, from a file (read in chunks, a surrogate
  /// pair across a chunk's end) and from memory: GPSBabel reads such NMEA, XML readers such GPX and TCX.
  @Test func utf16FilesAreReadInEveryTextFormat() throws {
    // More than one raw chunk of comment lines with emoji, so pairs straddle reads.
    let filler = String(repeating: "# 🏃 run log 🏃\n", count: 6000)
    let sentences = (0..<20).map { Self.nmea("GPGGA,2225\(String(format: "%02d", 10 + $0)),4807.0\(String(format: "%02d", $0)),N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") }
    let nmeaText = filler + sentences.joined(separator: "\r\n") + "\r\n"
    for bigEndian in [false, true] {
      let path = try Self.temporary("u16-\(bigEndian).nmea", Self.utf16(nmeaText, bigEndian: bigEndian))
      let fromFile = try RecordingFormat.nmea.read(path)
      let fromMemory = try NMEAReader().read(text: Array(Self.utf16(nmeaText, bigEndian: bigEndian)))
      let plain = try NMEAReader().read(text: Array(nmeaText.utf8))
      #expect(fromFile.points == plain.points && fromMemory.points == plain.points && plain.points.count == 20)
      // Detection reads the first 4096 bytes: a short banner, then sentences.
      let unnamed = try Self.temporary("u16-\(bigEndian)", Self.utf16("# 🏃 logger\n" + sentences.joined(separator: "\r\n"), bigEndian: bigEndian))
      #expect(try RecordingFormat.detect(unnamed) == .nmea)
    }
    let gpxText = Self.gpx((0..<5).map { ("40.000\($0)", "-105.0", "2024-05-01T10:00:0\($0)Z") }).replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
    let gpxPath = try Self.temporary("track.gpx", Self.utf16(gpxText))
    #expect(try RecordingFormat.gpx.read(gpxPath).points == GPXReader().read(bytes: Array(gpxText.utf8)).points)
    #expect(try GPXReader().read(bytes: Array(Self.utf16(gpxText))).points.count == 5)
    let tcxText = """
      <?xml version="1.0" encoding="UTF-16"?><TrainingCenterDatabase><Activities><Activity><Lap><Track>
      <Trackpoint><Time>2024-05-01T10:00:00Z</Time><Position><LatitudeDegrees>40.0</LatitudeDegrees><LongitudeDegrees>-105.0</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>2024-05-01T10:00:01Z</Time><Position><LatitudeDegrees>40.0001</LatitudeDegrees><LongitudeDegrees>-105.0</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    #expect(try RecordingFormat.tcx.read(try Self.temporary("a.tcx", Self.utf16(tcxText))).points.count == 2)
    let csvText = "time_s,latitude,longitude\n0,40.0,-105.0\n1,40.0001,-105.0\n"
    #expect(try RecordingFormat.csv.read(try Self.temporary("a.csv", Self.utf16(csvText))).points.count == 2)
    // An odd last byte or an unpaired surrogate is U+FFFD, never a crash.
    var broken = Self.utf16(csvText)
    broken.append(contentsOf: [0x00, 0xD8, 0x41])
    #expect(try RecordingFormat.csv.read(try Self.temporary("b.csv", broken)).points.count == 2)
  }

  /// A pause in a TCX lap (Garmin starts a second `Track` when the timer restarts) starts a new part, as
  /// GPX tracks and segments and FIT timer restarts do; a lap's own single track does not.
  @Test func aSecondTrackInOneTCXLapIsAPause() throws {
    func point(_ second: Int, _ latitude: Double) -> String {
      "<Trackpoint><Time>2024-05-01T10:00:\(String(format: "%02d", second))Z</Time><Position><LatitudeDegrees>\(latitude)</LatitudeDegrees><LongitudeDegrees>-105.0</LongitudeDegrees></Position></Trackpoint>"
    }
    let text = "<TrainingCenterDatabase><Activities><Activity>"
      + "<Lap><Track>" + point(0, 40) + point(1, 40.0001) + "</Track><Track>" + point(30, 40.01) + point(31, 40.0101) + "</Track></Lap>"
      + "<Lap><Track>" + point(32, 40.0102) + point(33, 40.0103) + "</Track></Lap>"
      + "</Activity></Activities></TrainingCenterDatabase>"
    let recording = try TCXReader().read(bytes: Array(text.utf8))
    #expect(recording.points.count == 6 && recording.segmentStarts == [2])
    let gpx = try GPXReader().read(bytes: Array(Self.gpx((0..<4).map { ("40.000\($0)", "-105.0", "2024-05-01T10:00:0\($0)Z") }, tracks: 2).utf8))
    #expect(gpx.segmentStarts == [2])
  }
}
