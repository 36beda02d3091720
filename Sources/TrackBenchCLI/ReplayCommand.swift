import ArgumentParser
import Filtering
import Foundation
import Harness
import Reporting

package struct ReplayCommand: AsyncParsableCommand {
  package init() {}
  package static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Run real recordings through the strategies and report what can be known honestly.",
      usage: "trackbench replay [<options>] <recordings> ...",
    discussion: """
      Each recording takes a scenario's place in the results (one trial, the same JSON schema as run).
      Without a truth: recorded distance under four formulas, against the device's own distance, the
      lap-length spread of a repeated loop, live-pace jitter. With --static-at: also false distance per
      minute, horizontal error and scatter. With --truth: every metric of a simulated run too, against the
      reference receiver's positions paired by UTC time. See docs/metrics.md.
      """)

  @Argument(help: "Recordings (GPX, TCX, FIT, NMEA, GnssLogger, CSV), or folders of them.", completion: .file())
  var files: [String] = []

  @Option(help: "A list of recordings, each with its own truth if it has one (YAML: recordings: [{ file, truth | static_at }], paths relative to it), in place of RECORDINGS.", completion: .file(extensions: ["yaml", "yml"]))
  var manifest: String?

  @Option(help: "Comma-separated strategies or pipelines (default: every strategy).")
  var strategies: String?

  @OptionGroup var truth: TruthOptions
  @OptionGroup var input: RecordingOptions

  @Option(
    name: .customLong("assume-accuracy"), help: "Metres of claimed accuracy given to strategies for fixes whose file claims none (0.1-1000).",
    transform: { try DecimalOption.parse($0, option: "--assume-accuracy") })
  var assumedAccuracy: Double = 5

  @Option(help: "The report's format.")
  var format: ReportFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Write each recording's tracks to this directory: the fixes given to the strategies, the truth and each strategy's output, one file per recording (RECORDING.gpx, .csv or .json).", completion: .directory)
  var tracks: String?

  @Option(name: .customLong("track-format"), help: "The format of --tracks: gpx (a track per strategy), csv (a row per point, a track column) or json.")
  var trackFormat: ReplayTrackFormat = .gpx

  @Flag(help: "Let --tracks replace files of the same names already in its directory (without it, such a file is an error naming it).")
  var force = false

  @Option(help: "Also write every recording's record (each strategy's named scores) to this file as JSON lines, as `run --records` does: for `compare`, `merge` and re-aggregation.", completion: .file())
  var records: String?

  @OptionGroup package var sharding: ShardOptions

  @OptionGroup package var work: WorkOptions

  @OptionGroup var display: DisplayOptions

  @OptionGroup var verdictOptions: VerdictOptions

  package func validate() throws {
    guard (0.1...1000).contains(assumedAccuracy) else {
      throw ValidationError("--assume-accuracy: expected metres from 0.1 to 1000, found \(assumedAccuracy)")
    }
  }

  package func run() async throws {
    try await InputFailure.guarding {
      let verdictReport = try verdictOptions.checked()
      let entries = try ReplayInputs.entries(files: files, manifest: manifest, truth: truth.truth, staticAt: truth.staticAt)
      let files = entries.map(\.file)
      let chosen = try strategies.map(StrategyList.parse) ?? Strategy.defaults
      let given = files + entries.compactMap(\.truth?.file) + (manifest.map { [$0] } ?? []) + verdictOptions.inputs
      let shardChoice = try sharding.chosen()
      let outputs = try SweepOutputs(output: output, records: records, inputs: given, sharded: shardChoice != nil)
      let (destination, recordsDestination) = (outputs.report, outputs.records)
      try input.refuseUnusedProvider(files)
      let trackDestinations = try tracks.map {
        try SweepOutputs.perRecording(
          files, directory: $0, extension: trackFormat.rawValue, force: force, inputs: given, otherOutputs: [("--output", output), ("--records", records)])
      }
      let inputs = try ReplayInputs.inputs(entries, read: input.read, readTruth: RecordingOptions.readTruth, assumedAccuracy: assumedAccuracy)
      let sweep = ReplaySweep(inputs, strategies: chosen)
      // The HTML draws each recording's tracks: the records carry them for the page, not for --records.
      let replayed = try sweep.replay(
        shard: shardChoice, threads: work.threads, keepingTracks: trackDestinations != nil, illustrate: format == .html && shardChoice == nil)
      let (drawn, all) = (replayed.drawn, replayed.records)
      // Everything that can fail is done before the first file is written.
      let report: String
      if shardChoice != nil {
        var header = sweep.header
        header.shard = shardChoice
        report = try SweepFile.text(header, all)
      } else {
        var result = sweep.header.aggregate(drawn)
        result.verdict = try verdictReport.policy.verdictIfAny(result, records: all, replay: true)
        report = try verdictReport.render(result, as: format, display: display, for: destination)
      }
      let tracks = try zip(replayed.cells, replayed.tracks).compactMap { cell, track in try track.map { (cell, try trackFormat.format.writer.write($0)) } }
      for (cell, text) in tracks { try trackDestinations?[cell].write(text) }
      if shardChoice == nil { try recordsDestination?.write(try SweepFile.text(sweep.header, all)) }
      try destination.write(report)
    }
  }
}
