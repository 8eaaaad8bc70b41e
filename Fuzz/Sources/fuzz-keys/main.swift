// The key decoder (keys, SGR mouse reports, bracketed pastes) on any bytes a terminal could send.
//
// Checks what `KeyDecoder` promises, that a stream decodes the same however its reads split it
// (here all at once, one byte per read, and in two reads cut where the first byte says) and that
// a flush leaves nothing pending; and that no input yields more keys than it has bytes.
import FuzzSupport

@testable import FunFrontend

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Fuzzer.bytes(data, size)
  let atOnce = decode([bytes])
  precondition(atOnce.count <= bytes.count, "\(atOnce.count) keys from \(bytes.count) bytes: \(atOnce)")

  let byteByByte = decode(bytes.map { [$0] })
  precondition(byteByByte == atOnce, "one byte per read gives \(byteByByte), at once \(atOnce)")

  let cut = Int(bytes.first ?? 0) % (bytes.count + 1)
  let inTwo = decode([Array(bytes[..<cut]), Array(bytes[cut...])])
  precondition(inTwo == atOnce, "cut at \(cut) gives \(inTwo), at once \(atOnce)")
  return 0
}

/// The keys of `reads` fed one after the other, then flushed as at the end of input.
func decode(_ reads: [[UInt8]]) -> [Key] {
  var decoder = KeyDecoder()
  var keys = reads.flatMap { decoder.feed($0) }
  keys += decoder.flushPending()
  precondition(!decoder.hasPending, "bytes still pending after a flush")
  return keys
}

Fuzzer.run()
