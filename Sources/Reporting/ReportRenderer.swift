import Evaluation
import Findings
import Synchronization
import TrackCore

/// Turns experiment results into a document.
public protocol ReportRenderer: Sendable {
  /// The whole document as text.
  @_optimize(none)
  func render(_ result: ExperimentResult) throws -> String
}

/// What a report is rendered for: the terminal's colours and width, the strategies whose maps the HTML
/// draws, how much the terminal table shows.
public struct ReportSettings: Sendable {
  /// ANSI colours in the terminal table (only for a terminal).
  public var colours: Bool
  /// Columns the terminal table fits.
  public var width: Int
  /// The strategies whose maps the HTML draws (nil: the verdict's top three and raw).
  public var mapStrategies: [String]?
  /// The table with every metric's table per scenario (else the headline metrics).
  public var detail: Bool

  @_optimize(none)
  public init(colours: Bool = false, width: Int = 100, mapStrategies: [String]? = nil, detail: Bool = true) {
    self.colours = colours; self.width = width; self.mapStrategies = mapStrategies; self.detail = detail
  }
}

/// An output format of `trackbench run --format` and `report --format`: its name, how it renders results,
/// and how it renders a check history (`report --history`). Each format is declared once, as a value:
/// the built-in ones below, a package's own with ``register(_:)``; `--help`, completions and the error
/// for an unknown name list them all.
public struct ReportFormat: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
  /// The name on the command line (`table`, `markdown`, …).
  public let rawValue: String
  private let renderer: @Sendable (ReportSettings) -> any ReportRenderer
  private let history: @Sendable (CheckHistory, HistoryRenderer) throws -> String

  /// A format.
  /// - Parameters:
  ///   - name: its name on the command line: lower-case letters, digits and `-`.
  ///   - renderer: the renderer of results for some settings.
  ///   - history: a check history in this format (``HistoryRenderer`` gives `last` and `width`).
  @_optimize(none)
  public init(
    name: String, renderer: @escaping @Sendable (ReportSettings) -> any ReportRenderer,
    history: @escaping @Sendable (CheckHistory, HistoryRenderer) throws -> String
  ) {
    self.rawValue = name; self.renderer = renderer; self.history = history
  }

  /// The registered format of that name (built-in or a package's own).
  @_optimize(none)
  public init?(rawValue: String) {
    guard let found = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = found
  }

  public var description: String { rawValue }
  @_optimize(none)
  public static func == (a: ReportFormat, b: ReportFormat) -> Bool { a.rawValue == b.rawValue }
  @_optimize(none)
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// The renderer of results in this format.
  @_optimize(none)
  public func renderer(colours: Bool = false, width: Int = 100, mapStrategies: [String]? = nil, detail: Bool = true) -> any ReportRenderer {
    renderer(ReportSettings(colours: colours, width: width, mapStrategies: mapStrategies, detail: detail))
  }

  /// `history` in this format, as `renderer` lays it out.
  @_optimize(none)
  func render(_ history: CheckHistory, with renderer: HistoryRenderer) throws -> String { try self.history(history, renderer) }

  // MARK: - The built-in formats

  public static let table = ReportFormat(
    name: "table", renderer: { TableRenderer(colours: $0.colours, width: $0.width, detail: $0.detail) }, history: { $1.text($0, markdown: false) })
  public static let markdown = ReportFormat(name: "markdown", renderer: { _ in MarkdownRenderer() }, history: { $1.text($0, markdown: true) })
  public static let json = ReportFormat(name: "json", renderer: { _ in JSONRenderer() }, history: { history, _ in try ResultsCodec.text(history) })
  public static let csv = ReportFormat(name: "csv", renderer: { _ in CSVRenderer() }, history: { $1.csv($0) })
  public static let html = ReportFormat(name: "html", renderer: { HTMLRenderer(mapStrategies: $0.mapStrategies) }, history: { $1.html($0) })

  /// The built-in formats, in the order `--help` lists them.
  public static let builtIn: [ReportFormat] = [table, markdown, json, csv, html]

  private static let registry = Mutex<[ReportFormat]>([])

  /// Every format: the built-in ones, then the registered ones.
  public static var allCases: [ReportFormat] { CommandScope.current.seesRegistrations ? builtIn + registry.withLock { $0 } : builtIn }

  /// Adds a package's own format (`trackbench run --format NAME` once registered, before the command
  /// line is parsed).
  /// - Throws: ``ReportFormatRegistrationError`` for a name taken or not of lower-case letters, digits and `-`.
  @_optimize(none)
  public static func register(_ format: ReportFormat) throws(ReportFormatRegistrationError) {
    let name = format.rawValue
    guard let first = name.first, first.isLetter, name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) else {
      throw ReportFormatRegistrationError(name: name, message: "expected lower-case letters, digits or '-', starting with a letter")
    }
    try registry.withLock { (formats) throws(ReportFormatRegistrationError) in
      guard !(builtIn + formats).contains(where: { $0.rawValue == name }) else {
        throw ReportFormatRegistrationError(name: name, message: "a format of that name exists")
      }
      formats.append(format)
    }
  }
}

/// Why a report format cannot be registered.
public struct ReportFormatRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
  public let name: String
  public let message: String
  public var description: String { "cannot register report format '\(name)': \(message)" }
}
