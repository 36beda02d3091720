import Foundation
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The built `trackbench` beside this test bundle.
let trackbenchURL: URL? = {
  let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
    .compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("trackbench") }
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

struct Invocation {
  var status: Int32
  var stdout: String
  var stderr: String
}

func trackbench(_ arguments: [String]) throws -> Invocation {
  let process = Process()
  process.executableURL = try #require(trackbenchURL, "trackbench is built beside the tests")
  process.arguments = arguments
  process.currentDirectoryURL = repositoryRoot
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let stdout = out.fileHandleForReading.readDataToEndOfFile()
  let stderr = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Invocation(
    status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
    stderr: String(decoding: stderr, as: UTF8.self))
}

func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-cli-\(UUID())")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Suite(.serialized) struct CommandLineTests {
  @Test func runsTheBundledSuiteAsATable() throws {
    let r = try trackbench(["run", "--trials", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    let suite = [
      "park-loop", "track-400m", "downtown-grid", "out-and-back", "woods-trail", "marathon-armband", "cold-start",
      "tunnel-dropouts", "city-ride", "walk-with-stops", "standing-still",
    ]
    for name in suite { #expect(r.stdout.contains(name + ":"), "\(name) runs") }
    #expect(r.stdout.contains("kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)") && r.stdout.contains("*"))
  }

  @Test func writesJSONAtomicallyAndIdenticallyForAnyThreadCount() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = directory.appendingPathComponent("a.json").path, b = directory.appendingPathComponent("b.json").path
    let common = ["run", "scenarios", "--trials", "3", "--strategies", "raw,kalman(q: 0.3),run-average(4)", "--format", "json", "--seed", "9"]
    #expect(try trackbench(common + ["--threads", "1", "--output", a]).status == 0)
    #expect(try trackbench(common + ["--threads", "2", "--output", b]).status == 0)
    let textA = try String(contentsOfFile: a, encoding: .utf8)
    #expect(textA == (try String(contentsOfFile: b, encoding: .utf8)))
    #expect(textA.contains("\"strategy\" : \"kalman(q: 0.3, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)\""))
    #expect(textA.contains("\"seed\" : 9"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a.json", "b.json"])
  }

  @Test func badScenarioExitsTwoNamingFileLineAndFieldAndWritesNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenario = directory.appendingPathComponent("bad.yaml")
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("scenarios/park-loop.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "tau_s: 45", with: "tau_s: -45")
    try text.write(to: scenario, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("out.json").path
    let r = try trackbench(["run", scenario.path, "--format", "json", "--output", output])
    #expect(r.status == 2)
    #expect(r.stderr.contains("bad.yaml:24:"), "\(r.stderr)")
    #expect(r.stderr.contains("noise[1].gauss_markov.tau_s") && r.stderr.contains("expected"))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(r.stdout.isEmpty)
  }

  @Test func badOptionsExitTwo() throws {
    for arguments in [
      ["run", "--strategies", "kalman(q: -3)"], ["run", "--format", "xml"], ["run", "/nonexistent.yaml"],
      ["run", "--trials", "0"], ["throughput", "--strategy", "nope"],
    ] {
      let r = try trackbench(arguments)
      #expect(r.status == 2, "\(arguments): \(r.status)")
      #expect(r.stderr.hasPrefix("error: "), "\(arguments): \(r.stderr)")
    }
  }

  @Test func generatesATrialInEachFormat() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["gpx", "csv", "json"] {
      let output = directory.appendingPathComponent("run.\(format)").path
      let r = try trackbench(["generate", "scenarios/cold-start.yaml", "--trial", "2", "--format", format, "--output", output])
      #expect(r.status == 0, "\(r.stderr)")
      let text = try String(contentsOfFile: output, encoding: .utf8)
      #expect(text.contains(format == "csv" ? "truth," : "truth"))
    }
    let bad = try trackbench(["generate", "scenarios/cold-start.yaml", "--format", "kml"])
    #expect(bad.status == 2 && bad.stderr.contains("--format"))
  }

  @Test func reportsASavedResultInEveryFormat() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = directory.appendingPathComponent("r.json").path
    #expect(try trackbench(["run", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw,kalman", "--format", "json", "--output", results]).status == 0)
    let markdown = try trackbench(["report", results, "--format", "markdown"])
    #expect(markdown.status == 0 && markdown.stdout.hasPrefix("# TrackBench results") && markdown.stdout.contains("| `raw` |"))
    let csv = try trackbench(["report", results, "--format", "csv"])
    #expect(csv.status == 0 && csv.stdout.hasPrefix("scenario,strategy,metric,unit,statistic,value"))
    let json = try trackbench(["report", results, "--format", "json"])
    #expect(json.stdout == (try String(contentsOfFile: results, encoding: .utf8)), "json → json is the identity")
    let bad = directory.appendingPathComponent("bad.json").path
    try "{\"schema\": 3}".write(toFile: bad, atomically: true, encoding: .utf8)
    let failed = try trackbench(["report", bad])
    #expect(failed.status == 2 && failed.stderr.contains("bad.json"))
  }

  @Test func listsStrategiesWithParameters() throws {
    let r = try trackbench(["strategies"])
    #expect(r.status == 0)
    for name in ["raw", "moonrunner", "distance-filter", "accuracy-gate", "run-average", "kalman"] {
      #expect(r.stdout.contains("\(name): "))
    }
    #expect(r.stdout.contains("q [m²/s³] default 0.5"))
  }

  @Test func throughputPrintsJSON() throws {
    for kernel in ["kalman", "haversine-sum", "synthesis"] {
      let r = try trackbench(["throughput", "--strategy", kernel, "--fixes", "5000", "--repetitions", "1", "--format", "json"])
      #expect(r.status == 0, "\(r.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
      #expect((object["fixes"] as? Int ?? 0) >= 5000)
      #expect((object["fixes_per_second"] as? Double ?? 0) > 0)
      #expect(object["strategy"] as? String != nil)
    }
  }
}
