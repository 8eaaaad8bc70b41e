// `http-catalog.cache`, the http catalog's saved copy (`CatalogCache.Copy`), read from any bytes
// the way Fun reads it (`CatalogCache.decode`: a format line, a JSON header, the body as it came).
//
// Checks that reading never traps, and that a copy Fun reads, once saved (`CatalogCache.encode`),
// reads back and saves to the same bytes: a save never leaves a file that the next start would
// set aside as corrupt.
import FuzzSupport

@testable import FunServices

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Fuzzer.checkSavedFormReadsBack(
    of: Fuzzer.bytes(data, size),
    decode: { try CatalogCache.decode($0) },
    encode: { try CatalogCache.encode($0).data }
  )
  return 0
}

Fuzzer.run()
