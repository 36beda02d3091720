import Foundation
import Testing

/// The docs name only what exists: every `trackbench COMMAND` named in README.md, docs/*.md and the DocC
/// articles is a
/// command, and every `--flag` after it on the same line is one of that command's options (read from
/// its `--help`), so a renamed or removed flag cannot linger in the docs.
@Suite struct DocumentationTests {
  static let commands = [
    "run", "report", "compare", "generate", "strategies", "throughput", "calibrate", "realism", "replay", "transfer", "tune", "merge", "baseline",
    "check", "laws", "init", "export", "docs-tables",
  ]

  /// The options a command's `--help` lists (plus the ones every command takes).
  func options(of command: [String]) async throws -> Set<String> {
    let help = try await trackbench(command + ["--help"])
    #expect(help.status == 0, "\(command): \(help.stderr)")
    var found: Set<String> = ["--help", "--version"]
    let pattern = try NSRegularExpression(pattern: "--[a-z][a-z0-9-]*")
    let text = help.stdout as NSString
    for match in pattern.matches(in: help.stdout, range: NSRange(location: 0, length: text.length)) { found.insert(text.substring(with: match.range)) }
    return found
  }

  /// The README is a newcomer's page (#66, item 9): at most 150 lines, the two commands, no dated
  /// figures (they live in docs/speed.md and the CHANGELOG), and every local link resolves.
  @Test func theReadmeIsANewcomersPage() throws {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 150, "\(lines.count) lines")
    #expect(lines.contains { $0.hasPrefix("make run ") } && lines.contains { $0.hasPrefix("make test ") })
    let dated = try NSRegularExpression(pattern: "20[0-9]{2}-[0-9]{2}-[0-9]{2}|\\b[0-9a-f]{7}\\b")
    #expect(dated.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) == 0, "dates and commit hashes belong in docs/")
    let link = try NSRegularExpression(pattern: "\\]\\(([^)#\\s]+)[^)]*\\)")
    for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let target = String(text[Range(match.range(at: 1), in: text)!])
      guard !target.hasPrefix("http") else { continue }
      #expect(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(target).path), "README links to \(target)")
    }
  }

  @Test func everyCommandAndFlagTheDocsNameExists() async throws {
    var known: [String: Set<String>] = [:]
    for command in Self.commands { known[command] = try await options(of: command == "baseline" ? ["baseline", "record"] : [command]) }
    let folder = repositoryRoot.appendingPathComponent("docs")
    let catalogue = "Sources/TrackBench/TrackBench.docc"
    let articles = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(catalogue).path)
      .filter { $0.hasSuffix(".md") }.map { catalogue + "/" + $0 }
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["README.md"] + articles
    let mention = try NSRegularExpression(pattern: "trackbench ([a-z]+)")
    let flag = try NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*")
    var checked = 0
    for page in pages {
      let text = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(line)
        let ns = line as NSString
        let mentions = mention.matches(in: line, range: NSRange(location: 0, length: ns.length))
        for (i, m) in mentions.enumerated() {
          let command = ns.substring(with: m.range(at: 1))
          // `trackbench` as a word in prose ("trackbench reads …") is not a command line.
          guard Self.commands.contains(command) || ["record", "help"].contains(command) == false else { continue }
          guard let options = known[command] else {
            if line.contains("`trackbench \(command)") || line.contains("$ trackbench \(command)") {
              Issue.record("\(page):\(number + 1): no command '\(command)'")
            }
            continue
          }
          // The flags between this mention and the next.
          let end = i + 1 < mentions.count ? mentions[i + 1].range.location : ns.length
          let span = NSRange(location: m.range.location, length: end - m.range.location)
          for f in flag.matches(in: line, range: span) {
            let name = ns.substring(with: f.range)
            checked += 1
            #expect(options.contains(name), "\(page):\(number + 1): trackbench \(command) has no option \(name)")
          }
        }
      }
    }
    #expect(checked > 50, "the docs name commands with flags (\(checked) checked)")
  }

  /// `docs-tables` (what scripts/docs-tables runs) rewrites a stale generated table and leaves the rest of
  /// the document; on the repository's docs it changes nothing (they hold the tables: CatalogueReferenceTests).
  @Test func docsTablesRewritesOnlyTheGeneratedTables() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = "<!-- generated from the catalogue by scripts/docs-tables: edit the descriptors, not this table -->"
    for file in ["strategies.md", "metrics.md"] {
      try "intro\n\(marker)\nstale | table\n<!-- end of generated table -->\nafter\n".write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    let r = try await trackbench(["docs-tables", folder.path])
    #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 2, "\(r.stderr)")
    for file in ["strategies.md", "metrics.md"] {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(text.hasPrefix("intro\n\(marker)\n| ") && text.hasSuffix("<!-- end of generated table -->\nafter\n") && !text.contains("stale"), "\(file)")
    }
    let again = try await trackbench(["docs-tables", folder.path])
    #expect(again.status == 0 && again.stdout.isEmpty, "nothing to rewrite the second time")
    let repository = try await trackbench(["docs-tables", repositoryRoot.appendingPathComponent("docs").path])
    #expect(repository.status == 0 && repository.stdout.isEmpty, "the repository's docs hold the tables: \(repository.stdout)")
    // A page that is a device, or far too large, is refused by the one bounded reader, before any read.
    let device = folder.appendingPathComponent("device")
    try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: device.appendingPathComponent("strategies.md").path, withDestinationPath: "/dev/zero")
    let zero = try await trackbench(["docs-tables", device.path])
    #expect(zero.status == 2 && zero.stderr.contains("found a character device"), "\(zero.stderr)")
    let huge = folder.appendingPathComponent("strategies.md")
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 3 << 30)  // sparse: 3 GB claimed, nothing on disk
    try handle.close()
    let large = try await trackbench(["docs-tables", folder.path])
    #expect(large.status == 2 && large.stderr.contains("found \(3 << 30) bytes"), "\(large.stderr)")
  }
}
