// `settings.json`, the feature toggles (`FeatureToggles`), read from any bytes
// the way Fun reads a state file (`StateFile.decode`: JSON, dates as Foundation's ISO 8601 style reads them).
//
// Checks that reading never traps, and that a value Fun reads, once saved (`StateFile.encode`),
// reads back and saves to the same bytes: a save never leaves a file that the next start would
// set aside as corrupt.
import FunModel
import FuzzSupport

@testable import FunServices

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Fuzzer.checkSavedFormReadsBack(
    of: Fuzzer.bytes(data, size),
    decode: StateFile<FeatureToggles>.decode,
    encode: StateFile<FeatureToggles>.encode
  )
  return 0
}

Fuzzer.run()
