import LibFuzzerDriver
import Filtering

/// Strategy and pipeline texts, as `--strategies` and scenario files give them: a strategy that parses
/// must print as a text that parses back to the same strategy.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let strategy = try? Strategy(parsing: text) {
    guard let again = try? Strategy(parsing: strategy.description), again == strategy else {
      fatalError("'\(strategy.description)' does not parse back to itself")
    }
  }
  return 0
}

@_cdecl("FuzzStrategyParser_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
