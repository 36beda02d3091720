import Foundation

/// The checkout these tests run in and its bundled scenarios.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let scenarioDirectory = repositoryRoot.appendingPathComponent("scenarios").path
