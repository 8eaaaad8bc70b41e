import Foundation
import Testing

@testable import FunServices

@Suite("JSONValueCount")
struct JSONValueCountTests {
  /// The values of `object` as the count counts them: a container is one however few it
  /// holds, and each of its elements or members after the first one more.
  private static func expectedCount(of object: Any) -> Int {
    switch object {
    case let array as [Any]:
      max(array.count, 1) + array.reduce(0) { $0 + expectedCount(of: $1) }
    case let members as [String: Any]:
      max(members.count, 1) + members.values.reduce(0) { $0 + expectedCount(of: $1) }
    default:
      0
    }
  }

  @Test(
    "Counts what a parser finds, skipping strings whatever their escapes hold",
    arguments: [
      #"{"items":[]}"#,
      #"[[[[]]],{},[],{"a":[1,2,{"b":null}]}]"#,
      #"{"a":"x,[{y","b":["\",[", "\\", "\\\"{,"],"c":"\\\\"}"#,
      #"{"k\"[":"v\\","l":["\u0022,", "é,[", "\\\\\\\","]}"#,
      #"[0,1,2,3,"",",",  {"":""}, [ ] ]"#,
    ])
  func countsValuesOutsideStrings(json: String) throws {
    let data = Data(json.utf8)
    let object = try JSONSerialization.jsonObject(with: data)

    #expect(JSONValueCount.of(data, stoppingPast: .max) == Self.expectedCount(of: object))
  }

  @Test("Stops one past the limit, so a body of millions of values is not read to its end")
  func stopsPastTheLimit() {
    let data = Data(("[" + String(repeating: "0,", count: 1_000) + "0]").utf8)

    #expect(JSONValueCount.of(data, stoppingPast: 10) == 11)
    #expect(JSONValueCount.of(data, stoppingPast: .max) == 1_001)
  }

  @Test("A string that never closes ends the count where the text ends")
  func unclosedString() {
    #expect(JSONValueCount.of(Data(#"[1,"never, closed [ {"#.utf8), stoppingPast: .max) == 2)
  }
}
