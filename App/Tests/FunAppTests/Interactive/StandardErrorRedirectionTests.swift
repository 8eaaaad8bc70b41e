import Foundation
import FunCore
import FunModelTestSupport
import Testing

@testable import FunApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Only the refusals: a redirection that succeeds would move the test process's own stderr
/// while other tests run beside it.
@Suite("Standard error redirection")
struct StandardErrorRedirectionTests {
  @Test("A FIFO where the log belongs, even one with a reader, does not take stderr")
  func refusesFIFO() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("fun.log")
    #expect(mkfifo(path, 0o600) == 0)
    // With a reader, opening it for writing succeeds; only what it is shows it is no log.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let before = try #require(FileIdentity(descriptor: STDERR_FILENO))

    let redirection = StandardErrorRedirection(toFileAt: path)
    defer { redirection.restore() }

    #expect(FileIdentity(descriptor: STDERR_FILENO) == before)
  }
}
