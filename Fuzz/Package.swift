// swift-tools-version:6.1
// libFuzzer targets, in their own package so the normal build is untouched. Build and run them with
// `make fuzz` (or Fuzz/run.sh): `swift build -c release -Xswiftc -sanitize=fuzzer,address`.
import PackageDescription

/// One libFuzzer program per target. SwiftPM links an executable's entry as `Fuzz<Name>_main`; each
/// target defines that symbol itself (`-parse-as-library`: no generated main) and runs libFuzzer's
/// driver on its test function.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: "Fuzz\(name)",
    dependencies: ["LibFuzzerDriver", "FuzzSupport"] + products.map { .product(name: $0, package: "TrackBench") },
    path: "Targets/\(name)",
    swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
  name: "TrackBenchFuzz",
  dependencies: [.package(name: "TrackBench", path: "..")],
  targets: [
    .target(name: "LibFuzzerDriver", path: "Driver"),
    .target(name: "FuzzSupport", dependencies: [.product(name: "TrackIO", package: "TrackBench")], path: "Support"),
    fuzzTarget("ScenarioLoader", ["Simulation", "Harness"]),
    fuzzTarget("StrategyParser", ["Filtering"]),
    fuzzTarget("ResultsReader", ["Evaluation", "Findings", "Reporting"]),
    fuzzTarget("PackedFixes", ["Speed"]),
    fuzzTarget("NMEAReader", ["TrackIO"]),
    fuzzTarget("GPXReader", ["TrackIO"]),
    fuzzTarget("TCXReader", ["TrackIO"]),
    fuzzTarget("CSVReader", ["TrackIO"]),
    fuzzTarget("FITReader", ["TrackIO"]),
    fuzzTarget("GnssLoggerReader", ["TrackIO"]),
    fuzzTarget("SweepFile", ["Harness", "Evaluation", "Reporting"]),
  ]
)
