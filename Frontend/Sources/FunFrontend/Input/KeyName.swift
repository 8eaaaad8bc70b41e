import FunModel

/// How help writes a key, in the reader's language: `↑`, `Enter`, `PgUp` (`Bild↑` in German),
/// `Ctrl-U`, `Alt-B`, `f`.
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
    case .alt(Key.backspaceCharacter): strings(L10n.Keys.alt(strings(L10n.Keys.backspace)))
    // By the key's cap, as Ctrl-B is: a table binds Alt-b, and Alt-Shift-b does the same.
    case .alt(let character): strings(L10n.Keys.alt(character.uppercased()))
    case .focus, .paste, .mouse, .unknown: ""
    }
  }

  /// The names of `keys` as one label, separated by spaces; three or more digits or letters
  /// in a row are one range (`1–5`, `a–z`).
  @MainActor
  static func label(of keys: [Key], strings: Localizer) -> String {
    let names = runs(of: keys).map { run in
      switch run {
      case .range(let first, let last): "\(first)–\(last)"
      case .key(let key): of(key, strings: strings)
      }
    }
    return names.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The names of `keys` as a screen reader says them, one per key, from the keys themselves
  /// rather than from their written label, so no translation of a label can change them: `↑ ↓`
  /// is "Up and Down arrows", `Esc` "Escape", `Ctrl-S` "Control S", `Alt-B` "Alt B", `1–5` "1 to 5"; a key whose
  /// written name reads well (`Enter`, `F1`, `k`) as written. A lone punctuation mark (`?`) is
  /// left to the reader, which names it as it names one typed.
  @MainActor
  static func said(_ keys: [Key], strings: Localizer) -> [String] {
    var said: [String] = []
    var runs = runs(of: keys)[...]
    while let run = runs.popFirst() {
      switch run {
      case .range(let first, let last):
        said.append(strings(L10n.Spoken.keyRange(first: String(first), last: String(last))))
      case .key(.up) where runs.first == .key(.down):
        runs = runs.dropFirst()
        said.append(strings(L10n.Spoken.keyUpDown))
      case .key(.left) where runs.first == .key(.right):
        runs = runs.dropFirst()
        said.append(strings(L10n.Spoken.keyLeftRight))
      case .key(.alt(let character)):
        let key = character == Key.backspaceCharacter ? strings(L10n.Keys.backspace) : character.uppercased()
        said.append(strings(L10n.Spoken.keyAlt(key)))
      case .key(let key):
        said.append(spokenName(of: key).map { strings($0) } ?? of(key, strings: strings))
      }
    }
    return said.filter { !$0.isEmpty }
  }

  /// What a screen reader says for `key` where its written name would be read badly or not at
  /// all (a symbol, an abbreviation); `nil` where the name reads well.
  private static func spokenName(of key: Key) -> LocalizedText? {
    switch key {
    case .up: L10n.Spoken.keyUp
    case .down: L10n.Spoken.keyDown
    case .left: L10n.Spoken.keyLeft
    case .right: L10n.Spoken.keyRight
    case .escape: L10n.Spoken.keyEscape
    case .pageUp: L10n.Spoken.keyPageUp
    case .pageDown: L10n.Spoken.keyPageDown
    case .delete: L10n.Spoken.keyDelete
    case .insert: L10n.Spoken.keyInsert
    case .ctrlC: L10n.Spoken.keyControl("C")
    case .ctrl(let letter): L10n.Spoken.keyControl(letter.uppercased())
    default: nil
    }
  }

  /// A key of a label, or three or more digits or letters in a row named as one range.
  private enum Run: Equatable {
    case key(Key)
    case range(Character, Character)
  }

  /// `keys` with each run of three or more consecutive digits or letters made one range.
  private static func runs(of keys: [Key]) -> [Run] {
    var runs: [Run] = []
    var index = keys.startIndex
    while index < keys.endIndex {
      var end = index
      while end + 1 < keys.endIndex, let next = rangeMember(keys[end]).flatMap(successor),
        rangeMember(keys[end + 1]) == next
      {
        end += 1
      }
      if end - index >= 2, let first = rangeMember(keys[index]), let last = rangeMember(keys[end]) {
        runs.append(.range(first, last))
        index = end + 1
        continue
      }
      runs.append(.key(keys[index]))
      index += 1
    }
    return runs
  }

  /// The character of `key` when it can be part of a range: an ASCII digit or letter.
  private static func rangeMember(_ key: Key) -> Character? {
    guard case .char(let character) = key, character.isASCII, character.isLetter || character.isNumber else {
      return nil
    }
    return character
  }

  /// The character after `character` in its range (`a` → `b`), none after `9`, `z` or `Z`.
  private static func successor(_ character: Character) -> Character? {
    guard let value = character.asciiValue, character != "9", character != "z", character != "Z" else { return nil }
    return Character(Unicode.Scalar(value + 1))
  }
}
