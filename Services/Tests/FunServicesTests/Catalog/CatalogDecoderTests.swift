import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("CatalogDecoder")
struct CatalogDecoderTests {
  private let decoder = CatalogDecoder()

  private func decode(_ json: String) -> Result<[FeaturedItem], AppError> {
    do {
      return .success(try decoder.decode(Data(json.utf8)))
    } catch {
      return .failure(error)
    }
  }

  /// The English reason of the ``AppError/malformedCatalog(reason:)`` that decoding `json` throws,
  /// as the log writes it; `nil` when it throws nothing or something else.
  private func malformedReason(_ json: String) -> String? {
    guard case .failure(.malformedCatalog(let reason)) = decode(json) else { return nil }
    return reason.description
  }

  /// One valid item as a JSON object, with `replacing` spliced over its fields.
  private func item(_ id: String = "swiftui", replacing fields: [String: String] = [:]) -> String {
    var all = [
      "id": "\"\(id)\"", "title": "\"SwiftUI\"", "subtitle": "\"Declarative UI\"",
      "category": "\"Frameworks\"", "description": "\"Views as values.\"", "featured": "true",
    ]
    all.merge(fields) { _, new in new }
    let body = all.sorted { $0.key < $1.key }.compactMap { key, value in
      value.isEmpty ? nil : "\"\(key)\":\(value)"
    }
    return "{" + body.joined(separator: ",") + "}"
  }

  @Test("A valid catalog decodes to its items, in order")
  func decodesValidCatalog() {
    #expect(decode(CatalogFixtures.json()) == .success(CatalogFixtures.items))
  }

  @Test("Unknown fields, at the top level and in items, are ignored")
  func ignoresUnknownFields() {
    let json = """
      {"version": 3, "items": [{"id":"swiftui","title":"SwiftUI","subtitle":"UI","category":"Frameworks",
      "description":"Views.","featured":false,"rating":4.5,"tags":["ui"],"extra":{"nested":null}}],
      "generatedBy": "hand"}
      """
    let expected = FeaturedItem(
      id: "swiftui", title: "SwiftUI", subtitle: "UI", category: "Frameworks", description: "Views.",
      isFeatured: false
    )
    #expect(decode(json) == .success([expected]))
  }

  @Test("A missing featured flag means not featured")
  func featuredIsOptional() throws {
    let items = try decode("{\"items\":[\(item(replacing: ["featured": ""]))]}").get()
    #expect(items.map(\.isFeatured) == [false])
  }

  @Test("An empty items array is a valid, empty catalog")
  func emptyCatalog() {
    #expect(decode("{\"items\":[]}") == .success([]))
  }

  @Test(
    "A missing required field names the item's index and the field",
    arguments: ["id", "title", "subtitle", "category", "description"]
  )
  func missingField(field: String) {
    let json = "{\"items\":[\(item("first")),\(item("second")),\(item("third", replacing: [field: ""]))]}"
    #expect(decode(json) == .failure(.missingField(itemIndex: 2, field: field)))
  }

  @Test(
    "A field of the wrong type is malformed, naming the item and field",
    arguments: [
      ("title", "42", "items[1] field \"title\" must be a string"),
      ("subtitle", "null", "items[1] field \"subtitle\" must be a string"),
      ("id", "[\"swiftui\"]", "items[1] field \"id\" must be a string"),
      ("featured", "\"yes\"", "items[1] field \"featured\" must be true or false"),
      ("featured", "1", "items[1] field \"featured\" must be true or false"),
    ]
  )
  func wrongType(field: String, value: String, reason: String) {
    let json = "{\"items\":[\(item("first")),\(item("second", replacing: [field: value]))]}"
    #expect(malformedReason(json) == reason)
  }

  @Test(
    "A string field whose escapes make no character is not valid text, not of the wrong type",
    arguments: ["\"x\\ud800\"", "\"\\udc00x\""])
  func fieldNotText(value: String) {
    let json = "{\"items\":[\(item("first")),\(item("second", replacing: ["description": value]))]}"
    #expect(
      malformedReason(json)
        == "items[1] field \"description\" is not valid text: it holds an escape that is no character, "
        + "such as half of a surrogate pair")
  }

  @Test("Text that is not JSON is malformed, and says so", arguments: ["", "hello", "{\"items\":[", "<html></html>"])
  func notJSON(text: String) throws {
    let error = try #require(decode(text).failure)
    guard case .malformedCatalog(let reason) = error else {
      Issue.record("expected malformedCatalog, got \(error)")
      return
    }
    #expect(reason.description.hasPrefix("it is not valid JSON ("))
  }

  @Test(
    "JSON of the wrong shape is malformed with a reason naming the problem",
    arguments: [
      ("[]", "expected a JSON object with an \"items\" array at the top level"),
      ("\"items\"", "expected a JSON object with an \"items\" array at the top level"),
      ("{}", "there is no \"items\" array at the top level"),
      ("{\"Items\":[]}", "there is no \"items\" array at the top level"),
      ("{\"items\":{}}", "\"items\" must be an array of objects"),
      ("{\"items\":null}", "\"items\" must be an array of objects"),
      (
        "{\"items\":[{\"id\":\"a\",\"title\":\"A\",\"subtitle\":\"\",\"category\":\"C\",\"description\":\"\"},7]}",
        "items[1] must be a JSON object"
      ),
    ]
  )
  func wrongShape(json: String, reason: String) {
    #expect(malformedReason(json) == reason)
  }

  @Test("A body of more values than its size allows is refused before it is parsed, saying how many it may hold")
  func tooManyValuesAreRefused() {
    let limit = CatalogDecoder.valuesAlwaysAllowed
    let json = #"{"x":["# + String(repeating: "[],", count: limit) + #"0],"items":[]}"#

    #expect(
      malformedReason(json)
        == L10n.Reason.tooManyValues(values: limit, bytes: json.utf8.count).description)
    #expect(CatalogDecoder.maximumValues(forBytes: json.utf8.count) == limit, "the floor, not the ratio, holds here")
  }

  @Test("The densest real catalog decodes: ids and one-letter fields, far past the floor, stay within the bound")
  func densestRealCatalogDecodes() throws {
    let count = 40_000
    let items = (0..<count).map {
      #"{"id":"i\#($0)","title":"t","subtitle":"s","category":"c","description":"d","featured":true}"#
    }
    let json = #"{"items":["# + items.joined(separator: ",") + "]}"
    #expect(JSONValueCount.of(Data(json.utf8), stoppingPast: .max) > CatalogDecoder.valuesAlwaysAllowed)

    #expect(try decoder.decode(Data(json.utf8)).count == count)
  }

  @Test("Commas, brackets and quotes inside text are no values: a description made of them decodes")
  func punctuationInTextIsNoValue() throws {
    let escaped = String(repeating: #",[{\"\\"#, count: CatalogDecoder.valuesAlwaysAllowed)
    let json = #"{"items":["# + item(replacing: ["description": "\"\(escaped)\""]) + "]}"

    let text = String(repeating: #",[{"\"#, count: CatalogDecoder.valuesAlwaysAllowed)
    #expect(try decoder.decode(Data(json.utf8)).first?.description == text)
  }

  @Test("A repeated id is malformed, naming both items")
  func duplicateID() {
    let json = "{\"items\":[\(item("swiftui")),\(item("combine")),\(item("swiftui"))]}"
    #expect(malformedReason(json) == "items[2] repeats the id \"swiftui\" of items[0]")
  }

  @Test("An id that is not a slug is malformed", arguments: ["", "has space", "ansi\u{1B}[31m", "a/b"])
  func invalidID(id: String) throws {
    let error = try #require(decode("{\"items\":[\(item(replacing: ["id": quoted(id)]))]}").failure)
    guard case .malformedCatalog(let reason) = error else {
      Issue.record("expected malformedCatalog, got \(error)")
      return
    }
    #expect(reason.description.hasPrefix("items[0] id "))
    #expect(reason.description.contains("must be a slug"))
  }

  @Test(
    "A text field over its bound refuses the catalog, naming the item, the field and the bound; one at it is whole",
    arguments: [
      ("title", CatalogDecoder.maximumLineFieldBytes), ("subtitle", CatalogDecoder.maximumLineFieldBytes),
      ("category", CatalogDecoder.maximumLineFieldBytes), ("description", CatalogDecoder.maximumDescriptionBytes),
    ])
  func fieldBounds(field: String, limit: Int) throws {
    // Counted in bytes: two-byte letters reach the bound in half as many characters.
    let atBound = String(repeating: "ä", count: limit / 2)
    let whole = try decode("{\"items\":[\(item(replacing: [field: quoted(atBound)]))]}").get()
    #expect(whole.count == 1)
    #expect([whole[0].title, whole[0].subtitle, whole[0].category, whole[0].description].contains(atBound))

    let over = atBound + "a"
    let json = "{\"items\":[\(item("first")),\(item("second", replacing: [field: quoted(over)]))]}"
    #expect(malformedReason(json) == "items[1] field \"\(field)\" has \(limit + 1) bytes; at most \(limit) are allowed")
  }

  @Test("The bundled catalog is rich enough for the app: ≥ 24 items, ≥ 5 categories, ≥ 6 featured")
  func bundledCatalogMeetsTheBar() async throws {
    let service = CatalogNetworkService(
      source: .bundled,
      clock: ManualClock(),
      logger: MockLoggerService(),
      latency: .zero,
      toasts: MockToastService()
    )
    let items = try await service.fetchCatalog(simulatingFailure: false).items
    #expect(items.count >= 24)
    #expect(Set(items.map(\.category)).count >= 5)
    #expect(items.filter(\.isFeatured).count >= 6)
    #expect(Set(items.map(\.id)).count == items.count)
    for item in items {
      #expect(!item.title.isEmpty && !item.subtitle.isEmpty, "\(item.id)")
      #expect(item.description.count >= 80, "\(item.id) needs a real description")
      let text = [item.title, item.subtitle, item.category, item.description].joined()
      #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(item.id)")
    }
  }

  private func quoted(_ text: String) -> String {
    let escaped = text.unicodeScalars.map { scalar in
      scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
    }
    return "\"" + escaped.joined() + "\""
  }
}

extension Result {
  /// The error, if this is a failure.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
