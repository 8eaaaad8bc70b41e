import Foundation
import FunCore
import FunModel
import FunServices
import Testing

@Suite("CoreLoggerService")
struct CoreLoggerServiceTests {
  @Test("Messages reach Core's sinks with their level, category and text")
  func forwardsToCoreLogger() {
    let sink = MemoryLogSink()
    let date = Date(timeIntervalSince1970: 1_779_403_258)
    let service = CoreLoggerService(logger: Logger(minimumLevel: .debug, sinks: [sink], now: { date }))

    service.info("Loaded 37 items", category: "network")
    service.warning("settings.json was unreadable", category: "settings")

    #expect(
      sink.records == [
        LogRecord(date: date, level: .info, category: "network", message: "Loaded 37 items"),
        LogRecord(date: date, level: .warning, category: "settings", message: "settings.json was unreadable"),
      ]
    )
  }

  @Test("The Core logger's minimum level still applies")
  func respectsMinimumLevel() {
    let sink = MemoryLogSink()
    let service = CoreLoggerService(logger: Logger(minimumLevel: .warning, sinks: [sink]))

    service.debug("chatter", category: "toasts")
    service.info("a load", category: "network")
    service.error("a failure", category: "network")

    #expect(sink.records.map(\.message) == ["a failure"])
  }
}
