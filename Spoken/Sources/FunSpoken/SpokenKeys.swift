import FunModel
import FunViewModel

/// Keys and characters said as words: the one table the reader names them from.
///
/// The full screen writes keys for the eye: help labels them `↑ ↓`, `Esc`, `PgUp`, `Ctrl-S`,
/// `1–5`, and prose it shares with the reader writes `↑↓ choose one of…` or `Esc again discards
/// them`. A synthesiser reads those badly or not at all, and says nothing for a lone `?`, `.` or
/// space. Help's lines and a dialog's choices come with their keys already named for the ear
/// from the keys themselves (``KeyHelpSection/Line/spokenKeys``), so nothing parses a label;
/// what is left is prose — help's headings and summaries, a field's hint, a toast, a message —
/// whose symbols and abbreviated key names are said here in words, in the reader's language
/// ("Up and Down arrows", "Escape", "Control S").
struct SpokenKeys {
  private let strings: Localizer
  /// What is said for a key's name as help or a hint writes it, keyed by that name lowercased
  /// (both write `Esc` and `Ctrl-S`; a translation's own case still reads).
  private let keyNames: [String: String]
  /// How help writes Ctrl with a key, around the key (`Ctrl-` and nothing in English).
  private let control: (prefix: String, suffix: String)
  /// How help writes Alt with a key, around the key (`Alt-` and nothing in English).
  private let alt: (prefix: String, suffix: String)

  /// Characters a synthesiser says nothing for, by name: a punctuation key of help's and a typed
  /// space or lone `.`.
  private static let characterNames: [Character: LocalizedText] = [
    "?": L10n.Spoken.keyQuestionMark, ".": L10n.Spoken.keyPeriod, ",": L10n.Spoken.keyComma,
    ":": L10n.Spoken.keyColon,
    "/": L10n.Spoken.keySlash, "[": L10n.Spoken.keyOpeningBracket, "]": L10n.Spoken.keyClosingBracket,
    " ": L10n.Spoken.keySpace,
  ]

  /// Two arrows written as one key in hints and help (`↑↓`, `↑/↓`, `↑ ↓`), said as a pair.
  private static let arrowPairs: [String: LocalizedText] = [
    "↑↓": L10n.Spoken.keyUpDown, "↑/↓": L10n.Spoken.keyUpDown,
    "←→": L10n.Spoken.keyLeftRight, "←/→": L10n.Spoken.keyLeftRight,
  ]

  /// The symbols that stand for a key wherever they are written, inside a word too (`(↑`).
  private static let symbols: [Character: LocalizedText] = [
    "↑": L10n.Spoken.keyUp, "↓": L10n.Spoken.keyDown, "←": L10n.Spoken.keyLeft, "→": L10n.Spoken.keyRight,
    "⏎": L10n.Keys.enter,
  ]

  /// The names in `strings`' language.
  init(strings: Localizer) {
    self.strings = strings
    var names: [String: String] = [:]
    for (written, said) in [
      (L10n.Keys.escape, L10n.Spoken.keyEscape), (L10n.Keys.pageUp, L10n.Spoken.keyPageUp),
      (L10n.Keys.pageDown, L10n.Spoken.keyPageDown), (L10n.Keys.delete, L10n.Spoken.keyDelete),
      (L10n.Keys.insert, L10n.Spoken.keyInsert),
    ] where strings(written) != strings(said) {
      // Only the names said otherwise than written: a hint's or help's prose keeps its words
      // ("delete the word").
      names[strings(written).lowercased()] = strings(said)
    }
    for (symbol, name) in Self.symbols {
      names[String(symbol)] = strings(name)
    }
    keyNames = names
    // The key's place in the pattern, marked by a character no key name holds.
    let marker = "\u{1}"
    func around(_ pattern: LocalizedText) -> (prefix: String, suffix: String) {
      let parts = strings(pattern).split(separator: marker, omittingEmptySubsequences: false)
      return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
    }
    control = around(L10n.Keys.ctrl(marker))
    alt = around(L10n.Keys.alt(marker))
  }

  /// One line of help as it is said: its keys as the key table names them for the ear, a lone
  /// punctuation mark by name as when typed, a comma between them, then what they do ("Up and
  /// Down arrows, k, j: move", "question mark, F1: help"). The written label is never read
  /// back: a translation of it cannot change what is said.
  func line(_ line: KeyHelpSection.Line) -> String {
    let keys = line.spokenKeys.map { $0.count == 1 ? typed($0[...]) : $0 }
    return strings(L10n.Spoken.key(keys: keys.joined(separator: ", "), summary: text(line.summary)))
  }

  /// Text from the tables that mentions keys (a hint, a help heading, a toast), with each key
  /// in words: `⏎ new paragraph  ↑↓ paragraphs  Ctrl-S save` is said "Enter new paragraph, Up
  /// and Down arrows paragraphs, Control S save". The hints' double spaces between groups and
  /// a ` · ` become commas and a lone `/` between words "or"; the rest stays as written.
  func text(_ text: String) -> String {
    let groups = text.split(separator: "  ").map { group in
      var said: [String] = []
      for word in group.split(separator: " ", omittingEmptySubsequences: false) {
        switch word {
        case "·":
          // A separator: a pause, not a word.
          if let last = said.popLast() { said.append(last + ",") }
        case "/":
          said.append(strings(L10n.Spoken.or))
        default:
          said.append(Self.arrowPairs[String(word)].map { strings($0) } ?? key(word) ?? symbolsInWords(word))
        }
      }
      return said.joined(separator: " ")
    }
    return groups.joined(separator: ", ")
  }

  /// Text whose parts a ` · ` separates, as a status line writes it ("3 results · updating…"),
  /// with a comma for each separator: a pause, not a word. Nothing else changes, so data in it
  /// (a category's name) is said as written; it names no key, so it needs no language.
  static func pauses(_ text: String) -> String {
    text.replacing(" · ", with: ", ")
  }

  /// Typing as it is echoed, by the rule a field's content is read by (``content(_:)``): a
  /// completion that ends in a space (`b ` after Tab) says the space.
  func typed(_ typed: Substring) -> String {
    content(String(typed))
  }

  /// Text typed or read from a field as it is said: as written, unless a synthesiser would say
  /// nothing for it: a lone `?`, `.`, `:` or the like (every character one it drops) is said by
  /// name, a word per character ("question mark", "period"), and the spaces it ends in by name
  /// after it ("ab, space"), since a synthesiser drops them and the next letter typed would
  /// follow them.
  func content(_ text: String) -> String {
    if let names = names(of: text[...]) { return names }
    let spaces = text.reversed().prefix { $0 == " " }.count
    guard spaces > 0, let names = names(of: text.suffix(spaces)) else { return text }
    return String(text.dropLast(spaces)) + ", " + names
  }

  /// `text` as names, a word per character, when every character of it has one.
  private func names(of text: Substring) -> String? {
    let names = text.compactMap { Self.characterNames[$0] }
    guard !names.isEmpty, names.count == text.count else { return nil }
    return names.map { strings($0) }.joined(separator: " ")
  }

  // MARK: Words

  /// A key's name as help or a hint writes it, in words; `nil` when it is not one that needs
  /// it (a letter, `Enter`, `F1`).
  private func key(_ word: Substring) -> String? {
    if let name = keyNames[word.lowercased()] { return name }
    // Ctrl or Alt with a key: help's and the hints' `Ctrl-S` and `Alt-B`, in any case, or a
    // terminal's `^C`.
    let lowercased = word.lowercased()
    for (pattern, said) in [(control, L10n.Spoken.keyControl), (alt, L10n.Spoken.keyAlt)] {
      let (prefix, suffix) = (pattern.prefix.lowercased(), pattern.suffix.lowercased())
      if !prefix.isEmpty, lowercased.hasPrefix(prefix), lowercased.hasSuffix(suffix),
        lowercased.count > prefix.count + suffix.count
      {
        let key = word.dropFirst(prefix.count).dropLast(suffix.count)
        return strings(said(key.uppercased()))
      }
    }
    // A range of number keys, as help and the hints write it (`1–5`).
    let ends = word.split(separator: "–")
    if ends.count == 2, ends.allSatisfy({ $0.count == 1 && $0.first?.isNumber == true }) {
      return strings(L10n.Spoken.keyRange(first: String(ends[0]), last: String(ends[1])))
    }
    if word.count == 2, word.first == "^", let key = word.last {
      return strings(L10n.Spoken.keyControl(String(key).uppercased()))
    }
    return nil
  }

  /// `word` with each key symbol in it said by name: "(↑" is said "(Up arrow".
  private func symbolsInWords(_ word: Substring) -> String {
    guard word.contains(where: { Self.symbols[$0] != nil }) else { return String(word) }
    return word.map { character in Self.symbols[character].map { strings($0) } ?? String(character) }.joined()
  }
}
