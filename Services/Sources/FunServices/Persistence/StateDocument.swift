/// A value saved as a state file's top-level JSON object, whose members other than
/// ``knownKeys`` are kept when the file is written again (see `StateDocument`).
protocol StateFileObject: Codable, Sendable {
  /// Every top-level key this version reads or writes, including one it leaves out when empty:
  /// a member under one of them always comes from the value, never from the file it replaces.
  static var knownKeys: Set<String> { get }
}

/// What a state file holds: the value this version of Fun reads, and the file's top-level
/// members it does not know, written back beside the value's own when the file is saved.
///
/// So a file written by a newer Fun (and then saved by an older one) or edited by hand loses
/// nothing this version has no use for. Only top-level members are kept: a known member is
/// written whole from the value, so what a newer Fun nests inside it is not. Members are kept
/// for a ``StateFileObject``; any other value (an array, a number) has none.
struct StateDocument<Value: Codable & Sendable>: Codable, Sendable {
  /// What this version reads from the file.
  var value: Value
  /// The file's other top-level members, by key.
  var unknownMembers: [String: JSONValue]

  /// `value`, with `unknownMembers` to write beside it (none for a new file).
  init(_ value: Value, unknownMembers: [String: JSONValue] = [:]) {
    self.value = value
    self.unknownMembers = unknownMembers
  }

  init(from decoder: any Decoder) throws {
    value = try Value(from: decoder)
    unknownMembers = [:]
    guard let knownKeys = Self.knownKeys else { return }
    let container = try decoder.container(keyedBy: MemberKey.self)
    for key in container.allKeys where !knownKeys.contains(key.stringValue) {
      unknownMembers[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
  }

  func encode(to encoder: any Encoder) throws {
    if let knownKeys = Self.knownKeys {
      var container = encoder.container(keyedBy: MemberKey.self)
      for (key, member) in unknownMembers where !knownKeys.contains(key) {
        try container.encode(member, forKey: MemberKey(stringValue: key))
      }
    }
    // After the kept members, into the same object: a key both hold is the value's.
    try value.encode(to: encoder)
  }

  /// The keys `Value` reads and writes, if it is an object whose other members are kept.
  private static var knownKeys: Set<String>? {
    (Value.self as? any StateFileObject.Type)?.knownKeys
  }

  private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
      self.stringValue = stringValue
    }

    init?(intValue: Int) {
      nil
    }
  }
}
