import FunModelTestSupport

@testable import FunApp
@testable import FunModel

/// Random lines of the script language, for the parser's property tests and the long random
/// script run: valid commands with the command each must parse to, and lines that are nearly
/// commands or nothing like one.
extension SplitMix64 {
  /// Ids of the bundled catalog, so `fav`, `select` and `open` sometimes find their item.
  static let catalogIDs = ["swiftui", "swift-nio", "actors", "macros", "swiftpm", "lldb", "mvvm", "xctest"]

  static let deepLinks = [
    "funapp://tab/search", "funapp://tab/favorites", "funapp://item/swiftui", "funapp://item/actors?tab=favorites",
    "funapp://search?q=swift", "funapp://search?q=%1B%5B2J", "https://fun.example/settings", "funapp://profile",
    "funapp://item/nope", "funapp://tab/nowhere", "ftp://x", "funapp://", "not a url", "funapp://item/\u{1B}[2J",
  ]

  /// Text that may start or end an argument: trimming and splitting leave it alone.
  private static let argumentEnds = [
    "a", "Z", "9", "swift", "é", "中", "😀", "[Home]", "#", "-", "★", "\"", "%", "\u{1B}[2J",
  ]

  /// Text that may stand inside an argument.
  private static let argumentMiddles = [
    " ", "  ", "\t", "#", "ab", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "\u{3000}", "\u{0}", "\u{7F}", "\u{9B}", "\u{202E}",
    "funapp://", "&", "=", "?",
  ]

  /// A line of the script language and the command it must parse to.
  mutating func validCommand() -> (line: String, command: ScriptCommand) {
    let (name, argument, command) = validCommandParts()
    let separator = argument.isEmpty ? "" : pick([" ", "  ", "\t", " \t "])
    return (pick(["", " ", "\t", "  "]) + randomCase(name) + separator + argument + pick(["", " ", "\t"]), command)
  }

  private mutating func validCommandParts() -> (name: String, argument: String, command: ScriptCommand) {
    switch Int.random(in: 0..<16, using: &self) {
    case 0:
      let index = Int.random(in: Activity.explore.tabs.indices, using: &self)
      let tab = Activity.explore.tabs[index]
      if Bool.random(using: &self) {
        return ("tab", randomCase(tab.rawValue), .tab(tab.rawValue))
      }
      if Bool.random(using: &self), let activity = Activity.all.randomElement(using: &self) {
        return ("activity", randomCase(activity.id), .activity(activity))
      }
      return ("tab", String(index + 1), .tab(String(index + 1)))
    case 1:
      let text = argumentText()
      return Bool.random(using: &self) ? ("type", text, .type(text)) : ("paste", text, .paste(text))
    case 2:
      let named: [(String, ScriptCommand.KeyName)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("enter", .enter), ("return", .enter),
        ("esc", .escape), ("escape", .escape), ("backspace", .backspace), ("tab", .tab), ("space", .space),
        ("shift-tab", .shiftTab), ("pgup", .pageUp), ("pageup", .pageUp), ("pgdn", .pageDown),
        ("pagedown", .pageDown), ("home", .home), ("end", .end),
      ]
      if Bool.random(using: &self) {
        let (word, key) = pick(named)
        return ("key", randomCase(word), .key(key))
      }
      let character = Character(pick(Self.argumentEnds + ["k", "Q", "?", "/", ":"]).unicodeScalars.first ?? "a")
      return ("key", String(character), .key(.character(character)))
    case 3:
      let (text, reference) = rowReference()
      return ("select", text, .select(reference))
    case 4:
      guard Bool.random(using: &self) else { return ("open", "", .open(nil)) }
      let (text, reference) = rowReference()
      return ("open", text, .open(reference))
    case 5:
      let id = Bool.random(using: &self) ? nil : itemID()
      return ("fav", id ?? "", .favorite(id: id))
    case 6:
      let key = pick(FeatureToggleKey.allCases)
      return ("toggle", randomCase(key.rawValue), .toggle(key))
    case 7:
      let url = Bool.random(using: &self) ? pick(Self.deepLinks) : argumentText()
      return ("deeplink", url, .deepLink(url))
    case 8:
      if Bool.random(using: &self) {
        let milliseconds = Int64.random(in: 0...86_400_000, using: &self)
        return ("wait", "\(milliseconds)\(randomCase("ms"))", .wait(.milliseconds(milliseconds)))
      }
      let seconds = Int64.random(in: 0...86_400, using: &self)
      return ("wait", "\(seconds)\(randomCase("s"))", .wait(.seconds(seconds)))
    case 9:
      let text = argumentText()
      return ("expect", text, .expect(text))
    case 10:
      let text = argumentText()
      guard Bool.random(using: &self) else { return ("says", text, .says(text)) }
      return ("expect-not", text, .expectNot(text))
    case 11:
      let name = pick(["ada", "Bob", "grace_h", "guest-1", "--guest"] + [argumentText()])
      return ("sign-in", name, .signIn(profile: name == "--guest" ? nil : name))
    case 12:
      let column = Int.random(in: 1...300, using: &self)
      let row = Int.random(in: 1...100, using: &self)
      guard Bool.random(using: &self) else { return ("click", "\(column) \(row)", .click(column: column, row: row)) }
      let up = Bool.random(using: &self)
      return ("wheel", "\(randomCase(up ? "up" : "down")) \(column) \(row)", .wheel(up: up, column: column, row: row))
    default:
      let (name, command) = pick([
        ("back", ScriptCommand.back), ("refresh", .refresh), ("show", .show), ("quit", .quit),
        ("sign-out", .signOut),
      ])
      return (name, "", command)
    }
  }

  /// Any line: a valid command, one with a damaged argument or name, a comment, or noise.
  mutating func scriptLine() -> String {
    switch Int.random(in: 0..<10, using: &self) {
    case 0, 1, 2, 3:
      return validCommand().line
    case 4, 5:
      let names = [
        "tab", "type", "paste", "key", "click", "wheel", "select", "open", "back", "fav", "refresh", "toggle",
        "deeplink", "wait", "show",
        "sign-in", "sign-out",
      ]
      let arguments = [
        "", "0", "6", "-1", "99999999999999999999", "1.5s", "400", "2m", "-5ms", "pageup", "F5", "no/slash", "a b",
        "darkmode", "inbox", "😀😀", "\u{1B}[2J", "%", "#", "swiftui extra",
      ]
      return pick(names + ["expect", "expect-not", "jump", "TAB", "favs", ""]) + " " + pick(arguments)
    case 6:
      var characters = Array(validCommand().line)
      for _ in 0..<Int.random(in: 1...3, using: &self) {
        let position = Int.random(in: 0...characters.count, using: &self)
        if position < characters.count, Bool.random(using: &self) {
          characters.remove(at: position)
        } else {
          characters.insert(Character(anyScalar()), at: position)
        }
      }
      return String(characters)
    case 7:
      return pick(["", "   ", "# a comment", "  # indented", "#", "\t"])
    default:
      let count = Int.random(in: 0...20, using: &self)
      return String(String.UnicodeScalarView((0..<count).map { _ in anyScalar() }))
    }
  }

  /// An argument that trimming and splitting leave whole: it starts and ends with visible text.
  private mutating func argumentText() -> String {
    var text = pick(Self.argumentEnds)
    for _ in 0..<Int.random(in: 0...3, using: &self) {
      text += pick(Bool.random(using: &self) ? Self.argumentMiddles : Self.argumentEnds) + pick(Self.argumentEnds)
    }
    return text
  }

  private mutating func rowReference() -> (text: String, reference: ScriptCommand.RowReference) {
    if Bool.random(using: &self) {
      let row =
        Bool.random(using: &self) ? Int.random(in: 1...12, using: &self) : Int.random(in: 1...Int.max, using: &self)
      return (Bool.random(using: &self) ? "00\(row)" : "\(row)", .row(row))
    }
    let id = itemID()
    return (id, .id(id))
  }

  /// A slug that is not also a number (`select 42` is a row).
  private mutating func itemID() -> String {
    if Bool.random(using: &self) { return pick(Self.catalogIDs) }
    let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    while true {
      let id = String((0..<Int.random(in: 1...100, using: &self)).map { _ in pick(characters) })
      if Int(id) == nil { return id }
    }
  }

  private mutating func randomCase(_ text: String) -> String {
    String(text.map { Bool.random(using: &self) ? Character($0.uppercased()) : $0 })
  }

  mutating func anyScalar() -> Unicode.Scalar {
    while true {
      if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10_FFFF, using: &self)) { return scalar }
    }
  }

  private mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[Int.random(in: 0..<elements.count, using: &self)]
  }
}
