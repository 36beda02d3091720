import Foundation
import Harness
import LibFuzzerDriver
import Simulation

/// Scenario YAML → validated document (the scenario, its strategies, its scoring) → engine construction,
/// as `trackbench run` loads a file. Any input must give a document or a ``ScenarioFileError``; a trap or
/// a sanitizer report is a finding.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  // Keep each input's memory small, so the fuzzer explores instead of building huge runs.
  setenv("TRACKBENCH_MEMORY_LIMIT_MB", "64", 1)
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let document = try? ScenarioLoader.parse(text, file: "fuzz.yaml", as: ScenarioDocument.self) {
    _ = try? ScenarioEngine(document.scenario).fixCount
  }
  return 0
}

@_cdecl("FuzzScenarioLoader_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
