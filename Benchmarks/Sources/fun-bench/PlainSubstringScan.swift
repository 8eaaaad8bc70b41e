import Foundation
import FunModel

/// The baseline search: a lowercased substring test on pre-lowercased titles and subtitles.
///
/// It is what a developer writes first, minus the work that does not depend on the query:
/// lowercasing the catalog happens once, in the initializer, not in every search. `contains`
/// is Foundation's, as in any file that imports Foundation; it compares through `NSString`.
struct PlainSubstringScan {
  private let items: [FeaturedItem]
  private let titles: [String]
  private let subtitles: [String]

  /// Lowercases every title and subtitle of `items` once.
  init(items: [FeaturedItem]) {
    self.items = items
    titles = items.map { $0.title.lowercased() }
    subtitles = items.map { $0.subtitle.lowercased() }
  }

  /// The items whose title or subtitle contains `query`, ignoring case, in catalog order.
  func search(_ query: String) -> [FeaturedItem] {
    let needle = query.lowercased()
    var matches: [FeaturedItem] = []
    for position in items.indices where titles[position].contains(needle) || subtitles[position].contains(needle) {
      matches.append(items[position])
    }
    return matches
  }
}
