import Foundation
import L10nTables

/// Rewrites one identity's names into another's in text and in paths, word by word: the web
/// host wherever it appears, then within each word (a run of letters, digits and `_`) the scheme
/// and the name in its three spellings — `Fun` (a camel-case part: `FunCore`, `InteractiveFun`),
/// `fun` (a lowercase part: `fun`, `funBinary`, `fun_main`, `tour.fun`) and `FUN`
/// (`FUN_STATE_DIR`).
///
/// A part counts only where it stands alone, so `func`, `function`, `callAsFunction` and
/// `functools` are never touched: after `Fun` comes no lowercase letter, around `fun` and `FUN`
/// no letter of their own case. That is what makes the rename a rename rather than a text
/// substitution, and what makes it safe to run twice.
package struct NameRewriter: Sendable {
  /// The identity being replaced.
  package let old: AppIdentity
  /// The identity replacing it.
  package let new: AppIdentity

  /// A rewriter from `old` to `new`.
  package init(from old: AppIdentity, to new: AppIdentity) {
    self.old = old
    self.new = new
  }

  /// `text` with every name of the old identity replaced, and how many were replaced by a
  /// different name.
  package func rewrite(_ text: String) -> (text: String, count: Int) {
    var count = 0
    // The host first: it may differ from the name (`--web-host orbit.example`), so it is
    // replaced whole, in either case, before its words are looked at one by one.
    let hosts = [(old.webHost, new.webHost), (old.webHost.uppercased(), new.webHost.uppercased())]
    let hostDone = Self.replace(hosts, in: text, standingAlone: false, count: &count)
    // Then the names as the pseudo-locale shows them (a flow that expects `⟦Fûûñ·, …` of the
    // old name), which are no ASCII words.
    let pseudoDone = Self.replace(pseudoNames, in: hostDone, standingAlone: true, count: &count)

    var result = ""
    result.reserveCapacity(pseudoDone.utf8.count)
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      let renamed = rewriteWord(word, count: &count)
      Self.fixArticle(before: renamed, was: word, in: &result)
      result += renamed
      word = ""
    }
    for character in pseudoDone {
      if character.isASCII, character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      flush()
      result.append(character)
    }
    flush()
    return (result, count)
  }

  /// The old and new names as the pseudo-locale writes them, without its brackets: `Fûûñ·`.
  var pseudoNames: [(String, String)] {
    [(old.name, new.name), (old.binary, new.binary), (old.scheme, new.scheme)].map {
      (Self.pseudo($0.0), Self.pseudo($0.1))
    }
  }

  /// `name` as the pseudo-locale shows it in a sentence.
  static func pseudo(_ name: String) -> String {
    String(PseudoLocale.transform(name).dropFirst().dropLast())
  }

  /// `text` with each of `pairs`' first strings replaced by its second, counting those that
  /// change; with `standingAlone`, only where no letter comes right before or after.
  private static func replace(
    _ pairs: [(String, String)], in text: String, standingAlone: Bool, count: inout Int
  ) -> String {
    var done = ""
    var rest = Substring(text)
    while let match = pairs.compactMap({ pair in
      Self.range(of: pair.0, in: rest, standingAlone: standingAlone)
        .map { ($0, pair) }
    }).min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
      done += rest[..<match.0.lowerBound] + match.1.1
      rest = rest[match.0.upperBound...]
      if match.1.0 != match.1.1 { count += 1 }
    }
    return done + rest
  }

  private static func range(of part: String, in text: Substring, standingAlone: Bool) -> Range<String.Index>? {
    var from = text.startIndex
    while let range = text[from...].range(of: part) {
      let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
      let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
      if !standingAlone || !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return range }
      from = range.upperBound
    }
    return nil
  }

  /// Turns `a` into `an` (and back) right before a renamed word whose first letter went from
  /// a consonant to a vowel (or back), so the sentence still reads. A vowel letter is taken
  /// for a vowel sound, which is right for most names (not for `Unicorn`).
  private static func fixArticle(before renamed: String, was word: String, in result: inout String) {
    let vowels = Set("aeiouAEIOU")
    guard let first = renamed.first, let old = word.first, vowels.contains(first) != vowels.contains(old) else {
      return
    }
    for (from, to) in vowels.contains(first) ? [("a ", "an "), ("A ", "An ")] : [("an ", "a "), ("An ", "A ")] {
      guard result.hasSuffix(from) else { continue }
      let start = result.index(result.endIndex, offsetBy: -from.count)
      guard start == result.startIndex || !result[result.index(before: start)].isLetter else { continue }
      result.replaceSubrange(start..., with: to)
      return
    }
  }

  /// Whether `text` may name the old identity: `false` means ``rewrite(_:)`` would find
  /// nothing, without reading it word by word.
  func mayMention(_ text: String) -> Bool {
    [old.binary, old.scheme, old.webHost].contains { text.range(of: $0, options: .caseInsensitive) != nil }
      || pseudoNames.contains { text.contains($0.0) }
  }

  /// `word` with each standalone part naming the old identity replaced.
  private func rewriteWord(_ word: String, count: inout Int) -> String {
    let characters = Array(word)
    // Longest first, so `funapp` is the scheme before `fun` is the binary.
    let parts: [(old: [Character], new: String, kind: PartKind)] = [
      (Array(old.scheme), new.scheme, .lowercase),
      (Array(old.scheme.uppercased()), new.scheme.uppercased(), .uppercase),
      (Array(old.name), new.name, .capitalized),
      (Array(old.binary), new.binary, .lowercase),
      (Array(old.name.uppercased()), new.name.uppercased(), .uppercase),
    ]
    var result = ""
    var index = 0
    scanning: while index < characters.count {
      for part in parts {
        guard let plural = match(part.old, kind: part.kind, in: characters, at: index) else { continue }
        result += part.new + (plural ? "s" : "")
        index += part.old.count + (plural ? 1 : 0)
        if String(part.old) != part.new { count += 1 }
        continue scanning
      }
      result.append(characters[index])
      index += 1
    }
    return result
  }

  /// How a part of a word must be set off from its neighbours.
  private enum PartKind {
    /// `Fun`: any character before it; after it, no lowercase letter.
    case capitalized
    /// `fun`, `funapp`: no lowercase letter before or after it.
    case lowercase
    /// `FUN`: no uppercase letter before or after it.
    case uppercase

    /// Whether `character` next to the part would make the part part of a longer word.
    func continues(_ character: Character) -> Bool {
      self == .uppercase ? character.isUppercase : character.isLowercase
    }
  }

  /// Whether `part` stands alone at `index`: `nil` if not, else whether a plural `s` follows it
  /// (`two Funs` are two of the new name), which then belongs to the part.
  private func match(_ part: [Character], kind: PartKind, in characters: [Character], at index: Int) -> Bool? {
    guard !part.isEmpty, index + part.count <= characters.count,
      Array(characters[index..<index + part.count]) == part
    else { return nil }
    let before = index > 0 ? characters[index - 1] : nil
    if kind != .capitalized, before.map(kind.continues) ?? false { return nil }
    let end = index + part.count
    let after = end < characters.count ? characters[end] : nil
    guard let after, kind.continues(after) else { return false }
    guard kind != .uppercase, after == "s" else { return nil }
    let afterPlural = end + 1 < characters.count ? characters[end + 1] : nil
    return afterPlural.map(kind.continues) ?? false ? nil : true
  }
}
