import ArgumentParser
import Foundation
import Harness
import TrackCore

/// When the terminal table is coloured.
enum ColourChoice: String, CaseIterable, ExpressibleByArgument {
  /// Only on a terminal that takes colours (see ``Terminal/colourOutput``).
  case auto
  case always
  case never
}

/// The display options every rendering command shares.
struct DisplayOptions: ParsableArguments {
  @Option(name: .customLong("color"), help: "Colour the table: auto (a terminal, NO_COLOR empty or unset, TERM not dumb), always or never.")
  var colour: ColourChoice = .auto

  @Flag(help: "The table format with every metric's table per scenario (default: the verdict, the energy front and one table of headline metrics per scenario; markdown, html, json and csv always have everything).")
  var detail = false

  /// Whether a document sent to `destination` gets ANSI colours.
  func colours(for destination: OutputDestination) -> Bool {
    switch colour {
    case .always: return true
    case .never: return false
    case .auto: return destination.isStandardOutput && Terminal.colourOutput
    }
  }
}

/// What the process is attached to: colours and progress only for a person at a terminal.
enum Terminal {
  /// Prints `warning: message` (one line) on standard error.
  static func warn(_ message: String) { ErrorText.print(message, prefix: "warning") }

  /// Columns a table should fit: `COLUMNS` when it is a positive whole number, else the terminal's
  /// width when standard output is one, else 100.
  static var columns: Int {
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    var size = winsize()
    if CommandScope.current.isTerminal(), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 100
  }

  /// Standard output is a terminal (not piped or redirected).
  static var isTerminal: Bool { CommandScope.current.isTerminal() }

  /// Standard output is a terminal that takes colours: not piped or redirected, `NO_COLOR` unset or
  /// empty (no-color.org), `TERM` not `dumb`.
  static var colourOutput: Bool {
    let environment = ProcessInfo.processInfo.environment
    return CommandScope.current.isTerminal() && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Progress goes to standard error only when it is a terminal, `TERM` is not `dumb`, and this is not a
  /// CI job (`CI` set).
  static var showsProgress: Bool {
    let environment = ProcessInfo.processInfo.environment
    return CommandScope.current.isTerminal(error: true) && environment["CI"] == nil && environment["TERM"] != "dumb"
  }
}

/// A one-line progress display on standard error: cells done, rate, time left; redrawn at most five
/// times a second and erased when done.
final class ProgressLine: @unchecked Sendable {
  private let lock = NSLock()
  private let start = Date()
  private var lastDrawn = Date.distantPast
  private let unit: String

  /// - Parameter unit: what is counted (`cells`, `evaluations`).
  init(unit: String = "cells") { self.unit = unit }

  /// A progress callback drawing a line of `cells` on standard error, or nil when quiet or not at a terminal.
  static func callback(quiet: Bool) -> ((Int, Int) -> Void)? {
    guard Terminal.showsProgress && !quiet else { return nil }
    let line = ProgressLine()
    return { done, total in line.update(done: done, total: total) }
  }

  /// - Parameter note: shown after the counts (e.g. the best value so far).
  func update(done: Int, total: Int, note: String? = nil) {
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    guard done == total || now.timeIntervalSince(lastDrawn) >= 0.2 else { return }
    lastDrawn = now
    let elapsed = now.timeIntervalSince(start)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(max(0, total - done)) / rate : 0
    let text = done == total ? "\r\u{1B}[K"
      : "\r\u{1B}[K\(unit) \(done)/\(total) · \(String(format: "%.1f", rate)) \(unit)/s · about \(Int(left.rounded(.up))) s left"
        + (note.map { " · \($0)" } ?? "")
    CommandScope.current.writeError(Data(text.utf8))
  }

  /// Erases the line (a search may stop before its budget).
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    CommandScope.current.writeError(Data("\r\u{1B}[K".utf8))
  }
}
