import Foundation
import Harness
import StandardSuite
import Testing

/// TrackBench away from its checkout: the standard suite travels inside the binary, and `init` writes
/// a starter suite and a CI recipe a team edits.
@Suite struct OutsideTheCheckoutTests {
  @Test func theSuiteInsideTheBinaryRunsFromAnyFolder() async throws {
    let empty = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: empty) }
    let arguments = ["run", "--trials", "2", "--format", "json", "-q", "--strategies", "raw,kalman"]
    let here = try await trackbench(arguments)
    let away = try await trackbench(arguments, directory: empty)
    #expect(here.status == 0 && away.status == 0, "\(away.stderr)")
    #expect(away.stdout == here.stdout && away.stdout.contains("\"park-loop\""))
  }

  @Test func initWritesTheSuiteAndARecipeAndNeverOverwrites() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try await trackbench(["init", "team"], directory: folder)
    #expect(first.status == 0 && first.stdout.hasPrefix("Wrote \(BundledSuite.files.count) scenarios to team/scenarios/"), "\(first.stdout)\(first.stderr)")
    let team = folder.appendingPathComponent("team")
    for name in try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("scenarios").path) where name.hasSuffix(".yaml") {
      let written = try Data(contentsOf: team.appendingPathComponent("scenarios/\(name)"))
      #expect(written == (try Data(contentsOf: repositoryRoot.appendingPathComponent("scenarios/\(name)"))), "\(name)")
    }
    let recipe = try String(contentsOf: team.appendingPathComponent(".github/workflows/trackbench.yml"), encoding: .utf8)
    #expect(recipe.contains("trackbench check --baseline baselines/trackbench.jsonl --format comment") && recipe.contains("<!-- trackbench-check -->"))
    // The suite it wrote runs, and records a baseline the recipe's check then passes.
    let record = try await trackbench(
      ["baseline", "record", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", "raw,kalman", "-q", "--output", "baselines/trackbench.jsonl"],
      directory: team)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(try await trackbench(["check", "--baseline", "baselines/trackbench.jsonl", "--format", "comment", "-q"], directory: team).status == 0)
    // A second init refuses, naming the first file in the way, and writes nothing.
    try FileManager.default.removeItem(at: team.appendingPathComponent(".github"))
    let again = try await trackbench(["init", "team"], directory: folder)
    #expect(again.status == 2 && again.stderr.hasPrefix("error: init: 'team/scenarios/budget-phone-5k.yaml' exists; expected a path that does not"), "\(again.stderr)")
    #expect(!FileManager.default.fileExists(atPath: team.appendingPathComponent(".github").path))
  }

  /// `export` writes one track per file; a format or start it does not know is one error line.
  @Test func exportWritesOneTrackPerFile() async throws {
    let xcode = try await trackbench(["export", "scenarios/track-400m.yaml", "--for", "xcode", "--start", "2026-05-01T06:00:00Z"])
    let generated = try await trackbench(["generate", "scenarios/track-400m.yaml", "--format", "json"])
    #expect(xcode.status == 0 && generated.status == 0, "\(xcode.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
    let observed = try #require(object["observed"] as? [Any])
    #expect(xcode.stdout.components(separatedBy: "<wpt ").count - 1 == observed.count && !xcode.stdout.contains("<trk>"))
    #expect(xcode.stdout.contains("<time>2026-05-01T06:00:0"))
    let truth = try await trackbench(["export", "scenarios/track-400m.yaml", "--for", "fixture-csv", "--track", "truth"])
    #expect(truth.status == 0 && truth.stdout.hasPrefix("time,time_ms,latitude"))
    let bad = try await trackbench(["export", "scenarios/track-400m.yaml", "--for", "garmin"])
    #expect(bad.status == 2 && bad.stderr.hasPrefix("error: --for: expected one of xcode, android-gpx, android-kml, fixture-json, fixture-csv, found 'garmin'"), "\(bad.stderr)")
    let badStart = try await trackbench(["export", "scenarios/track-400m.yaml", "--for", "xcode", "--start", "yesterday"])
    #expect(badStart.status == 2 && badStart.stderr.hasPrefix("error: --start: expected a UTC time"), "\(badStart.stderr)")
    // Outside a checkout, a bundled scenario's name from the docs says where its file comes from; a
    // name that is no scenario gets the plain error.
    let empty = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: empty) }
    let byName = try await trackbench(["export", "park-loop", "--for", "xcode"], directory: empty)
    #expect(
      byName.status == 2 && byName.stderr.contains("found no such path; park-loop is a scenario of the bundled suite: `trackbench init` writes it to scenarios/park-loop.yaml"),
      "\(byName.stderr)")
    let other = try await trackbench(["export", "no-such-run.yaml", "--for", "xcode"], directory: empty)
    #expect(other.status == 2 && other.stderr.hasSuffix("found no such path\n"), "\(other.stderr)")
  }
}
