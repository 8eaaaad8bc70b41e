import Foundation
import FunModelTestSupport
import Testing

@testable import FunServices

@Suite("FileSystem")
struct FileSystemTests {
  @Test("names(inDirectory:) lists files and folders, hidden ones too, but not . and ..")
  func namesListsEntries() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.makeDirectory(path: temporary.path("folder"))
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("file.json"))
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path(".hidden"))
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("naïve ✓"))

    #expect(
      FileSystem.names(inDirectory: temporary.url.path).sorted() == [".hidden", "file.json", "folder", "naïve ✓"])
  }

  @Test("names(inDirectory:) is empty for a missing folder and for a file")
  func namesOfWhatIsNotAFolder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("file.json"))
    #expect(FileSystem.names(inDirectory: temporary.path("missing")).isEmpty)
    #expect(FileSystem.names(inDirectory: temporary.path("file.json")).isEmpty)
  }
}
