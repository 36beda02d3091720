import Foundation
import Reporting

/// Sends a command's document to `--output FILE` (written atomically) or to standard output.
func emit(_ text: String, to output: String?) throws {
  if let output {
    try ReportFile.write(text, to: output)
  } else {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
