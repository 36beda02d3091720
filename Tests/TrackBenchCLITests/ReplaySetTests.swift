import Foundation
import Testing

/// A set of recordings replayed as a sweep: records, shards merged to one process's bytes on any
/// thread count, and `compare` of two replays judged exactly (a recording is the same fixes each time).
@Suite struct ReplaySetTests {
  /// `count` small recordings (CSV, 1 Hz, `seconds` long) of walks that wobble differently, in `folder`.
  static func recordings(_ count: Int, seconds: Int = 120, in folder: URL) async throws -> [String] {
    try (0..<count).map { k in
      var text = "time_s,latitude,longitude,horizontal_accuracy_m\n"
      for t in 0..<seconds {
        let wobble = sin(Double(t * (k % 7 + 3)) * 0.37) * 4e-5
        let latitude = 51.76 + Double(t) * 1.2e-5 + wobble, longitude = -1.257 + Double(k) * 1e-3 + cos(Double(t) * 0.21 + Double(k)) * 3e-5
        text += "\(t),\(String(format: "%.7f", latitude)),\(String(format: "%.7f", longitude)),\(5 + k % 4)\n"
      }
      let path = folder.appendingPathComponent(String(format: "walk-%04d.csv", k)).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
  }

  static func shardsMergeToOneProcess(recordings count: Int) async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try await recordings(count, in: folder)
    let common = ["--strategies", "raw,kalman,rts", "--format", "json"]
    let one = try await trackbench(["replay"] + files + common + ["--threads", "1", "--records", folder.appendingPathComponent("one.jsonl").path])
    #expect(one.status == 0 && !one.stdout.isEmpty, "\(one.stderr)")
    let two = try await trackbench(["replay"] + files + common + ["--threads", "2"])
    #expect(two.stdout == one.stdout, "any thread count, the same bytes")
    var shards: [String] = []
    for k in 1...3 {
      let shard = folder.appendingPathComponent("shard\(k).jsonl").path
      let run = try await trackbench(["replay"] + files + ["--strategies", "raw,kalman,rts", "--shard", "\(k)/3", "--output", shard])
      #expect(run.status == 0, "\(run.stderr)")
      shards.append(shard)
    }
    let merged = try await trackbench(["merge"] + shards + ["--format", "json", "--records", folder.appendingPathComponent("merged.jsonl").path])
    #expect(merged.status == 0 && merged.stdout == one.stdout, "\(merged.stderr)")
    let recordsOne = try Data(contentsOf: folder.appendingPathComponent("one.jsonl"))
    #expect(try Data(contentsOf: folder.appendingPathComponent("merged.jsonl")) == recordsOne, "the merged records are one process's")
  }

  @Test func thirtyRecordingsShardedThreeWaysMergeToOneProcess() async throws { try await Self.shardsMergeToOneProcess(recordings: 30) }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["TRACKBENCH_LONG_TESTS"] == "1", "a thousand recordings: TRACKBENCH_LONG_TESTS=1 (make test-long)"))
  func aThousandRecordingsShardedThreeWaysMergeToOneProcess() async throws { try await Self.shardsMergeToOneProcess(recordings: 1000) }

  /// Two replays' records: identical ones pass; a strategy that got worse fails (exit 1) naming the
  /// recording and the metric, judged exactly although each recording is one trial.
  /// One recording read at a glance (#66, item 5): the headline table leaves out the columns no strategy
  /// has a value in (here no device distance and no power), which only squeezed the strategies' names;
  /// one trial has no "winner stability".
  @Test func oneRecordingReadsAtAGlance() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try await Self.recordings(2, in: folder)
    let r = try await trackbench(["replay", files[0], "--truth", files[1], "--strategies", "raw,kalman,run-adaptive,speed-gate,android-high-accuracy"], environment: ["COLUMNS": "100"])
    #expect(r.status == 0, "\(r.stderr)")
    let table = String(r.stdout[(r.stdout.range(of: "Headline metrics")?.lowerBound ?? r.stdout.endIndex)...])
    #expect(!table.contains("power mW") && !table.contains("vs device"), "\(table)")
    #expect(table.contains("run-adaptive ") && table.contains("speed-gate "), "\(table)")
    #expect(!r.stdout.contains("Winner stability"), "\(r.stdout.prefix(2000))")
  }

  /// Against a moving reference, a replay's HTML draws the true pace and each strategy's live pace over
  /// time, and scales its maps' colours by the true pace (#66, item 5); without one, no pace plot.
  @Test func aReplayAgainstAMovingTruthHasPacePlots() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try await Self.recordings(2, in: folder)
    let withTruth = try await trackbench(["replay", files[0], "--truth", files[1], "--strategies", "raw,kalman,ema", "--format", "html", "-q"])
    #expect(withTruth.status == 0, "\(withTruth.stderr)")
    #expect(withTruth.stdout.contains("class=\"pace\"") && withTruth.stdout.contains("teal at the true mean"), "\(withTruth.stdout.suffix(3000))")
    let alone = try await trackbench(["replay", files[0], "--strategies", "raw,kalman,ema", "--format", "html", "-q"])
    #expect(alone.status == 0 && !alone.stdout.contains("class=\"pace\"") && alone.stdout.contains("the strategies' median moving pace over 30-s displacements"), "\(alone.stderr)")
  }

  @Test func compareOfTwoReplaysFailsOnAWorseStrategy() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try await Self.recordings(3, in: folder)
    func replay(_ strategies: String, _ name: String) async throws -> String {
      let path = folder.appendingPathComponent(name).path
      let run = try await trackbench(["replay"] + files + ["--strategies", strategies, "--records", path, "--output", "/dev/null"])
      #expect(run.status == 0, "\(run.stderr)")
      return path
    }
    // On these wobbling walks kalman at q 40 follows the fixes and shows a steadier live pace than at
    // its default q 0.5, whose track lags and swings (jitter 16-37 against 10-16 s/km).
    let old = try await replay("raw,kalman(q: 40)", "old.jsonl"), same = try await replay("raw,kalman(q: 40)", "same.jsonl")
    let worse = try await replay("raw,kalman", "worse.jsonl")
    let unchanged = try await trackbench(["compare", old, same, "--fail-on", "worse", "--format", "csv"])
    #expect(unchanged.status == 0 && !unchanged.stdout.contains(",worse") && !unchanged.stdout.contains(",better"), "\(unchanged.stderr)")
    let changed = try await trackbench(["compare", old, worse, "--fail-on", "worse", "--format", "csv", "--changed-only"])
    #expect(changed.status == 1, "\(changed.stderr)")
    let lines = changed.stdout.split(separator: "\n")
    for walk in ["walk-0000.csv", "walk-0001.csv", "walk-0002.csv"] {
      #expect(lines.contains { $0.hasPrefix("\(walk),") && $0.contains("live_pace_jitter_s_per_km") && $0.hasSuffix(",worse") }, "\(walk)")
    }
    #expect(!lines.contains { $0.hasPrefix("walk-0000.csv,raw,") }, "raw did not change")
    let table = try await trackbench(["compare", old, worse, "--changed-only"])
    #expect(table.stdout.contains("each recording is the same fixes on both sides"), "the legend says the judgement is exact")
  }

  /// A baseline of recordings: check replays them again and passes unchanged (exit 0), fails a worse
  /// candidate (exit 1) naming the recording and metric in the report, JUnit and step summary, and
  /// refuses a recording that changed since (exit 2, naming it).
  @Test func baselineOfRecordingsIsAnAccuracyGate() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try await Self.recordings(3, in: folder).map { ($0 as NSString).lastPathComponent }
    let base = "base.jsonl"
    let record = try await trackbench(["baseline", "record", "--replay"] + files + ["--strategies", "raw,kalman(q: 40)", "--output", base], directory: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let unchanged = try await trackbench(["check", "--baseline", base, "-q", "--format", "markdown"], directory: folder)
    #expect(unchanged.status == 0 && unchanged.stdout.contains("**Passed**: 0 regressions"), "\(unchanged.stderr)")
    #expect(unchanged.stdout.contains("(each recording replayed again: the same fixes"), "the report says how it judged")
    let summary = folder.appendingPathComponent("summary.md").path
    let worse = try await trackbench(
      ["check", "--baseline", base, "--candidate", "kalman(q: 40)=kalman", "-q", "--format", "markdown", "--junit", "junit.xml"],
      environment: ["GITHUB_STEP_SUMMARY": summary], directory: folder)
    #expect(worse.status == 1 && worse.stderr.contains("regressions against base.jsonl"), "\(worse.stderr)")
    for walk in files { #expect(worse.stdout.contains("| \(walk) |") && worse.stdout.contains("live_pace_jitter_s_per_km"), "\(walk)") }
    let junit = try String(contentsOfFile: folder.appendingPathComponent("junit.xml").path, encoding: .utf8)
    #expect(junit.components(separatedBy: "<failure").count - 1 == 3 && junit.contains("walk-0001.csv"))
    #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("### Regressions (3)"))
    // A recording edited after the baseline: its strategies are not judged on other fixes.
    let edited = folder.appendingPathComponent(files[1]).path
    var lines = try String(contentsOfFile: edited, encoding: .utf8).components(separatedBy: "\n")
    lines[5] = lines[5].replacingOccurrences(of: "51.7", with: "51.8")
    try lines.joined(separator: "\n").write(toFile: edited, atomically: true, encoding: .utf8)
    let changed = try await trackbench(["check", "--baseline", base, "-q"], directory: folder)
    #expect(changed.status == 2 && changed.stderr.contains("recording \(files[1]) changed since the baseline was recorded") && changed.stdout.isEmpty, "\(changed.stderr)")
    let drawn = try await trackbench(["baseline", "record", "--replay"] + files + ["--trials", "3", "--output", "x.jsonl"], directory: folder)
    #expect(drawn.status == 2 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.jsonl").path))
  }

  /// Several recordings, each with its own truth: a manifest (paths relative to it), or a folder of
  /// recordings; the same replay either way, and a baseline of the manifest rerun unchanged.
  @Test func aManifestGivesEachRecordingItsOwnTruth() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let walks = folder.appendingPathComponent("walks")
    try FileManager.default.createDirectory(at: walks, withIntermediateDirectories: true)
    _ = try await Self.recordings(3, in: walks)
    try """
      recordings:
        - { file: walks/walk-0000.csv }
        - { file: walks/walk-0001.csv, static_at: mean }
        - { file: walks/walk-0002.csv, truth: walks/walk-0000.csv }
      """.write(to: folder.appendingPathComponent("runs.yaml"), atomically: true, encoding: .utf8)
    let replay = try await trackbench(["replay", "--manifest", "runs.yaml", "--strategies", "raw,kalman", "--format", "json"], directory: folder)
    #expect(replay.status == 0, "\(replay.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
    let truths = try #require(json["scenarios"] as? [[String: Any]]).map { ($0["recording"] as? [String: Any])?["truth"] as? String }
    #expect(truths == ["none", "static", "reference"])
    // The verdict over the recordings: the one with a moving truth scores the objective for every strategy.
    let verdict = try #require(json["verdict"] as? [String: Any], "a verdict when one recording can rank the strategies")
    #expect((verdict["ranking"] as? [[String: Any]])?.first?["strategy"] != nil)
    var shards: [String] = []
    for k in 1...2 {
      let shard = "shard\(k).jsonl"
      #expect(try await trackbench(["replay", "--manifest", "runs.yaml", "--strategies", "raw,kalman", "--shard", "\(k)/2", "--output", shard], directory: folder).status == 0)
      shards.append(shard)
    }
    let merged = try await trackbench(["merge"] + shards + ["--format", "json"], directory: folder)
    #expect(merged.status == 0 && merged.stdout == replay.stdout, "merged with its verdict: \(merged.stderr)")
    // A folder: its recordings in name order, the truth given to all of them (none here).
    let byFolder = try await trackbench(["replay", "walks", "--strategies", "raw", "--format", "csv"], directory: folder)
    let named = try await trackbench(["replay", "walks/walk-0000.csv", "walks/walk-0001.csv", "walks/walk-0002.csv", "--strategies", "raw", "--format", "csv"], directory: folder)
    #expect(byFolder.status == 0 && byFolder.stdout == named.stdout && !named.stdout.isEmpty, "\(byFolder.stderr)")
    let truthless = try await trackbench(["replay", "walks", "--strategies", "raw,kalman", "--format", "json"], directory: folder)
    #expect(truthless.status == 0 && !truthless.stdout.contains("\"verdict\""), "no truth, no objective value: no verdict that cannot rank")
    let asked = try await trackbench(["replay", "walks", "--strategies", "raw,kalman", "--format", "json", "--objective", "live_pace_jitter_s_per_km"], directory: folder)
    #expect(asked.status == 0 && asked.stdout.contains("\"verdict\""), "an objective of what recordings tell by themselves ranks them")
    let record = try await trackbench(["baseline", "record", "--replay", "--manifest", "runs.yaml", "--strategies", "raw,kalman", "--output", "b.jsonl"], directory: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let check = try await trackbench(["check", "--baseline", "b.jsonl", "-q"], directory: folder)
    #expect(check.status == 0, "\(check.stderr)")
    // Both a manifest and recordings, a truth beside a manifest, two truths for one recording.
    try "recordings:\n  - { file: walks/walk-0000.csv, truth: walks/walk-0001.csv, static_at: mean }\n"
      .write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
    for arguments in [["--manifest", "runs.yaml", "walks"], ["--manifest", "runs.yaml", "--static-at", "mean"], ["--manifest", "bad.yaml"]] {
      let bad = try await trackbench(["replay"] + arguments, directory: folder)
      #expect(bad.status == 2 && bad.stderr.hasPrefix("error: ") && bad.stdout.isEmpty, "\(arguments): \(bad.stderr)")
    }
    #expect(try await trackbench(["replay", "--manifest", "bad.yaml"], directory: folder).stderr.contains("bad.yaml:2:5"))
  }

  /// A bad shard or thread count is one error line, nothing written.
  @Test func badShardOrThreadsIsOneError() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try await Self.recordings(1, in: folder)
    for arguments in [["--shard", "4/3"], ["--threads", "0"], ["--shard", "1/2", "--records", folder.appendingPathComponent("r.jsonl").path]] {
      let run = try await trackbench(["replay"] + files + arguments)
      #expect(run.status == 2 && run.stderr.hasPrefix("error: ") && run.stderr.split(separator: "\n").count <= 2 && run.stdout.isEmpty, "\(arguments): \(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.jsonl").path))
  }

  /// The HTML of a replay draws each recording with its strategies' tracks (framed on them when there
  /// is no truth), and its tables have no column without a value.
  @Test func replayHTMLDrawsEachRecording() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("walk.gpx").path
    #expect(try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", recording]).status == 0)
    let html = try await trackbench(["replay", recording, "--strategies", "raw,kalman,ema", "--format", "html", "-q"])
    #expect(html.status == 0, "\(html.stderr)")
    #expect(html.stdout.contains("<h3>Maps of the recording</h3>") && !html.stdout.contains("No tracks in these results"))
    #expect(html.stdout.components(separatedBy: "class=\"map\"").count - 1 == 3, "a map per strategy")
    let table = try await trackbench(["replay", recording, "--strategies", "raw,kalman", "-q", "--detail"])
    #expect(table.status == 0 && !table.stdout.contains("n/a"), "\(table.stdout)")
    // --records holds the scores only, whatever the format.
    let records = folder.appendingPathComponent("r.jsonl").path
    #expect(try await trackbench(["replay", recording, "--strategies", "raw", "--format", "html", "-q", "--records", records, "--output", folder.appendingPathComponent("r.html").path]).status == 0)
    #expect(!(try String(contentsOfFile: records, encoding: .utf8)).contains("illustration"))
  }

  /// A logger's file of 40 daily walks and a session three years later replays as 41 parts, quickly
  /// (no second of the gaps is walked).
  @Test func aMultiDayLoggerFileReplaysAsParts() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"logger\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
    let formatter = ISO8601DateFormatter()
    let start = 1_767_250_800.0
    var times: [Double] = []
    for day in 0..<40 { for second in 0..<300 { times.append(start + Double(day) * 86_400 + Double(second)) } }
    for second in 0..<300 { times.append(start + 3 * 365 * 86_400 + Double(second)) }
    for (k, t) in times.enumerated() {
      gpx += "<trkpt lat=\"\(52 + 0.00003 * Double(k % 300))\" lon=\"4\"><time>\(formatter.string(from: Date(timeIntervalSince1970: t)))</time></trkpt>\n"
    }
    gpx += "</trkseg></trk></gpx>\n"
    let file = folder.appendingPathComponent("logger.gpx")
    try gpx.write(to: file, atomically: true, encoding: .utf8)
    let began = Date()
    let r = try await trackbench(["replay", file.path, "--strategies", "raw,kalman", "-q", "--detail"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("12300 fixes over 1095.0 days") && r.stdout.contains("41 parts"), "\(r.stdout.prefix(400))")
    #expect(Date().timeIntervalSince(began) < 20)
  }
}
