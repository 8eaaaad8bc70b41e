/// Any JSON value, decoded and encoded as it is: how a state file's top-level members that this
/// version of Fun does not know are kept until the file is written again (see `StateDocument`).
///
/// A number is kept as a 64-bit integer when it is one, otherwise as a `Double`, and written back
/// as `JSONEncoder` writes those: the value is kept, its spelling is not (`1.0` comes back as `1`,
/// `1e2` as `100`), and an integer beyond 64 bits or a decimal with more digits than a `Double`
/// holds comes back rounded. Keeping each number's text would take a JSON reader of our own; a
/// member a newer Fun writes is its own output, which these spellings do not change the meaning of.
enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int64.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}
