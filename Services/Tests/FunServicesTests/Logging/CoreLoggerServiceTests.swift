import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("CoreLoggerService")
struct CoreLoggerServiceTests {
  /// A service over a Core logger that writes to a log file in `directory`, and the file's lines.
  private static func service(
    in directory: TemporaryDirectory,
    minimumLevel: LogLevel,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> (service: CoreLoggerService, lines: () -> [String]) {
    let url = directory.url.appendingPathComponent("fun.log")
    let logger = Logger(minimumLevel: minimumLevel, sinks: [FileLogSink(url: url)], now: now)
    let lines = {
      ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
    return (CoreLoggerService(logger: logger), lines)
  }

  @Test("Messages reach Core's sinks with their level, category and text")
  func forwardsToCoreLogger() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let date = Date(timeIntervalSince1970: 1_779_403_258)
    let (service, lines) = Self.service(in: directory, minimumLevel: .debug, now: { date })

    service.info("Loaded 37 items", category: "network")
    service.warning("settings.json was unreadable", category: "settings")

    #expect(
      lines() == [
        LogRecord(date: date, level: .info, category: "network", message: "Loaded 37 items").formatted,
        LogRecord(date: date, level: .warning, category: "settings", message: "settings.json was unreadable").formatted,
      ]
    )
  }

  @Test("The Core logger's minimum level still applies")
  func respectsMinimumLevel() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (service, lines) = Self.service(in: directory, minimumLevel: .warning)

    service.debug("chatter", category: "toasts")
    service.info("a load", category: "network")
    service.error("a failure", category: "network")

    #expect(lines().count == 1)
    #expect(lines().first?.hasSuffix("[network] a failure") == true)
  }
}
