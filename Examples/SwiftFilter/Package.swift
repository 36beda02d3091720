// swift-tools-version:6.1
// An app developer's own filter and metric benchmarked with TrackBench: the filter and the metric each in
// its own module, the whole trackbench CLI with both registered (three lines of main.swift), a test that
// checks the filter against the laws TrackBench's own strategies pass and one of the metric. In your
// package, depend on TrackBench by version, e.g.
//   .package(url: "https://example.org/you/trackbench.git", from: "0.6.0")
// (scripts/consumer-check builds this package so, from a tagged clone).
import PackageDescription

let package = Package(
  name: "SwiftFilter",
  dependencies: [.package(name: "TrackBench", path: "../..")],
  targets: [
    .target(name: "AlphaBeta", dependencies: [.product(name: "TrackBench", package: "TrackBench")]),
    .target(name: "LapMarks", dependencies: [.product(name: "TrackBench", package: "TrackBench")]),
    .executableTarget(
      name: "alpha-beta-bench",
      dependencies: ["AlphaBeta", "LapMarks", .product(name: "TrackBenchCLI", package: "TrackBench")]),
    .executableTarget(name: "registration-cost", dependencies: [.product(name: "TrackBench", package: "TrackBench")]),
    .testTarget(
      name: "AlphaBetaTests",
      dependencies: ["AlphaBeta", .product(name: "TrackBenchTestSupport", package: "TrackBench"), .product(name: "TrackBench", package: "TrackBench")]),
    .testTarget(name: "LapMarksTests", dependencies: ["LapMarks", .product(name: "TrackBench", package: "TrackBench")]),
  ]
)
