// A program for tests only: it takes the terminal over as `fun` does, then crashes inside the
// process the way a Swift runtime error does, when it reads a byte. The pseudo-terminal test
// (TerminalSafetyTests) runs it to prove a real crash gives the terminal back and still reaches
// the crash reporter; `fun` itself has no way to be made to crash.
import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let terminal = TTYTerminal(capabilities: TerminalCapabilities(environment: ["TERM": "xterm-256color"]))
do {
  try terminal.enterFullScreen()
} catch {
  fatalError("could not take the terminal over: \(error)")
}
var byte: UInt8 = 0
_ = read(STDIN_FILENO, &byte, 1)
// An index out of range: the runtime error traps (SIGILL on x86_64, SIGTRAP on arm64).
let empty: [UInt8] = []
exit(Int32(empty[Int(byte)]))
