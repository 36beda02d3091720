import Filtering
import Testing
import TrackCore

/// `runByStepping`, the run loop of every filter without its own: it appends the stepped records at once
/// into the reserved capacity of the array it is given.
@Suite struct RunLoopTests {
  /// Records every second fix it is given, moved 1 m east: a filter whose records are fewer than its fixes.
  struct EverySecond: TrackFilter {
    var seen = 0
    mutating func step(_ fix: LocalFix) -> LocalFix? {
      seen += 1
      guard seen % 2 == 1 else { return nil }
      var point = fix
      point.east += 1
      return point
    }
  }

  func fixes(_ n: Int) -> [LocalFix] {
    (0..<n).map { LocalFix(time: Double($0), east: 3 * Double($0), north: 0, horizontalAccuracy: 5) }
  }

  /// The records a loop of `step` calls gives, one append at a time.
  func stepped(_ input: [LocalFix]) -> [LocalFix] {
    var filter = EverySecond()
    return input.compactMap { filter.step($0) }
  }

  @Test func recordsWhatSteppingRecordsIntoAnyArray() {
    let input = fixes(9)
    let expected = stepped(input)
    #expect(expected.map(\.time) == [0, 2, 4, 6, 8])
    // Fresh, holding more points than the run records, holding fewer, and with room to spare.
    var roomy: [LocalFix] = []
    roomy.reserveCapacity(1000)
    let outputs: [[LocalFix]] = [[], fixes(40), fixes(2), roomy]
    for var output in outputs {
      input.withUnsafeBufferPointer { EverySecond().runByStepping(over: $0, into: &output) }
      #expect(output == expected)
    }
  }

  @Test func anEmptyRunLeavesAnEmptyArray() {
    var output = fixes(5)
    [LocalFix]().withUnsafeBufferPointer { EverySecond().runByStepping(over: $0, into: &output) }
    #expect(output.isEmpty)
  }

  /// The array's storage is shared with a copy: the run writes its own, and the copy keeps its points.
  @Test func aCopyOfTheArrayKeepsItsPoints() {
    var output = fixes(12)
    let copy = output
    let input = fixes(7)
    input.withUnsafeBufferPointer { EverySecond().runByStepping(over: $0, into: &output) }
    #expect(output == stepped(input))
    #expect(copy == fixes(12))
  }

  /// Every fix recorded: the records fill exactly the capacity reserved for the run.
  @Test func aFilterThatRecordsEveryFixFillsTheReservedCapacity() {
    struct Every: TrackFilter {
      mutating func step(_ fix: LocalFix) -> LocalFix? { fix }
    }
    let input = fixes(64)
    var output: [LocalFix] = []
    input.withUnsafeBufferPointer { Every().runByStepping(over: $0, into: &output) }
    #expect(output == input)
  }
}
