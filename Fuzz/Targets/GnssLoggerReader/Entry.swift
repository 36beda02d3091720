import FuzzSupport
import LibFuzzerDriver
import TrackIO

/// Android GnssLogger logs as `replay` will read them: any bytes give a recording that keeps
/// ``checkRecording(_:)``'s laws, or a ``RecordingError``.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzReader(data, size) { try GnssLoggerReader().read(text: $0) } }

@_cdecl("FuzzGnssLoggerReader_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
