import Foundation
import Testing

@testable import FunServices

@Suite("CatalogSource")
struct CatalogSourceTests {
  @Test(
    "The --catalog argument picks remote for http(s) URLs and a file otherwise",
    arguments: [
      ("https://example.com/catalog.json", CatalogSource.remote(URL(string: "https://example.com/catalog.json")!)),
      ("HTTP://127.0.0.1:8080/c", .remote(URL(string: "HTTP://127.0.0.1:8080/c")!)),
      ("catalog.json", .file(path: "catalog.json")),
      ("/tmp/my catalog.json", .file(path: "/tmp/my catalog.json")),
      ("file:///tmp/catalog.json", .file(path: "/tmp/catalog.json")),
      ("httpdocs/catalog.json", .file(path: "httpdocs/catalog.json")),
    ]
  )
  func parsesArgument(argument: String, expected: CatalogSource) {
    #expect(CatalogSource(argument: argument) == expected)
  }

  @Test("A source describes itself the way error messages name it")
  func describesItself() {
    #expect(CatalogSource.bundled.description == "the bundled catalog")
    #expect(CatalogSource.file(path: "/tmp/c.json").description == "/tmp/c.json")
    #expect(CatalogSource(argument: "https://example.com/c.json").description == "https://example.com/c.json")
  }
}
