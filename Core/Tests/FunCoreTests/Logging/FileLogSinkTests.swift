import Foundation
import Testing

@testable import FunCore

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
}
