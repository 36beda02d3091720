import Foundation

/// What the process is attached to: colours and progress only for a person at a terminal.
enum Terminal {
  /// Standard output is a terminal that takes colours: not piped or redirected, `NO_COLOR` unset,
  /// `TERM` not `dumb`.
  static var colourOutput: Bool {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
  }

  /// Progress goes to standard error only when it is a terminal and this is not a CI job (`CI` set).
  static var showsProgress: Bool {
    isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
  }
}

/// A one-line progress display on standard error: cells done, rate, time left; redrawn at most five
/// times a second and erased when done.
final class ProgressLine: @unchecked Sendable {
  private let lock = NSLock()
  private let start = Date()
  private var lastDrawn = Date.distantPast

  func update(done: Int, total: Int) {
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    guard done == total || now.timeIntervalSince(lastDrawn) >= 0.2 else { return }
    lastDrawn = now
    let elapsed = now.timeIntervalSince(start)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(total - done) / rate : 0
    let text = done == total ? "\r\u{1B}[K"
      : "\r\u{1B}[Kcells \(done)/\(total) · \(String(format: "%.1f", rate)) cells/s · about \(Int(left.rounded(.up))) s left"
    FileHandle.standardError.write(Data(text.utf8))
  }
}
