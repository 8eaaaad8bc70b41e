import Testing

@testable import FunModel
@testable import FunSpoken

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
    "Help's key labels are said as words, a comma between keys",
    arguments: [
      (Language.en, "↑ ↓ k j", "Up and Down arrows, k, j"),
      (.en, "← → h l", "Left and Right arrows, h, l"),
      (.en, "↓ j Esc", "Down arrow, j, Escape"),
      (.en, "PgUp PgDn", "Page Up, Page Down"),
      (.en, "1–5 Tab Shift-Tab", "1 to 5, Tab, Shift-Tab"),
      (.en, "q Ctrl-C", "q, Control C"),
      (.en, "? F1", "question mark, F1"),
      (.en, "[ ]", "left bracket, right bracket"),
      (.en, "Backspace Delete Ctrl-D", "Backspace, Delete, Control D"),
      (.de, "Bild↑ Bild↓", "Bild auf, Bild ab"),
      (.de, "Rücktaste Entf Strg-D", "Rücktaste, Entfernen, Steuerung D"),
      (.de, "1–5 Tab Umschalt-Tab", "1 bis 5, Tab, Umschalt-Tab"),
    ])
  func labels(language: Language, written: String, said: String) {
    #expect(SpokenKeys(strings: Localizer(language: language)).label(written) == said)
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
