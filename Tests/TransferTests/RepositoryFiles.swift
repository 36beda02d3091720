import Foundation

/// The checkout these tests run in, its bundled scenarios, and the shared real recordings beside it
/// (nil when `../shared` is absent: the tests that need them say so and skip).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let scenarioDirectory = repositoryRoot.appendingPathComponent("scenarios").path
let sharedRealData: URL? = {
  let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()
