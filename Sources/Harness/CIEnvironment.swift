import Evaluation
import Findings
import Foundation

/// What the CI gate (`check`) takes from the CI system it runs under and gives back to it: the label of
/// the commit a history line names, the job summary its Markdown is appended to (GitHub Actions), and
/// the one line that says why it failed.
public enum CIEnvironment {
  /// The commit CI is checking, when GitHub Actions (`GITHUB_SHA`, its first 12 characters) or GitLab CI
  /// (`CI_COMMIT_SHORT_SHA`) says; empty otherwise.
  @_optimize(none)
  public static func label(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let sha = environment["GITHUB_SHA"], !sha.isEmpty { return String(sha.prefix(12)) }
    if let sha = environment["CI_COMMIT_SHORT_SHA"], !sha.isEmpty { return String(sha.prefix(40)) }
    return ""
  }

  /// A label given by hand (`--label`): one line of at most 200 characters.
  /// - Throws: ``OptionError`` saying what was found.
  @_optimize(none)
  public static func checkedLabel(_ text: String) throws(OptionError) -> String {
    guard text.count <= 200, !text.contains(where: \.isNewline) else {
      throw OptionError("--label: expected one line of at most 200 characters, found \(text.count) characters\(text.contains(where: \.isNewline) ? " over several lines" : "")")
    }
    return text
  }

  /// Appends `markdown` to the job summary GitHub Actions names in `GITHUB_STEP_SUMMARY` (never
  /// overwritten: other steps write there too); nothing without it.
  /// - Throws: ``OutputError`` when the file cannot be opened.
  @_optimize(none)
  public static func appendStepSummary(_ markdown: () throws -> String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty else { return }
    let descriptor = open(summary, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputError("GITHUB_STEP_SUMMARY: cannot open \(summary): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    let text = Array(try markdown().utf8)
    _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// Why a check failed, one clause per gate (`3 regressions against baselines/suite.jsonl; 1 kernel
  /// slower than baselines/instructions.json allows (or missing)`), or nil when it passed.
  @_optimize(none)
  public static func failure(accuracy: BaselineCheck?, baseline: String?, speed: SpeedCheck?, throughput: String?) -> String? {
    var failures: [String] = []
    if let accuracy, !accuracy.passed, let baseline {
      failures.append("\(accuracy.regressions) regression\(accuracy.regressions == 1 ? "" : "s") against \(baseline)")
    }
    if let speed, !speed.passed, let throughput {
      let count = speed.kernels.filter { $0.verdict == .regression || $0.verdict == .missing }.count
      failures.append("\(count) kernel\(count == 1 ? "" : "s") slower than \(throughput) allows (or missing)")
    }
    return failures.isEmpty ? nil : failures.joined(separator: "; ")
  }
}
