import Foundation
import NumericKit
import Simulation
import Testing
import TrackCore

/// Issue #23's first pieces: a receiver switched off between fixes, its reacquisition model and the
/// energy its timeline costs.
@Suite struct SamplingTests {
  /// A 30-minute run at 1 Hz, the truth standing still and error-free, so a delivered fix's error is
  /// its first-fix bias alone.
  static func buffer(seconds: Int = 1800, dropped: Set<Int> = []) -> ObservationBuffer {
    var buffer = ObservationBuffer()
    buffer.truth = (0...seconds).map { FixTruth(time: Double($0)) }
    buffer.errorEast = Array(repeating: 0, count: buffer.count)
    buffer.errorNorth = Array(repeating: 0, count: buffer.count)
    buffer.accuracyBias = Array(repeating: 0, count: buffer.count)
    buffer.dropped = buffer.truth.indices.map { dropped.contains($0) }
    return buffer
  }

  /// Off 20 s between fixes: the first start is cold (26 s to the first fix, 50 m), every later one hot
  /// (1 s, 3 m + 0.05 m/s × 20 s = 4 m). By hand: fixes at 26, 47, …, 26 + 84 × 21 = 1790 s, 85 of them;
  /// acquiring 26 + 84 × 1 = 110 s, off 84 × 20 + the last 10 s = 1690 s. With the phone's table:
  /// (186 mW × 110 s + 0.1 mW × 1690 s + 2 mJ × 85 + 30 mJ × 85) / 1000 = 23.349 J.
  @Test func aRunOffTwentySecondsBetweenFixesByHand() throws {
    let receiver = DutyCycledReceiver(offSeconds: 20, reacquisition: try Reacquisition())
    let (deliveries, timeline) = receiver.run(Self.buffer(), random: RandomSource(seed: 23))
    #expect(deliveries.count == 85 && timeline.fixesDelivered == 85 && timeline.wakeups == 85)
    #expect(deliveries.map(\.index) == (0..<85).map { 26 + 21 * $0 })
    #expect(timeline.acquiringSeconds == 110 && timeline.offSeconds == 1690 && timeline.trackingSeconds == 0)
    #expect(deliveries[0].start == .cold && deliveries[0].offBefore == nil && deliveries.dropFirst().allSatisfy { $0.start == .hot && $0.offBefore == 20 })
    for (k, delivery) in deliveries.enumerated() {
      let size = (delivery.biasEast * delivery.biasEast + delivery.biasNorth * delivery.biasNorth).squareRoot()
      #expect(abs(size - (k == 0 ? 50 : 4)) < 1e-12, "fix \(k): \(size) m")
    }
    // Directions are drawn, not fixed: the hot starts' biases point different ways.
    #expect(Set(deliveries.map { ($0.biasEast * 1e6).rounded() }).count > 80)
    let phone = try #require(PowerTable.bundled.first { $0.name == "phone" })
    let receiverMillijoules: Double = 186.0 * 110 + 0.1 * 1690
    let appMillijoules: Double = 2.0 * 85 + 30.0 * 85
    let expected: Double = (receiverMillijoules + appMillijoules) / 1000
    #expect(abs(timeline.energyJoules(phone) - expected) / expected < 1e-9, "\(timeline.energyJoules(phone)) J")
    #expect(abs(timeline.energyMilliwattHours(phone) - expected / 3.6) < 1e-12)
    #expect(abs(try #require(timeline.meanMilliwatts(phone)) - expected * 1000 / 1800) < 1e-9)
  }

  /// The same seed gives the same deliveries; another seed other directions, the same sizes.
  @Test func deterministicBySeed() throws {
    let receiver = DutyCycledReceiver(offSeconds: 20, reacquisition: try Reacquisition())
    let a = receiver.run(Self.buffer(), random: RandomSource(seed: 7)), b = receiver.run(Self.buffer(), random: RandomSource(seed: 7))
    let c = receiver.run(Self.buffer(), random: RandomSource(seed: 8))
    #expect(a.deliveries == b.deliveries && a.timeline == b.timeline)
    #expect(a.deliveries.map(\.index) == c.deliveries.map(\.index) && a.deliveries != c.deliveries)
  }

  /// The warm-start model: the first fix's error grows with the time off within a hot start, up to a
  /// warm start's; beyond the limits the start is warm, then cold.
  @Test func firstFixErrorGrowsWithTheTimeOff() throws {
    let model = try Reacquisition()
    #expect(model.firstFixError(afterOff: 0) == 3 && model.firstFixError(afterOff: 20) == 4 && model.firstFixError(afterOff: 100) == 8)
    #expect(model.firstFixError(afterOff: 10_000) == 25 && model.start(afterOff: 14_400) == .hot)
    #expect(model.start(afterOff: 14_401) == .warm && model.timeToFirstFix(afterOff: 14_401) == 20 && model.firstFixError(afterOff: 14_401) == 25)
    #expect(model.start(afterOff: 604_801) == .cold && model.timeToFirstFix(afterOff: nil) == 26 && model.firstFixError(afterOff: nil) == 50)
    #expect(abs(model.bias(initial: 10, after: 20) - 10 * exp(-3)) < 1e-12)
  }

  /// An outage while acquiring: the receiver keeps acquiring until an epoch that is not dropped, and a
  /// run ending mid-acquisition is acquisition to its end.
  @Test func dropoutsLengthenAcquisitionAndTheTimelineCoversTheRun() throws {
    let receiver = DutyCycledReceiver(offSeconds: 20, reacquisition: try Reacquisition())
    let (deliveries, timeline) = receiver.run(Self.buffer(seconds: 100, dropped: Set(26...30)), random: RandomSource(seed: 1))
    #expect(deliveries.map(\.index) == [31, 52, 73, 94])
    #expect(timeline.acquiringSeconds + timeline.offSeconds == 100 && timeline.acquiringSeconds == 31 + 3)
    let stuck = receiver.run(Self.buffer(seconds: 100, dropped: Set(26...100)), random: RandomSource(seed: 1))
    #expect(stuck.deliveries.isEmpty && stuck.timeline.acquiringSeconds == 100 && stuck.timeline.offSeconds == 0)
  }

  /// A power table names the field that is missing, negative or unknown; a reacquisition model the
  /// limits out of order.
  @Test func badFiguresNameTheirField() {
    func failure(_ values: [String: Double]) -> String {
      do {
        _ = try PowerTable(name: "mine", values: values)
        return "accepted"
      } catch { return error.message }
    }
    let complete = ["acquiring_mw": 100.0, "tracking_mw": 90, "off_mw": 0.1, "per_fix_mj": 1, "per_wakeup_mj": 5]
    #expect(failure(complete) == "accepted")
    #expect(failure(complete.filter { $0.key != "tracking_mw" }) == "mine: missing tracking_mw; expected a number from 0 to 10000 mW")
    #expect(failure(complete.merging(["off_mw": -1]) { $1 }) == "off_mw expects a number from 0 to 1000 mW, found -1")
    #expect(failure(complete.merging(["gps_mw": 1]) { $1 }).hasPrefix("unknown parameter 'gps_mw'"))
    #expect(throws: ParameterError.self) { try Reacquisition(["hot_limit_s": 100, "warm_limit_s": 50]) }
    #expect(PowerTable.bundled.map(\.name) == ["gnss-module", "phone", "dual-frequency-phone"])
  }
}
