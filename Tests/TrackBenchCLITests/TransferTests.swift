import Foundation
import Testing

/// `trackbench transfer`: rankings of real recordings beside the simulation's, with synthetic walks
/// (a truth and a noisy recording of it, written here) standing in for real ones.
/// The checkout, from this file (Tests/TrackBenchCLITests/TransferTests.swift).
private let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite(.serialized) struct TransferTests {
  /// A walk around a 120 m × 60 m block at 1.4 m/s with a 30 s stop, 1 Hz, as GPX: the truth, and a
  /// recording of it whose error wanders (a 3 m sine over 90 s) and jitters (±2 m, deterministic).
  func walk(start: Int, seconds: Int, noisy: Bool, phase: Double) -> String {
    let corners: [(Double, Double)] = [(0, 0), (120, 0), (120, 60), (0, 60)]
    var points: [String] = []
    var s = 0.0
    for t in 0..<seconds {
      if t < 100 || t >= 130 { s += 1.4 }
      var d = s.truncatingRemainder(dividingBy: 360)
      var east = 0.0, north = 0.0
      for k in 0..<4 {
        let (e0, n0) = corners[k], (e1, n1) = corners[(k + 1) % 4]
        let side = ((e1 - e0) * (e1 - e0) + (n1 - n0) * (n1 - n0)).squareRoot()
        if d <= side { east = e0 + (e1 - e0) * d / side; north = n0 + (n1 - n0) * d / side; break }
        d -= side
      }
      if noisy {
        let angle: Double = Double(t) / 90 * 2 * .pi + phase
        // In typed steps (the two sums took the type checker 1.3 s), the same arithmetic in the same order.
        let scatterEast: Double = Double((t * 7919 + 13) % 41 - 20) / 10
        let scatterNorth: Double = Double((t * 104_729 + 7) % 37 - 18) / 9
        east += 3 * sin(angle) + scatterEast
        north += 3 * cos(angle) + scatterNorth
      }
      let time = Date(timeIntervalSince1970: Double(start + t))
      let stamp = ISO8601DateFormatter().string(from: time)
      points.append(String(format: "<trkpt lat=\"%.9f\" lon=\"%.9f\"><time>%@</time></trkpt>", 51.75 + north / 111_250, -1.25 + east / 69_000, stamp))
    }
    return "<gpx version=\"1.1\"><trk><trkseg>\(points.joined())</trkseg></trk></gpx>"
  }

  func manifest(in folder: URL, seconds: Int = 200) async throws -> URL {
    for (i, start) in [1_700_000_000, 1_700_100_000].enumerated() {
      try walk(start: start, seconds: seconds, noisy: false, phase: 0).write(to: folder.appendingPathComponent("truth\(i).gpx"), atomically: true, encoding: .utf8)
      try walk(start: start, seconds: seconds, noisy: true, phase: Double(i)).write(to: folder.appendingPathComponent("walk\(i).gpx"), atomically: true, encoding: .utf8)
    }
    let url = folder.appendingPathComponent("walks.yaml")
    try """
      name: walks
      recordings:
        - { file: walk0.gpx, truth: truth0.gpx }
        - { file: walk1.gpx, truth: truth1.gpx }
      """.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// Out of sample by default: each walk judged with a population fitted to the other; the JSON is
  /// versioned, ranks every strategy on each walk, and is byte-identical on any thread count.
  @Test(.enabled(if: longChecks, "four transfers, one fitting a population per walk (about 3 min in a debug build): TRACKBENCH_LONG_TESTS=1 (make test-long)"))
  func leaveOneOutJSONIsTheSameOnAnyThreadCount() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try await manifest(in: folder).path
    let arguments = ["transfer", file, "--strategies", "raw,kalman,rts,distance-filter(5)", "--trials", "3", "--window-s", "60", "--resamples", "200", "--format", "json"]
    let one = try await trackbench(arguments + ["--threads", "1"])
    #expect(one.status == 0, "\(one.stderr)")
    // Across thread counts, with a given receiver (the fits are one per recording, each on one thread).
    let given = try await trackbench(arguments + ["--preset", "phone-open-sky", "--threads", "1"])
    let two = try await trackbench(arguments + ["--preset", "phone-open-sky", "--threads", "2"])
    #expect(given.status == 0 && two.stdout == given.stdout && !given.stdout.isEmpty)
    #expect(given.stdout.contains("\"out_of_sample\"") == false, "a given receiver is neither in nor out of sample")
    // HTML: per recording and criterion the two rankings side by side and a scatter of the scores.
    let html = try await trackbench(arguments.dropLast(2) + ["--format", "html", "--preset", "phone-open-sky", "--threads", "1"])
    let judged = try #require(try JSONSerialization.jsonObject(with: Data(given.stdout.utf8)) as? [String: Any])
    let criteria = try #require(judged["recordings"] as? [[String: Any]]).reduce(0) { $0 + (($1["criteria"] as? [Any])?.count ?? 0) }
    #expect(html.status == 0 && html.stdout.hasSuffix("</html>\n") && criteria > 0, "\(html.stderr)")
    #expect(html.stdout.components(separatedBy: "<svg").count - 1 == criteria, "a scatter per recording and criterion")
    #expect(html.stdout.contains("<th>simulated rank</th>") && html.stdout.contains("class=\"pick\"") && html.stdout.contains("<title>simulated against real score"))
    // The summary first; each scatter with ticks on both axes, units, and every point labelled by its real rank.
    let summary = try #require(html.stdout.range(of: "<h2>Summary: over ")), firstRecording = try #require(html.stdout.range(of: "<h2>", range: summary.upperBound..<html.stdout.endIndex))
    #expect(summary.lowerBound < firstRecording.lowerBound)
    let scatter = try #require(html.stdout.components(separatedBy: "<svg").dropFirst().first)
    #expect(scatter.components(separatedBy: "text-anchor=\"end\"").count - 1 >= 2, "tick labels on the real axis")
    #expect(scatter.components(separatedBy: "<circle").count == scatter.components(separatedBy: "font-size=\"9\"").count, "a label per point")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
    #expect(json["schema"] as? String == "trackbench-transfer" && json["schema_version"] as? Int == 2)
    #expect(json["out_of_sample"] as? Bool == true)
    let recordings = try #require(json["recordings"] as? [[String: Any]])
    #expect(recordings.count == 2)
    for recording in recordings {
      #expect((recording["receiver"] as? String)?.contains("fitted to 1 recording made apart from it") == true)
      let criteria = try #require(recording["criteria"] as? [[String: Any]])
      let distance = try #require(criteria.first { $0["criterion"] as? String == "abs(distance_error_percent)" })
      #expect((distance["strategies"] as? [String])?.count == 4 && (recording["windows"] as? Int) == 3, "\(distance)")
      #expect(distance["regret_interval"] != nil)
    }
  }

  /// Issue #64: a population is accepted by the ranking it produces. The twelve shared SnapperGPS walks
  /// and rides, each judged with `low-cost-l1` fitted to the others (`transfer`'s default, out of sample):
  /// the simulation's pick on the verdict's objective is in the recording's real top 3 of the 20 live
  /// strategies on 11 of 12 (measured 2026-11-29: `duty-cycle(interval_s: 20)` on the walks and c02, 1st,
  /// 2nd or 4th; `kalman(q: 0.5)` on the other rides, 1st or 2nd). Losing one is within a model change;
  /// losing more fails, and the check keeps this population at the 80 % (10 of 12).
  @Test(.enabled(if: longChecks && FileManager.default.fileExists(atPath: checkout.appendingPathComponent("../shared/data/real/snappergps").path),
    "twelve fits and transfers (about 60 s of CPU), with ../shared/data/real/snappergps: TRACKBENCH_LONG_TESTS=1 (make test-long)"))
  func theLowCostReceiversVerdictTransfersLeavingEachOut() async throws {
    let manifest = checkout.appendingPathComponent("populations/low-cost-l1.manifest.yaml").path
    let r = try await trackbench(["transfer", manifest, "--format", "json", "--threads", "2"])
    #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(json["out_of_sample"] as? Bool == true)
    let recordings = try #require(json["recordings"] as? [[String: Any]])
    #expect(recordings.count == 12)
    let objective = "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km"
    let ranks = recordings.map { recording in
      ((recording["criteria"] as? [[String: Any]])?.first { $0["criterion"] as? String == objective }?["pick_real_rank"] as? Int) ?? Int.max
    }
    #expect(ranks.filter { $0 <= 3 }.count >= 10, "real ranks of the picks: \(ranks)")
  }

  @Test func badTransferIsOneErrorAndWritesNothing() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try await manifest(in: folder, seconds: 120).path
    let output = folder.appendingPathComponent("report.json").path
    try """
      name: apart
      recordings:
        - { file: walk0.gpx, truth: truth1.gpx }
        - { file: walk1.gpx, truth: truth1.gpx }
      """.write(to: folder.appendingPathComponent("apart.yaml"), atomically: true, encoding: .utf8)
    try """
      name: one
      recordings:
        - { file: walk0.gpx, truth: truth0.gpx }
        - { file: walk0.gpx, truth: truth0.gpx }
      """.write(to: folder.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
    for (arguments, message) in [
      ([file, "--strategies", "raw"], "--strategies: expected at least two strategies to rank, found 1"),
      ([file, "--population", "phones-open-sky", "--preset", "phone-open-sky"], "--population and --preset: expected one of them"),
      ([file, "--preset", "phone-open-sky", "--in-sample"], "--in-sample: expected a population fitted here"),
      ([file, "--window-s", "5"], "--window-s: expected seconds from 10 to 3600, found 5.0"),
      ([folder.appendingPathComponent("apart.yaml").path, "--preset", "phone-open-sky"], "truth1.gpx: expected epochs during"),
      ([folder.appendingPathComponent("one.yaml").path], "expected recordings of at least two truths"),
      ([folder.appendingPathComponent("nowhere.yaml").path], "nowhere.yaml: expected a regular population manifest file"),
    ] {
      let r = try await trackbench(["transfer"] + arguments + ["--output", output])
      #expect(r.status == 2 && r.stdout.isEmpty, "\(arguments): \(r.status) \(r.stderr)")
      let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
      #expect(errors.count == 1 && errors[0].contains(message), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
    }
  }

  /// `run --transfer FILE`: the verdict says on how many real recordings its pick was checked and where
  /// it ranked there; a file that is no transfer report is one error line.
  @Test func theVerdictSaysHowFarItsPickWasChecked() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try await manifest(in: folder, seconds: 150).path
    let strategies = "raw,kalman,distance-filter(5)"
    let report = folder.appendingPathComponent("transfer.json").path
    let made = try await trackbench(["transfer", file, "--preset", "phone-open-sky", "--strategies", strategies, "--trials", "2", "--format", "json", "--output", report])
    #expect(made.status == 0, "\(made.stderr)")
    let run = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", strategies, "--format", "markdown", "--transfer", report])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("**Checked against real recordings:** Checked on 2 real recordings"), "\(run.stdout.prefix(3000))")
    #expect(run.stdout.contains("with the receiver it was given"))
    let json = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", strategies, "--format", "json", "--transfer", report])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let transfer = try #require((object["verdict"] as? [String: Any])?["transfer"] as? [String: Any])
    #expect((transfer["ranks"] as? [Int])?.count == 2 && transfer["criterion"] as? String == "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km")
    let older = folder.appendingPathComponent("transfer-v1.json").path
    try (try String(contentsOfFile: report, encoding: .utf8)).replacingOccurrences(of: "\"schema_version\" : 2", with: "\"schema_version\" : 1")
      .write(toFile: older, atomically: true, encoding: .utf8)
    for (arguments, message) in [
      (["--transfer", older], "expected trackbench-transfer version 2, found trackbench-transfer version 1 (re-run trackbench transfer)"),
      (["--transfer", file], "expected a transfer report (trackbench transfer --format json)"),
      (["--transfer", folder.path], "--transfer: expected a regular file"),
      (["--transfer", report, "--output", report], "--output"),
    ] {
      let r = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", strategies] + arguments)
      let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
      #expect(r.status == 2 && r.stdout.isEmpty && errors.count == 1 && errors[0].contains(message), "\(arguments): \(r.stderr)")
    }
  }

  /// The first lines of every format say which live filter the simulation ships, its strict real rank
  /// on each recording and whether that is good enough; a manifest of one recording works with a given
  /// receiver; `replay --manifest` reads the same manifest (its `name:` and `receiver:` too), and
  /// `calibrate --population` still needs two recordings to fit.
  @Test func theHeadlineComesFirstAndOneRecordingIsEnoughWithAGivenReceiver() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try await manifest(in: folder, seconds: 150)
    let single = folder.appendingPathComponent("single.yaml")
    try """
      name: single
      receiver: { doppler: { speed_sigma_mps: 0.1 } }
      recordings:
        - { file: walk0.gpx, truth: truth0.gpx }
      """.write(to: single, atomically: true, encoding: .utf8)
    let strategies = "raw,kalman,rts,distance-filter(5),duty-cycle(interval_s: 5)"
    for format in ["table", "markdown", "html"] {
      let r = try await trackbench(["transfer", single.path, "--preset", "phone-open-sky", "--strategies", strategies, "--trials", "2", "--format", format])
      #expect(r.status == 0, "\(format): \(r.stderr)")
      let text = r.stdout.replacingOccurrences(of: "**", with: "")
      let opening = text.components(separatedBy: "The simulation ships").first ?? text
      #expect(opening.count < 1000 && text.contains("The simulation ships"), "\(format): the headline is first")
      #expect(text.contains("of 4 (") && text.contains("In the real top 3 on"), "\(format): ranked among the 4 live strategies (a sampling policy is one)")
    }
    let json = try await trackbench(["transfer", single.path, "--preset", "phone-open-sky", "--strategies", strategies, "--trials", "2", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let headline = try #require(object["headline"] as? [String])
    #expect(headline.count == 3 && headline[0].hasPrefix("The simulation ships "))
    let criterion = try #require(((object["recordings"] as? [[String: Any]])?.first?["criteria"] as? [[String: Any]])?.first)
    #expect(criterion["ship_group"] as? String == "live strategies" && criterion["ranked"] as? Int == 4)
    #expect(
      ["raw", "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)", "distance-filter(d: 5)", "duty-cycle(interval_s: 5)"].contains(
        criterion["pick"] as? String ?? ""))
    let replay = try await trackbench(["replay", "--manifest", single.path, "--strategies", "raw,kalman"])
    #expect(replay.status == 0, "\(replay.stderr)")
    let calibrate = try await trackbench(["calibrate", "--population", single.path, "--output", folder.appendingPathComponent("p.yaml").path])
    #expect(calibrate.status == 2 && calibrate.stderr.contains("recordings: expected a list of at least 2 recordings to fit a population, found 1"), "\(calibrate.stderr)")
  }
}
