import TrackCore

/// A configured causal filter of any catalogue type, built-in or registered by a user
/// (``StrategyDescriptor/filter(_:)``).
///
/// It holds the filter as its catalogue type and the run loop specialised for that concrete type, made
/// where the type was known (``init(_:)`` is inlinable, so a user's filter gets its loop compiled in the
/// user's module): a run costs one indirect call and one cast, never an existential call per fix.
public struct StreamingFilter: TrackFilter, Hashable {
  /// The configured filter as its catalogue type (stepping changes its state, never its type).
  public var configured: any TrackFilter & CatalogueStrategy { base }
  @usableFromInline var base: any TrackFilter & CatalogueStrategy
  @usableFromInline let loop: @Sendable (UnsafeBufferPointer<LocalFix>, inout [LocalFix]) -> Void

  @inlinable
  public init<F: TrackFilter & CatalogueStrategy>(_ filter: F) {
    base = filter
    loop = { input, output in filter.run(over: input, into: &output) }
  }

  /// Steps the filter in place (the law-checker steps fix by fix; runs use ``runSpecialised(over:into:)``).
  public mutating func step(_ fix: LocalFix) -> LocalFix? {
    base.step(fix)
  }

  /// Runs a copy of the filter as it was built (not as stepping left it) over `input` into `output`:
  /// the specialised loop.
  public func runSpecialised(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    loop(input, &output)
  }

  public static func == (a: StreamingFilter, b: StreamingFilter) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

/// A configured offline smoother of any catalogue type, built-in or registered
/// (``StrategyDescriptor/smoother(_:)``).
public struct OfflineSmoother: TrackSmoother, Hashable {
  /// The configured smoother as its catalogue type.
  public let configured: any TrackSmoother & CatalogueStrategy

  @inlinable
  public init<S: TrackSmoother & CatalogueStrategy>(_ smoother: S) {
    configured = smoother
  }

  public func smooth(_ input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    configured.smooth(input, into: &output)
  }

  public static func == (a: OfflineSmoother, b: OfflineSmoother) -> Bool { AnyHashable(a.configured) == AnyHashable(b.configured) }
  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(configured)) }
}
