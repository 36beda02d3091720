import LibFuzzerDriver
import Evaluation
import Findings
import Foundation
import Reporting

/// Results JSON as `report` and `compare` read it: decode, validate, then every renderer and a
/// comparison with itself. A file that validates must render in every format, and its JSON rendering
/// must read back to the same results (a NaN or infinity could not).
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard let result = try? ResultsCodec.results(from: bytes), (try? result.validate()) != nil else { return 0 }
  for format in ReportFormat.allCases { _ = try? format.renderer(colours: true).render(result) }
  let comparison = Comparison(old: result, new: result)
  for format in ComparisonFormat.allCases { _ = try? format.render(comparison) }
  guard let json = try? JSONRenderer().render(result), let again = try? ResultsCodec.results(from: Data(json.utf8)), again == result else {
    fatalError("a valid results file does not survive a JSON round trip")
  }
  return 0
}

@_cdecl("FuzzResultsReader_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
