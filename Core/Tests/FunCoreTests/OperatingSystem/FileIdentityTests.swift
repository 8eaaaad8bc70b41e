import Foundation
import Testing

@testable import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("FileIdentity")
struct FileIdentityTests {
  /// A fresh folder, so parallel tests never share a file.
  private static func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appending(path: "FunCoreTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("A hard link is the same file; the open descriptor is the file its path names")
  func sameFile() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/file"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("a".utf8)))
    #expect(link(path, folder + "/hard link") == 0)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    #expect(descriptor >= 0)
    defer { close(descriptor) }

    let identity = try #require(FileIdentity(path: path))
    #expect(FileIdentity(path: folder + "/hard link") == identity)
    #expect(FileIdentity(descriptor: descriptor) == identity)
  }

  @Test("A file renamed into the path's place, or another file, is another file")
  func replacedFile() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/file"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
    // The old file stays (through its descriptor) so its inode cannot be given to the new one.
    let old = open(path, O_RDONLY | O_CLOEXEC)
    #expect(old >= 0)
    defer { close(old) }
    let identity = try #require(FileIdentity(path: path))
    #expect(FileManager.default.createFile(atPath: folder + "/new", contents: Data("new".utf8)))
    #expect(FileIdentity(path: folder + "/new") != identity)

    #expect(rename(folder + "/new", path) == 0)
    #expect(FileIdentity(path: path) != identity)
    #expect(FileIdentity(descriptor: old) == identity)
  }

  @Test("A symbolic link is itself, not its target; nothing there, or a closed descriptor, has no identity")
  func linkAndNothing() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/file"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(symlink(path, folder + "/link") == 0)

    #expect(FileIdentity(path: folder + "/link") != nil)
    #expect(FileIdentity(path: folder + "/link") != FileIdentity(path: path))
    #expect(FileIdentity(path: folder + "/missing") == nil)
    #expect(FileIdentity(descriptor: -1) == nil)
  }
}
