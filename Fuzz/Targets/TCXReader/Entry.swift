import FuzzSupport
import LibFuzzerDriver
import TrackIO

/// TCX activities as `replay` will read them: any bytes give a recording that keeps ``checkRecording(_:)``'s
/// laws, or a ``RecordingError``.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzReader(data, size) { try TCXReader().read(bytes: $0) } }

@_cdecl("FuzzTCXReader_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
