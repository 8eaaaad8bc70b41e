import Testing

@testable import FunCore

@Suite("LogLevel")
struct LogLevelTests {
  @Test("Levels are ordered from debug to fault")
  func levelsAreOrdered() {
    #expect(LogLevel.allCases == [.debug, .info, .notice, .warning, .error, .fault])
    #expect(LogLevel.allCases == LogLevel.allCases.sorted())
    #expect(LogLevel.debug < .info)
    #expect(LogLevel.error > .warning)
  }

  @Test("A level parses from its name, in any case", arguments: LogLevel.allCases)
  func parsesName(level: LogLevel) {
    #expect(LogLevel(name: level.description) == level)
    #expect(LogLevel(name: level.description.uppercased()) == level)
  }

  @Test("Names are the lower-case words used on the command line")
  func namesAreLowerCaseWords() {
    #expect(LogLevel.allCases.map(\.description) == ["debug", "info", "notice", "warning", "error", "fault"])
  }

  @Test("An unknown level name gives nil", arguments: ["", "verbose", "warn", " info", "3"])
  func unknownNameIsNil(name: String) {
    #expect(LogLevel(name: name) == nil)
  }
}
