import Foundation
import Testing

@testable import FunCore

@Suite("Logger")
struct LoggerTests {
  /// 2026-11-21T22:40:58.125Z; a quarter second is exact in binary, so the milliseconds are too.
  static let fixedDate = Date(timeIntervalSince1970: 1_795_300_858.125)

  @Test("Messages below the minimum level are dropped; the rest keep their order")
  func minimumLevelFilters() {
    let sink = MemoryLogSink()
    let logger = Logger(minimumLevel: .warning, sinks: [sink])

    logger.log(.debug, "d", category: "test")
    logger.log(.info, "i", category: "test")
    logger.log(.notice, "n", category: "test")
    logger.log(.warning, "w", category: "test")
    logger.log(.error, "e", category: "test")
    logger.log(.fault, "f", category: "test")

    #expect(sink.records.map(\.message) == ["w", "e", "f"])
    #expect(sink.records.map(\.level) == [.warning, .error, .fault])
  }

  @Test("Each record carries its own category")
  func recordsKeepCategories() {
    let sink = MemoryLogSink()
    let logger = Logger(minimumLevel: .debug, sinks: [sink])

    logger.log(.info, "loaded", category: "network")
    logger.log(.warning, "saved", category: "favorites")

    #expect(sink.records.map(\.category) == ["network", "favorites"])
  }

  @Test("A record is one ISO 8601 line: timestamp with milliseconds, level, [category], message")
  func formatsRecordAsISO8601Line() {
    let sink = MemoryLogSink()
    let logger = Logger(minimumLevel: .debug, sinks: [sink], now: { Self.fixedDate })

    logger.log(.warning, "disk almost full", category: "favorites")

    #expect(sink.records.first?.date == Self.fixedDate)
    #expect(sink.records.first?.formatted == "2026-11-21T22:40:58.125Z warning [favorites] disk almost full")
  }

  @Test("Newlines inside a message are escaped so a record stays on one line")
  func escapesNewlines() {
    let record = LogRecord(date: Self.fixedDate, level: .error, category: "c", message: "one\ntwo\r\nthree")

    #expect(record.formatted == "2026-11-21T22:40:58.125Z error [c] one\\ntwo\\r\\nthree")
    #expect(!record.formatted.contains("\n"))
  }

  @Test("Every sink receives every record")
  func deliversToAllSinks() {
    let first = MemoryLogSink()
    let second = MemoryLogSink()
    let logger = Logger(minimumLevel: .debug, sinks: [first, second])

    logger.log(.info, "one", category: "test")
    logger.log(.info, "two", category: "test")

    #expect(first.records.map(\.message) == ["one", "two"])
    #expect(second.records.map(\.message) == ["one", "two"])
  }

  @Test("The message is not built when its level is below the minimum")
  func messageNotEvaluatedBelowMinimum() {
    let logger = Logger(minimumLevel: .info, sinks: [MemoryLogSink()])
    let evaluations = Locked(0)
    func expensive() -> String {
      evaluations.withLock { $0 += 1 }
      return "expensive"
    }

    logger.log(.debug, expensive(), category: "test")
    #expect(evaluations.withLock { $0 } == 0)

    logger.log(.info, expensive(), category: "test")
    #expect(evaluations.withLock { $0 } == 1)
  }

  @Test("The default minimum level is info")
  func defaultMinimumIsInfo() {
    let sink = MemoryLogSink()
    let logger = Logger(sinks: [sink])

    logger.log(.debug, "hidden", category: "test")
    logger.log(.info, "shown", category: "test")

    #expect(sink.records.map(\.message) == ["shown"])
  }
}
