// swift-tools-version:6.1
// An app developer's own filter and metric benchmarked with TrackBench: the filter and the metric each in
// its own module, the whole trackbench CLI with both registered (three lines of main.swift), a test that
// checks the filter against the laws TrackBench's own strategies pass and one of the metric. In your
// package, depend on TrackBench by URL or path.
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
    // Compiled with the flag TrackBench's Filtering module is built with, so that the comparison is of
    // registration alone, not of two compiler settings.
    .executableTarget(
      name: "registration-cost", dependencies: [.product(name: "TrackBench", package: "TrackBench")],
      swiftSettings: [.unsafeFlags(["-Xllvm", "-vectorize-slp=false"])]),
    .testTarget(
      name: "AlphaBetaTests",
      dependencies: ["AlphaBeta", .product(name: "TrackBenchTestSupport", package: "TrackBench"), .product(name: "TrackBench", package: "TrackBench")]),
    .testTarget(name: "LapMarksTests", dependencies: ["LapMarks", .product(name: "TrackBench", package: "TrackBench")]),
  ]
)
