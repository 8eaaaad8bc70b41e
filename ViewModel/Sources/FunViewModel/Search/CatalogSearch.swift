import Foundation
import FunModel

/// Case- and diacritic-insensitive substring search over a catalog, built once per catalog.
///
/// An item matches when every word of the folded query occurs in its folded title, subtitle
/// or category, in any order and any of the three (folding lowercases, strips diacritics and
/// expands compatibility forms: `Écrire` is found by `ecrire`, `ÉCRIRE` and `écr`; `swift data`
/// finds `SwiftData`). A category filter keeps only the items of that category (compared
/// exactly). Results keep catalog order.
///
/// Cost: the initializer folds every item once, into one contiguous UTF-8 buffer; a search
/// then only folds the query and scans that buffer byte by byte, so it costs about what a
/// substring scan over pre-lowercased strings costs: what keeps a search at a million items
/// within a keystroke (fun-bench's search growth). ASCII text folds by lowercasing; other text
/// goes through Foundation's `folding(options:locale:)` and compatibility decomposition.
///
/// A value type with no shared state: safe to use from any thread.
public struct CatalogSearch: Sendable {
  /// The catalog, in its original order.
  let items: [FeaturedItem]

  /// The distinct categories of ``items``, sorted case-insensitively.
  let categories: [String]

  /// Folded title, subtitle and category of every item, each field followed by a 0 byte.
  private let text: [UInt8]
  /// `text[starts[i]..<starts[i + 1]]` belongs to `items[i]`; one more entry than items.
  private let starts: [Int]
  /// The position in ``categories`` of every item's category.
  private let categoryPositions: [Int]

  /// Indexes `items`.
  public init(items: [FeaturedItem]) {
    self.items = items
    // Each item's category is hashed once, numbered in the order first seen, and the numbers are
    // mapped to sorted positions at the end: it buys load time (fun-bench's load ratios).
    var seenCategories: [String: Int] = [:]
    var seenPositions: [Int] = []
    seenPositions.reserveCapacity(items.count)
    var text: [UInt8] = []
    text.reserveCapacity(items.count * 80)
    var starts: [Int] = []
    starts.reserveCapacity(items.count + 1)
    for item in items {
      starts.append(text.count)
      Self.appendFolded(item.title, to: &text)
      text.append(0)
      Self.appendFolded(item.subtitle, to: &text)
      text.append(0)
      Self.appendFolded(item.category, to: &text)
      text.append(0)
      if let seen = seenCategories[item.category] {
        seenPositions.append(seen)
      } else {
        seenPositions.append(seenCategories.count)
        seenCategories[item.category] = seenCategories.count
      }
    }
    starts.append(text.count)
    self.text = text
    self.starts = starts
    let sorted = seenCategories.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }
    categories = sorted.map(\.key)
    var sortedPosition = [Int](repeating: 0, count: sorted.count)
    for (position, category) in sorted.enumerated() {
      sortedPosition[category.value] = position
    }
    categoryPositions = seenPositions.map { sortedPosition[$0] }
  }

  /// The items that match `query` (leading and trailing whitespace ignored; an empty query
  /// matches everything) and, when `category` is given, belong to it: positions into the
  /// indexed items, not copies of them.
  public func search(_ query: String, category: String? = nil) -> CatalogItems {
    CatalogItems(items, positions: matchingPositions(query, category: category))
  }

  /// Like ``search(_:category:)``, but returns positions in ``items``.
  func matchingPositions(_ query: String, category: String? = nil) -> [Int] {
    var wantedCategory: Int?
    if let category {
      guard let position = categories.firstIndex(of: category) else { return [] }
      wantedCategory = position
    }
    // The words end to end, each at its range: one buffer to scan from, as the text is.
    var needles: [UInt8] = []
    var wordRanges: [Range<Int>] = []
    for word in Self.words(of: query) {
      wordRanges.append(needles.count..<(needles.count + word.utf8.count))
      needles.append(contentsOf: word.utf8)
    }
    var matches: [Int] = []
    text.withUnsafeBufferPointer { haystack in
      needles.withUnsafeBufferPointer { needles in
        for position in items.indices {
          if let wantedCategory, categoryPositions[position] != wantedCategory { continue }
          let (start, end) = (starts[position], starts[position + 1])
          if wordRanges.allSatisfy({
            Self.contains(UnsafeBufferPointer(rebasing: needles[$0]), in: haystack, from: start, to: end)
          }) {
            matches.append(position)
          }
        }
      }
    }
    return matches
  }

  /// The folded words of `query`, each of which a match contains; none for a blank query.
  public static func words(of query: String) -> [String] {
    var folded: [UInt8] = []
    appendFolded(query, to: &folded)
    // 0 separates the fields, so a word without it never matches across two of them.
    return folded.split { $0 == 0 || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }
      .map { String(decoding: $0, as: UTF8.self) }
  }

  /// `text` as the search compares it: lowercased, without diacritics (`É` → `e`), with
  /// compatibility forms expanded (`ﬁ` → `fi`, full-width letters → ASCII).
  public static func fold(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendFolded(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendFolded(_ text: String, to buffer: inout [UInt8]) {
    // ASCII folds by lowercasing alone, byte by byte in place, with no String made per field:
    // it buys load time (fun-bench's load ratios).
    var text = text
    let isASCII = text.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
      let start = buffer.count
      buffer.append(contentsOf: bytes)
      for position in start..<buffer.count where buffer[position] &- UInt8(ascii: "A") < 26 {
        buffer[position] += 32
      }
      return true
    }
    if isASCII { return }
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    for scalar in folded.decomposedStringWithCompatibilityMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      buffer.append(contentsOf: String(scalar).lowercased().utf8)
    }
  }

  private static func contains(
    _ needle: UnsafeBufferPointer<UInt8>,
    in haystack: UnsafeBufferPointer<UInt8>,
    from start: Int,
    to end: Int
  ) -> Bool {
    guard let first = needle.first else { return true }
    let count = needle.count
    var position = start
    let last = end - count
    while position <= last {
      if haystack[position] == first {
        var offset = 1
        while offset < count, haystack[position + offset] == needle[offset] {
          offset += 1
        }
        if offset == count { return true }
      }
      position += 1
    }
    return false
  }
}
