import FunViewModel

/// Where a search query matches a result's text, as ``/FunViewModel/CatalogSearch`` matches it: folded
/// (case, diacritics and compatibility forms ignored), so `ecrire` marks `Écrire` in the
/// original text.
enum MatchHighlight {
  /// The offsets (in `Character`s) of the characters of `text` that some occurrence of a
  /// word of `query` covers; empty for a blank query or no match.
  static func matchedCharacters(of query: String, in text: String) -> Set<Int> {
    let words = CatalogSearch.words(of: query).map { Array($0.utf8) }
    guard !words.isEmpty else { return [] }
    // Fold character by character, remembering which character each folded byte came from.
    var haystack: [UInt8] = []
    var owner: [Int] = []
    for (offset, character) in text.enumerated() {
      let folded = CatalogSearch.fold(String(character)).utf8
      haystack.append(contentsOf: folded)
      owner.append(contentsOf: repeatElement(offset, count: folded.count))
    }
    var matched: Set<Int> = []
    for needle in words {
      var start = 0
      while start + needle.count <= haystack.count {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) {
          matched.formUnion(owner[start..<(start + needle.count)])
          start += needle.count
        } else {
          start += 1
        }
      }
    }
    return matched
  }
}
