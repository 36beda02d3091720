import TrackCore

/// A causal filter: sees fixes one at a time, as an app does on the device.
///
/// Filters are values: the configured value is the initial state, so starting over is copying it.
public protocol TrackFilter: Sendable {
  /// Takes the next fix and returns the point to record, or `nil` to record nothing.
  mutating func step(_ fix: LocalFix) -> LocalFix?

  /// Runs a copy of this filter over `input` from its configured state, writing what it records into
  /// `output` (emptied first). The default steps each fix (``runByStepping(over:into:)``); a filter may
  /// provide a faster loop with the same result (the law-checker compares it with stepping).
  func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix])
}

// MARK: - Default implementations

extension TrackFilter {
  @inlinable
  public func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    runByStepping(over: input, into: &output)
  }

  /// Runs a copy of this filter over `input` from its configured state, stepping each fix, writing what
  /// it records into `output` (emptied first, capacity reused).
  /// - Complexity: O(n); no allocation once `output` has capacity for `input.count` fixes.
  @inlinable
  public func runByStepping(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(input.count)
    // One append of the stepped records, not one per record: the array writes them straight into its
    // reserved capacity and updates its count once, where appending each paid a uniqueness and capacity
    // check and a store of the count per fix (docs/design-notes.md, "The filters' run loop").
    output.append(contentsOf: SteppedRecords(filter: self, input: input))
  }

  /// Runs a copy of this filter over `input` and returns what it records.
  @inlinable
  public func run(over input: [LocalFix]) -> [LocalFix] {
    var output: [LocalFix] = []
    input.withUnsafeBufferPointer { run(over: $0, into: &output) }
    return output
  }
}

/// What a filter records, stepped through `input` in order: the sequence ``TrackFilter/runByStepping(over:into:)``
/// appends at once. Each input fix gives at most one record, so `input.count` of capacity holds them all.
@usableFromInline struct SteppedRecords<Filter: TrackFilter>: Sequence, IteratorProtocol {
  @usableFromInline var filter: Filter
  @usableFromInline let input: UnsafeBufferPointer<LocalFix>
  @usableFromInline var upcoming = 0

  @inlinable init(filter: Filter, input: UnsafeBufferPointer<LocalFix>) { self.filter = filter; self.input = input }

  /// Writes the records into `buffer` in one loop over the fixes, as far as it holds: what the array's
  /// append calls (the default alternates ``next()``'s loop with its own, a third more instructions per
  /// fix in some filters). Every fix gives at most one record, so `buffer.count` fixes' records fit.
  @inlinable public func _copyContents(initializing buffer: UnsafeMutableBufferPointer<LocalFix>) -> (SteppedRecords, Int) {
    var rest = self
    guard let base = buffer.baseAddress else { return (rest, 0) }
    let end = rest.upcoming + Swift.min(input.count - rest.upcoming, buffer.count)
    var written = 0
    while rest.upcoming < end {
      let fix = input[rest.upcoming]
      rest.upcoming += 1
      if let recorded = rest.filter.step(fix) {
        (base + written).initialize(to: recorded)
        written += 1
      }
    }
    return (rest, written)
  }

  /// The next record, stepping as many fixes as it takes; `nil` when the input is used up. (Its loop
  /// is ``_copyContents(initializing:)``'s written out again on purpose: stepping both through one
  /// shared helper cost the plain kalman 3 more instructions per fix.)
  @inlinable @inline(__always) mutating func next() -> LocalFix? {
    while upcoming < input.count {
      let fix = input[upcoming]
      upcoming += 1
      if let recorded = filter.step(fix) { return recorded }
    }
    return nil
  }
}

/// A filter that rewrites each fix's altitude and nothing else: it records every fix it is given, at
/// the same time and position (the law-checker holds it to that). Elevation-gain estimators are these,
/// so they compose after any position filter (`kalman | altitude-hysteresis(5)`).
public protocol ElevationStage: TrackFilter {}

/// A filter that needs a map of the venue (a track's pose and the runner's lane): `run` and `transfer`
/// without named strategies leave it out, since elsewhere its map is wrong.
public protocol VenueFilter: TrackFilter {}

/// A filter that says when the app is paused: it records every fix it is given at the same time and
/// altitude, marks each ``FixMarks/moving`` or ``FixMarks/idle``, and places it at its own position or
/// at an earlier fix's (where the app paused, or the last fix it heard of), never anywhere new (the
/// law-checker holds it to that). An auto-pause is one, so it composes after any position filter
/// (`kalman | auto-pause`).
public protocol PauseStage: TrackFilter {}

/// A filter that annotates what an app shows besides the track: it records every fix it is given at the
/// same time, position, speed and altitude, and rewrites only lap marks, the distance adjustment and the
/// claimed speed and position accuracies (the law-checker holds it to that, and a fix without a valid
/// position stays without one). Lap rounding, best-effort error bars and the recalibrated accuracy claim
/// are these, so they compose after any filter (`track-snap | lap-round`, `kalman | effort-bars`,
/// `kalman | accuracy-scale`).
public protocol AnnotatingStage: TrackFilter {}
