import FunModel

/// A stronger baseline: the plain scan over lowercased UTF-8 bytes, without `String` overhead.
struct ByteSubstringScan {
  private let items: [FeaturedItem]
  private let titles: [[UInt8]]
  private let subtitles: [[UInt8]]

  /// Lowercases every title and subtitle of `items` once, as bytes.
  init(items: [FeaturedItem]) {
    self.items = items
    titles = items.map { Array($0.title.lowercased().utf8) }
    subtitles = items.map { Array($0.subtitle.lowercased().utf8) }
  }

  /// The items whose title or subtitle contains `query`, ignoring case, in catalog order.
  func search(_ query: String) -> [FeaturedItem] {
    let needle = Array(query.lowercased().utf8)
    var matches: [FeaturedItem] = []
    for position in items.indices
    where Self.contains(needle, in: titles[position]) || Self.contains(needle, in: subtitles[position]) {
      matches.append(items[position])
    }
    return matches
  }

  private static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count else { return false }
    return haystack.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
          var offset = 1
          while offset < needle.count, haystack[start + offset] == needle[offset] {
            offset += 1
          }
          if offset == needle.count { return true }
        }
        return false
      }
    }
  }
}
