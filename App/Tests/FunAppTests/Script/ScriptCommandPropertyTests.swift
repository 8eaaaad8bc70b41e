import FunModelTestSupport
import Testing

@testable import FunApp

/// Property tests of the script-command parser, 10 000 lines each. Replay a failure with
/// `FUN_PROPERTY_SEED=<seed> swift test --filter ScriptCommandPropertyTests`.
@Suite("ScriptCommand.parse properties")
struct ScriptCommandPropertyTests {
  /// The command word each case is written with.
  private static func name(of command: ScriptCommand) -> String {
    switch command {
    case .tab: "tab"
    case .activity: "activity"
    case .type: "type"
    case .paste: "paste"
    case .key: "key"
    case .click: "click"
    case .wheel: "wheel"
    case .select: "select"
    case .open: "open"
    case .back: "back"
    case .favorite: "fav"
    case .refresh: "refresh"
    case .toggle: "toggle"
    case .deepLink: "deeplink"
    case .wait: "wait"
    case .show: "show"
    case .expect: "expect"
    case .expectNot: "expect-not"
    case .says: "says"
    case .signIn: "sign-in"
    case .help: "help"
    case .signOut: "sign-out"
    case .quit: "quit"
    }
  }

  @Test("A generated valid command, in any letter case and spacing, parses to the command it was written from")
  func validCommandsParse() {
    Property(seed: 0x5C1_0001).check { generator in
      let (line, expected) = generator.validCommand()
      let parsed: ScriptCommand?
      do throws(ScriptCommand.ParseError) {
        parsed = try ScriptCommand.parse(line)
      } catch {
        throw Property.Counterexample(description: "\(line.debugDescription) failed to parse: \(error)")
      }
      try Property.ensure(
        parsed == expected, "\(line.debugDescription) parsed as \(String(describing: parsed)), not \(expected)")
    }
  }

  @Test("Any line is a command named by its first word, nothing (blank or comment), or an error with a reason")
  func anyLineParsesOrFails() {
    Property(seed: 0x5C1_0002).check { generator in
      let line = generator.scriptLine()
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let parsed: ScriptCommand?
      do throws(ScriptCommand.ParseError) {
        parsed = try ScriptCommand.parse(line)
      } catch {
        try Property.ensure(!error.message.isEmpty, "\(line.debugDescription) failed without a reason")
        return
      }
      guard let command = parsed else {
        try Property.ensure(trimmed.isEmpty || trimmed.hasPrefix("#"), "\(line.debugDescription) parsed as nothing")
        return
      }
      let word = trimmed.prefix { !$0.isWhitespace }.lowercased()
      try Property.ensure(word == Self.name(of: command), "\(line.debugDescription) parsed as \(command)")
    }
  }
}
