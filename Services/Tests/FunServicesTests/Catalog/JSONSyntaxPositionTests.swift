import Foundation
import Testing

@testable import FunModel
@testable import FunServices

@Suite("JSONSyntaxPosition")
struct JSONSyntaxPositionTests {
  @Test(
    "Where the JSON breaks is its line and column, counted from 1 in characters",
    arguments: [
      ("{\"items\":[1,\n 2,, 3]}", JSONSyntaxPosition(line: 2, column: 4, endsEarly: false)),
      ("hello", JSONSyntaxPosition(line: 1, column: 1, endsEarly: false)),
      ("{\"items\": [\n  {\"títle\": \"é\"} x\n]}", JSONSyntaxPosition(line: 2, column: 18, endsEarly: false)),
      ("{\"items\":[\n", JSONSyntaxPosition(line: 2, column: 1, endsEarly: true)),
    ]
  )
  func position(json: String, expected: JSONSyntaxPosition) {
    #expect(JSONSyntaxPosition(of: Data(json.utf8)) == expected)
  }

  @Test("Valid JSON has no such position")
  func validJSON() {
    #expect(JSONSyntaxPosition(of: Data("{\"items\":[]}".utf8)) == nil)
  }

  @Test("The decoder's error says where the JSON broke, once, after the words the other tests know")
  func decoderSaysWhere() {
    #expect(
      message(decoding: "{\"items\":[1,\n 2,, 3]}")
        == "The catalog is not valid: it is not valid JSON (at line 2, column 4)")
    #expect(
      message(decoding: "{\"items\":[")
        == "The catalog is not valid: it is not valid JSON (it ends early, at line 1, column 11)")
  }

  @Test("A catalog nested deeper than the decoder goes is refused for its depth, not as not valid JSON")
  func nestedTooDeeply() {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let position = JSONSyntaxPosition(of: Data(deep.utf8))
    #expect(position?.isTooDeep == true)
    #expect(position?.line == 1)
    // The object around the items is one level of its own: the parser stops 8 columns further in.
    #expect(
      message(decoding: "{\"items\":\(deep)}")
        == "The catalog is not valid: its arrays and objects are nested too deeply (at line 1, column \((position?.column ?? 0) + 8))"
    )
    // A fault that is no depth keeps its words.
    #expect(JSONSyntaxPosition(of: Data("[1,,2]".utf8))?.isTooDeep == false)
  }

  /// The English message of what decoding `json` throws, as the log writes it.
  private func message(decoding json: String) -> String? {
    do {
      _ = try CatalogDecoder().decode(Data(json.utf8))
      return nil
    } catch {
      return error.message
    }
  }
}
