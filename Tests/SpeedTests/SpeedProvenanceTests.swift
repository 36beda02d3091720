import Foundation
import Speed
import Testing

/// A speed recording says where it was made; a check elsewhere warns, and wall-clock rates from another
/// machine or build do not fail it unless the user says the machines are the same.
@Suite struct SpeedProvenanceTests {
  static let here = MachineDescription(cpu: "Test CPU", cores: 2, toolchain: "Swift 6.3", build: "release", system: "Linux x86_64")

  @Test func everyDifferenceIsNamedAndTheSystemIsNot() {
    var there = Self.here
    #expect(there.differences(from: Self.here).isEmpty)
    there.system = "Linux aarch64-ish"
    #expect(there.differences(from: Self.here).isEmpty)
    there = MachineDescription(cpu: "Other CPU", cores: 8, toolchain: "Swift 6.2", build: "debug", system: "Linux x86_64")
    #expect(there.differences(from: Self.here) == ["CPU 'Other CPU', here 'Test CPU'", "8 cores, here 2", "Swift 6.2, here Swift 6.3", "a debug build, here release"])
  }

  func recording(_ schema: String, machine: MachineDescription?) throws -> SpeedRecording {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("speed-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let kernel = schema == "trackbench.throughput"
      ? #"{"strategy": "raw", "fixes": 2000, "fixes_per_second": 1e8, "median_seconds": 0.00002, "repetitions": 1, "build": "release"}"#
      : #"{"strategy": "raw", "fixes": 2000, "instructions": 68000, "instructions_per_fix": 34, "build": "release"}"#
    var object = try JSONSerialization.jsonObject(with: Data(#"{"schema": "\#(schema)", "schema_version": 1, "fixes": 2000, "kernels": [\#(kernel)]}"#.utf8)) as! [String: Any]
    if let machine {
      object["machine"] = ["cpu": machine.cpu, "cores": machine.cores, "toolchain": machine.toolchain, "build": machine.build, "system": machine.system]
    }
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    return try SpeedRecording.read(path, allowingPrograms: false)
  }

  @Test func wallClockFromElsewhereWarnsAndIsNotEnforced() throws {
    var there = Self.here
    there.cores = 64
    let rates = try recording("trackbench.throughput", machine: there)
    #expect(rates.provenanceWarning(here: Self.here)?.contains("64 cores, here 2") == true)
    #expect(rates.provenanceWarning(here: Self.here)?.contains("--same-machine") == true)
    #expect(!rates.enforced(sameMachine: false, here: Self.here) && rates.enforced(sameMachine: true, here: Self.here))
    // Instruction counts follow the code and the compiler: warned, still enforced.
    let counts = try recording("trackbench.instructions", machine: there)
    #expect(counts.provenanceWarning(here: Self.here)?.contains("64 cores") == true && counts.enforced(sameMachine: false, here: Self.here))
    // Made here: no warning, enforced.
    let local = try recording("trackbench.throughput", machine: Self.here)
    #expect(local.provenanceWarning(here: Self.here) == nil && local.enforced(sameMachine: false, here: Self.here))
    // From before machine details: warned, enforced as it always was.
    let old = try recording("trackbench.throughput", machine: nil)
    #expect(old.provenanceWarning(here: Self.here)?.contains("does not say where") == true && old.enforced(sameMachine: false, here: Self.here))
  }
}
