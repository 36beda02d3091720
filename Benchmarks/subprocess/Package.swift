// swift-tools-version:6.1
// Measures swift-subprocess 1.0.2 against the posix_spawn + poll approach of TrackBench's ChildProcess
// (docs/design-notes.md): `swift run -c release --package-path Benchmarks/subprocess`.
import PackageDescription
let package = Package(
  name: "subprocess-eval", platforms: [.macOS(.v15)],
  dependencies: [.package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2")],
  targets: [.executableTarget(name: "subprocess-eval", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")])])
