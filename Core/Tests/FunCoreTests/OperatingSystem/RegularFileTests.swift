import Foundation
import FunCoreTestSupport
import Testing

@testable import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A FIFO that made ``RegularFile/open(_:flags:)`` wait would hang its test: the time limit
/// turns that into a failure.
@Suite("RegularFile", .timeLimit(.minutes(1)))
struct RegularFileTests {
  /// A fresh folder, so parallel tests never share a file.
  private static func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appending(path: "FunCoreTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Why the file was refused; `nil` when it opened (its descriptor is closed at once).
  private static func refusal(_ path: String, flags: Int32) -> RegularFile.Refusal? {
    switch RegularFile.open(path, flags: flags) {
    case .success(let descriptor):
      close(descriptor)
      return nil
    case .failure(let refusal):
      return refusal
    }
  }

  private static let appending = O_WRONLY | O_APPEND | O_CREAT

  @Test("A regular file opens with the flags asked for, close-on-exec and blocking; a new one is private")
  func regularFile() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/log"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("mine\n".utf8)))

    let file = try RegularFile.open(path, flags: Self.appending).get()
    defer { close(file) }
    let status = fcntl(file, F_GETFL)
    #expect(status & O_ACCMODE == O_WRONLY)
    #expect(status & O_APPEND != 0)
    #expect(status & O_NONBLOCK == 0)
    #expect(fcntl(file, F_GETFD) & FD_CLOEXEC != 0)
    #expect(write(file, "more\n", 5) == 5)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\nmore\n")

    let created = try RegularFile.open(folder + "/new", flags: O_RDWR | O_CREAT).get()
    defer { close(created) }
    var info = stat()
    #expect(fstat(created, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(fcntl(created, F_GETFL) & O_ACCMODE == O_RDWR)

    // Without O_CREAT nothing is made.
    #expect(Self.refusal(folder + "/missing", flags: O_RDONLY) == .system(ENOENT))
    #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
  }

  @Test("A symbolic link is refused, even to a regular file, and its target is left alone")
  func symbolicLink() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/target"
    #expect(FileManager.default.createFile(atPath: target, contents: Data("mine\n".utf8)))
    #expect(symlink(target, folder + "/link") == 0)
    #expect(symlink(folder + "/nowhere", folder + "/dangling") == 0)

    #expect(Self.refusal(folder + "/link", flags: Self.appending) == .system(ELOOP))
    #expect(Self.refusal(folder + "/link", flags: O_RDONLY) == .system(ELOOP))
    // O_CREAT through a dangling link would make its target.
    #expect(Self.refusal(folder + "/dangling", flags: O_RDWR | O_CREAT) == .system(ELOOP))
    #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine\n")
  }

  @Test("A FIFO is refused without waiting, with or without a process at its other end")
  func fifo() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/fifo"
    #expect(mkfifo(path, 0o600) == 0)

    // No writer: a blocking read-only open would wait for one.
    #expect(Self.refusal(path, flags: O_RDONLY) == .notRegularFile)
    #expect(Self.refusal(path, flags: O_RDWR | O_CREAT) == .notRegularFile)
    // No reader: a blocking write-only open would wait for one.
    #expect(Self.refusal(path, flags: Self.appending) == .system(ENXIO))

    // With a reader, opening it for writing succeeds; only what it is shows it is no file.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    #expect(Self.refusal(path, flags: Self.appending) == .notRegularFile)
    var byte: UInt8 = 0
    #expect(read(reader, &byte, 1) <= 0)
  }

  @Test("A directory is refused, opened to read or to write")
  func directory() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }

    #expect(Self.refusal(folder, flags: O_RDONLY) == .notRegularFile)
    #expect(Self.refusal(folder, flags: Self.appending) == .system(EISDIR))
  }

  @Test("A refusal says why in the system's words, or that it is no regular file")
  func description() {
    #expect(RegularFile.Refusal.system(EACCES).description == String(cString: strerror(EACCES)))
    #expect(RegularFile.Refusal.notRegularFile.description == "not a regular file")
  }
}

/// Opening a terminal device makes it the controlling terminal of a session leader that has
/// none, whatever the opener does with the descriptor next: refusing it afterwards is too late.
@Suite("RegularFile and terminals", .timeLimit(.minutes(1)))
struct RegularFileTerminalTests {
  @Test(
    "A terminal planted where a file belongs never becomes the controlling terminal of a session leader that opens it",
    .enabled(if: ControllingTerminalProbe.isAvailable)
  )
  func terminalNeverBecomesControlling() async {
    await #expect(processExitsWith: .success) {
      let terminal = ControllingTerminalProbe.newSession().terminal
      for flags in [O_RDWR | O_APPEND | O_CREAT, O_RDONLY] {
        guard case .failure(.notRegularFile) = RegularFile.open(terminal, flags: flags) else {
          ControllingTerminalProbe.fail(.notRefused)
        }
      }
      if ControllingTerminalProbe.hasControllingTerminal { ControllingTerminalProbe.fail(.becameControllingTerminal) }
    }
  }
}
