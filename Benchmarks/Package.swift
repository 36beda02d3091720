// swift-tools-version:6.1
// Benchmarks live in their own package so `swift build` / `swift test` at the root stay fast
// (package-benchmark roughly triples a cold build; TOOLCHAIN.md).
import PackageDescription

let package = Package(
  name: "TrackBenchBenchmarks",
  dependencies: [
    .package(name: "TrackBench", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "Kernels",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "TrackCore", package: "TrackBench"),
        .product(name: "Simulation", package: "TrackBench"),
        .product(name: "Filtering", package: "TrackBench"),
        .product(name: "Speed", package: "TrackBench"),
      ],
      path: "Benchmarks/Kernels",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
