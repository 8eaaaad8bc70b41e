import Foundation
import Testing

@testable import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("FileLogSink")
struct FileLogSinkTests {
  static let fixedDate = Date(timeIntervalSince1970: 1_795_300_858.125)

  /// A fresh file path in a fresh folder, so parallel tests never share a file.
  private static func temporaryLogURL() -> URL {
    FileManager.default.temporaryDirectory
      .appending(path: "FunCoreTests-\(UUID().uuidString)", directoryHint: .isDirectory)
      .appending(path: "logs/fun.log")
  }

  private static func lines(of url: URL) throws -> [String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "the last line is incomplete")
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  private static func removeFolder(of url: URL) {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
  }

  @Test("Creates the file and its folder, and writes one formatted line per record")
  func writesLines() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let logger = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })

    logger.log(.info, "started", category: "app")
    logger.log(.error, "failed", category: "network")

    #expect(
      try Self.lines(of: url) == [
        "2026-11-21T22:40:58.125Z info [app] started",
        "2026-11-21T22:40:58.125Z error [network] failed",
      ]
    )
  }

  @Test("The file holds no control byte of a hostile message: no ESC, BEL, DEL or C1, one line per record")
  func writesNoControlBytes() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let logger = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })

    logger.log(.info, "opened funapp://search?q=\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{7F}\u{9B}2J\r\n", category: "deeplink")

    let bytes = try [UInt8](Data(contentsOf: url))
    let controls = bytes.dropLast().filter { $0 < 0x20 || $0 == 0x7F }
    #expect(controls.isEmpty, "control bytes: \(controls)")
    // C1 controls are U+0080–U+009F: C2 80 to C2 9F in UTF-8.
    let hasC1 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
    #expect(!hasC1)
    #expect(
      try Self.lines(of: url) == [
        "2026-11-21T22:40:58.125Z info [deeplink] opened funapp://search?q=\\u{1B}]0;PWNED\\u{07}\\u{1B}[2J\\u{7F}"
          + "\\u{9B}2J\\r\\n"
      ]
    )
  }

  @Test("A second logger on the same file appends instead of overwriting")
  func appendsAcrossLoggers() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let first = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })
    first.log(.info, "first run", category: "app")

    let second = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })
    second.log(.info, "second run", category: "app")

    #expect(try Self.lines(of: url).map { $0.components(separatedBy: "] ").last ?? "" } == ["first run", "second run"])
  }

  @Test("Two loggers open on the same file at once (two app instances) never overwrite each other")
  func interleavedLoggersAppend() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let first = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })
    let second = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })

    first.log(.info, "a1", category: "first")
    second.log(.info, "b1", category: "second")
    first.log(.info, "a2", category: "first")
    second.log(.info, "b2", category: "second")

    #expect(try Self.lines(of: url).map { $0.components(separatedBy: "] ").last ?? "" } == ["a1", "b1", "a2", "b2"])
  }

  @Test("Fifty tasks logging at once give exactly fifty whole lines")
  func concurrentLoggingKeepsLinesWhole() async throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let logger = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)], now: { Self.fixedDate })
    let taskCount = 50
    let padding = String(repeating: "x", count: 2_000)

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<taskCount {
        group.addTask {
          logger.log(.notice, "message \(index) \(padding)", category: "task-\(index)")
        }
      }
    }

    let lines = try Self.lines(of: url)
    #expect(lines.count == taskCount)
    let expected = Set(
      (0..<taskCount).map { "2026-11-21T22:40:58.125Z notice [task-\($0)] message \($0) \(padding)" }
    )
    #expect(Set(lines) == expected)
  }

  @Test("A log over the limit at start is set aside as fun.log.1, replacing the one there; one under it is kept")
  func rotatesAtStart() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let old = url.appendingPathExtension("1")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("older\n".utf8).write(to: old)
    try Data(String(repeating: "x", count: 99).utf8 + [0x0A]).write(to: url)

    _ = FileLogSink(url: url, limit: 100)
    #expect(try Self.lines(of: url).count == 1, "100 bytes are not over a limit of 100")
    #expect(try Self.lines(of: old) == ["older"])

    try Data(String(repeating: "y", count: 100).utf8 + [0x0A]).write(to: url)
    let logger = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url, limit: 100)], now: { Self.fixedDate })
    logger.log(.info, "new", category: "app")

    #expect(try Self.lines(of: url) == ["2026-11-21T22:40:58.125Z info [app] new"])
    #expect(try Self.lines(of: old) == [String(repeating: "y", count: 100)])
  }

  @Test("A link where the log or its old copy belongs is never followed when the log is set aside")
  func rotatesWithoutFollowingLinks() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appending(path: "target")
    let big = Data(String(repeating: "z", count: 200).utf8)
    try big.write(to: target)
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)

    let sink = FileLogSink(url: url, limit: 100)
    #expect(sink.failure != nil)
    #expect(try Data(contentsOf: target) == big)
    #expect(!FileManager.default.fileExists(atPath: url.path + ".1"))

    // An old copy that is a link is replaced, not written through.
    try FileManager.default.removeItem(at: url)
    try Data(String(repeating: "w", count: 200).utf8).write(to: url)
    try FileManager.default.createSymbolicLink(at: url.appendingPathExtension("1"), withDestinationURL: target)
    #expect(FileLogSink(url: url, limit: 100).failure == nil)
    #expect(try Data(contentsOf: target) == big)
    #expect(try Data(contentsOf: url.appendingPathExtension("1")) == Data(String(repeating: "w", count: 200).utf8))
  }

  @Test("While running, the log stops short of twice the limit with one line saying logging stopped")
  func stopsAtHardLimit() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    let logger = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url, limit: 2_048)], now: { Self.fixedDate })
    for index in 0..<200 {
      logger.log(.info, "line \(String(format: "%04d", index))", category: "app")
    }

    let lines = try Self.lines(of: url)
    let size = try Data(contentsOf: url).count
    let lineBytes = (lines.first?.utf8.count ?? 0) + 1
    #expect(lines.count == 4_096 / lineBytes + 1)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("2026-11-21T22:40:58.125Z info [app] line ") })
    #expect(
      lines.last
        == "2026-11-21T22:40:58.125Z warning [log] logging stopped: the file reached 4 KiB; "
        + "the next start sets it aside and logs again")
    #expect(size - (lines.last?.utf8.count ?? 0) - 1 <= 4_096)
  }

  @Test(
    "A log that cannot be set aside (a folder holds fun.log.1) stops at the hard limit saying why, not that the next start sets it aside"
  )
  func reportsFailedRotation() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    try FileManager.default.createDirectory(at: url.appendingPathExtension("1"), withIntermediateDirectories: true)
    try Data(String(repeating: "v", count: 1_500).utf8 + [0x0A]).write(to: url)

    let logger = Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url, limit: 1_024)], now: { Self.fixedDate })
    for index in 0..<20 {
      logger.log(.info, "line \(index)", category: "app")
    }

    let lines = try Self.lines(of: url)
    #expect(lines.first == String(repeating: "v", count: 1_500), "the log was not set aside, so it is still there")
    #expect(
      lines.last
        == "2026-11-21T22:40:58.125Z warning [log] logging stopped: the file reached 2 KiB; "
        + "it could not be set aside (fun.log.1: Is a directory): move that away to log again")
  }

  @Test("A log that cannot be opened says why and drops its records")
  func reportsFailure() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)

    let sink = FileLogSink(url: url)
    #expect(sink.failure == "Is a directory")
    Logger(sinks: [sink]).log(.error, "lost", category: "app")
    #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
  }

  @Test(
    "A FIFO where the log belongs, even one with a reader, is no log: nothing is written to it, and the sink says why")
  func refusesFIFO() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(mkfifo(url.path, 0o600) == 0)
    // With a reader, opening it for writing succeeds; only what it is shows it is no log.
    let reader = open(url.path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }

    let sink = FileLogSink(url: url)
    #expect(sink.failure == "not a regular file")
    Logger(sinks: [sink]).log(.error, "lost", category: "app")
    var byte: UInt8 = 0
    #expect(read(reader, &byte, 1) <= 0)
  }

  @Test("A log the sink creates is private to the user")
  func createsPrivateFile() throws {
    let url = Self.temporaryLogURL()
    defer { Self.removeFolder(of: url) }

    #expect(FileLogSink(url: url).failure == nil)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }
}
