import Evaluation
/// The speed gate's verdict (`trackbench check --throughput FILE`): each kernel's figure now against
/// the one recorded, judged against a band.
///
/// Two kinds of figure, two kinds of band:
/// - **fixes per second** (wall clock): a regression is a rate below `(1 − band) × recorded`. Wall clock
///   varies 30-50 % on shared machines, so the band must be wide there (default 50 %); dedicated runners
///   can tighten it (docs/ci.md).
/// - **instructions per fix** (callgrind): a regression is a count above `(1 + band) × recorded`. The
///   count is repeatable to the instruction for the same binary and input, so the band can be small
///   (default 1 %); it moves only when the code or the compiler does.
///
/// A kernel in the recording that was not measured now (or the reverse) is "missing", which fails: a
/// gate that silently stops gating a kernel gates nothing.
public struct SpeedCheck: Sendable, Codable {
  /// Always `trackbench.speed-check`.
  public var schema = "trackbench.speed-check"
  public var schemaVersion = 1
  public var figure: Figure
  /// The band as a fraction (0.5 for 50 %).
  public var band: Double
  public var kernels: [Kernel]
  public var regressions: Int
  public var improvements: Int
  public var passed: Bool
  /// `false` when regressions do not fail the check (missing kernels still do): wall-clock rates recorded
  /// on another machine or build (`check --same-machine` enforces them). Absent: enforced.
  public var enforced: Bool?

  public enum Figure: String, Sendable, Codable {
    case fixesPerSecond = "fixes_per_second"
    case instructionsPerFix = "instructions_per_fix"

    /// Higher is better for a rate, lower for a cost.
    var higherIsBetter: Bool { self == .fixesPerSecond }
    public var unit: String { self == .fixesPerSecond ? "fixes/s" : "instructions/fix" }
  }

  public enum Verdict: String, Sendable, Codable {
    case regression, improvement, missing
    case withinBand = "within_band"
  }

  public struct Kernel: Sendable, Codable {
    public var name: String
    public var recorded: Double?
    public var now: Double?
    /// now / recorded (nil when either is missing).
    public var ratio: Double?
    public var verdict: Verdict
  }

  /// - Parameters:
  ///   - recorded: kernel name → figure, in the recording's order.
  ///   - now: kernel name → figure measured now.
  ///   - band: the allowed fraction, 0 ... 1 for a rate, 0 or more for a count.
  /// - Parameter enforced: whether a regression fails the check.
  @_optimize(none)
  public init(figure: Figure, band: Double, recorded: [(name: String, value: Double)], now: [(name: String, value: Double)], enforced: Bool = true) {
    self.figure = figure
    self.band = band
    let current = Dictionary(now.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    let recordedNames = Set(recorded.map(\.name))
    var kernels: [Kernel] = []
    for (name, value) in recorded {
      guard let measured = current[name] else {
        kernels.append(Kernel(name: name, recorded: value, now: nil, ratio: nil, verdict: .missing))
        continue
      }
      let ratio = value > 0 ? measured / value : nil
      let verdict: Verdict
      switch (figure.higherIsBetter, ratio) {
      case (_, nil): verdict = measured == value ? .withinBand : .missing
      case (true, let r?): verdict = r < 1 - band ? .regression : r > 1 + band ? .improvement : .withinBand
      case (false, let r?): verdict = r > 1 + band ? .regression : r < 1 - band ? .improvement : .withinBand
      }
      kernels.append(Kernel(name: name, recorded: value, now: measured, ratio: ratio, verdict: verdict))
    }
    for (name, value) in now where !recordedNames.contains(name) {
      kernels.append(Kernel(name: name, recorded: nil, now: value, ratio: nil, verdict: .missing))
    }
    self.kernels = kernels
    regressions = kernels.filter { $0.verdict == .regression }.count
    improvements = kernels.filter { $0.verdict == .improvement }.count
    // A missing kernel fails wherever the check runs: it is the recording's fault, not the machine's.
    passed = !kernels.contains { $0.verdict == .missing || (enforced && $0.verdict == .regression) }
    self.enforced = enforced ? nil : false
  }
}
