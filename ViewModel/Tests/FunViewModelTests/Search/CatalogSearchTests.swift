import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunViewModel

@Suite("CatalogSearch")
struct CatalogSearchTests {
  let search = CatalogSearch(items: CatalogFixtures.items)

  @Test(
    "Matches title, subtitle and category, ignoring case, diacritics and outer spaces",
    arguments: [
      ("", nil, ["swiftui", "combine", "swiftdata", "concurrency", "macros", "generics", "swiftpm", "instruments"]),
      ("swiftui", nil, ["swiftui"]),
      ("SWIFTUI", nil, ["swiftui"]),
      ("ecrire", nil, ["generics"]),
      ("ÉCRI", nil, ["generics"]),
      ("écrire une", nil, ["generics"]),
      ("  instruments  ", nil, ["instruments"]),
      ("tools", nil, ["swiftpm", "instruments"]),
      ("values over", nil, ["combine"]),
      ("swift", "Frameworks", ["swiftui", "swiftdata"]),
      ("", "Tools", ["swiftpm", "instruments"]),
      ("swift", "Nope", []),
      ("zzz", nil, []),
      ("interfaces values", nil, []),
    ] as [(String, String?, [String])]
  )
  func matches(query: String, category: String?, expectedIDs: [String]) {
    #expect(search.search(query, category: category).map(\.id) == expectedIDs)
  }

  @Test(
    "Every word of the query matches on its own, in any order and any of the three fields",
    arguments: [
      ("swift data", ["swiftdata"]),
      ("data swift", ["swiftdata"]),
      ("\tswift   data\n", ["swiftdata"]),
      // "ui" in SwiftUI's title, "declarative" in its subtitle.
      ("ui declarative", ["swiftui"]),
      ("frameworks macros", ["swiftdata"]),
      ("swift zzz", []),
    ] as [(String, [String])]
  )
  func everyWordMatches(query: String, expectedIDs: [String]) {
    #expect(search.search(query).map(\.id) == expectedIDs)
  }

  @Test("A word never spans two fields")
  func noMatchAcrossFields() {
    // "SwiftUI" is followed by its subtitle "Declarative…": "uideclarative" must not match.
    #expect(search.search("uideclarative").isEmpty)
  }

  @Test(
    "fold lowercases, strips diacritics and expands compatibility forms",
    arguments: [
      ("Écrire", "ecrire"), ("ÅNGSTRÖM", "angstrom"), ("ﬁle", "file"), ("Ｓｗｉｆｔ", "swift"),
      ("Crème Brûlée", "creme brulee"), ("plain ascii", "plain ascii"),
    ]
  )
  func fold(text: String, folded: String) {
    #expect(CatalogSearch.fold(text) == folded)
  }

  @Test("Categories are distinct and sorted")
  func categories() {
    #expect(search.categories == ["Frameworks", "Language", "Tools"])
  }

  @Test("On a large catalog it finds exactly what a plain lowercased scan of each word finds")
  func largeCatalogMatchesReference() {
    let items = CatalogFixtures.generated(count: 20_000)
    let index = CatalogSearch(items: items)
    for query in ["generics", "item 1999", "CATEGORY 3", "about streams", "zzz", "7 t"] {
      let words = query.lowercased().split(separator: " ")
      let reference = items.filter { item in
        words.allSatisfy { word in
          [item.title, item.subtitle, item.category].contains { $0.lowercased().contains(word) }
        }
      }
      #expect(Array(index.search(query)) == reference, "query \(query)")
    }
    #expect(index.search("", category: "Category 2").count == 2_500)
  }
}
