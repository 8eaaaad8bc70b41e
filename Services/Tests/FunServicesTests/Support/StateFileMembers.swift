import Foundation

@testable import FunServices

/// The top-level members of the JSON object in the file at `url`.
func members(ofFileAt url: URL) throws -> [String: JSONValue] {
  try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
}

/// A member a newer Fun might write, nested and of every kind, and its text in a file: what a
/// save by this version must keep as it is.
enum FutureMember {
  static let text = #"{"list":[1,2.5,true,null,"x"],"nested":{"deep":{"n":-7}}}"#
  static let value = JSONValue.object([
    "list": .array([.integer(1), .number(2.5), .bool(true), .null, .string("x")]),
    "nested": .object(["deep": .object(["n": .integer(-7)])]),
  ])
}
