import LibFuzzerDriver
import Evaluation
import Foundation
import Harness
import Reporting

/// A shard file or journal, as `merge`, `run --resume` and `tune --merge` read them (a tune's shards are
/// sweep files too): reading must accept or refuse with a ``SweepFileError``; a sweep file it accepts,
/// when it holds every cell, must aggregate and render without a trap.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  for allowTorn in [false, true] {
    guard let contents = try? SweepFile.read(data: bytes, name: "fuzz", allowTorn: allowTorn) else { continue }
    guard contents.header.cells <= 10_000, Set(contents.records.map(\.cell)).count == contents.header.cells,
      contents.records.count == contents.header.cells,
      (try? SweepFile.checkStrategies(contents.header, contents.records, file: "fuzz")) != nil
    else { continue }
    let result = contents.header.aggregate(contents.records)
    _ = try? JSONRenderer().render(result)
  }
  return 0
}

@_cdecl("FuzzSweepFile_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
