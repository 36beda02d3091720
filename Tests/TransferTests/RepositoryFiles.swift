import Foundation

/// The shared real recordings beside this checkout (nil when `../shared` is absent: the tests that need
/// them say so and skip).
let sharedRealData: URL? = {
  let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let url = checkout.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()
