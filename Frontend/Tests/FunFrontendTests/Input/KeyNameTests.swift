import Testing

@testable import FunFrontend
@testable import FunModel

/// How help names keys: from the keys themselves, in the reader's language, with runs of digits
/// or letters as one range.
@Suite("KeyName")
@MainActor
struct KeyNameTests {
  @Test("Three or more digits or letters in a row are one range; two are named apart")
  func ranges() {
    let names = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".map(Key.char)
    #expect(KeyName.label(of: names, strings: .base) == "a–z A–Z 0–9 - _")
    #expect(KeyName.label(of: "12345".map(Key.char) + [.tab], strings: .base) == "1–5 Tab")
    #expect(KeyName.label(of: [.char("h"), .char("l")], strings: .base) == "h l")
    #expect(KeyName.label(of: "abc".map(Key.char), strings: .base) == "a–c")
    // `9` and `z` end a range: what follows is another one.
    #expect(KeyName.label(of: "789abc".map(Key.char), strings: .base) == "7–9 a–c")
  }

  @Test("Modified keys are named in the reader's language, Alt-Backspace included; Alt and Ctrl by the key's cap")
  func modifiedKeys() {
    let german = Localizer(language: .de)
    #expect(
      KeyName.label(of: [.ctrl("w"), .alt(Key.backspaceCharacter), .alt("d")], strings: .base)
        == "Ctrl-W Alt-Backspace Alt-D")
    #expect(KeyName.label(of: [.alt("b"), .alt("f"), .ctrl("b")], strings: german) == "Alt-B Alt-F Strg-B")
    #expect(
      KeyName.label(of: [.ctrl("w"), .alt(Key.backspaceCharacter), .home], strings: german)
        == "Strg-W Alt-Rücktaste Pos1")
  }

  @Test(
    "Keys are said from the keys themselves: arrows and abbreviations in words, an arrow pair as one, a range, Ctrl, Alt",
    arguments: [
      (Language.en, [Key.up, .down, .char("k"), .char("j")], ["Up and Down arrows", "k", "j"]),
      (.en, [.left, .right, .char("h"), .char("l")], ["Left and Right arrows", "h", "l"]),
      (.en, [.down, .char("j"), .escape], ["Down arrow", "j", "Escape"]),
      (.en, [.pageUp, .pageDown], ["Page Up", "Page Down"]),
      (.en, "12345".map(Key.char) + [.tab, .backTab], ["1 to 5", "Tab", "Shift-Tab"]),
      (.en, [.char("q"), .ctrlC], ["q", "Control C"]),
      (.en, [.char("?"), .function(1)], ["?", "F1"]),
      (.en, [.backspace, .delete, .ctrl("d")], ["Backspace", "Delete", "Control D"]),
      (.de, [.pageUp, .pageDown], ["Bild auf", "Bild ab"]),
      (.de, [.backspace, .delete, .ctrl("d")], ["Rücktaste", "Entfernen", "Steuerung D"]),
      (.en, [.ctrl("b"), .alt("b"), .alt(Key.backspaceCharacter)], ["Control B", "Alt B", "Alt Backspace"]),
      (.de, [.alt("d"), .alt(Key.backspaceCharacter)], ["Alt D", "Alt Rücktaste"]),
      (.de, "12345".map(Key.char) + [.tab, .backTab], ["1 bis 5", "Tab", "Umschalt-Tab"]),
    ])
  func said(language: Language, keys: [Key], said: [String]) {
    #expect(KeyName.said(keys, strings: Localizer(language: language)) == said)
  }
}

/// The hints, buttons and messages of the string tables name a key as help (`?`) names it, in
/// each language: one spelling per key, so a person who read `Esc` in help finds `Esc` on the
/// bottom line, never `esc`, `^C` or `Del` beside it.
@Suite("Key names in the tables")
@MainActor
struct KeySpellingTests {
  /// The keys a text may name by a word.
  private static let namedKeys: [Key] = [
    .enter, .escape, .backspace, .tab, .backTab, .home, .end, .pageUp, .pageDown, .delete, .insert, .char(" "),
  ]

  @Test(
    "Every text writes a key as help names it: a hint's key, a button's, and an abbreviation anywhere",
    arguments: [Language.en, .de])
  func textsSpellKeysAsHelp(language: Language) {
    let strings = Localizer(language: language)
    let names = Self.namedKeys.map { KeyName.of($0, strings: strings) }
    // A name the reader says otherwise than written (`Esc`, `PgUp`, `Entf`) is no word of the
    // language: wherever a text has it, it is the key. Others (`Tab`, `End`, `Delete`) are also
    // words, checked where a hint or a button names a key.
    let abbreviations = Set(
      Self.namedKeys.filter { KeyName.said([$0], strings: strings) != [KeyName.of($0, strings: strings)] }
        .map { KeyName.of($0, strings: strings).lowercased() })
    let control = KeyName.of(.ctrl("s"), strings: strings).dropLast()  // `Ctrl-`, `Strg-`
    func misspelling(of word: Substring, isKey: Bool) -> String? {
      let word = String(word.drop { "[(".contains($0) }.reversed().drop { "]),.:;".contains($0) }.reversed())
      let folded = word.lowercased()
      // `keys.ctrl` itself (`Ctrl-{key}`) is the spelling.
      if word.hasPrefix("^") || (folded.hasPrefix(control.lowercased()) && !word.contains("{")) {
        let isHelps = word.hasPrefix(control) && word.count == control.count + 1 && word.last?.isUppercase == true
        return isHelps ? nil : "\(word) (help: \(control)…)"
      }
      guard !names.contains(word) else { return nil }
      // A key's name in another case, or cut short (`Del`).
      let meant = names.first {
        $0.lowercased() == folded || (isKey && folded.count >= 3 && $0.lowercased().hasPrefix(folded))
      }
      guard let meant, isKey || abbreviations.contains(meant.lowercased()) else { return nil }
      return "\(word) (help: \(meant))"
    }
    var misspelled: [String] = []
    // `cli.help` and the `:` line's messages quote script commands (`key esc`), typed as written.
    for key in L10n.Key.allCases where key.rawValue != "cli.help" && !key.rawValue.hasPrefix("commandLine.") {
      let text = strings(LocalizedText(key))
      // A hint (`….hints`, `…Hint`) is groups two spaces apart, each led by its key (`⏎ open  Esc
      // back`); a button (`…Button`) is `[Esc Cancel]`.
      let name = key.rawValue.lowercased()
      let isHintOrButton = ["hint", "hints", "button"].contains { name.hasSuffix($0) }
      let leads =
        isHintOrButton
        ? Set(text.split(separator: "  ").compactMap { $0.split(separator: " ").first?.drop { $0 == "[" } }) : []
      for word in text.split(whereSeparator: \.isWhitespace) {
        if let wrong = misspelling(of: word, isKey: leads.contains(word.drop { $0 == "[" })) {
          misspelled.append("\(key.rawValue): \(wrong)")
        }
      }
    }
    #expect(misspelled.isEmpty, "\(misspelled.sorted())")
  }
}
