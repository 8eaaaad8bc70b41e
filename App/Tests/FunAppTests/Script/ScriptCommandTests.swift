import FunCore
import Testing

@testable import FunApp
@testable import FunModel

@Suite("ScriptCommand.parse")
struct ScriptCommandTests {
  static let commands: [(line: String, command: ScriptCommand)] = [
    ("tab home", .tab("home")),
    ("tab Search", .tab("search")),
    ("tab 3", .tab("3")),
    ("tab 4", .tab("4")),
    ("tab settings", .tab("settings")),
    ("tab sources", .tab("sources")),
    ("activity studio", .activity(.studio)),
    ("activity Explore", .activity(.explore)),
    ("type sw", .type("sw")),
    ("type  two words ", .type("two words")),
    ("key up", .key(.up)),
    ("key down", .key(.down)),
    ("key left", .key(.left)),
    ("key right", .key(.right)),
    ("key enter", .key(.enter)),
    ("key return", .key(.enter)),
    ("key esc", .key(.escape)),
    ("key escape", .key(.escape)),
    ("key backspace", .key(.backspace)),
    ("key tab", .key(.tab)),
    ("key space", .key(.space)),
    ("paste quit now", .paste("quit now")),
    ("click 3 1", .click(column: 3, row: 1)),
    ("click  40   12", .click(column: 40, row: 12)),
    ("wheel down 5 9", .wheel(up: false, column: 5, row: 9)),
    ("wheel UP 1 1", .wheel(up: true, column: 1, row: 1)),
    ("key shift-tab", .key(.shiftTab)),
    ("key pgup", .key(.pageUp)),
    ("key PageUp", .key(.pageUp)),
    ("key pgdn", .key(.pageDown)),
    ("key pagedown", .key(.pageDown)),
    ("key home", .key(.home)),
    ("key end", .key(.end)),
    ("key f", .key(.character("f"))),
    ("key ?", .key(.character("?"))),
    ("key delete", .key(.delete)),
    ("key ctrl-a", .key(.control("a"))),
    ("key Ctrl-W", .key(.control("w"))),
    ("key alt-b", .key(.alt("b"))),
    ("key alt-F", .key(.alt("F"))),
    ("key f1", .key(.function(1))),
    ("key F12", .key(.function(12))),
    ("help", .help),
    ("KEY UP", .key(.up)),
    ("select 2", .select(.row(2))),
    ("select swiftui", .select(.id("swiftui"))),
    ("open", .open(nil)),
    ("open 3", .open(.row(3))),
    ("open swift-nio", .open(.id("swift-nio"))),
    ("back", .back),
    ("fav", .favorite(id: nil)),
    ("fav swiftui", .favorite(id: "swiftui")),
    ("refresh", .refresh),
    ("toggle carousel", .toggle(.featuredCarousel)),
    ("toggle Appearance", .toggle(.appearance)),
    ("toggle network-failure", .toggle(.networkFailure)),
    ("deeplink funapp://tab/search", .deepLink("funapp://tab/search")),
    ("deeplink https://fun.example/search?q=a b", .deepLink("https://fun.example/search?q=a b")),
    ("wait 400ms", .wait(.milliseconds(400))),
    ("wait 0ms", .wait(.zero)),
    ("wait 2s", .wait(.seconds(2))),
    ("wait 3MS", .wait(.milliseconds(3))),
    ("wait 86400s", .wait(.seconds(86_400))),
    ("wait 86400000ms", .wait(.seconds(86_400))),
    ("show", .show),
    ("expect [Home]", .expect("[Home]")),
    ("expect Featured carousel         on", .expect("Featured carousel         on")),
    ("expect-not No results", .expectNot("No results")),
    ("quit", .quit),
    ("  \tquit  ", .quit),
    ("sign-in ada", .signIn(profile: "ada")),
    ("SIGN-IN  Ada Lovelace ", .signIn(profile: "Ada Lovelace")),
    ("sign-in --guest", .signIn(profile: nil)),
    ("sign-out", .signOut),
  ]

  @Test("parses every command of the script language", arguments: commands)
  func parsesCommands(line: String, command: ScriptCommand) throws {
    #expect(try ScriptCommand.parse(line) == command)
  }

  @Test("The table holds each command once, and its rows say which answer a sheet and which check what was shown")
  func tableRows() {
    let names = ScriptCommand.definitions.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(
      ScriptCommand.definitions.filter(\.answersSheets).map(\.name) == [
        "type", "paste", "key", "click", "wheel", "wait", "show", "expect", "expect-not", "says", "help", "quit",
      ])
    #expect(ScriptCommand.definitions.filter(\.isExpectation).map(\.name) == ["expect", "expect-not", "says"])
  }

  @Test("A parsed command finds its row by its name, the word its line starts with", arguments: commands)
  func commandsFindTheirRows(line: String, command: ScriptCommand) {
    let word = line.trimmingCharacters(in: .whitespaces).prefix { !$0.isWhitespace }.lowercased()
    #expect(command.name == word)
    #expect(ScriptCommand.definitions.contains { $0.name == command.name })
  }

  @Test("`toggle`'s usage lists the settings FeatureToggleKey declares, in their order")
  func toggleUsageListsTheSettings() {
    #expect(ScriptCommand.usages.contains("toggle <carousel|appearance|network-failure|screen-reader>"))
  }

  @Test("blank lines and comments are not commands", arguments: ["", "   ", "\t", "# a comment", "  # indented", "#"])
  func skipsBlankLinesAndComments(line: String) throws {
    #expect(try ScriptCommand.parse(line) == nil)
  }

  /// How many tabs the largest declared activity has: `tab <n>` takes 1 to it.
  static let largestActivity = Activity.all.map(\.tabs.count).max() ?? 1

  /// The tabs an unknown tab's reason offers: every declared one, then the numbers.
  static let tabChoices = (Activity.all.flatMap(\.tabs).map(\.rawValue) + ["1-\(largestActivity)"])
    .joined(separator: ", ")
  /// The activities an unknown activity's reason offers.
  static let activityChoices = Activity.all.map(\.id).joined(separator: ", ")

  static let errors: [(line: String, message: String)] = [
    ("jump", "unknown command 'jump'"),
    ("Jump 3", "unknown command 'jump'"),
    // Every declared tab, then the numbers of the largest activity: a tab a fork declares shows
    // here with no edit.
    ("tab", "usage: tab <\(Activity.all.flatMap(\.tabs).map(\.rawValue).joined(separator: "|"))|1-\(largestActivity)>"),
    ("activity", "usage: activity <\(Activity.all.map(\.id).joined(separator: "|"))>"),
    // An unknown name names the choices, from the same declarations as the usage.
    ("activity inbox", "unknown activity 'inbox': expected one of \(activityChoices)"),
    ("tab \(largestActivity + 1)", "unknown tab '\(largestActivity + 1)': expected one of \(tabChoices)"),
    ("tab 0", "unknown tab '0': expected one of \(tabChoices)"),
    ("tab inbox", "unknown tab 'inbox': expected one of \(tabChoices)"),
    ("type", "usage: type <text>"),
    (
      "key",
      "usage: key <up|down|left|right|enter|esc|backspace|delete|tab|shift-tab|space|pgup|pgdn|home|end|f1-f12|ctrl-X|alt-X|CHAR>"
    ),
    // Dozens of key names would bury the reason: it says where they are listed.
    ("key ctrl-1", "unknown key 'ctrl-1': `help` lists the key names"),
    ("key alt-", "unknown key 'alt-': `help` lists the key names"),
    ("help me", "'help' takes no argument"),
    ("paste", "usage: paste <text>"),
    ("click", "usage: click <col> <row>"),
    ("click 3", "usage: click <col> <row>"),
    ("click 3 4 5", "usage: click <col> <row>"),
    ("click a b", "usage: click <col> <row>"),
    ("click 0 4", "cells are counted from 1, got 0 4"),
    ("wheel 3 4", "usage: wheel <up|down> <col> <row>"),
    ("wheel left 3 4", "usage: wheel <up|down> <col> <row>"),
    ("wheel up 3 -1", "cells are counted from 1, got 3 -1"),
    ("key F13", "unknown key 'F13': `help` lists the key names"),
    ("key f0", "unknown key 'f0': `help` lists the key names"),
    ("key page-up", "unknown key 'page-up': `help` lists the key names"),
    ("select", "usage: select <n|id>"),
    ("select 0", "row numbers start at 1, got 0"),
    ("select -1", "row numbers start at 1, got -1"),
    ("select no/slash", "invalid row or id 'no/slash'"),
    ("open 0", "row numbers start at 1, got 0"),
    ("open a b", "invalid row or id 'a b'"),
    ("back now", "'back' takes no argument"),
    ("fav not an id", "invalid item id 'not an id'"),
    // A value is named by its start: a line may be megabytes long.
    ("fav " + String(repeating: "x", count: 300), "invalid item id '" + String(repeating: "x", count: 199) + "…'"),
    ("refresh all", "'refresh' takes no argument"),
    ("toggle", "usage: toggle <carousel|appearance|network-failure|screen-reader>"),
    (
      "toggle darkmode",
      "unknown setting 'darkmode': expected one of carousel, appearance, network-failure, screen-reader"
    ),
    ("deeplink", "usage: deeplink <url>"),
    ("wait", "usage: wait <n>ms|<n>s"),
    ("wait 400", "invalid duration '400': expected e.g. 400ms or 2s"),
    ("wait -5ms", "invalid duration '-5ms': expected e.g. 400ms or 2s"),
    ("wait 1.5s", "invalid duration '1.5s': expected e.g. 400ms or 2s"),
    ("wait 2m", "invalid duration '2m': expected e.g. 400ms or 2s"),
    // The format is right, the length is not: the message names the limit, not the format.
    ("wait 86400001ms", "duration '86400001ms' is too long: a wait is at most 86400s (a day)"),
    ("wait 99999s", "duration '99999s' is too long: a wait is at most 86400s (a day)"),
    ("wait 99999999999999999999s", "duration '99999999999999999999s' is too long: a wait is at most 86400s (a day)"),
    ("show all", "'show' takes no argument"),
    ("expect", "usage: expect <text>"),
    ("expect-not", "usage: expect-not <text>"),
    ("quit now", "'quit' takes no argument"),
    ("sign-in", "usage: sign-in <name>|--guest"),
    ("sign-out ada", "'sign-out' takes no argument"),
  ]

  /// Found by the fuzz target `fuzz-script-line`: U+06DD, a prepended concatenation mark, joins
  /// the space after it into one character, which trimming character by character kept.
  @Test("trims the whitespace around a line, even after a mark that joins what follows it")
  func trimsAfterPrependedMark() throws {
    #expect(try ScriptCommand.parse("type a\u{06DD} \t") == .type("a\u{06DD}"))
    #expect(try ScriptCommand.parse(" \t type ab\u{06DD} ") == .type("ab\u{06DD}"))
  }

  @Test(
    "Every command help lists is one the parser knows, and its usage is the one it quotes",
    arguments: ScriptCommand.usages)
  func usagesAreCommands(usage: String) {
    let name = String(usage.prefix { $0 != " " })
    do {
      _ = try ScriptCommand.parse(name)
    } catch {
      #expect(!error.message.hasPrefix("unknown command"))
      if usage != name { #expect(error.message == "usage: \(usage)") }
    }
  }

  @Test("rejects a bad line with a message saying what is wrong", arguments: errors)
  func rejectsBadLines(line: String, message: String) {
    #expect {
      try ScriptCommand.parse(line)
    } throws: { error in
      (error as? ScriptCommand.ParseError)?.message == message
    }
  }

  @Test(
    "A bad line's reason comes from the string tables: German on a German `:` line, English in script mode",
    arguments: errors)
  func rejectsBadLinesInTheAppsLanguage(line: String, message: String) throws {
    do {
      _ = try ScriptCommand.parse(line)
      Issue.record("\(line) parsed")
    } catch {
      let german = Localizer(language: .de)(error.text)
      #expect(german != message, "\(german)")
      #expect(Localizer(language: .pseudo)(error.text).hasPrefix("⟦"))
      #expect(error.description == message)
    }
  }

  @Test(
    "A value quoted in a reason shows its control characters escaped, as the log does, also once printed",
    arguments: [
      ("activity \u{1B}", "unknown activity '\\u{1B}': expected one of \(ScriptCommandTests.activityChoices)"),
      ("tab \u{202E}hcraes", "unknown tab '\\u{202E}hcraes': expected one of \(ScriptCommandTests.tabChoices)"),
      ("open \u{1B}[2J", "invalid row or id '\\u{1B}[2J'"),
      ("\u{0}\u{0}\u{0}", "unknown command '\\u{00}\\u{00}\\u{00}'"),
      ("key \u{9B}1", "unknown key '\\u{9B}1': `help` lists the key names"),
    ])
  func quotedValuesAreEscaped(line: String, message: String) {
    do {
      _ = try ScriptCommand.parse(line)
      Issue.record("\(line) parsed")
    } catch {
      #expect(error.message == message)
      let printed = Locked<[String]>([])
      ScriptOutput(out: { _ in }, error: { text in printed.withLock { $0.append(text) } }).error(error.message)
      #expect(printed.withLock { $0 } == [message], "the sanitiser left the escaped value as it was")
    }
  }
}
