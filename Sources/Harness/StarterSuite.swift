import Foundation

/// What `trackbench init` writes into a folder: the standard suite's scenarios to edit, an empty
/// `baselines/`, and a GitHub Actions recipe for the accuracy gate with its pull-request comment. Never
/// overwrites: every path is checked before anything is written.
public enum StarterSuite {
  /// The GitHub Actions recipe: build TrackBench `version`, rerun the committed baseline's cells on every
  /// pull request, keep one comment updated in place, upload the JUnit file, fail the job on a regression.
  public static func workflow(version: String) -> String {
    """
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
      TRACKBENCH_VERSION: "\(version)"
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
  }

  /// Writes the suite and the recipe into `root` (made if missing).
  /// - Parameter version: the TrackBench version the recipe builds.
  /// - Returns: every file and folder it made, in the order made, for ``remove(_:)`` when what follows
  ///   fails (`init` whose standard output cannot be written leaves nothing behind).
  /// - Throws: ``OutputError`` for a path that exists, a root that is a file, or a folder or file that
  ///   cannot be made; whatever was made is removed first.
  @discardableResult
  public static func write(into root: String, version: String) throws -> [String] {
    var planned: [(path: String, text: String)] = BundledSuite.files.map { ("\(root)/scenarios/\($0.name)", $0.text) }
    planned.append(("\(root)/.github/workflows/trackbench.yml", workflow(version: version)))
    // Everything is checked before anything is written: no half-made suite.
    for (path, _) in planned where FileManager.default.fileExists(atPath: path) {
      throw OutputError("\(path): expected a path that does not exist (init never overwrites), found one; move it or choose another folder")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw OutputError("\(root): expected a folder to write into, found a file")
    }
    var made: [String] = []
    do {
      for folder in ["\(root)/scenarios", "\(root)/.github/workflows", "\(root)/baselines"] {
        // The folders that do not exist yet, outermost first: the ones this call makes.
        var missing: [String] = []
        var path = folder
        while !path.isEmpty, path != ".", path != "/", !FileManager.default.fileExists(atPath: path) {
          missing.insert(path, at: 0)
          path = (path as NSString).deletingLastPathComponent
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
          throw OutputError("\(folder): cannot make the folder: \(error.localizedDescription)")
        }
        made += missing
      }
      for (path, text) in planned {
        try OutputDestination(path, option: "init").write(text)
        made.append(path)
      }
    } catch {
      remove(made)
      throw error
    }
    return made
  }

  /// Removes what ``write(into:version:)`` made, newest first (a folder only while empty).
  public static func remove(_ made: [String]) {
    for path in made.reversed() {
      if unlink(path) != 0 { rmdir(path) }
    }
  }
}
