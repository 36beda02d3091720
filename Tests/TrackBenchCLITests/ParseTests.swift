import ArgumentParser
import Testing

import TrackBenchCLI

/// The command line parsed in this process: options, their groups and the checks of options against
/// each other (`validate()`), with the `error:` text the tool prints. No subprocess: what a process
/// adds (exit status, nothing written) is tested once per kind in the hostile-input tests.
@Suite struct ParseTests {
  /// The message `trackbench` prints after `error: ` for these arguments, or nil when they parse.
  static func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try TrackBenchCommand.parseAsRoot(arguments)
      return nil
    } catch {
      return TrackBenchCommand.refusal(for: error)
    }
  }

  /// Options that contradict each other or leave a command nothing to do are refused as the arguments
  /// are parsed, before any file is read (each command's `validate()`).
  @Test func contradictoryOptionsAreRefusedBeforeAnyWork() {
    let cases: [([String], String)] = [
      (["transfer", "m.yaml", "--window-s", "5"], "--window-s: expected seconds from 10 to 3600, found 5.0"),
      (["transfer", "m.yaml", "--resamples", "200000"], "--resamples: expected 0 to 100000, found 200000"),
      (["transfer", "m.yaml", "--population", "p", "--preset", "q"], "--population and --preset: expected one of them, found both"),
      (["transfer", "m.yaml", "--preset", "q", "--in-sample"], "--in-sample: expected a population fitted here, found a receiver given by --preset"),
      (["throughput", "--all", "--strategy", "kalman"], "--all: expected no --strategy, --export-fixes, --input-fixes or --output-fixes with it"),
      (["throughput"], "throughput: expected --strategy KERNEL or --all"),
      (["throughput", "--strategy", "kalman", "--fixes", "10"], "--fixes: expected 1000 to 10000000, found 10"),
      (["throughput", "--strategy", "kalman", "--instructions", "--export-fixes", "f"], "--instructions: expected no --export-fixes, --input-fixes or --output-fixes with it"),
      (["report"], "report: expected a results file (or --history FILE)"),
      (["report", "r.json", "--last", "3"], "--last: expected --history too (it counts checks of a history)"),
      (["report", "--history", "h.jsonl", "--last", "0"], "--last: expected 1 to 10000 checks, found 0"),
      (["report", "r.json", "--history", "h.jsonl"], "--history: expected no results file with it, found 'r.json'"),
      (["calibrate"], "expected a recording (or --population MANIFEST)"),
      (["calibrate", "--population", "m.yaml", "--rate", "2"], "--population: expected neither --rate nor --format json (each recording is fitted at its own rate; a population is YAML), found --rate"),
      (["check"], "check: expected --baseline FILE, --throughput FILE or both"),
      (["check", "--baseline", "b.jsonl", "--label", "x"], "--label: expected --history too (the label names the check in the history)"),
      (["baseline", "record", "--output", "b.jsonl", "--truth", "t.gpx"], "--truth, --static-at and --manifest: expected them with --replay (recordings and their truth), found them for scenarios"),
      (["baseline", "record", "--replay", "a.gpx", "--output", "b.jsonl", "--seed", "3"], "--trials and --seed: a recording is replayed once, nothing is drawn; expected neither with --replay"),
      (["export", "s.yaml", "--for", "xcode", "--trial", "2000000000"], "--trial: expected 0 to 1000000000, found 2000000000"),
      (["compare", "-", "-"], "compare: expected at most one of the two files to be -, found both"),
      (["generate", "s.yaml", "--strategies", "raw", "--format", "nmea"], "--strategies: expected --format gpx, csv or json (a track per strategy), found nmea"),
    ]
    for (arguments, message) in cases { #expect(Self.refusal(arguments) == message, "\(arguments)") }
    #expect(Self.refusal(["transfer", "m.yaml", "--window-s", "60", "--resamples", "0"]) == nil)
    #expect(Self.refusal(["report", "--history", "h.jsonl", "--last", "5"]) == nil)
  }

  /// The hint after an argument error names the command the arguments name, nested ones included.
  @Test func theHintNamesTheCommand() {
    #expect(TrackBenchCommand.subcommandPath(["baseline", "record", "--output", "b.jsonl"]) == ["baseline", "record"])
    #expect(TrackBenchCommand.subcommandPath(["run", "scenarios", "--trials", "0"]) == ["run"])
    #expect(TrackBenchCommand.subcommandPath(["scenarios", "--trials", "0"]) == [])
  }

  @Test func sharedGroupsParseAndCheckTheirValues() throws {
    let run = try #require(try TrackBenchCommand.parseAsRoot(["run", "--threads", "3", "--shard", "2/5"]) as? RunCommand)
    #expect(run.work.threads == 3 && run.sharding.shard == "2/5")
    #expect(try run.sharding.chosen(environment: [:])?.index == 2)
    let replay = try #require(try TrackBenchCommand.parseAsRoot(["replay", "a.gpx", "--shards", "4"]) as? ReplayCommand)
    #expect(replay.sharding.shards == 4 && replay.sharding.shard == nil)
    #expect(try replay.sharding.chosen(environment: ["JOB_COMPLETION_INDEX": "3"])?.description == "4/4")
    for command in ["run", "replay", "tune", "transfer"] {
      let required = ["tune": ["--strategy", "kalman", "--param", "q=0.1..1"], "transfer": ["m.yaml"]][command] ?? []
      let arguments = [command] + required + ["--threads", "0"]
      #expect(Self.refusal(arguments) == "--threads: expected 1 to 1024, found 0", "\(command)")
    }
    #expect(Self.refusal(["baseline", "record", "--output", "b.jsonl", "--threads", "2000"]) == "--threads: expected 1 to 1024, found 2000")
    #expect(Self.refusal(["check", "--baseline", "b.jsonl", "--threads", "2000"]) == "--threads: expected 1 to 1024, found 2000")
    for shard in ["4/3", "0/3", "1/0", "x", "1/2/3"] {
      #expect(Self.refusal(["run", "--shard", shard])?.hasPrefix("--shard: expected K/N with 1 ≤ K ≤ N") == true, "\(shard)")
      #expect(Self.refusal(["replay", "a.gpx", "--shard", shard])?.hasPrefix("--shard: expected K/N") == true, "\(shard)")
    }
    #expect(Self.refusal(["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--method", "grid", "--shards", "0"]) == "--shards: expected 1 to 1000000, found 0")
  }

  @Test func optionsAreCheckedAgainstEachOtherBeforeAnyWork() {
    let tune = ["tune", "--strategy", "kalman", "--param", "q=0.1..1"]
    #expect(Self.refusal(tune + ["--shard", "1/2"])?.contains("expected --method grid or random") == true)
    #expect(Self.refusal(tune + ["--merge", "a.jsonl"])?.hasPrefix("--merge: expected --method grid or random") == true)
    #expect(Self.refusal(tune + ["--method", "grid", "--shard", "1/2", "--merge", "a.jsonl"])?.hasPrefix("--merge: expected either --shard") == true)
    #expect(Self.refusal(tune + ["--trials", "0"]) == "--trials: expected a whole number from 1 to 100000, found 0")
    #expect(Self.refusal(tune + ["--budget", "0"]) == "--budget: expected a whole number from 1 to 1000000, found 0")
    #expect(Self.refusal(tune + ["--method", "grid", "--shard", "1/2", "--validate", "scenarios"]) == nil)
    #expect(Self.refusal(["run", "--resume"]) == "--resume: expected --journal FILE to resume from")
    #expect(Self.refusal(["run", "--trials", "100001"]) == "--trials: expected a whole number from 1 to 100000, found 100001")
    #expect(Self.refusal(["baseline", "record", "--output", "b.jsonl", "--trials", "0"]) == "--trials: expected a whole number from 1 to 100000, found 0")
    let record = try? TrackBenchCommand.parseAsRoot(["baseline", "record", "--output", "b.jsonl", "--trials", "7", "--seed", "3", "--strategies", "raw"])
    #expect((record as? BaselineCommand.Record).map { [$0.overrides.trials, $0.overrides.seed.map(Int.init)] } == [7, 3])
    #expect(Self.refusal(["replay", "a.gpx", "--assume-accuracy", "0"]) == "--assume-accuracy: expected metres from 0.1 to 1000, found 0.0")
    #expect(Self.refusal(["run", "--journal", "j.jsonl", "--resume", "--threads", "2"]) == nil)
  }

  /// Values the parser itself refuses (were subprocess tests): a format or method that is not one.
  @Test func choicesAreTheDeclaredOnes() {
    #expect(Self.refusal(["run", "--format", "xml"])?.contains("'xml'") == true)
    #expect(Self.refusal(["run", "--trials", "0"]) == "--trials: expected a whole number from 1 to 100000, found 0")
    #expect(Self.refusal(["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--method", "simplex"])?.contains("'simplex'") == true)
    #expect(Self.refusal(["run", "--format", "markdown", "--threads", "1"]) == nil)
  }

  /// Typed values (`transform:`): a refusal is the option's own message.
  @Test func typedValuesAreParsedOnce() throws {
    let check = try #require(try TrackBenchCommand.parseAsRoot(["check", "--baseline", "b", "--speed-band", "30%", "--candidate", "kalman=kalman(q: 1)"]) as? CheckCommand)
    #expect(check.speedBand == 0.3 && check.candidates.map(\.candidate.description) == ["kalman(q: 1, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)"])
    #expect(Self.refusal(["check", "--baseline", "b", "--speed-band", "fast"]) == "--speed-band: expected a percentage such as 30% (or a fraction), found 'fast'")
    #expect(Self.refusal(["check", "--baseline", "b", "--candidate", "kalman"])?.hasPrefix("--candidate: expected NAME=CANDIDATE") == true)
    #expect(Self.refusal(["check", "--baseline", "b", "--candidate", "kalman=kalmn"])?.hasPrefix("--candidate: the candidate: ") == true)
  }
}
