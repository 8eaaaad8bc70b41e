/// The pseudo-locale: English with accented letters, about 40% longer, in `⟦ ⟧`. Text a
/// screen shows without the tables stays plain, and a layout that cannot take longer words
/// shows cut words, so both are easy to spot.
public enum PseudoLocale {
  /// `text` (a table form, placeholders written `{name}`) in the pseudo-locale. Placeholders
  /// and one-letter words (the key names of hints) stay as they are.
  public static func transform(_ text: String) -> String {
    var result = ""
    for token in Template.parse(text) {
      switch token {
      case .literal(let literal): result += transformLiteral(literal)
      case .placeholder(let name, _): result += "{\(name)}"
      }
    }
    return "⟦" + result + "⟧"
  }

  private static func transformLiteral(_ text: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      result += word.count > 1 ? lengthen(word) : word
      word = ""
    }
    for character in text {
      if character.isLetter {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }

  /// A word accented and made ~40% longer by doubling its vowels, from the front.
  private static func lengthen(_ word: String) -> String {
    var extra = Int((Double(word.count) * 0.4).rounded(.up))
    var result = ""
    for character in word {
      let accented = accents[character] ?? character
      result.append(accented)
      if extra > 0, vowels.contains(character) {
        result.append(accented)
        extra -= 1
      }
    }
    return result + String(repeating: "·", count: extra)
  }

  private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "A", "E", "I", "O", "U"]

  private static let accents: [Character: Character] = [
    "a": "á", "c": "ç", "d": "ð", "e": "é", "g": "ĝ", "h": "ĥ", "i": "î", "l": "ļ", "n": "ñ", "o": "ö",
    "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "y": "ý", "z": "ž", "A": "Å", "C": "Ç", "D": "Ð", "E": "É",
    "G": "Ĝ", "H": "Ĥ", "I": "Î", "L": "Ļ", "N": "Ñ", "O": "Ö", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û",
    "Y": "Ý", "Z": "Ž",
  ]
}
