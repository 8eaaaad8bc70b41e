import Foundation
import FunCoreTestSupport
import FunModelTestSupport
import Testing

@testable import FunServices

/// The reader's own wait: its caller is resumed from the read's queue, and that wake-up must not
/// wait for Swift's global executor, whose threads the synchronous work of the suites running
/// beside the app's tests can hold for seconds.
@Suite("CatalogFileReader", .timeLimit(.minutes(3)))
@MainActor
struct CatalogFileReaderTests {
  @Test("A file read's caller goes on while Swift's global executor is kept busy by other work")
  func readDoesNotWaitForTheGlobalExecutor() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("catalog.json")
    let contents = Data(CatalogFixtures.json().utf8)
    try contents.write(to: URL(fileURLWithPath: path))
    let reader = CatalogFileReader(maximumStreamBytes: 1 << 20, idleTimeout: .seconds(1))
    let hog = GlobalExecutorHog()

    hog.occupy()
    let read = try await reader.read(path: path)
    let held = hog.release()

    #expect(held, "the read's wake-up waited until the global executor's threads were free")
    #expect(read == contents)
  }
}

/// Opening a terminal device makes it the controlling terminal of a session leader that has
/// none: `--catalog` naming a terminal must read it without taking it.
@Suite("CatalogFileReader and terminals", .timeLimit(.minutes(1)))
struct CatalogFileReaderTerminalTests {
  @Test(
    "A catalog read from a terminal is read to its end, and the terminal never becomes the controlling one of a session leader",
    .enabled(if: ControllingTerminalProbe.isAvailable)
  )
  func terminalNeverBecomesControlling() async {
    await #expect(processExitsWith: .success) {
      let (terminal, primary) = ControllingTerminalProbe.newSession()
      // A line, then Ctrl-D at the start of the next: the end of the terminal's input.
      guard write(primary, "[]\n\u{04}", 4) == 4 else { ControllingTerminalProbe.fail(.noPseudoTerminal) }
      let reader = CatalogFileReader(maximumStreamBytes: 1 << 20, idleTimeout: .seconds(30))
      guard (try? await reader.read(path: terminal)) == Data("[]\n".utf8) else {
        ControllingTerminalProbe.fail(.notRefused)
      }
      if ControllingTerminalProbe.hasControllingTerminal { ControllingTerminalProbe.fail(.becameControllingTerminal) }
    }
  }
}
