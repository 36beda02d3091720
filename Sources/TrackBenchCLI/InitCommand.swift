import ArgumentParser
import Harness
import StandardSuite

/// `trackbench init [DIR]`: a starter suite a team edits (the standard suite's scenarios, from inside
/// the binary) and a CI recipe for the accuracy gate with one pull-request comment.
struct InitCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a starter suite (the standard scenarios) and a CI recipe for the accuracy gate into a folder.",
    discussion: """
      Writes DIR/scenarios/*.yaml (the \(BundledSuite.files.count) scenarios of the standard suite, to edit) and \
      DIR/.github/workflows/trackbench.yml (record a baseline once, then every pull request is checked against it \
      with one comment). Never overwrites: a file already there is an error and nothing is written.
      """)

  @Argument(help: "The folder to write into (default: the current one); made if missing.", completion: .directory)
  var directory: String = "."

  func run() async throws {
    try await InputFailure.guarding {
      let root = directory
      let made = try StarterSuite.write(into: root, version: TrackBenchCommand.version)
      let shown = root == "." ? "" : root + "/"
      // A message that cannot be written (a closed or full standard output) undoes the suite: no run
      // leaves files behind while reporting an error.
      do {
        try OutputDestination(nil).write(
        """
        Wrote \(BundledSuite.files.count) scenarios to \(shown)scenarios/ and the CI recipe \(shown).github/workflows/trackbench.yml.
        Next:
          trackbench run \(shown)scenarios                         # the verdict on the standard suite
          trackbench laws 'process(name: my-filter, cmd: "…")'     # your filter against the laws
          trackbench baseline record \(shown)scenarios --trials 6 --strategies 'raw,process(name: my-filter, cmd: "…")' --output \(shown)baselines/trackbench.jsonl
          trackbench check --baseline \(shown)baselines/trackbench.jsonl --allow-process   # what CI runs on every pull request

        """)
      } catch {
        StarterSuite.remove(made)
        throw error
      }
    }
  }
}
