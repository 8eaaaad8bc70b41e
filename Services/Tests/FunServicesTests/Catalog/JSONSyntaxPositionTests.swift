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
