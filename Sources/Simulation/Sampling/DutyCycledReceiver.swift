import Foundation
import NumericKit

/// A receiver the app switches off between fixes (issue #23's first sampling policy): on at each
/// request, a first fix once the time to first fix has passed (hot, warm or cold by how long it was
/// off, ``Reacquisition``), off again as soon as that fix is delivered, and the next request
/// `offSeconds` later.
///
/// It runs over what the receiver would compute were it always on (a trial's ``ObservationBuffer`` at
/// the scenario's rate, its error processes evolving whether or not anyone looks): a fix delivered at
/// epoch i is that epoch's, plus the first-fix bias in one random direction. No look-ahead: each
/// decision uses only the time of the fix before it.
public struct DutyCycledReceiver: Sendable {
  public let reacquisition: Reacquisition
  /// Seconds the receiver stays off after each fix.
  public let offSeconds: Double

  public init(offSeconds: Double, reacquisition: Reacquisition) {
    self.offSeconds = offSeconds
    self.reacquisition = reacquisition
  }

  /// A fix the receiver delivered: the epoch's index in the buffer, the first-fix bias added to its
  /// error (metres east and north; its size is also added to the claimed accuracy), and how long the
  /// receiver had been off (`nil`: it had never run).
  public struct Delivery: Sendable, Hashable {
    public var index: Int
    public var biasEast: Double
    public var biasNorth: Double
    public var offBefore: Double?
    public var start: Reacquisition.Start
  }

  /// The deliveries in time order and the receiver's timeline over the buffer's span (first to last
  /// epoch). A dropped epoch is no fix: the receiver keeps acquiring through it.
  /// - Complexity: O(n log n) for n epochs; one uniform draw per delivery from `random`.
  public func run(_ buffer: ObservationBuffer, random: RandomSource) -> (deliveries: [Delivery], timeline: ReceiverTimeline) {
    var timeline = ReceiverTimeline()
    guard let first = buffer.truth.first?.time, let end = buffer.truth.last?.time else { return ([], timeline) }
    var deliveries: [Delivery] = []
    var request = first
    var lastFix: Double?
    var offFrom = first  // when the current off period began
    var index = 0
    while request <= end {
      let off = lastFix.map { request - $0 }
      timeline.offSeconds += request - offFrom
      index = buffer.firstIndex(atOrAfter: request + reacquisition.timeToFirstFix(afterOff: off), from: index)
      while index < buffer.count && buffer.dropped[index] { index += 1 }
      guard index < buffer.count else {
        // Still acquiring when the run ends.
        timeline.acquiringSeconds += end - request
        return (deliveries, timeline)
      }
      let time = buffer.truth[index].time
      timeline.acquiringSeconds += time - request
      let magnitude = reacquisition.firstFixError(afterOff: off)
      let angle = random.uniform(0, 2 * .pi)
      deliveries.append(
        Delivery(index: index, biasEast: magnitude * cos(angle), biasNorth: magnitude * sin(angle), offBefore: off, start: reacquisition.start(afterOff: off)))
      timeline.fixesDelivered += 1
      timeline.wakeups += 1
      lastFix = time
      offFrom = time
      request = time + offSeconds
      index += 1
    }
    timeline.offSeconds += end - offFrom
    return (deliveries, timeline)
  }
}
