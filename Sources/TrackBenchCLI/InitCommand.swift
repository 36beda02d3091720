import ArgumentParser
import Foundation
import Harness

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

  /// The GitHub Actions recipe `init` writes (docs/ci.md explains each step).
  static let workflow = """
    # The TrackBench accuracy gate, written by `trackbench init`: edit freely (docs/ci.md).
    # Once, on your machine, record the baseline the gate compares with and commit it:
    #   trackbench baseline record scenarios --trials 6 --strategies 'raw,kalman' --output baselines/trackbench.jsonl
    # (your filter: --strategies 'raw,process(name: my-filter, cmd: "java -cp build MyFilter")'; check it
    # first with: trackbench laws 'process(name: my-filter, cmd: "java -cp build MyFilter")').
    # Then every pull request reruns the baseline's cells and gets one comment, updated in place.
    name: trackbench
    on: [pull_request]
    env:
      # Where to fetch TrackBench from (a repository variable), and the version to build.
      TRACKBENCH_REPO: ${{ vars.TRACKBENCH_REPO }}
      TRACKBENCH_VERSION: "\(TrackBenchCommand.version)"
    jobs:
      gate:
        runs-on: ubuntu-24.04
        permissions: { contents: read, pull-requests: write }
        steps:
          - uses: actions/checkout@v4
          - name: trackbench
            run: |
              sudo apt-get install -y libgsl-dev pkg-config
              git clone --depth 1 --branch "$TRACKBENCH_VERSION" "$TRACKBENCH_REPO" "$RUNNER_TEMP/trackbench"
              swift build -c release --package-path "$RUNNER_TEMP/trackbench" --product trackbench
              echo "$RUNNER_TEMP/trackbench/.build/release" >> "$GITHUB_PATH"
          # A filter in another language: build it here (e.g. javac -d build MyFilter.java).
          - id: check
            continue-on-error: true
            run: trackbench check --baseline baselines/trackbench.jsonl --format comment --output comment.md --junit junit.xml --allow-process -q
          - name: one comment, updated
            env: { GH_TOKEN: "${{ github.token }}", PR: "${{ github.event.pull_request.number }}", REPO: "${{ github.repository }}" }
            run: |
              id=$(gh api "repos/$REPO/issues/$PR/comments" --paginate \\
                     --jq '.[] | select(.body | startswith("<!-- trackbench-check -->")) | .id' | head -n 1)
              if [ -n "$id" ]; then gh api -X PATCH "repos/$REPO/issues/comments/$id" -F body=@comment.md
              else gh api -X POST "repos/$REPO/issues/$PR/comments" -F body=@comment.md; fi
          - uses: actions/upload-artifact@v4
            if: always()
            with: { name: trackbench-junit, path: junit.xml }
          - if: steps.check.outcome == 'failure'
            run: exit 1

    """

  func run() async throws {
    try await InputFailure.guarding {
      let root = directory
      var planned: [(path: String, text: String)] = BundledSuite.files.map { ("\(root)/scenarios/\($0.name)", $0.text) }
      planned.append(("\(root)/.github/workflows/trackbench.yml", Self.workflow))
      // Everything is checked before anything is written: no half-made suite.
      for (path, _) in planned where FileManager.default.fileExists(atPath: path) {
        throw InputFailure(message: "\(path): expected a path that does not exist (init never overwrites), found one; move it or choose another folder")
      }
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), !isDirectory.boolValue {
        throw InputFailure(message: "\(root): expected a folder to write into, found a file")
      }
      for folder in ["\(root)/scenarios", "\(root)/.github/workflows", "\(root)/baselines"] {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
          throw InputFailure(message: "\(folder): cannot make the folder: \(error.localizedDescription)")
        }
      }
      for (path, text) in planned { try OutputDestination(path, option: "init").write(text) }
      let shown = root == "." ? "" : root + "/"
      try OutputDestination(nil).write(
        """
        Wrote \(BundledSuite.files.count) scenarios to \(shown)scenarios/ and the CI recipe \(shown).github/workflows/trackbench.yml.
        Next:
          trackbench run \(shown)scenarios                         # the verdict on the standard suite
          trackbench laws 'process(name: my-filter, cmd: "…")'     # your filter against the laws
          trackbench baseline record \(shown)scenarios --trials 6 --strategies 'raw,process(name: my-filter, cmd: "…")' --output \(shown)baselines/trackbench.jsonl
          trackbench check --baseline \(shown)baselines/trackbench.jsonl --allow-process   # what CI runs on every pull request

        """)
    }
  }
}
