import Foundation
import FunModelTestSupport
import Testing

@testable import FunModel

/// The catalog file shape: `{"items":[…]}`.
private struct CatalogFile: Decodable {
  let items: [FeaturedItem]
}

@Suite("CatalogFixtures")
struct CatalogFixturesTests {
  private func decode(_ json: String) throws -> [FeaturedItem] {
    try JSONDecoder().decode(CatalogFile.self, from: Data(json.utf8)).items
  }

  @Test("The fixture has eight items in three categories, four of them featured")
  func fixtureShape() {
    #expect(CatalogFixtures.items.count == 8)
    #expect(Set(CatalogFixtures.items.map(\.category)) == ["Frameworks", "Language", "Tools"])
    #expect(CatalogFixtures.featured.map(\.id) == ["swiftui", "combine", "concurrency", "swiftpm"])
    #expect(Set(CatalogFixtures.items.map(\.id)).count == CatalogFixtures.items.count)
    #expect(CatalogFixtures.items.allSatisfy { DeepLink.isValidID($0.id) })
  }

  @Test("item(_:) finds a fixture item by id")
  func itemByID() {
    #expect(CatalogFixtures.item("macros").title == "Macros")
  }

  @Test("The fixture JSON decodes back to the fixture items")
  func jsonRoundTrips() throws {
    #expect(try decode(CatalogFixtures.json()) == CatalogFixtures.items)
  }

  @Test("The JSON uses the catalog's field names, with featured rather than isFeatured")
  func jsonUsesCatalogFieldNames() throws {
    let json = CatalogFixtures.json([CatalogFixtures.item("swiftui")])
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: Any]]]
    let item = try #require(object?["items"]?.first)

    #expect(Set(item.keys) == ["id", "title", "subtitle", "category", "description", "featured"])
    #expect(item["featured"] as? Bool == true)
  }

  @Test("Quotes, backslashes, newlines and control characters survive the JSON")
  func jsonEscapesSpecialCharacters() throws {
    let tricky = FeaturedItem(
      id: "tricky",
      title: "Say \"hi\" \\ bye",
      subtitle: "line one\nline two\ttabbed",
      category: "Esc\u{1B}[31mape",
      description: "Bell \u{07} and unicode é ☕️",
      isFeatured: false
    )

    #expect(try decode(CatalogFixtures.json([tricky])) == [tricky])
  }

  @Test("Generated catalogs have the requested size, categories and every seventh item featured")
  func generatedCatalogs() throws {
    let items = CatalogFixtures.generated(count: 30, categories: 4)

    #expect(items.count == 30)
    #expect(Set(items.map(\.category)).count == 4)
    #expect(items.filter(\.isFeatured).map(\.id) == ["item-0", "item-7", "item-14", "item-21", "item-28"])
    #expect(Set(items.map(\.id)).count == 30)
    #expect(try decode(CatalogFixtures.json(items)) == items)
  }
}
