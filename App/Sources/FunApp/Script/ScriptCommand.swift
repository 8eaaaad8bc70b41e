import Foundation
import FunCore
import FunModel

/// One line of a script, parsed.
///
/// The same language drives script mode (`fun --script`) and the interactive `:` command
/// line. Parsing is total: any string gives a command, `nil` for a blank or comment line, or a
/// `ScriptCommand.ParseError` saying what is wrong.
enum ScriptCommand: Equatable, Sendable {
  /// A key that `key` can press.
  enum KeyName: Equatable, Sendable {
    case up, down, left, right, enter, escape, backspace, delete, tab, shiftTab, space
    case pageUp, pageDown, home, end
    case character(Character)
    /// `ctrl-a`: Ctrl and a letter, lowercase.
    case control(Character)
    /// `alt-b`: Alt and a printable ASCII character.
    case alt(Character)
    /// `f1`: a function key, F1 to F12.
    case function(Int)
  }

  /// What `tab` takes, as its usage and an unknown tab's reason list it: a tab a fork declares
  /// shows in both with no edit.
  private static var tabChoices: [String] {
    Activity.all.flatMap(\.tabs).map(\.rawValue) + ["1-\(largestActivity)"]
  }

  /// What `activity` takes, as its usage and an unknown activity's reason list it.
  private static var activityNames: [String] {
    Activity.all.map(\.id)
  }

  /// What `toggle` takes, as its usage and an unknown setting's reason list it: a toggle added
  /// to ``FeatureToggleKey`` shows in both with no edit.
  private static var toggleNames: [String] {
    FeatureToggleKey.allCases.map(\.rawValue)
  }

  /// The names a reason lists when a value is none of them (`expected one of a, b, c`), built
  /// from what the parser takes, so the list and the parser never disagree.
  private static func choices(_ names: [String]) -> String {
    names.joined(separator: ", ")
  }

  /// How many tabs the largest activity has: `tab <n>` numbers within the one that shows, and
  /// `--help` says how far the number keys go.
  static var largestActivity: Int {
    Activity.all.map(\.tabs.count).max() ?? 1
  }

  /// What `select` and `open` point at: a 1-based row or an item id.
  enum RowReference: Equatable, Sendable {
    case row(Int)
    case id(String)
  }

  /// `tab <name|n>`: a tab by name (switching to its activity), or the n-th of the activity
  /// that shows, as the number keys do; lowercased.
  case tab(String)
  /// `activity <name>`: the activity, where it was left, as the switcher shows it.
  case activity(Activity)
  case type(String)
  case paste(String)
  case key(KeyName)
  /// `click <col> <row>`: a left click at a cell, 1-based like the terminal's reports.
  case click(column: Int, row: Int)
  /// `wheel <up|down> <col> <row>`: a turn of the mouse wheel over a cell.
  case wheel(up: Bool, column: Int, row: Int)
  case select(RowReference)
  case open(RowReference?)
  case back
  case favorite(id: String?)
  case refresh
  case toggle(FeatureToggleKey)
  case deepLink(String)
  case wait(Duration)
  case show
  case expect(String)
  case expectNot(String)
  /// `says <line>`: in screen-reader mode, the next line the last command said is exactly this.
  case says(String)
  /// `sign-in <name>` (the profile, checked when it runs) or `sign-in --guest` (`nil`).
  case signIn(profile: String?)
  /// `sign-out`: asks in a sheet, as the Profile tab does; `key enter` answers it.
  case signOut
  /// `help`: lists the commands (``usages``), as the `:` line's `:help` does.
  case help
  case quit

  /// The script language: every command, each declared once, in the order `help` lists them.
  /// Adding a command is a case above, a row here (its name, arguments, how it reads them and
  /// whether it answers sheets or checks what was shown), its name in ``name`` and what it does
  /// in `FunApplication.execute(_:frameText:)`. Usages, help and the `:` line's completion come
  /// from this table.
  static let definitions: [ScriptCommandDefinition] = [
    .init("tab", "<\(tabChoices.joined(separator: "|"))>") { argument throws(ParseError) in
      .tab(try parseTab(argument.required()))
    },
    .init("activity", "<\(activityNames.joined(separator: "|"))>") { argument throws(ParseError) in
      .activity(try parseActivity(argument.required()))
    },
    .init("type", "<text>", answersSheets: true, text: ScriptCommand.type),
    .init("paste", "<text>", answersSheets: true, text: ScriptCommand.paste),
    .init(
      "key",
      "<up|down|left|right|enter|esc|backspace|delete|tab|shift-tab|space|pgup|pgdn|home|end|f1-f12|ctrl-X|alt-X|CHAR>",
      answersSheets: true
    ) { argument throws(ParseError) in
      .key(try parseKey(argument.required()))
    },
    .init("click", "<col> <row>", answersSheets: true) { argument throws(ParseError) in
      let (column, row) = try parseCell(argument.required(), usage: argument.usage)
      return .click(column: column, row: row)
    },
    .init("wheel", "<up|down> <col> <row>", answersSheets: true, parse: parseWheel),
    .init("select", "<n|id>") { argument throws(ParseError) in
      .select(try parseRow(argument.required()))
    },
    .init("open", "[n|id]") { argument throws(ParseError) in
      .open(argument.text.isEmpty ? nil : try parseRow(argument.text))
    },
    .init("back", command: .back),
    .init("fav", "[id]") { argument throws(ParseError) in
      guard argument.text.isEmpty || DeepLink.isValidID(argument.text) else {
        throw ParseError(text: L10n.CommandLine.invalidItemID(VisibleEscapes.clipped(argument.text)))
      }
      return .favorite(id: argument.text.isEmpty ? nil : argument.text)
    },
    .init("refresh", command: .refresh),
    .init("toggle", "<\(toggleNames.joined(separator: "|"))>") { argument throws(ParseError) in
      .toggle(try parseToggle(argument.required()))
    },
    .init("deeplink", "<url>", text: ScriptCommand.deepLink),
    .init("wait", "<n>ms|<n>s", answersSheets: true) { argument throws(ParseError) in
      .wait(try parseDuration(argument.required()))
    },
    .init("show", answersSheets: true, command: .show),
    .init("expect", "<text>", answersSheets: true, isExpectation: true, text: ScriptCommand.expect),
    .init("expect-not", "<text>", answersSheets: true, isExpectation: true, text: ScriptCommand.expectNot),
    .init("says", "<line>", answersSheets: true, isExpectation: true, text: ScriptCommand.says),
    .init("sign-in", "<name>|--guest") { argument throws(ParseError) in
      let value = try argument.required()
      return .signIn(profile: value == "--guest" ? nil : value)
    },
    .init("sign-out", command: .signOut),
    .init("help", answersSheets: true, command: .help),
    .init("quit", answersSheets: true, command: .quit),
  ]

  /// Every command, one line each, as `help` lists them and a usage error quotes them: the
  /// name, then its arguments. The `:` line completes the names.
  static let usages = definitions.map(\.usage)

  /// The word the command is written with: its row of ``definitions``.
  var name: String {
    switch self {
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
    case .signOut: "sign-out"
    case .help: "help"
    case .quit: "quit"
    }
  }

  /// The command's row of ``definitions``.
  private var definition: ScriptCommandDefinition? {
    Self.definitions.first { $0.name == name }
  }

  /// Whether the command may run while a sheet is up, as its row says.
  var answersSheets: Bool {
    definition?.answersSheets == true
  }

  /// Whether the command checks the frame or what was said, as its row says.
  var isExpectation: Bool {
    definition?.isExpectation == true
  }

  /// Why a line is not a command: in the app's language on the `:` line, in English in script
  /// mode's `error: line N: …`.
  struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, e.g. `unknown command 'jump'`, in any language.
    let text: LocalizedText

    /// The reason in English, as script mode prints it.
    var message: String {
      text.description
    }

    var description: String {
      message
    }
  }

  /// Parses one line. Returns `nil` for blank lines and `#` comments.
  static func parse(_ line: String) throws(ParseError) -> ScriptCommand? {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    let name: String
    let argument: String
    if let space = trimmed.firstIndex(where: \.isWhitespace) {
      name = String(trimmed[..<space])
      argument = String(trimmed[space...].drop(while: \.isWhitespace))
    } else {
      name = trimmed
      argument = ""
    }
    return try parse(name: name.lowercased(), argument: argument)
  }

  private static func parse(name: String, argument: String) throws(ParseError) -> ScriptCommand {
    guard let definition = definitions.first(where: { $0.name == name }) else {
      throw ParseError(text: L10n.CommandLine.unknownCommand(VisibleEscapes.clipped(name)))
    }
    return try definition.parse(.init(text: argument, usage: definition.usage))
  }

  /// A tab by name, or a number within the largest activity; lowercased.
  private static func parseTab(_ value: String) throws(ParseError) -> String {
    let name = value.lowercased()
    guard Tab(rawValue: name) != nil || Int(name).map({ (1...largestActivity).contains($0) }) == true else {
      throw ParseError(
        text: L10n.CommandLine.unknownTab(name: VisibleEscapes.clipped(value), names: choices(tabChoices)))
    }
    return name
  }

  private static func parseActivity(_ value: String) throws(ParseError) -> Activity {
    guard let activity = Activity.named(value) else {
      throw ParseError(
        text: L10n.CommandLine.unknownActivity(name: VisibleEscapes.clipped(value), names: choices(activityNames)))
    }
    return activity
  }

  private static func parseToggle(_ value: String) throws(ParseError) -> FeatureToggleKey {
    guard let key = FeatureToggleKey(rawValue: value.lowercased()) else {
      throw ParseError(
        text: L10n.CommandLine.unknownSetting(name: VisibleEscapes.clipped(value), names: choices(toggleNames)))
    }
    return key
  }

  /// `wheel <up|down> <col> <row>`: the direction, then the cell.
  private static func parseWheel(_ argument: ScriptCommandDefinition.Argument) throws(ParseError) -> ScriptCommand {
    let words = try argument.required().split(whereSeparator: \.isWhitespace)
    guard let direction = words.first, ["up", "down"].contains(direction.lowercased()) else {
      throw ParseError(text: L10n.CommandLine.usage(argument.usage))
    }
    let (column, row) = try parseCell(words.dropFirst().joined(separator: " "), usage: argument.usage)
    return .wheel(up: direction.lowercased() == "up", column: column, row: row)
  }

  private static func parseKey(_ value: String) throws(ParseError) -> KeyName {
    switch value.lowercased() {
    case "up": return .up
    case "down": return .down
    case "left": return .left
    case "right": return .right
    case "enter", "return": return .enter
    case "esc", "escape": return .escape
    case "backspace": return .backspace
    case "delete", "del": return .delete
    case "tab": return .tab
    case "shift-tab": return .shiftTab
    case "space": return .space
    case "pgup", "pageup": return .pageUp
    case "pgdn", "pagedown": return .pageDown
    case "home": return .home
    case "end": return .end
    default:
      if let character = modified(value, prefix: "ctrl-"), character.isASCII, character.isLetter {
        return .control(Character(character.lowercased()))
      }
      if let character = modified(value, prefix: "alt-"), character.isASCII, !character.isWhitespace {
        return .alt(character)
      }
      if value.count > 1, value.lowercased().hasPrefix("f"), let number = Int(value.dropFirst()),
        (1...12).contains(number)
      {
        return .function(number)
      }
      guard value.count == 1, let character = value.first else {
        throw ParseError(text: L10n.CommandLine.unknownKey(VisibleEscapes.clipped(value)))
      }
      return .character(character)
    }
  }

  /// The one character after `prefix` (compared ignoring case) in `value`: `ctrl-a` → `a`.
  private static func modified(_ value: String, prefix: String) -> Character? {
    guard value.count == prefix.count + 1, value.lowercased().hasPrefix(prefix) else { return nil }
    return value.last
  }

  /// A cell's 1-based column and row, two positive numbers.
  private static func parseCell(_ value: String, usage: String) throws(ParseError) -> (Int, Int) {
    let numbers = value.split(whereSeparator: \.isWhitespace).map { Int($0) }
    guard numbers.count == 2, let column = numbers[0], let row = numbers[1] else {
      throw ParseError(text: L10n.CommandLine.usage(usage))
    }
    guard column >= 1, row >= 1 else {
      throw ParseError(text: L10n.CommandLine.cellsFromOne("\(column) \(row)"))
    }
    return (column, row)
  }

  private static func parseRow(_ value: String) throws(ParseError) -> RowReference {
    if let number = Int(value) {
      guard number >= 1 else { throw ParseError(text: L10n.CommandLine.rowsFromOne(String(number))) }
      return .row(number)
    }
    guard DeepLink.isValidID(value) else {
      throw ParseError(text: L10n.CommandLine.invalidRow(VisibleEscapes.clipped(value)))
    }
    return .id(value)
  }

  /// The longest `wait`, in milliseconds: a day. In virtual time the app's once-a-second timers
  /// tick through all of it, so a longer one is more likely a slip than a wish.
  static let longestWaitMilliseconds: Int64 = 86_400_000

  /// `400ms` or `2s`: a whole number of milliseconds or seconds, at most a day.
  private static func parseDuration(_ value: String) throws(ParseError) -> Duration {
    let lowered = value.lowercased()
    let (digits, millisecondsPerUnit): (Substring, Int64) =
      lowered.hasSuffix("ms")
      ? (lowered.dropLast(2), 1) : lowered.hasSuffix("s") ? (lowered.dropLast(), 1000) : ("", 1)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      throw ParseError(text: L10n.CommandLine.invalidDuration(VisibleEscapes.clipped(value)))
    }
    // Digits too many for an Int64 are over the limit too, not another format.
    guard let number = Int64(digits), number <= longestWaitMilliseconds / millisecondsPerUnit else {
      let maximum = "\(longestWaitMilliseconds / 1000)s"
      throw ParseError(text: L10n.CommandLine.durationTooLong(value: VisibleEscapes.clipped(value), maximum: maximum))
    }
    return .milliseconds(number * millisecondsPerUnit)
  }
}
