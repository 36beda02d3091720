import Foundation
import NumericKit
import Testing

import Realism
import Simulation

/// Receivers fitted to published statistics (no recording, only its figures) along a drive like the
/// recording's, and the bundled population fitted so to the shared urban phones.
@Suite struct PublishedStatisticsTests {
  /// The drive stands still only where asked, at least 30 s at a time, and cruises at the speed given.
  @Test func aDriveStandsAtRedLightsOnlyWhenAsked() {
    let stopping = ErrorSeries.drive(seconds: 800, speed: 8, stops: true)
    #expect(stopping.count == 800)
    #expect(stopping.truthSpeed.filter { $0 < ErrorStatistics.stillSpeed }.count >= 3 * 40, "three red lights")
    #expect(Statistics.quantile(stopping.truthSpeed, 0.5) == 8)
    #expect(zip(stopping.truthEast.dropFirst(), stopping.truthEast).allSatisfy { $0 >= $1 }, "never backwards")
    let cruising = ErrorSeries.drive(seconds: 800, speed: 18, stops: false)
    #expect(cruising.truthSpeed.dropFirst().allSatisfy { $0 == 18 })
    #expect(ErrorStatistics.falseDistance(cruising) == nil, "no standing, no false distance")
  }

  /// A smooth phone's statistics, measured along a drive, fitted back from the figures alone: the
  /// fitted receiver, simulated on other seeds, matches the 1-s autocorrelation, the error's sd, the
  /// false distance and the roughness within their tolerances.
  @Test func aReceiverIsFittedFromItsStatisticsAlone() {
    var known = ReceiverSpec()
    known.error = ReceiverError(wanderSigma: 2, wanderTau: 12, jitterSigma: 0.05, jitterPerSpeed: 0.005, offset: 1.5, offsetBearing: 60)
    // 20 minutes with five red lights: 225 s standing, enough for one false distance to mean something.
    let drive = ErrorSeries.drive(seconds: 1200, speed: 8, stops: true)
    let published = Calibrator.measured(SeriesSimulation.simulate(ReceiverModel(receiver: known, noise: [], seed: 7), like: drive, trial: 0))
    var calibrator = Calibrator()
    calibrator.maxIterations = 100
    let result = calibrator.calibrate(statistics: published, along: drive)
    for name in ["autocorrelation_1s", "error_sd_east_m", "error_sd_north_m", "false_distance_m_per_min", "roughness_m_per_s2"] {
      let row = result.rows.first { $0.name == name }
      #expect(row?.withinTolerance == true, "\(name): \(String(describing: row))")
    }
    #expect(result.receiver.doppler == nil, "no speeds published, none fitted")
  }

  /// The bundled `phones-urban` population, drawn along each shared run's drive, spans the shared
  /// phones: its median device's 1-s autocorrelation, error sd and false distance lie within the range
  /// of the four models (widened by each statistic's tolerance), and the drawn devices' 10-90 % range
  /// overlaps the real one. (Not that it covers the real median: the fits' 1-s autocorrelation runs
  /// low, 0.83-0.95 where the real one is 0.93-0.99, within the 0.1 tolerance; docs/realism.md.)
  @Test func thePhonesUrbanPopulationSpansTheSharedPhones() throws {
    let manifest = try PopulationManifest.load("populations/phones-urban.manifest.yaml")
    var receiver = try ReceiverPopulation.receiver(named: "phones-urban", field: "population")
    receiver.rateHz = 1
    let model = ReceiverModel(receiver: receiver, noise: [], seed: 3)
    for name in ["autocorrelation_1s", "error_sd_east_m", "false_distance_m_per_min", "distance_excess_percent"] {
      let real = manifest.statistics.compactMap { $0.values[name] }
      let tolerance = ErrorStatistics.definitions.first { $0.name == name }!.absoluteTolerance
      let low = real.min()! - tolerance, high = real.max()! + tolerance
      var simulated: [Double] = []
      for (index, entry) in manifest.statistics.enumerated() where entry.values[name] != nil {
        let drive = ErrorSeries.drive(seconds: entry.seconds, speed: entry.speed, stops: entry.stops)
        for trial in 0..<10 {
          let series = SeriesSimulation.simulate(model, like: drive, trial: index * 10 + trial)
          if let value = ErrorStatistics.measure(series).first(where: { $0.name == name })?.value { simulated.append(value) }
        }
      }
      let median = try #require(Statistics.quantile(simulated, 0.5))
      #expect((low...high).contains(median), "\(name): median device \(median) against real \(real.min()!)-\(real.max()!)")
      let spread = (Statistics.quantile(simulated, 0.1)!, Statistics.quantile(simulated, 0.9)!)
      #expect(spread.0 <= real.max()! && spread.1 >= real.min()!, "\(name): 10-90 % \(spread)")
    }
  }
}
