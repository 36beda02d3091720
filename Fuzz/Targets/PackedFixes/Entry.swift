import LibFuzzerDriver
import Foundation
import Speed

/// Packed float64 fixes, as `throughput --input-fixes` reads them: unpack must accept or refuse with a
/// ``PackedFixesError``, and what it accepts must pack back to the same bytes.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let fixes = try? Throughput.unpack(bytes), Throughput.packed(fixes) != bytes {
    fatalError("unpack then pack changed the bytes")
  }
  return 0
}

@_cdecl("FuzzPackedFixes_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
