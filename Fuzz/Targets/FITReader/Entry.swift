import FuzzSupport
import LibFuzzerDriver
import TrackIO

/// FIT files as `replay` will read them: any bytes give a recording that keeps ``checkRecording(_:)``'s
/// laws, or a ``RecordingError``. Most mutations break the CRC, so half the inputs get a correct one
/// written over their last two bytes: the decoder behind the CRC is reached too.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzzReader(data, size) { bytes in
    var bytes = bytes
    if bytes.count >= 16, bytes[0] & 1 == 0 { repairCRCs(&bytes) }
    return try FITReader().read(bytes: bytes)
  }
}

/// Writes the header's data size, the header CRC and the file CRC so they match the bytes.
func repairCRCs(_ bytes: inout [UInt8]) {
  let headerSize = 14
  let dataSize = UInt32(bytes.count - headerSize - 2)
  bytes[0] = 14
  for i in 0..<4 { bytes[4 + i] = UInt8(truncatingIfNeeded: dataSize >> (8 * i)) }
  let headerCRC = crc(bytes[0..<12])
  bytes[12] = UInt8(headerCRC & 0xFF); bytes[13] = UInt8(headerCRC >> 8)
  let fileCRC = crc(bytes[0..<(bytes.count - 2)])
  bytes[bytes.count - 2] = UInt8(fileCRC & 0xFF); bytes[bytes.count - 1] = UInt8(fileCRC >> 8)
}

/// FIT's CRC-16, written here from the protocol's nibble table (independently of the reader's).
func crc(_ bytes: ArraySlice<UInt8>) -> UInt16 {
  let table: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
  var crc: UInt16 = 0
  for byte in bytes {
    for nibble in [UInt16(byte) & 0xF, UInt16(byte) >> 4] {
      let low = table[Int(crc & 0xF)]
      crc = ((crc >> 4) & 0x0FFF) ^ low ^ table[Int(nibble)]
    }
  }
  return crc
}

@_cdecl("FuzzFITReader_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { fuzz_main(argc, argv, fuzzOne) }
