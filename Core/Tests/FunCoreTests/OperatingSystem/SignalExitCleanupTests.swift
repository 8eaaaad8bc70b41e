import Foundation
import Testing

@testable import FunCore

/// What the signal handler removes. Each test removes only its own registrations: other tests
/// in this process (link listeners) have registered files of their own.
@Suite("SignalExitCleanup")
struct SignalExitCleanupTests {
  private func temporaryFile() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("signal-cleanup-\(UUID().uuidString)").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("A registered file is removed")
  func removesRegisteredFile() throws {
    let path = try temporaryFile()
    let registration = try #require(SignalExitCleanup.register(path: path))
    SignalExitCleanup.removeFiles(in: registration.slots)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("A file put at the path since it was registered is another file, and stays")
  func leavesAReplacedFile() throws {
    let path = try temporaryFile()
    let moved = path + ".moved"
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: moved)
    }
    let registration = try #require(SignalExitCleanup.register(path: path))
    // Moved away, not deleted: a deleted file's inode number may go to the next new file.
    try FileManager.default.moveItem(atPath: path, toPath: moved)
    try Data("another".utf8).write(to: URL(fileURLWithPath: path))
    SignalExitCleanup.removeFiles(in: registration.slots)
    #expect(FileManager.default.contents(atPath: path) == Data("another".utf8))
  }

  @Test("A cancelled registration removes nothing")
  func cancelledRegistration() throws {
    let path = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let registration = try #require(SignalExitCleanup.register(path: path))
    registration.cancel()
    SignalExitCleanup.removeFiles(in: registration.slots)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test("A cancelled registration frees its slot: more files than there are slots, one after another")
  func slotsAreReused() throws {
    let path = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    for _ in 0..<(SignalExitCleanup.capacity * 2) {
      let registration = try #require(SignalExitCleanup.register(path: path))
      registration.cancel()
    }
  }

  @Test("Cancelling twice frees the slot once: the registration that took it over stays armed")
  func cancelTwice() throws {
    let first = try temporaryFile()
    let second = try temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: first) }
    let old = try #require(SignalExitCleanup.register(path: first))
    old.cancel()
    let new = try #require(SignalExitCleanup.register(path: second))
    old.cancel()
    SignalExitCleanup.removeFiles(in: new.slots)
    #expect(!FileManager.default.fileExists(atPath: second))
  }

  @Test("A missing file or a path too long is not registered")
  func refusesWhatItCannotRemove() throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    #expect(SignalExitCleanup.register(path: missing) == nil)
    let tooLong = "/" + String(repeating: "a", count: SignalExitCleanup.pathCapacity)
    #expect(SignalExitCleanup.register(path: tooLong) == nil)
  }
}
