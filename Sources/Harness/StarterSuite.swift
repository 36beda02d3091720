import Foundation
import StandardSuite

/// What `trackbench init` writes into a folder: the standard suite's scenarios to edit, an empty
/// `baselines/`, and a GitHub Actions recipe for the accuracy gate with its pull-request comment. Never
/// overwrites: every path is checked before anything is written.
public enum StarterSuite {
  /// The GitHub Actions recipe: build TrackBench `version`, rerun the committed baseline's cells on every
  /// pull request, keep one comment updated in place, upload the JUnit file, fail the job on a regression.
  @_optimize(none)
  public static func workflow(version: String) -> String {
    """
    # The TrackBench accuracy gate, written by `trackbench init`: edit freely (docs/ci.md).
    # Once, on your machine, record the baseline the gate compares with and commit it:
    #   trackbench baseline record scenarios --trials 6 --strategies 'raw,kalman' --output baselines/trackbench.jsonl
    # (your filter: --strategies 'raw,process(name: my-filter, cmd: "java -cp build MyFilter")'; check it
    # first with: trackbench laws 'process(name: my-filter, cmd: "java -cp build MyFilter")').
    # Then every pull request reruns the baseline's cells and gets one comment, updated in place.
    # Repository variables to set (Settings → Secrets and variables → Actions → Variables):
    #   TRACKBENCH_REPO  the Git URL TrackBench is built from (its home or your mirror); required
    #   TRACKBENCH_REF   a tag, branch or full commit hash there (default: \(version), the version that wrote
    #                    this file; `git ls-remote "$TRACKBENCH_REPO"` lists what exists)
    # The binary is cached by the commit it was built from and the Swift version: a cached run skips the build.
    name: trackbench
    on: [pull_request]
    env:
      TRACKBENCH_REPO: ${{ vars.TRACKBENCH_REPO }}
      TRACKBENCH_REF: ${{ vars.TRACKBENCH_REF || '\(version)' }}
    jobs:
      gate:
        runs-on: ubuntu-24.04
        permissions: { contents: read, pull-requests: write }
        steps:
          - uses: actions/checkout@v4
          - id: ref
            name: which trackbench (a ref that exists, as a commit)
            run: |
              test -n "$TRACKBENCH_REPO" || { echo "::error::set the repository variable TRACKBENCH_REPO (TrackBench's Git URL)"; exit 1; }
              if printf '%s' "$TRACKBENCH_REF" | grep -Eq '^[0-9a-f]{40}$'; then commit=$TRACKBENCH_REF
              else commit=$(git ls-remote "$TRACKBENCH_REPO" "refs/tags/$TRACKBENCH_REF^{}" "refs/tags/$TRACKBENCH_REF" "refs/heads/$TRACKBENCH_REF" | awk 'NR == 1 {print $1}'); fi
              test -n "$commit" || { echo "::error::$TRACKBENCH_REF is no tag or branch of $TRACKBENCH_REPO: set TRACKBENCH_REF to one that is, or to a commit"; exit 1; }
              echo "commit=$commit" >> "$GITHUB_OUTPUT"
              echo "swift=$(swift --version 2>&1 | head -n 1 | tr -c 'A-Za-z0-9.' '-')" >> "$GITHUB_OUTPUT"
          - id: cache
            uses: actions/cache@v4
            with:
              path: ~/trackbench-bin
              key: trackbench-${{ runner.os }}-${{ steps.ref.outputs.swift }}-${{ steps.ref.outputs.commit }}
          - name: trackbench
            run: |
              sudo apt-get install -y libgsl-dev pkg-config
              if [ "${{ steps.cache.outputs.cache-hit }}" != true ]; then
                git init -q "$RUNNER_TEMP/trackbench"
                git -C "$RUNNER_TEMP/trackbench" fetch -q --depth 1 "$TRACKBENCH_REPO" "${{ steps.ref.outputs.commit }}"
                git -C "$RUNNER_TEMP/trackbench" checkout -q FETCH_HEAD
                swift build -c release --package-path "$RUNNER_TEMP/trackbench" --product trackbench
                mkdir -p ~/trackbench-bin && cp "$RUNNER_TEMP/trackbench/.build/release/trackbench" ~/trackbench-bin/
              fi
              echo "$HOME/trackbench-bin" >> "$GITHUB_PATH"
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

  /// Writes the suite and the recipe into `root` (made if missing), all or nothing (``NewFiles``).
  /// - Parameter version: the TrackBench version the recipe builds.
  /// - Returns: every file and folder it made, outermost first, for ``remove(_:)`` when what follows
  ///   fails (`init` whose standard output cannot be written leaves nothing behind).
  /// - Throws: ``OutputError`` for an empty or too long path, a path that exists, a file where a folder
  ///   goes, or a folder or file that cannot be made; nothing made stays.
  @_optimize(none)
  @discardableResult
  public static func write(into root: String, version: String) throws -> [String] {
    var files: [(path: String, text: String)] = BundledSuite.files.map { ("scenarios/\($0.name)", $0.text) }
    files.append((".github/workflows/trackbench.yml", workflow(version: version)))
    return try NewFiles.write(files, folders: ["baselines"], into: root, option: "init")
  }

  /// Removes what ``write(into:version:)`` made, newest first.
  @_optimize(none)
  public static func remove(_ made: [String]) {
    for path in made.reversed() { NewFiles.removeTree(path) }
  }
}
