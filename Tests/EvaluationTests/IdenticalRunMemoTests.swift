import Evaluation
import Testing
import TrackCore

@Suite struct IdenticalRunMemoTests {
  static func run(_ easts: [Double], observed: Int = 3) -> RecordedRun {
    RecordedRun(observedCount: observed, recorded: easts.enumerated().map { LocalFix(time: Double($0.offset), east: $0.element, north: 0, horizontalAccuracy: 5) })
  }

  @Test func anIdenticalRunTakesTheEarlierValueAndNothingElseDoes() {
    var memo = IdenticalRunMemo<Int>()
    var computed = 0
    func value(_ run: RecordedRun) -> Int { memo.value(for: run) { computed += 1; return computed } }
    #expect(value(Self.run([1, 2, 3])) == 1)
    #expect(value(Self.run([1, 2, 3])) == 1)
    #expect(value(Self.run([1, 2, 4])) == 2)
    #expect(value(Self.run([1, 2])) == 3)
    #expect(value(Self.run([1, 2, 3], observed: 4)) == 4)
    // Equal as numbers, different bytes: −0 is not taken for +0.
    #expect(value(Self.run([0, 2, 3])) == 5)
    #expect(value(Self.run([-0.0, 2, 3])) == 6)
    #expect(value(Self.run([], observed: 0)) == 7)
    #expect(value(Self.run([], observed: 0)) == 7)
    #expect(value(Self.run([1, 2, 4])) == 2)
    #expect(computed == 7)
  }
}
