import Foundation
import Testing

import Realism
import Simulation

@Suite struct SeriesSimulationTests {
  /// A snapshot receiver's clock: spacings of 0.98, 1.00 and 1.00 s (typical 1 s, mean 0.993 s), so over
  /// 600 epochs it drifts four grid epochs ahead of the 1 Hz grid. Each real epoch still gets its own
  /// simulated fix: a receiver that never holds repeats none, and none is left unpaired (the nearest grid
  /// epoch alone paired two real epochs with one fix, 0.2-0.6 % "repeats" on the SnapperGPS walks).
  @Test func aDriftingClockNeverRepeatsAFix() {
    var real = ErrorSeries()
    var time = 0.0
    for i in 0..<600 {
      real.append(time: time, east: 0, north: 0, truth: (Double(i), 0, 1.4), claimed: nil, repeated: false)
      time += i % 3 == 0 ? 0.98 : 1.0
    }
    var receiver = ReceiverSpec()
    receiver.error = ReceiverError(jitterSigma: 5)
    let simulated = SeriesSimulation.simulate(ReceiverModel(receiver: receiver, noise: [], seed: 3), like: real, trial: 0)
    #expect(simulated.count == real.count && simulated.unpaired == 0)
    #expect(!simulated.repeated.contains(true), "repeated fixes: \(simulated.repeated.filter { $0 }.count)")
    let repeats = zip(simulated.east.dropFirst(), simulated.east).filter { $0 == $1 }.count
    #expect(repeats == 0)
  }
}
