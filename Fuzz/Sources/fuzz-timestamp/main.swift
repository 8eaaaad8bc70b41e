// The date reader (`UTCTimestamp.date(from:)`: dates in state files, Foundation's `.iso8601`
// text) on any text.
//
// Checks what `UTCTimestamp` promises: reading never traps, and a date it reads, written to the
// second (`.seconds`, as state files save dates), reads back as that second, written the same.
import Foundation
import FunCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = Fuzzer.text(data, size)
  guard let date = UTCTimestamp.date(from: text) else { return 0 }
  let written = UTCTimestamp.string(for: date, format: .seconds)
  guard let again = UTCTimestamp.date(from: written) else {
    preconditionFailure("\(text.debugDescription) is read, but written as \(written), which is not")
  }
  let second = date.timeIntervalSince1970.rounded(.down)
  precondition(
    again.timeIntervalSince1970 == second, "\(text.debugDescription) is written as \(written): not its second")
  precondition(UTCTimestamp.string(for: again, format: .seconds) == written, "\(written) is written otherwise again")
  return 0
}

Fuzzer.run()
