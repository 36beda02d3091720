import Foundation

/// Where a file named inside a spec file lives: `reference` itself when absolute, else beside `specFile`
/// (the working directory for standard input, `-`).
func resolvedPath(_ reference: String, besideSpec specFile: String) -> String {
  let directory = specFile == "-" ? "." : (specFile as NSString).deletingLastPathComponent
  return reference.hasPrefix("/") || directory.isEmpty ? reference : (directory as NSString).appendingPathComponent(reference)
}
