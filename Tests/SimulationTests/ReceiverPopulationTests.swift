import Foundation
import NumericKit
import Testing

import Simulation
import TrackCore

@Suite struct ReceiverPopulationTests {
  static let population = """
    name: test-phones
    sources: ["a.nmea (truth: a-ref.nmea)", "b.txt (standing at 1,2)"]
    static_hold_share: 0.5
    receiver:
      rate_hz: 1
    parameters:
      error.wander_sigma_m: { median: 1, log_sd: 0.5, min: 0.2, max: 5, recordings: 2 }
      error.wander_tau_s: { median: 40, log_sd: 0.2, min: 10, max: 100, recordings: 2 }
      error.offset_m: { median: 3, log_sd: 0.3, min: 1, max: 8, recordings: 2 }
      static_hold.release_m: { median: 2, log_sd: 0.3, min: 1, max: 5, recordings: 1 }
    """

  func scenarioFile(_ population: String, receiverLine: String = "receiver: { population: phones.yaml }") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("population-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try population.write(to: directory.appendingPathComponent("phones.yaml"), atomically: true, encoding: .utf8)
    let scenario = """
      name: standing-phone
      seed: 7
      trials: 40
      activity: walking
      route: { origin: { latitude: 51.5, longitude: -0.1 }, waypoints_m: [[0, 0]] }
      pace: { standing: { seconds: 600 } }
      \(receiverLine)
      """
    let path = directory.appendingPathComponent("standing-phone.yaml").path
    try scenario.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func eachTrialDrawsItsOwnDeviceTheSameEveryTime() throws {
    let scenario = try ScenarioLoader.load(file: try scenarioFile(Self.population))
    let model = (try ScenarioEngine(scenario)).receiverModel
    let devices = (0..<40).map { model.forTrial($0).receiver }
    // Deterministic: a second model (another thread, shard or resume builds its own) draws the same.
    let again = (try ScenarioEngine(scenario)).receiverModel
    #expect((0..<40).allSatisfy { again.forTrial($0).receiver == devices[$0] })
    let sigmas = Set(devices.compactMap { $0.error?.wanderSigma })
    #expect(sigmas.count == 40, "a device per trial")
    #expect(sigmas.allSatisfy { (0.2...5).contains($0) })
    let holding = devices.filter { $0.staticHold != nil }.count
    #expect((8...32).contains(holding), "about half hold: \(holding) of 40")
    #expect(devices.allSatisfy { $0.population == nil && $0.error?.offsetBearing == nil })
    // The trial's fixes come from its device: a standing phone sits about its offset from the truth.
    let engine = try ScenarioEngine(scenario)
    let medians = (0..<40).map { trial -> Double in
      let fixes = engine.observe(trial: trial)
      return Statistics.quantile(fixes.map { hypot($0.east, $0.north) }, 0.5)!
    }
    #expect((1.5...6).contains(Statistics.quantile(medians, 0.5)!), "median distance from the truth over trials")
  }

  /// With fitted devices, a trial draws one of them whole: every parameter near that device's fit (so
  /// parameters keep the relations the fit found), the hold as that device had it.
  @Test func aTrialDrawsAWholeFittedDevice() throws {
    let text = Self.population + "\n" + """
      device_log_sd: 0.05
      devices:
        - { recording: 1, static_hold: true, error.wander_sigma_m: 0.3, error.wander_tau_s: 20, error.offset_m: 1.5 }
        - { recording: 2, static_hold: false, error.wander_sigma_m: 4, error.wander_tau_s: 90 }

      """
    let scenario = try ScenarioLoader.load(file: try scenarioFile(text))
    let model = (try ScenarioEngine(scenario)).receiverModel
    var seen = [0, 0]
    for trial in 0..<40 {
      let device = model.forTrial(trial).receiver
      let sigma = try #require(device.error?.wanderSigma), tau = try #require(device.error?.wanderTau)
      if device.staticHold != nil {
        seen[0] += 1
        #expect(abs(log(sigma / 0.3)) < 0.25 && abs(log(tau / 20)) < 0.25 && abs(log(device.error!.offset / 1.5)) < 0.25)
      } else {
        seen[1] += 1
        // 4 m and 90 s, clamped to the population's max of 5 m and 100 s.
        #expect(abs(log(sigma / 4)) < 0.25 && abs(log(tau / 90)) < 0.25)
        // Its recording could not tell the offset: drawn from the parameter's distribution.
        #expect((1...8).contains(device.error!.offset))
      }
    }
    #expect(seen[0] >= 8 && seen[1] >= 8, "both devices drawn: \(seen)")
  }

  /// A device whose recording could not tell stopped from moving (a walk at one pace) draws its still
  /// factor from the population relative to its recording's speed: at that speed it errs as fitted, and
  /// standing still it errs by the drawn contrast. Without `speed_mps` the drawn factor applies as drawn.
  @Test func aDrawnStillFactorKeepsTheDeviceAsFittedAtItsRecordingsSpeed() throws {
    let parameters = Self.population + "\n" + """
        error.still_scale: { median: 0.2, log_sd: 0.5, min: 0.1, max: 0.6, recordings: 1 }
        error.still_speed_mps: { median: 5, log_sd: 0.3, min: 2, max: 10, recordings: 1 }
      device_log_sd: 0
      devices:
      """
    for speed in [nil, 1.4] as [Double?] {
      let device = "  - { recording: 1, static_hold: false, " + (speed.map { "speed_mps: \($0), " } ?? "")
        + "error.wander_sigma_m: 2, error.wander_tau_s: 40 }\n"
      let model = (try ScenarioEngine(try ScenarioLoader.load(file: try scenarioFile(parameters + "\n" + device)))).receiverModel
      for trial in 0..<10 {
        let error = try #require(model.forTrial(trial).receiver.error)
        #expect(error.stillScale < 0.7, "a still factor drawn from the population: \(error.stillScale)")
        if let speed {
          #expect(abs(error.wanderSigma * error.motionFactor(atSpeed: speed) - 2) < 1e-9, "as fitted at \(speed) m/s")
          let standing = error.wanderSigma * error.motionFactor(atSpeed: 0)
          #expect(abs(standing - 2 * error.stillScale / error.motionFactor(atSpeed: speed)) < 1e-9, "the drawn contrast standing")
          #expect(standing < 2, "a drawn still factor under 1 errs less standing: \(standing)")
        } else {
          #expect(error.wanderSigma == 2)
        }
      }
    }
  }

  /// A fault inside a population file is reported at that file's own line and column, wherever it is
  /// found: in its parameters, a device, its shared receiver keys, or a population it tries to nest.
  @Test func aFaultInAPopulationIsReportedAtThePopulationsLine() throws {
    let cases: [(String, String, String)] = [
      (Self.population + "\ndevices:\n  - { recording: 99 }\n", "recording: 99", "devices[0].recording"),
      (Self.population.replacingOccurrences(of: "rate_hz: 1", with: "rate_hz: -3"), "rate_hz: -3", "receiver.rate_hz"),
      (Self.population.replacingOccurrences(of: "rate_hz: 1", with: "rate_hz: 1\n  population: phones-open-sky"), "population: phones", "receiver.population"),
    ]
    for (text, marker, field) in cases {
      let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) }) + 1
      let path = try scenarioFile(text)
      let population = (path as NSString).deletingLastPathComponent + "/phones.yaml"
      #expect {
        _ = try ScenarioLoader.load(file: path)
      } throws: { error in
        "\(error)".hasPrefix("\(population):\(line):") && "\(error)".contains(": \(field): expected")
      }
    }
  }

  @Test func aMalformedPopulationIsOneErrorNamingTheField() throws {
    let cases: [(String, String)] = [
      ("", "not a mapping"),
      ("name: x\nsources: [a]\nparameters: {}\n", "parameters"),
      (Self.population.replacingOccurrences(of: "median: 1,", with: "median: -1,"), "parameters.error.wander_sigma_m.median"),
      (Self.population.replacingOccurrences(of: "error.offset_m", with: "error.offset_km"), "parameters.error.offset_km"),
      (Self.population.replacingOccurrences(of: "min: 10, max: 100", with: "min: 50, max: 100"), "min ≤ median ≤ max"),
      (Self.population.replacingOccurrences(of: "static_hold_share: 0.5", with: "static_hold_share: 2"), "static_hold_share"),
      (Self.population.replacingOccurrences(of: "log_sd: 0.2,", with: "log_sd: 9,"), "log_sd"),
      (Self.population.replacingOccurrences(of: "sources: [\"a.nmea (truth: a-ref.nmea)\", \"b.txt (standing at 1,2)\"]\n", with: ""), "sources"),
      (Self.population + "\ndevices:\n  - { recording: 3, static_hold: true }\n", "devices[0].recording"),
      (Self.population + "\ndevices:\n  - { static_hold: true }\n", "devices[0].recording"),
      (Self.population + "\ndevices:\n  - { recording: 1, error.jitter_sigma_m: 1 }\n", "devices[0].error.jitter_sigma_m"),
      (Self.population + "\ndevices:\n  - { recording: 1, error.offset_m: -2 }\n", "devices[0].error.offset_m"),
      (Self.population + "\ndevice_log_sd: 5\n", "device_log_sd"),
      (Self.population + "\ndevices:\n  - { recording: 1, speed_mps: -1 }\n", "devices[0].speed_mps"),
    ]
    for (text, mention) in cases {
      let path = try scenarioFile(text)
      #expect {
        _ = try ScenarioLoader.load(file: path)
      } throws: { error in
        let message = "\(error)"
        // The fault is in the population's document: reported at its file (and line), not the scenario's.
        return message.hasPrefix((path as NSString).deletingLastPathComponent + "/phones.yaml") && message.contains(mention) && !message.contains("\n")
      }
    }
    #expect {
      _ = try ScenarioLoader.load(file: try scenarioFile(Self.population, receiverLine: "receiver: { population: no-such-population }"))
    } throws: { "\($0)".contains("no such population") }
  }

  @Test func aReceiverErrsMoreStandingThanMovingWhenItsStillFactorSaysSo() throws {
    let receiver = ReceiverSpec(error: ReceiverError(wanderSigma: 0.6, wanderTau: 40, stillScale: 2.7, stillSpeed: 1.8))
    let scenario = Scenario(
      name: "stops", seed: 3,
      route: RouteSpec(origin: GeodeticPosition(latitude: 10, longitude: 20), shape: .waypoints([.init(east: 0, north: 0), .init(east: 0, north: 5000)])),
      pace: PaceSpec(profile: .steady(secondsPerKilometer: 330), stops: (1...4).map { PaceSpec.Stop(at: Double($0) * 1000, seconds: 240) }),
      receiver: receiver)
    let engine = try ScenarioEngine(scenario)
    var still: [Double] = [], running: [Double] = []
    for trial in 0..<10 {
      var buffer = ObservationBuffer()
      engine.simulate(trial: trial, into: &buffer)
      for i in 0..<buffer.count {
        let error = hypot(buffer.errorEast[i], buffer.errorNorth[i])
        if buffer.truth[i].speed < 0.2 { still.append(error) } else if buffer.truth[i].speed > 2.5 { running.append(error) }
      }
    }
    let stillMedian = Statistics.quantile(still, 0.5)!, runningMedian = Statistics.quantile(running, 0.5)!
    #expect(stillMedian > 1.5 * runningMedian, "median error stopped \(stillMedian) m, running \(runningMedian) m")
  }

  /// A population read again in one process (thirteen of the suite's scenarios name three) is checked
  /// once: the same population and document each time, and a faulty one is refused every time, with the
  /// same error, as the first time (only a population that passed is remembered).
  @Test func aPopulationReadAgainIsTheSameAndAFaultyOneIsRefusedEveryTime() throws {
    let good = try scenarioFile(Self.population)
    let first = try ScenarioLoader.load(file: good), again = try ScenarioLoader.load(file: good)
    #expect(first == again)
    let goodPath = URL(fileURLWithPath: good).deletingLastPathComponent().appendingPathComponent("phones.yaml").path
    let loaded = try ReceiverPopulation.load(goodPath), reloaded = try ReceiverPopulation.load(goodPath)
    #expect(loaded.population == reloaded.population && loaded.node == reloaded.node)
    let faulty = try scenarioFile(Self.population.replacingOccurrences(of: "median: 40", with: "median: -40"))
    let refusals = (0..<2).map { _ -> ScenarioFileError? in
      do throws(ScenarioFileError) {
        _ = try ScenarioLoader.load(file: faulty)
        return nil
      } catch {
        return error
      }
    }
    let refusal = try #require(refusals[0], "a negative wander time was accepted")
    #expect(refusals[1] == refusal && refusal.description.contains("error.wander_tau_s"), "\(refusals)")
  }

  /// The low-cost population is bundled as `low-cost-l1`; its first name, `snapshot-receivers`, still reads it.
  @Test func theLowCostPopulationByItsNameAndItsFormerOne() throws {
    let receiver = try ReceiverPopulation.receiver(named: "low-cost-l1", field: "receiver.population")
    #expect(try ReceiverPopulation.receiver(named: "snapshot-receivers", field: "receiver.population") == receiver)
    #expect(try ReceiverPopulation.load("low-cost-l1").population.sources.count == 12)
  }

  /// The bundled phone population standing still: the device fitted to the standing phone (one of its
  /// three) repeats its fix most of the time and sits metres from the truth, as that phone did (89 %
  /// repeats, 4.8 m); the two fitted to drives repeat as their drives' stops showed (the Pixel 4 on 18 %
  /// of its still steps, the 4 XL never), so a third of the trials repeat most of the time.
  @Test func aStandingPhoneFromTheBundledPopulationRepeatsAndSitsMetresAway() throws {
    let scenario = try ScenarioLoader.load(file: try scenarioFile("", receiverLine: "receiver: { population: phones-open-sky }"))
    let engine = try ScenarioEngine(scenario)
    var repeats: [Double] = [], distances: [Double] = []
    for trial in 0..<scenario.trials {
      let fixes = engine.observe(trial: trial).filter { $0.horizontalAccuracy >= 0 }
      let repeated = zip(fixes.dropFirst(), fixes).filter { $0.east == $1.east && $0.north == $1.north }.count
      repeats.append(Double(repeated) / Double(max(fixes.count - 1, 1)))
      distances.append(Statistics.quantile(fixes.map { hypot($0.east, $0.north) }, 0.5)!)
    }
    let holding = repeats.filter { $0 >= 0.8 }.count, distance = Statistics.quantile(distances, 0.5)!
    #expect(holding * 5 >= repeats.count && holding * 2 <= repeats.count, "\(holding) of \(repeats.count) trials repeat 80 % or more")
    #expect(repeats.filter { $0 >= 0.8 }.allSatisfy { $0 <= 0.95 }, "\(repeats)")
    #expect((1...6).contains(distance), "median distance from the truth over trials \(distance) m")
  }

  /// Moving with stops, each device of the bundled phones errs stopped against running as its recording
  /// did: the Pixel 4 (still factor 2.7) more when stopped, the Pixel 4 XL (0.1) less.
  @Test func bundledPhonesErrStoppedAsTheirRecordingsDid() throws {
    let receiver = try ReceiverPopulation.receiver(named: "phones-open-sky", field: "receiver.population")
    let scenario = Scenario(
      name: "stops", seed: 5, trials: 24,
      route: RouteSpec(origin: GeodeticPosition(latitude: 10, longitude: 20), shape: .waypoints([.init(east: 0, north: 0), .init(east: 0, north: 4000)])),
      pace: PaceSpec(profile: .steady(secondsPerKilometer: 330), stops: (1...3).map { PaceSpec.Stop(at: Double($0) * 1000, seconds: 180) }),
      receiver: receiver)
    let engine = try ScenarioEngine(scenario)
    // The devices by what their fits tell apart: the 4 XL has no static hold, the Pixel 4 a 0.33 m offset
    // (the standing phone's is 4.7 m).
    var pixel4: [Double] = [], pixel4XL: [Double] = []
    for trial in 0..<scenario.trials {
      var buffer = ObservationBuffer()
      engine.simulate(trial: trial, into: &buffer)
      var still: [Double] = [], running: [Double] = []
      for i in 0..<buffer.count {
        let error = hypot(buffer.errorEast[i], buffer.errorNorth[i])
        if buffer.truth[i].speed < 0.2 { still.append(error) } else if buffer.truth[i].speed > 2.5 { running.append(error) }
      }
      let device = engine.receiverModel.forTrial(trial).receiver
      let ratio = Statistics.quantile(still, 0.5)! / Statistics.quantile(running, 0.5)!
      if device.staticHold == nil { pixel4XL.append(ratio) } else if (device.error?.offset ?? 9) < 1 { pixel4.append(ratio) }
    }
    #expect(pixel4.count >= 3 && pixel4XL.count >= 3, "both drive devices drawn: \(pixel4.count), \(pixel4XL.count)")
    #expect(Statistics.quantile(pixel4, 0.5)! > 1.3, "Pixel 4-like devices, stopped / running median error: \(pixel4)")
    #expect(Statistics.quantile(pixel4XL, 0.5)! < 1, "Pixel 4 XL-like devices: \(pixel4XL)")
  }
}
