import Foundation
import Harness
import Simulation
import Testing
import TrackIO
#if canImport(FoundationXML)
  import FoundationXML
#endif

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

func generated(_ name: String, trial: Int = 1) throws -> GeneratedRun {
  let scenario = try ScenarioLoader.load(file: repositoryRoot.appendingPathComponent("scenarios/\(name).yaml").path)
  return try Generation.run(try ScenarioEngine(scenario), trial: trial)
}

/// Counts `trkpt` elements per `trk`, failing on malformed XML.
final class TrackCounter: NSObject, XMLParserDelegate {
  var counts: [Int] = []
  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    if name == "trk" { counts.append(0) }
    if name == "trkpt" { counts[counts.count - 1] += 1 }
  }
}

@Suite struct GeneratedTrackTests {
  @Test func gpxIsWellFormedWithTwoTracks() throws {
    let run = try generated("tunnel-dropouts")
    let text = try GPXWriter().write(run)
    let parser = XMLParser(data: Data(text.utf8))
    let counter = TrackCounter()
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(counter.counts == [run.observed.count, run.truth.count])
    #expect(text.contains("<name>observed</name>") && text.contains("<name>truth</name>"))
  }

  @Test func timesAreISO8601FromAFixedStart() throws {
    let run = try generated("park-loop")
    let text = try GPXWriter().write(run)
    #expect(text.contains("<time>2026-01-01T07:00:00.000Z</time>"))
    let csv = try CSVTrackWriter().write(run)
    let lines = csv.split(separator: "\n")
    #expect(lines[0] == Substring(CSVTrackWriter.header))
    #expect(lines.count == 1 + run.observed.count + run.truth.count)
    #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 8 })
  }

  @Test func jsonHoldsBothTracks() throws {
    let run = try generated("marathon-armband")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(try JSONTrackWriter().write(run).utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "trackbench.generated")
    #expect((object["observed"] as? [Any])?.count == run.observed.count)
    #expect((object["truth"] as? [Any])?.count == run.truth.count)
    let first = try #require((object["observed"] as? [[String: Any]])?.first)
    #expect(first["speed"] != nil && first["altitude"] != nil, "marathon-armband reports Doppler and altitude")
  }

  @Test func generationIsDeterministic() throws {
    #expect(try GPXWriter().write(try generated("downtown-grid", trial: 3)) == (try GPXWriter().write(try generated("downtown-grid", trial: 3))))
    #expect(try GPXWriter().write(try generated("downtown-grid", trial: 3)) != (try GPXWriter().write(try generated("downtown-grid", trial: 4))))
  }
}

/// A Python with gpxpy in a virtual environment under `.build/python-tools`, made on first use.
enum PythonTools {
  static let python3: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    ?? which("python3")

  static func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  static let environment = repositoryRoot.appendingPathComponent(".build/python-tools")

  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The environment's python, with the independent readers the tests compare against: gpxpy 1.6.2
  /// and fitparse 1.2.0. Made once per test process: tests run in parallel, and two pip installs into
  /// one environment at once fail ("No such file or directory: …/bin/gpxinfo").
  static func pythonWithReferenceReaders() throws -> String { try prepared.get() }

  private static let prepared = Result<String, any Error> { try prepare() }

  private static func prepare() throws -> String {
    let python = environment.appendingPathComponent("bin/python").path
    if try !FileManager.default.isExecutableFile(atPath: python) || run(python, ["-c", "import gpxpy, fitparse"]).status != 0 {
      let created = try run(try #require(python3), ["-m", "venv", environment.path])
      try #require(created.status == 0, "python3 -m venv failed: \(created.output)")
      let installed = try run(python, ["-m", "pip", "install", "--quiet", "gpxpy==1.6.2", "fitparse==1.2.0"])
      try #require(installed.status == 0, "pip install gpxpy fitparse failed: \(installed.output)")
    }
    return python
  }
}

@Suite struct GPXPyTests {
  @Test(.enabled(if: PythonTools.python3 != nil, "python3 is not installed: the gpxpy check of generated GPX is skipped"))
  func gpxpyReadsTheGeneratedGPX() throws {
    let run = try generated("park-loop")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-\(UUID()).gpx")
    defer { try? FileManager.default.removeItem(at: file) }
    try GPXWriter().write(run).write(to: file, atomically: true, encoding: .utf8)
    let script = """
      import sys, gpxpy
      gpx = gpxpy.parse(open(sys.argv[1]))
      for track in gpx.tracks:
          points = sum(len(s.points) for s in track.segments)
          print(track.name, points, track.length_2d())
      """
    let result = try PythonTools.run(try PythonTools.pythonWithReferenceReaders(), ["-c", script, file.path])
    try #require(result.status == 0, "\(result.output)")
    let rows = result.output.split(separator: "\n").map { $0.split(separator: " ") }
    #expect(rows.count == 2)
    #expect(rows[0][0] == "observed" && Int(rows[0][1]) == run.observed.count)
    #expect(rows[1][0] == "truth" && Int(rows[1][1]) == run.truth.count)
    // gpxpy's own distance along the truth track: within 0.2 % of the exact truth (its Earth model and
    // the chords of 1 s samples differ slightly).
    let truthLength = try #require(Double(rows[1][2]))
    #expect(abs(truthLength - run.trueDistance) / run.trueDistance < 0.002, "gpxpy \(truthLength) m vs \(run.trueDistance) m")
  }
}

/// Characters XML 1.0 cannot hold, in a scenario's name and description, still give a valid GPX file.
@Suite struct ControlCharacterTests {
  static func hostileRun() throws -> GeneratedRun {
    var run = try generated("standing-still")
    run.scenario = "still\u{1}\u{7F}"
    run.description = "tab\there, bell\u{7}, NUL\u{0}, escape\u{1B}[31m, <tag> & \"quotes\", \u{FFFE}, line\nbreak"
    return run
  }

  @Test func anXMLParserReadsTheGPX() throws {
    let text = try GPXWriter().write(Self.hostileRun())
    let parser = XMLParser(data: Data(text.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(text.contains("tab\there, bell, NUL, escape[31m, &lt;tag&gt; &amp; &quot;quotes&quot;, , line\nbreak"))
  }

  @Test(.enabled(if: PythonTools.python3 != nil, "python3 is not installed: the gpxpy check of generated GPX is skipped"))
  func gpxpyReadsTheGPX() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-\(UUID()).gpx")
    defer { try? FileManager.default.removeItem(at: file) }
    try GPXWriter().write(Self.hostileRun()).write(to: file, atomically: true, encoding: .utf8)
    let script = "import sys, gpxpy\ngpx = gpxpy.parse(open(sys.argv[1]))\nprint(repr(gpx.name), len(gpx.tracks))"
    let result = try PythonTools.run(try PythonTools.pythonWithReferenceReaders(), ["-c", script, file.path])
    // U+0001 is dropped; DEL (U+007F) is legal XML 1.0 and kept.
    #expect(result.status == 0 && result.output.hasPrefix("'still\\x7f' 2"), "\(result.output)")
  }
}

/// Speed and course travel in Garmin's TrackPointExtension v2: gpxpy reads them, GPSBabel keeps them
/// through a GPX round trip, and our reader reads them back.
@Suite struct TrackPointExtensionTests {
  @Test(
    .enabled(if: PythonTools.python3 != nil, "python3 is not installed: the gpxpy check is skipped"),
    .enabled(if: gpsbabel != nil, "gpsbabel is not installed (make test installs it): the GPSBabel check is skipped"))
  func speedAndCourseSurviveOtherReaders() throws {
    let run = try generated("city-ride")
    let withSpeed = run.observed.filter { $0.speed != nil && $0.course != nil }
    try #require(withSpeed.count > 100, "city-ride reports Doppler speed and course")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-\(UUID()).gpx")
    defer { try? FileManager.default.removeItem(at: file) }
    try GPXWriter().write(run).write(to: file, atomically: true, encoding: .utf8)
    let script = """
      import sys, gpxpy
      gpx = gpxpy.parse(open(sys.argv[1]))
      for p in gpx.tracks[0].segments[0].points:
          ext = {c.tag.split('}')[1]: c.text for e in p.extensions for c in list(e)}
          print(ext.get('speed', '-'), ext.get('course', '-'))
      """
    let result = try PythonTools.run(try PythonTools.pythonWithReferenceReaders(), ["-c", script, file.path])
    try #require(result.status == 0, "\(result.output)")
    let rows = result.output.split(separator: "\n").map { $0.split(separator: " ") }
    #expect(rows.count == run.observed.count)
    for (fix, row) in zip(run.observed, rows) {
      #expect(fix.speed.map { abs($0 - Double(row[0])!) < 0.0005 } ?? (row[0] == "-"))
      #expect(fix.course.map { abs($0 - Double(row[1])!) < 0.005 } ?? (row[1] == "-"))
    }
    // GPSBabel's GPX → GPX keeps them, and our reader reads its output back.
    let babel = try PythonTools.run(try #require(gpsbabel), ["-t", "-i", "gpx", "-f", file.path, "-o", "gpx", "-F", "-"])
    try #require(babel.status == 0, "\(babel.output)")
    let back = try GPXReader().read(bytes: Array(babel.output.utf8))
    let observed = Array(back.points.prefix(run.observed.count))
    #expect(observed.count == run.observed.count)
    for (fix, point) in zip(run.observed, observed) {
      #expect(fix.speed.map { abs($0 - (point.speed ?? -1)) < 0.0005 } ?? (point.speed == nil))
      #expect(fix.course.map { abs($0 - (point.course ?? -1)) < 0.005 } ?? (point.course == nil))
    }
  }
}
