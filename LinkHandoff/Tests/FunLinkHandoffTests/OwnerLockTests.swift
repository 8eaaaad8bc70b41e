import Foundation
import FunModelTestSupport
import Testing

@testable import FunLinkHandoff

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Owner lock")
struct OwnerLockTests {
  @Test("A lock let go is free although a copy of its descriptor is still open, as a spawned process holds one")
  func letGoWithCopiedDescriptor() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("fun.sock.lock")
    var lock: OwnerLock? = try OwnerLock.acquire(path: path)
    let copy = dup(try #require(lock).descriptor)
    defer { close(copy) }
    #expect(OwnerLock.isHeld(path: path))

    lock = nil

    #expect(!OwnerLock.isHeld(path: path))
    #expect(throws: Never.self) { try OwnerLock.acquire(path: path) }
  }
}
