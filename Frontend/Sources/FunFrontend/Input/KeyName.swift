import FunModel

/// How help writes a key, in the reader's language: `↑`, `Enter`, `PgUp` (`Bild↑` in German),
/// `Ctrl-U`, `f`.
///
/// Help names a binding's keys from the keys themselves, so its labels are generated like the
/// rest of it; no label is padded or aligned in a string table.
enum KeyName {
  /// The name of `key`; empty for what is not a key a person presses (a paste, the mouse).
  @MainActor
  static func of(_ key: Key, strings: Localizer) -> String {
    switch key {
    case .char(" "): strings(L10n.Keys.space)
    case .char(let character): String(character)
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .enter: strings(L10n.Keys.enter)
    case .escape: strings(L10n.Keys.escape)
    case .backspace: strings(L10n.Keys.backspace)
    case .tab: strings(L10n.Keys.tab)
    case .backTab: strings(L10n.Keys.backTab)
    case .ctrlC: strings(L10n.Keys.ctrl("C"))
    case .ctrl(let letter): strings(L10n.Keys.ctrl(letter.uppercased()))
    case .home: strings(L10n.Keys.home)
    case .end: strings(L10n.Keys.end)
    case .pageUp: strings(L10n.Keys.pageUp)
    case .pageDown: strings(L10n.Keys.pageDown)
    case .delete: strings(L10n.Keys.delete)
    case .insert: strings(L10n.Keys.insert)
    case .function(let number): strings(L10n.Keys.function(number))
    case .alt(let character): strings(L10n.Keys.alt(String(character)))
    case .focus, .paste, .mouse, .unknown: ""
    }
  }

  /// The names of `keys` as one label, separated by spaces; three or more digits in a row are
  /// one range (`1–5`).
  @MainActor
  static func label(of keys: [Key], strings: Localizer) -> String {
    var names: [String] = []
    var index = keys.startIndex
    while index < keys.endIndex {
      var end = index
      while end + 1 < keys.endIndex, let digit = digit(keys[end]), self.digit(keys[end + 1]) == digit + 1 {
        end += 1
      }
      if end - index >= 2, let first = digit(keys[index]), let last = digit(keys[end]) {
        names.append("\(first)–\(last)")
        index = end + 1
        continue
      }
      names.append(of(keys[index], strings: strings))
      index += 1
    }
    return names.filter { !$0.isEmpty }.joined(separator: " ")
  }

  private static func digit(_ key: Key) -> Int? {
    guard case .char(let character) = key else { return nil }
    return character.wholeNumberValue
  }
}
