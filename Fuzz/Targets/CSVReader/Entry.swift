import FuzzSupport
import LibFuzzerDriver
import TrackIO

/// CSV tracks as `replay` will read them: any bytes give a recording or a ``RecordingError``, and a
/// recording's points have valid coordinates and strictly increasing times.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  guard let recording = try? CSVReader().read(text: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
  checkRecording(recording)
  return 0
}

@_cdecl("FuzzCSVReader_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
