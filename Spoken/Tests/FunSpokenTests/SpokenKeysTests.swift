import Testing

@testable import FunModel
@testable import FunSpoken
@testable import FunViewModel

@Suite("SpokenKeys")
@MainActor
struct SpokenKeysTests {
  /// What a synthesiser reads badly or not at all, as help, hints and toasts write it for the
  /// eye: none of it may reach the reader's lines.
  static func symbols(in line: String) -> [String] {
    let marks: [Character] = ["↑", "↓", "←", "→", "⏎", "^"]
    let words: Set<Substring> = ["·", "Esc", "esc", "PgUp", "PgDn", "Entf", "Einfg"]
    var found = line.filter { marks.contains($0) }.map(String.init)
    for word in line.split(separator: " ") {
      if words.contains(word) || word.lowercased().hasPrefix("ctrl-") || word.hasPrefix("Strg-") {
        found.append(String(word))
      }
    }
    return found
  }

  @Test(
    "A line of help says its keys as the key table names them for the ear, whatever its written label says",
    arguments: [
      // As English, German and a translation that writes keys otherwise (spaces in a name, `+`,
      // a symbol) write Ctrl with S: what is said comes from the keys, so it never changes.
      "Ctrl-S", "Strg-S", "Strg + S", "⌃S", "",
    ])
  func lineIgnoresWrittenLabel(written: String) {
    let keys = SpokenKeys(strings: Localizer(language: .en))
    let line = KeyHelpSection.Line(keys: written, spokenKeys: ["Control S", "F2"], summary: "save")
    #expect(keys.line(line) == "Control S, F2: save")
  }

  @Test("A lone punctuation key is said by name, as when it is typed; its summary's symbols in words")
  func linePunctuation() {
    let keys = SpokenKeys(strings: Localizer(language: .en))
    #expect(
      keys.line(.init(keys: "[ ]", spokenKeys: ["[", "]"], summary: "category (↑ first)"))
        == "left bracket, right bracket: category (Up arrow first)")
    #expect(
      SpokenKeys(strings: Localizer(language: .de)).line(
        .init(keys: "? F1", spokenKeys: ["?", "F1"], summary: "Hilfe"))
        == "Fragezeichen, F1: Hilfe")
  }

  @Test(
    "Text that mentions keys says them as words; its groups and separators become pauses",
    arguments: [
      (
        Language.en, "⏎ new paragraph  ↑↓ paragraphs  ctrl-s save",
        "Enter new paragraph, Up and Down arrows paragraphs, Control S save"
      ),
      (.en, "Removed SwiftUI · u undoes", "Removed SwiftUI, u undoes"),
      (.en, "move (↑ on the first row: to the cards)", "move (Up arrow on the first row: to the cards)"),
      (.en, "a page up / down", "a page up or down"),
      (.en, "↑/↓ recall earlier lines", "Up and Down arrows recall earlier lines"),
      (.en, "Ctrl-B Alt-B back", "Control B Alt B back"),
      (.en, "⏎ open  1–3 choose", "Enter open, 1 to 3 choose"),
      (.de, "1–5 Tab wechseln", "1 bis 5 Tab wechseln"),
      (.en, "delete the word before / after the cursor", "delete the word before or after the cursor"),
      (
        .de, "⏎ neuer Absatz  ↑↓ Absätze  Strg-S sichern",
        "Enter neuer Absatz, Pfeile nach oben und unten Absätze, Steuerung S sichern"
      ),
      (
        .de, "↑↓ wählen  ⏎ anmelden  Entf löschen  ^C beenden",
        "Pfeile nach oben und unten wählen, Enter anmelden, Entfernen löschen, Steuerung C beenden"
      ),
    ])
  func text(language: Language, written: String, said: String) {
    #expect(SpokenKeys(strings: Localizer(language: language)).text(written) == said)
  }

  @Test("A field read whole says the spaces it ends in by name; a field of spaces only, the spaces")
  func content() {
    let keys = SpokenKeys(strings: Localizer(language: .en))
    #expect(keys.content("ab ") == "ab, space")
    #expect(keys.content("tab 2  ") == "tab 2, space space")
    #expect(keys.content(" ") == "space")
    #expect(keys.content("a b") == "a b")
    #expect(SpokenKeys(strings: Localizer(language: .de)).content("ab ") == "ab, Leerzeichen")
  }

  /// Every text of the tables the reader may say — its own lines, help's headings and
  /// summaries, a field's hint, a toast — said as the reader says it, in every language; the
  /// command-line help `cli.help` is printed, never spoken.
  @Test("No text of the tables, said as the reader says it, keeps a key symbol", arguments: Language.allCases)
  func tablesSaidWithoutSymbols(language: Language) {
    let strings = Localizer(language: language)
    let keys = SpokenKeys(strings: strings)
    for key in L10n.Key.allCases where !key.rawValue.hasPrefix("cli.") {
      let text = strings(LocalizedText(key))
      // The reader's own lines are said as written; the others go through the key names.
      let said = key.rawValue.hasPrefix("spoken.") ? text : keys.text(text)
      #expect(Self.symbols(in: said).isEmpty, "\(language) \(key.rawValue): \(said)")
    }
  }
}
