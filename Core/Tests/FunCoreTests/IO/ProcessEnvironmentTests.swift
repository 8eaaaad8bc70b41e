import Foundation
import Testing

@testable import FunCore

@Suite("ProcessEnvironment")
struct ProcessEnvironmentTests {
  @Test("Reads every variable Foundation reads, with the same values")
  func matchesFoundation() {
    let ours = ProcessEnvironment.current()
    #expect(!ours.isEmpty)
    #expect(ours == ProcessInfo.processInfo.environment)
  }

  @Test("Splits at the first '=', skips entries without one, keeps a name's first value, repairs bad UTF-8")
  func parsesEntries() {
    let entries: [[UInt8]] = [
      Array("LANG=de_DE.UTF-8".utf8), Array("OPTIONS=a=1,b=2".utf8), Array("NO_EQUALS".utf8),
      Array("EMPTY=".utf8), Array("LANG=fr_FR.UTF-8".utf8), Array("BYTES=".utf8) + [0xFF, 0x41],
    ]
    let pointers = entries.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return Optional(pointer)
    }
    defer {
      for pointer in pointers { pointer?.deallocate() }
    }
    let variables = (pointers + [nil]).withUnsafeBufferPointer { ProcessEnvironment.variables(in: $0.baseAddress!) }
    #expect(
      variables == ["LANG": "de_DE.UTF-8", "OPTIONS": "a=1,b=2", "EMPTY": "", "BYTES": "\u{FFFD}A"]
    )
  }
}
