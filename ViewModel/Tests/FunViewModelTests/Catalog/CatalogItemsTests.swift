import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunViewModel

@Suite("CatalogItems")
struct CatalogItemsTests {
  let items = CatalogFixtures.items

  @Test("Without positions the rows are every item, in order")
  func everyItem() {
    let rows = CatalogItems(items)
    #expect(rows.count == items.count)
    #expect(Array(rows) == items)
    #expect(rows.indices == items.indices)
  }

  @Test("With positions the rows are the items at those positions, in the order given")
  func somePositions() {
    let positions = [items.count - 1, 0, 2]
    let rows = CatalogItems(items, positions: positions)
    #expect(rows.count == 3)
    #expect(rows.map(\.id) == positions.map { items[$0].id })
    #expect(rows[1] == items[0])
    #expect(rows.first == items[items.count - 1])
    #expect(rows.last == items[2])
  }

  @Test("No rows: empty, whether made empty or from no positions")
  func empty() {
    #expect(CatalogItems().isEmpty)
    #expect(CatalogItems(items, positions: []).isEmpty)
    #expect(CatalogItems(items, positions: []).first == nil)
  }

  @Test("A search's rows are the catalog's items at the matching positions")
  func searchRows() {
    let search = CatalogSearch(items: items)
    for query in ["", "swift", "zzz-no-match"] {
      let positions = search.matchingPositions(query)
      #expect(Array(search.search(query)) == positions.map { items[$0] }, "query \(query)")
    }
  }
}
