// swift-tools-version:6.1
import PackageDescription

/// The test bundles' settings: see "Unit test bundles" below.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone", "-no-emit-module-separately-wmo"])]

let package = Package(
  name: "TrackBench",
  // Linux is where TrackBench is built and tested; macOS 15 has what it uses (Synchronization) and the
  // platform code has its Darwin branch (README: untested there).
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TrackCore", targets: ["TrackCore"]),
    .library(name: "NumericKit", targets: ["NumericKit"]),
    .library(name: "Simulation", targets: ["Simulation"]),
    .library(name: "Filtering", targets: ["Filtering"]),
    .library(name: "Evaluation", targets: ["Evaluation"]),
    .library(name: "Findings", targets: ["Findings"]),
    .library(name: "Harness", targets: ["Harness"]),
    .library(name: "Speed", targets: ["Speed"]),
    .library(name: "Reporting", targets: ["Reporting"]),
    .library(name: "TrackIO", targets: ["TrackIO"]),
    .library(name: "Realism", targets: ["Realism"]),
    // For a user's own package: every public module in one import; the whole CLI with their filters
    // registered; the law-checker and reference inputs for their tests (Sources/TrackBench/TrackBench.docc/YourFilter.md).
    .library(name: "TrackBench", targets: ["TrackBench"]),
    .library(name: "TrackBenchCLI", targets: ["TrackBenchCLI"]),
    .library(name: "TrackBenchTestSupport", targets: ["TrackBenchTestSupport"]),
    .executable(name: "trackbench", targets: ["trackbench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // `make docs`: the DocC archive of the library products (docs/api.md).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // MARK: - Public API

    .target(name: "TrackCore"),
    .target(name: "NumericKit", dependencies: ["CGSL"]),
    .target(name: "Simulation", dependencies: ["TrackCore", "NumericKit", "TrackIO", "Yams"]),
    // No unsafe flags in any target: SwiftPM refuses them in a dependency taken by version
    // (scripts/consumer-check builds one). Filtering's old SLP-vectoriser flag is replaced by the plain
    // Kalman's vector form (docs/design-notes.md).
    .target(name: "Filtering", dependencies: ["TrackCore"]),
    .target(name: "Evaluation", dependencies: ["TrackCore", "NumericKit"]),
    // What the checks on results found, as documents: the CI and speed gates, compare, tune and transfer.
    .target(name: "Findings", dependencies: ["TrackCore", "NumericKit", "Evaluation"]),
    .target(name: "TrackIO", dependencies: ["TrackCore"]),
    .target(name: "Harness", dependencies: ["TrackCore", "NumericKit", "Simulation", "Filtering", "Evaluation", "Findings", "TrackIO", "Realism"]),
    // How fast: kernels' throughput, instructions under callgrind, speed recordings (the speed gate's
    // input). Apart from Harness, so a change to either rebuilds one, and the two compile side by side.
    .target(name: "Speed", dependencies: ["TrackCore", "Simulation", "Filtering", "Evaluation", "Findings", "TrackIO", "Harness"]),
    .target(name: "Reporting", dependencies: ["TrackCore", "Evaluation", "Findings"]),
    .target(name: "Realism", dependencies: ["TrackCore", "NumericKit", "Simulation", "TrackIO"]),
    .target(name: "TrackBench", dependencies: ["TrackCore", "NumericKit", "Simulation", "Filtering", "Evaluation", "Findings", "TrackIO", "Harness", "Speed", "Reporting", "Realism"]),
    .target(
      name: "TrackBenchCLI",
      dependencies: [
        "Harness", "Speed", "Reporting", "TrackIO", "Evaluation", "Findings", "Realism", "Filtering", "Simulation", "TrackCore", "TrackBenchTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .target(name: "TrackBenchTestSupport", dependencies: ["Filtering", "Simulation", "TrackCore"]),
    .executableTarget(name: "trackbench", dependencies: ["TrackBenchCLI"]),

    // MARK: - Implementation details

    .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]),

    // MARK: - Unit test bundles
    // Built unoptimised (`-Onone`) in `make test`'s release build: the code under test is the release
    // build's, and the optimiser spent more time on the tests' own code than on the library (docs/design-notes.md).
    // Test targets are never built by a package that depends on TrackBench, so the flag never reaches one.

    .testTarget(name: "TrackCoreTests", dependencies: ["TrackCore"], resources: [.copy("Vectors")], swiftSettings: testSettings),
    .testTarget(name: "NumericKitTests", dependencies: ["NumericKit"], swiftSettings: testSettings),
    .testTarget(name: "SimulationTests", dependencies: ["Simulation", "NumericKit"], swiftSettings: testSettings),
    .testTarget(name: "FilteringTests", dependencies: ["Filtering", "Simulation", "TrackBenchTestSupport"], resources: [.copy("Reference")], swiftSettings: testSettings),
    .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "Simulation", "Filtering", "NumericKit"], swiftSettings: testSettings),
    .testTarget(name: "FindingsTests", dependencies: ["Findings", "Evaluation", "NumericKit", "TrackCore"], swiftSettings: testSettings),
    .testTarget(name: "TrackIOTests", dependencies: ["TrackIO", "Harness"], exclude: ["FuzzRegressions"], swiftSettings: testSettings),
    .testTarget(name: "HarnessTests", dependencies: ["Harness"], swiftSettings: testSettings),
    .testTarget(name: "SpeedTests", dependencies: ["Speed", "Simulation", "Evaluation"], swiftSettings: testSettings),
    .testTarget(name: "RealismTests", dependencies: ["Realism", "Simulation", "TrackIO", "NumericKit"], swiftSettings: testSettings),
    .testTarget(name: "ReportingTests", dependencies: ["Reporting", "Harness", "NumericKit"], exclude: ["Snapshots"], swiftSettings: testSettings),
    .testTarget(name: "TrackBenchCLITests", dependencies: ["trackbench", "TrackBenchCLI"], swiftSettings: testSettings),
  ]
)
