import Foundation
import Testing

/// `trackbench laws`: the law-checker from the command line, for built-ins and for programs in any
/// language; one line per law, exit 1 on a violation, 2 for a text that does not parse.
@Suite struct LawsCommandTests {
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test func builtInsKeepEveryLaw() async throws {
    let r = try await trackbench(["laws", "kalman", "rts", "speed-gate(12) | ema"])
    #expect(r.status == 0, "\(r.stderr)")
    let passed: Int = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  ok    ") }.count
    #expect(passed == 26, "10 + 6 + 10 laws: \(r.stdout)")
    #expect(r.stdout.contains("  ok    causal") && r.stdout.contains("  ok    never invents a time") && !r.stdout.contains("FAIL"))
  }

  /// The Python example keeps every law; a program that answers each fix with the run's last position
  /// looks ahead, and the check says so: the causal law broken, exit 1.
  @Test func aProgramThatLooksAheadBreaksCausality() async throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the process filters")
      return
    }
    let good = try await trackbench(["laws", "process(name: ab, cmd: \"\(python) Examples/Process/alpha_beta.py\", alpha: 0.4)"])
    #expect(good.status == 0 && good.stdout.contains("every law holds") && good.stdout.contains("  ok    speaks the filter protocol"), "\(good.stdout)\(good.stderr)")
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cheat = folder.appendingPathComponent("cheat.py")
    try """
      import json, sys
      fixes = []
      for line in sys.stdin:
          m = json.loads(line)
          if isinstance(m, dict) and m.get("type") == "run":
              fixes = []
          elif isinstance(m, dict) and m.get("type") == "end":
              last = fixes[-1]
              for f in fixes:
                  print(json.dumps({"t": f["t"], "lat": last["lat"], "lon": last["lon"], "acc": f["acc"]}))
              print(line.strip(), flush=True)
          else:
              fixes.append(m)
      """.write(to: cheat, atomically: true, encoding: .utf8)
    let bad = try await trackbench(["laws", "process(cmd: \"\(python) \(cheat.path)\")"])
    #expect(bad.status == 1, "\(bad.stderr)")
    #expect(bad.stdout.contains("FAIL  causal: points up to fix 0's time change when the fixes after it change"), "\(bad.stdout)")
    #expect(bad.stdout.contains("  ok    times strictly increase"), "\(bad.stdout)")
    // A program that crashes breaks the protocol law (exit 1, a check that ran and failed).
    let crash = try await trackbench(["laws", "process(cmd: \"exit 3\")"])
    let unwrapped = crash.stdout.replacingOccurrences(of: "\n        ", with: " ")
    #expect(crash.status == 1 && unwrapped.contains("FAIL  speaks the filter protocol: run laws trial 0: ") && unwrapped.contains("exited with status 3"), "\(crash.stdout)")
    #expect(unwrapped.contains("  --    causal: not checked (the program failed)") && !unwrapped.contains("  ok "), "\(crash.stdout)")
  }

  @Test func aTextThatDoesNotParseIsAnErrorLine() async throws {
    let r = try await trackbench(["laws", "kalman(q: big)"])
    #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.hasPrefix("error: kalman(q: big): "), "\(r.stderr)")
  }
}
