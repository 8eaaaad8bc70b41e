import FunModel

/// Everything screens read of one fetched catalog with your items merged in, built together
/// off the main actor.
struct LoadedCatalog: Sendable {
  /// The items the source gave, in its order.
  let fetched: [FeaturedItem]
  /// Your items as they were merged, shown or not.
  let own: [FeaturedItem]
  let items: [FeaturedItem]
  let featuredItems: [FeaturedItem]
  /// The position of each id in ``items`` (the first, should an id repeat).
  let positions: [String: Int]
  /// The fetched ids that have capital letters, by their lowercase: with ``positions``, how a
  /// new id of yours is compared with the catalog's in any case, one look-up each.
  let foldedFetchedIDs: [String: String]
  let search: CatalogSearch
  /// The ids of your items among ``items``.
  let ownIDs: Set<String>
  /// The ids of your items left out because the fetched catalog uses them too, in your order.
  let clashingIDs: [String]

  /// Nothing fetched and none of yours: what shows before anything has.
  static let empty = LoadedCatalog(
    fetched: [], own: [], items: [], featuredItems: [], positions: [:], foldedFetchedIDs: [:],
    search: CatalogSearch(items: []), ownIDs: [], clashingIDs: [])

  /// Builds the indexes of `own` followed by `fetched` on the global executor, so the main
  /// actor goes on drawing frames and taking keys while a large catalog is indexed. An own
  /// item whose id `fetched` also uses is left out. The same fetched items and own items as
  /// `shown`'s (a 304, a saved copy standing in) keep what was built from them: arrays sharing
  /// their storage compare equal at once; other own items with the same fetched items merge
  /// again.
  @concurrent
  static func indexing(
    _ fetched: [FeaturedItem], own: [FeaturedItem], reusing shown: LoadedCatalog? = nil
  ) async -> LoadedCatalog {
    if let shown, shown.fetched == fetched, shown.own == own { return shown }
    let folded = shown?.fetched == fetched ? shown?.foldedFetchedIDs ?? [:] : foldedIDs(of: fetched)
    guard !own.isEmpty else {
      // The search's index on a second core while the rest is built here: the list shows
      // sooner after a large load (fun-bench's load ratios).
      async let search = CatalogSearch(items: fetched)
      return LoadedCatalog(
        fetched: fetched, own: own, items: fetched, featuredItems: fetched.filter(\.isFeatured),
        positions: positions(of: fetched), foldedFetchedIDs: folded, search: await search, ownIDs: [],
        clashingIDs: [])
    }
    let fetchedPositions = positions(of: fetched)
    let clashing = own.filter { fetchedPositions[$0.id] != nil }.map(\.id)
    let shownOwn = own.filter { fetchedPositions[$0.id] == nil }
    // Yours come first, so that a new one shows at the top of Home; the fetched catalog's
    // positions move by as many, which means indexing it again, paid only while you have items.
    let items = shownOwn + fetched
    async let search = CatalogSearch(items: items)
    return LoadedCatalog(
      fetched: fetched, own: own, items: items, featuredItems: items.filter(\.isFeatured),
      positions: positions(of: items), foldedFetchedIDs: folded, search: await search,
      ownIDs: Set(shownOwn.map(\.id)), clashingIDs: clashing)
  }

  private static func foldedIDs(of items: [FeaturedItem]) -> [String: String] {
    var folded: [String: String] = [:]
    // Most catalogs' ids are lowercase: only the others need a second key. Backwards, so the
    // first of two that differ only in case is kept.
    for item in items.reversed() where item.id.utf8.contains(where: { (65...90).contains($0) }) {
      folded[item.id.lowercased()] = item.id
    }
    return folded
  }

  private static func positions(of items: [FeaturedItem]) -> [String: Int] {
    var positions: [String: Int] = [:]
    positions.reserveCapacity(items.count)
    // Backwards, so that the first of a repeated id is the one kept, with one lookup per item.
    for position in items.indices.reversed() {
      positions[items[position].id] = position
    }
    return positions
  }
}
