import Foundation
import TrackCore

/// Where a file named inside a spec file lives: `reference` itself when absolute, else beside `specFile`
/// (the working directory for standard input, `-`).
@_optimize(none)
func resolvedPath(_ reference: String, besideSpec specFile: String) -> String {
  guard specFile != "-", !reference.hasPrefix("/"), let directory = RelativePath.parent(of: specFile) else { return reference }
  return directory.hasSuffix("/") ? directory + reference : directory + "/" + reference
}
