import Foundation
import Testing

/// Inputs as users write them: what must work (a byte-order mark), and what must be refused before any
/// work, as one `error:` line with exit 2 and nothing written or changed.
@Suite(.serialized) struct InputsAsUsersWriteThemTests {
  let hostile = HostileInputTests()

  @Test func aByteOrderMarkIsSkipped() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for format in ["csv", "gpx", "tcx", "nmea"] {
      let plain = folder.appendingPathComponent("track.\(format)").path
      let generated = try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", format, "--output", plain])
      #expect(generated.status == 0, "\(generated.stderr)")
      let marked = folder.appendingPathComponent("marked.\(format)").path
      try (Data([0xEF, 0xBB, 0xBF]) + (try Data(contentsOf: URL(fileURLWithPath: plain)))).write(to: URL(fileURLWithPath: marked))
      let a = try await trackbench(["replay", plain, "--strategies", "raw", "--format", "csv"])
      let b = try await trackbench(["replay", marked, "--strategies", "raw", "--format", "csv"])
      #expect(b.status == 0 && !b.stdout.isEmpty, "\(format): \(b.stderr)")
      #expect(a.stdout.replacingOccurrences(of: "track.\(format)", with: "marked.\(format)") == b.stdout, "\(format): the same points")
    }
    // A CSV whose first column is time_s (the header's first name right after the mark).
    let csv = folder.appendingPathComponent("bom.csv")
    try (Data([0xEF, 0xBB, 0xBF]) + BoundedInputTests.jumping(0)).write(to: csv)
    let r = try await trackbench(["replay", csv.path, "--strategies", "raw"])
    #expect(r.status == 0, "\(r.stderr)")
  }

  @Test func oneFileForTwoOutputsIsRefused() async throws {
    let run = ["run", "{dir}/small.yaml", "--trials", "1", "--strategies", "raw", "--format", "json"]
    try await hostile.expectRefused(run + ["--output", "{dir}/out.json", "--records", "{dir}/out.json"], mentioning: "--records")
    try await hostile.expectRefused(run + ["--output", "{dir}/out.json", "--records", "{dir}/./out.json"], mentioning: "--records")
    try await hostile.expectRefused(run + ["--output", "{dir}/out.json", "--journal", "{dir}/out.json"], mentioning: "--journal")
    try await hostile.expectRefused(run + ["--records", "{dir}/r.jsonl", "--journal", "{dir}/r.jsonl"], mentioning: "--journal")
    try await hostile.expectRefused(
      ["throughput", "--strategy", "raw", "--fixes", "1000", "--repetitions", "1", "--export-fixes", "{dir}/f.bin", "--output-fixes", "{dir}/f.bin"],
      mentioning: "--output-fixes")
    try await hostile.expectRefused(["check", "--baseline", "{dir}/b.jsonl", "--output", "{dir}/c.md", "--junit", "{dir}/c.md"], files: ["b.jsonl": Data()], mentioning: "--junit")
  }

  @Test func anOutputThatIsABrokenLinkIsRefused() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dangling = folder.appendingPathComponent("dangling.json").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("missing.json").path)
    let loop = folder.appendingPathComponent("loop.json").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    for (path, reason) in [(dangling, "a symbolic link to a missing file"), (loop, "a loop of symbolic links")] {
      let r = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "1", "--strategies", "raw", "-q", "--output", path])
      #expect(r.status == 2 && r.stderr.hasPrefix("error: --output: ") && r.stderr.contains(reason), "\(r.stderr)")
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path).hasSuffix(path == loop ? "loop.json" : "missing.json"), "the link is untouched")
    }
  }

  @Test func badOptionValuesAreRefusedBeforeAnyWork() async throws {
    let tune = ["tune", "--strategy", "kalman", "--train", "{dir}/small.yaml"]
    try await hostile.expectRefused(tune + ["--param", "q=0.1..1:log:5:7"], mentioning: "at most one scale and one number of grid points")
    try await hostile.expectRefused(tune + ["--param", "q=0.1..1:log:linear"], mentioning: "at most one scale")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--trials", "1", "--weights", "small=0"], mentioning: "weight 0")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--trials", "1", "--strategies", "raw,kalmn"], mentioning: "did you mean kalman?")
    try await hostile.expectRefused(["calibrate", "{dir}/one.csv", "--static-at", "45,7"], files: ["one.csv": Data("time_s,lat,lon\n0,45,7\n".utf8)], mentioning: "at least 30 epochs")
  }

  /// A journal holding a cell twice is refused, and left as it was.
  @Test func aJournalWithACellTwiceIsRefusedUnchanged() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("j.jsonl").path
    let arguments = ["run", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw", "-q", "--format", "csv", "--journal", journal]
    #expect(try await trackbench(arguments).status == 0)
    var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    lines.insert(lines[1], at: 2)
    let doubled = Data((lines.joined(separator: "\n") + "\n").utf8)
    try doubled.write(to: URL(fileURLWithPath: journal))
    let r = try await trackbench(arguments + ["--resume"])
    #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.contains(" again (first on line 2); expected each cell once"), "\(r.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == doubled, "the refused journal is not written")
  }

  /// A report file that cannot be written: standard output stays empty too.
  @Test func aFailedJUnitFileLeavesStandardOutputEmpty() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("b.jsonl").path
    #expect(try await trackbench(["baseline", "record", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "-q", "--output", baseline]).status == 0)
    let r = try await trackbench(["check", "--baseline", baseline, "-q", "--junit", "/dev/full"])
    #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.contains("No space left on device"), "\(r.status) \(r.stdout.count) bytes: \(r.stderr)")
  }

  /// What a reader skipped is said for a `--truth` file as for the recording itself.
  @Test func skipsInTheTruthAreReported() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("phone.nmea").path
    #expect(try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "nmea", "--output", recording]).status == 0)
    // The truth: the same sentences with the checksums of the first 60 broken.
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    // Sentences end in CR LF (one Character to Swift), each with `*` and two hex digits: those are replaced
    // by the checksum's complement, which never matches.
    let broken = text.components(separatedBy: "\r\n").enumerated().map { n, line -> String in
      guard n < 60, let star = line.lastIndex(of: "*"), let sum = UInt8(line[line.index(after: star)...], radix: 16) else { return line }
      return String(line[...star]) + String(format: "%02X", ~sum)
    }.joined(separator: "\r\n")
    let truth = folder.appendingPathComponent("reference.nmea").path
    try broken.write(toFile: truth, atomically: true, encoding: .utf8)
    let r = try await trackbench(["replay", recording, "--truth", truth, "--strategies", "raw", "--format", "csv"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("warning: \(truth) (the truth): skipped") && r.stderr.contains("checksum mismatch"), "\(r.stderr)")
  }
}
