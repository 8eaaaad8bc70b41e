// A date in a state file (`StateFile.decode`: Foundation's ISO 8601 style, and the guard Fun
// puts around it) from any text, as the date of a one-element JSON array.
//
// Checks what Fun promises of a state file's dates: reading never traps, and a date it reads,
// once saved (`StateFile.encode`, to the second), reads back within that second and saves to
// the same bytes, so a save never leaves a file the next start would set aside as corrupt.
import Foundation
import FuzzSupport

@testable import FunServices

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = Fuzzer.text(data, size)
  // Encoded by JSONEncoder, so that every text reaches the date reader as it is.
  guard let document = try? JSONEncoder().encode([text]) else { return 0 }
  Fuzzer.checkSavedFormReadsBack(
    of: Array(document),
    decode: StateFile<[Date]>.decode,
    encode: StateFile<[Date]>.encode
  )
  guard let read = try? StateFile<[Date]>.decode(document).first else { return 0 }
  let saved = try? StateFile<[Date]>.decode(StateFile<[Date]>.encode([read])).first
  precondition(
    saved.map { abs($0.timeIntervalSince(read)) < 1 } == true,
    "\(text.debugDescription) is read as \(read), saved and read back as \(String(describing: saved))")
  return 0
}

Fuzzer.run()
