import Foundation
import Harness
import Simulation
import Testing
import TrackCore
import TrackIO

/// `trackbench export`: files the simulators play, read back by independent readers with every point
/// and its time; fixtures that keep accuracy, speed and course; the Swift helper of docs/export.md
/// compiles as written.
@Suite struct ExportTests {
  static let start: Int64 = 1_772_350_200  // 2026-03-01T07:30:00Z

  static func fixes() throws -> [Fix] { try generated("park-loop").observed }

  static func written(_ format: SimulatorExport) throws -> URL {
    let fixes = try Self.fixes()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-export-\(UUID()).\(format.fileExtension)")
    try format.write(fixes, name: "park-loop trial 0 observed", description: "a <test> & more", start: start).write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(.enabled(if: PythonTools.python3 != nil, "python3 is not installed: the gpxpy check is skipped"))
  func gpxpyReadsEveryPointWithItsTime() throws {
    let fixes = try Self.fixes()
    for format in [SimulatorExport.xcode, .androidGPX] {
      let file = try Self.written(format)
      defer { try? FileManager.default.removeItem(at: file) }
      let script = """
        import sys, gpxpy
        gpx = gpxpy.parse(open(sys.argv[1]))
        points = gpx.waypoints + [p for t in gpx.tracks for s in t.segments for p in s.points]
        print(len(gpx.waypoints), len(points), points[0].time.timestamp(), points[-1].time.timestamp(), points[1].latitude)
        """
      let result = try PythonTools.run(try PythonTools.pythonWithReferenceReaders(), ["-c", script, file.path])
      try #require(result.status == 0, "\(result.output)")
      let row = result.output.split(separator: " ").map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines))! }
      #expect(row[0] == (format == .xcode ? Double(fixes.count) : 0), "Xcode plays waypoints; the emulator's GPX a track")
      #expect(Int(row[1]) == fixes.count)
      #expect(abs(row[2] - (Double(Self.start) + fixes[0].time)) < 0.002 && abs(row[3] - (Double(Self.start) + fixes.last!.time)) < 0.002)
      #expect(abs(row[4] - fixes[1].latitude) < 1e-9)
    }
  }

  @Test(.enabled(if: gpsbabel != nil, "gpsbabel is not installed"))
  func gpsbabelReadsTheKMLAndTheGPX() throws {
    let fixes = try Self.fixes()
    for (format, input, kind) in [(SimulatorExport.androidKML, "kml", "-w"), (.androidGPX, "gpx", "-t"), (.xcode, "gpx", "-w")] {
      let file = try Self.written(format)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try PythonTools.run(try #require(gpsbabel), [kind, "-i", input, "-f", file.path, "-o", "unicsv,utc=0", "-F", "-"])
      try #require(result.status == 0, "\(result.output)")
      let rows = result.output.split(whereSeparator: \.isNewline).filter { $0.first?.isNumber == true }
      #expect(rows.count == fixes.count, "\(format): \(rows.count) of \(fixes.count): \(result.output.prefix(300)) \((try? String(contentsOf: file, encoding: .utf8))?.prefix(600) ?? "")")
      #expect(rows.first?.contains("2026/03/01") == true, "\(format): \(rows.first ?? "")")
    }
  }

  /// The plain-JVM reader of the CSV fixture (Examples/Android/TrackBenchFixture.java) reads what
  /// TrackBench writes: the count, the first fix's time and position, and an absent course as null.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/javac"), "no JDK (javac) for the Java fixture reader"))
  func theJavaReaderReadsTheCSVFixture() throws {
    let fixes = try Self.fixes()
    let csv = try Self.written(.fixtureCSV)
    let classes = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-fixture-\(UUID())")
    defer { try? FileManager.default.removeItem(at: csv); try? FileManager.default.removeItem(at: classes) }
    let source = repositoryRoot.appendingPathComponent("Examples/Android/TrackBenchFixture.java").path
    let compiled = try PythonTools.run("/usr/bin/javac", ["-d", classes.path, source])
    try #require(compiled.status == 0, "\(compiled.output)")
    let read = try PythonTools.run("/usr/bin/java", ["-cp", classes.path, "TrackBenchFixture", csv.path])
    try #require(read.status == 0, "\(read.output)")
    let fields = read.output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(Int(fields[0]) == fixes.count && Int64(fields[1]) == Self.start * 1000 + Int64((fixes[0].time * 1000).rounded()) && fields[2] == "0")
    #expect(abs(Double(fields[3])! - fixes[0].latitude) < 1e-9 && abs(Double(fields[4])! - fixes[0].longitude) < 1e-9, "\(read.output)")
    #expect((fixes[0].course == nil) == (fields[9] == "null"), "an absent course reads as null: \(read.output)")
  }

  /// KML's altitude is optional: a fix without one has two coordinates, not a height of 0 m.
  @Test func theKMLLeavesOutAnAltitudeItDoesNotHave() throws {
    let fixes = [
      Fix(time: 0, latitude: 51.5, longitude: -0.12, horizontalAccuracy: 5),
      Fix(time: 1, latitude: 51.5001, longitude: -0.12, horizontalAccuracy: 5, altitude: 31.25),
    ]
    let kml = SimulatorExport.androidKML.write(fixes, name: "n", description: "d", start: Self.start)
    #expect(kml.contains("<coordinates>-0.120000000,51.500000000</coordinates>"), "\(kml)")
    #expect(kml.contains("<coordinates>-0.120000000,51.500100000,31.25</coordinates>"), "\(kml)")
  }

  @Test func theFixtureKeepsWhatTheSimulatorsDrop() throws {
    let fixes = try Self.fixes()
    let json = try Self.written(.fixtureJSON)
    defer { try? FileManager.default.removeItem(at: json) }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    #expect(object["schema"] as? String == "trackbench.fixture" && object["description"] as? String == "a <test> & more")
    let rows = try #require(object["fixes"] as? [[String: Any]])
    #expect(rows.count == fixes.count)
    for (row, fix) in zip(rows, fixes).prefix(50) {
      #expect((row["time_ms"] as? Int64) == Self.start * 1000 + Int64((fix.time * 1000).rounded()))
      #expect(abs((row["horizontal_accuracy"] as? Double ?? -9) - fix.horizontalAccuracy) < 0.005)
      #expect(fix.speed == nil ? row["speed"] is NSNull : abs((row["speed"] as? Double ?? -9) - fix.speed!) < 0.0005)
      #expect(fix.course == nil ? row["course"] is NSNull : abs((row["course"] as? Double ?? -9) - fix.course!) < 0.005)
    }
    let csv = try String(contentsOf: try Self.written(.fixtureCSV), encoding: .utf8).split(separator: "\n")
    #expect(csv.count == fixes.count + 1 && csv[0] == "time,time_ms,latitude,longitude,altitude,horizontal_accuracy,vertical_accuracy,speed,course")
  }

  /// The Swift block of docs/export.md, compiled as written against a stand-in `CLLocation` with Core
  /// Location's initializer, reads a fixture: every fix, invalid values as -1.
  @Test(.enabled(if: PythonTools.which("swiftc") != nil, "swiftc is not on PATH"))
  func theSwiftHelperBuildsAsWritten() throws {
    let doc = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/export.md"), encoding: .utf8)
    let start = try #require(doc.range(of: "```swift\n")), end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
    let helper = String(doc[start.upperBound..<end.lowerBound])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-helper-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stub = """
      import Foundation
      struct CLLocationCoordinate2D { var latitude: Double; var longitude: Double }
      final class CLLocation {
        let coordinate: CLLocationCoordinate2D
        let altitude, horizontalAccuracy, verticalAccuracy, course, speed: Double
        let timestamp: Date
        init(coordinate: CLLocationCoordinate2D, altitude: Double, horizontalAccuracy: Double, verticalAccuracy: Double, course: Double, speed: Double, timestamp: Date) {
          self.coordinate = coordinate; self.altitude = altitude; self.horizontalAccuracy = horizontalAccuracy
          self.verticalAccuracy = verticalAccuracy; self.course = course; self.speed = speed; self.timestamp = timestamp
        }
      }
      """
    let main = """
      import Foundation
      let locations = try TrackBenchFixture.locations(from: URL(fileURLWithPath: CommandLine.arguments[1]))
      print(locations.count, locations[0].horizontalAccuracy, locations[0].course, locations[0].timestamp.timeIntervalSince1970)
      """
    try stub.write(to: folder.appendingPathComponent("Stub.swift"), atomically: true, encoding: .utf8)
    try helper.write(to: folder.appendingPathComponent("Helper.swift"), atomically: true, encoding: .utf8)
    try main.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let binary = folder.appendingPathComponent("helper").path
    let built = try PythonTools.run(
      try #require(PythonTools.which("swiftc")),
      ["-o", binary] + ["Stub.swift", "Helper.swift", "main.swift"].map { folder.appendingPathComponent($0).path })
    try #require(built.status == 0, "\(built.output)")
    let fixture = try Self.written(.fixtureJSON)
    defer { try? FileManager.default.removeItem(at: fixture) }
    let ran = try PythonTools.run(binary, [fixture.path])
    try #require(ran.status == 0, "\(ran.output)")
    let fixes = try Self.fixes()
    let fields = ran.output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(Int(fields[0]) == fixes.count)
    #expect(abs(Double(fields[1])! - fixes[0].horizontalAccuracy) < 0.005)
    #expect(Double(fields[2])! == (fixes[0].course ?? -1), "an absent course is Core Location's -1")
    #expect(abs(Double(fields[3])! - (Double(Self.start) + fixes[0].time)) < 0.0011)
  }
}
