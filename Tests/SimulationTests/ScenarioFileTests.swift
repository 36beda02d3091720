import Foundation
import Simulation
import Testing

/// The repository root, for reading `scenarios/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

let validScenario = """
  name: test-loop
  seed: 3
  trials: 2
  route:
    origin: { latitude: 40, longitude: -3 }
    loop:
      waypoints_m: [[0, 0], [200, 0], [200, 100], [0, 100]]
      laps: 2
    corner_radius_m: 5
  pace:
    steady: { per_km: "5:00" }
  noise:
    - white: { sigma_m: 1 }
    - gauss_markov: { sigma_m: 3, tau_s: 30 }
  """

@Suite struct ScenarioFileTests {
  func error(_ yaml: String) -> ScenarioFileError? {
    do {
      _ = try ScenarioLoader.parse(yaml, file: "t.yaml")
      return nil
    } catch {
      return error
    }
  }

  @Test func validScenarioDecodes() throws {
    let s = try ScenarioLoader.parse(validScenario, file: "t.yaml")
    #expect(s.name == "test-loop" && s.trials == 2 && s.seed == 3 && s.noise.count == 2)
    #expect(s.pace == .steady(secondsPerKilometer: 300))
    #expect(s.receiver.rateHz == 1)
  }

  @Test func malformedYAMLNamesTheLine() throws {
    let e = try #require(error("name: x\nroute: [1, 2\n  bad: : :\n"))
    #expect(e.file == "t.yaml" && e.line != nil && e.expected == "valid YAML")
    #expect(e.description.hasPrefix("t.yaml:"))
  }

  @Test func unknownKeyNamesFieldLineAndAllowedKeys() throws {
    let e = try #require(error(validScenario.replacingOccurrences(of: "  laps: 2", with: "  laps: 2\n    lapz: 3")))
    #expect(e.field == "route.loop.lapz")
    #expect(e.line == 9)
    #expect(e.expected.contains("waypoints_m, laps"))
  }

  @Test func unknownStageIsAnError() throws {
    let e = try #require(error(validScenario + "\n  - pink: { sigma_m: 1 }"))
    #expect(e.field == "noise[2]")
    #expect(e.expected.contains("white, gauss_markov"))
    #expect(e.expected.contains(NoiseStage.names.joined(separator: ", ")), "every valid stage is named")
    #expect(e.line == 15)
  }

  /// Every catalogue stage decodes as its own type from its own name, keys as its descriptor lists them.
  @Test func everyCatalogueStageDecodesAsItself() throws {
    let blocks = [
      "white": "{ sigma_m: 1 }", "gauss_markov": "{ sigma_m: 3, tau_s: 30 }",
      "urban_canyon": "{ cross_street_sigma_m: 8, along_street_sigma_m: 3, tau_s: 20, jumps_per_hour: 10 }",
      "antenna_degradation": "{ from_s: 60, accuracy_growth_m_per_h: 10 }", "dropouts": "{ per_hour: 2, seconds: [5, 10] }",
      "outliers": "{ per_hour: 2, jump_m: [40, 200] }", "cold_start": "{ initial_error_m: 30, converge_s: 20 }",
    ]
    #expect(Set(blocks.keys) == Set(NoiseStage.names))
    for descriptor in NoiseStage.catalogue {
      let yaml = validScenario.replacingOccurrences(of: "  - gauss_markov: { sigma_m: 3, tau_s: 30 }", with: "  - \(descriptor.name): \(blocks[descriptor.name]!)")
      let scenario = try ScenarioLoader.parse(yaml, file: "t.yaml")
      #expect(scenario.noise.count == 2 && scenario.noise[1].name == descriptor.name, "\(descriptor.name)")
      #expect(!descriptor.parameterNames.isEmpty)
    }
  }

  @Test func wrongTypeNamesTheField() throws {
    let e = try #require(error(validScenario.replacingOccurrences(of: "sigma_m: 1 }", with: "sigma_m: lots }")))
    #expect(e.field == "noise[0].white.sigma_m")
    #expect(e.expected == "a number")
    #expect(e.line == 13)
  }

  @Test func outOfRangeValueSaysWhatWasExpected() throws {
    let e = try #require(error(validScenario.replacingOccurrences(of: "sigma_m: 1 }", with: "sigma_m: -2 }")))
    #expect(e.field == "noise[0].white.sigma_m")
    #expect(e.expected.contains("from 0 to 1000"))
    #expect(e.found == "-2.0")
    #expect(e.line == 13)
  }

  /// `strategies` and `scoring` are the layer above's (Harness's ScenarioDocument): allowed here, not read.
  @Test func theExperimentsKeysAreLeftToTheLayerAbove() throws {
    let s = try ScenarioLoader.parse(validScenario + "\nstrategies: [raw]\nscoring: { pace_window_s: 10 }\n", file: "t.yaml")
    #expect(s.name == "test-loop")
    #expect(try #require(error(validScenario + "\nscorin: {}\n")).field == "scorin")
  }

  @Test func missingFieldIsNamed() throws {
    let e = try #require(error(validScenario.replacingOccurrences(of: "  origin: { latitude: 40, longitude: -3 }\n", with: "")))
    #expect(e.field == "route.origin")
  }

  @Test func badPaceAndTrials() throws {
    #expect(try #require(error(validScenario.replacingOccurrences(of: "\"5:00\"", with: "\"5:75\""))).field == "pace.steady.per_km")
    #expect(try #require(error(validScenario.replacingOccurrences(of: "trials: 2", with: "trials: 0"))).field == "trials")
  }

  @Test func geometryErrorsPointAtTheRoute() throws {
    let e = try #require(error(validScenario.replacingOccurrences(of: "corner_radius_m: 5", with: "corner_radius_m: 90")))
    #expect(e.field == "route.corner_radius_m")
    #expect(e.line == 9)
    let twoShapes = validScenario.replacingOccurrences(of: "  corner_radius_m: 5", with: "  corner_radius_m: 5\n  waypoints_m: [[0, 0]]")
    #expect(try #require(error(twoShapes)).expected.contains("exactly one route shape"))
  }

  @Test func zoneBeyondTheRouteEndIsNamed() throws {
    let yaml = validScenario.replacingOccurrences(
      of: "  corner_radius_m: 5", with: "  corner_radius_m: 5\n  zones:\n    - { kind: tunnel, from_m: 100, to_m: 5000 }")
    let e = try #require(error(yaml))
    #expect(e.field == "route.zones[0].to_m")
    #expect(e.line == 11)
    #expect(e.expected.contains("within the route"))
  }

  @Test func unknownZoneKindAndNegativeSigma() throws {
    let kind = validScenario.replacingOccurrences(
      of: "  corner_radius_m: 5", with: "  corner_radius_m: 5\n  zones:\n    - { kind: forest, from_m: 100, to_m: 200 }")
    #expect(try #require(error(kind)).field.hasPrefix("route.zones[0]"))
    let sigma = validScenario.replacingOccurrences(of: "sigma_m: 3, tau_s: 30", with: "sigma_m: -3, tau_s: 30")
    #expect(try #require(error(sigma)).field == "noise[1].gauss_markov.sigma_m")
    let canyon = validScenario + "\n  - urban_canyon: { cross_street_sigma_m: 5, along_street_sigma_m: 2, zones: [ { from_m: 10, to_m: 99999 } ] }"
    #expect(try #require(error(canyon)).field == "noise[2].urban_canyon.zones[0].to_m")
  }

  @Test func emptyAndNonMappingFiles() throws {
    #expect(try #require(error("")).found == "an empty file")
    let list = try #require(error("- 1\n- 2\n"))
    #expect(list.expected == "a mapping", "\(list)")
  }

  @Test func missingAndOversizedFiles() throws {
    #expect(throws: ScenarioFileError.self) { try ScenarioLoader.load(file: "/nonexistent/x.yaml") }
    let big = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-big-\(UUID()).yaml")
    defer { try? FileManager.default.removeItem(at: big) }
    try Data(repeating: UInt8(ascii: "#"), count: ScenarioLoader.maximumFileBytes + 1).write(to: big)
    do {
      _ = try ScenarioLoader.load(file: big.path)
      Issue.record("an oversized file loaded")
    } catch {
      #expect(error.expected.contains("at most"))
      #expect(error.file == big.path)
    }
  }

  @Test func everyBundledScenarioLoadsAndBuilds() throws {
    let directory = repositoryRoot.appendingPathComponent("scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
    #expect(files.count >= 3)
    for file in files {
      let scenario = try ScenarioLoader.load(file: directory.appendingPathComponent(file).path)
      #expect(scenario.name + ".yaml" == file, "a scenario's name matches its file")
      #expect(!scenario.description.isEmpty)
      let engine = try ScenarioEngine(scenario)
      let fixes = engine.observe(trial: 0)
      #expect(fixes.count > 0 && fixes.count <= engine.fixCount, "dropouts and tunnels only remove fixes")
    }
  }
}
