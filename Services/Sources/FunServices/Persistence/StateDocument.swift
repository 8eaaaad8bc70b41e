import Foundation

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
struct StateDocument<Value: Codable & Sendable>: Sendable {
  /// What this version reads from the file.
  var value: Value
  /// The file's other top-level members, by key.
  var unknownMembers: [String: JSONValue]

  /// `value`, with `unknownMembers` to write beside it (none for a new file).
  init(_ value: Value, unknownMembers: [String: JSONValue] = [:]) {
    self.value = value
    self.unknownMembers = unknownMembers
  }

  /// The document `data` holds: the value as `decoder` reads it, and the members it does not
  /// read as they are written, numbers in their own text.
  init(decoding data: Data, with decoder: JSONDecoder) throws {
    let decoded = try decoder.decode(Decoded.self, from: data)
    self.init(decoded.value)
    // Most files hold no unknown member: only those are read a second time.
    guard !decoded.unknownKeys.isEmpty else { return }
    guard case .object(let members) = try JSONValue(parsing: data) else { return }
    for key in decoded.unknownKeys {
      unknownMembers[key] = members[key]
    }
  }

  /// The file's contents: the value as `encoder` writes it (with `.prettyPrinted` and
  /// `.sortedKeys`) and the kept members beside its own, in key order, each written as it was
  /// read. A key both hold is the value's.
  func encoded(with encoder: JSONEncoder) throws -> Data {
    let data = try encoder.encode(value)
    guard let knownKeys = Self.knownKeys else { return data }
    let kept = unknownMembers.filter { !knownKeys.contains($0.key) }
    guard !kept.isEmpty else { return data }
    // The value's members stay exactly as the encoder wrote them; the kept ones go between.
    let written = try JSONValue.members(parsing: data)
    guard case .object(let own) = written.value else { return data }
    var members = written.members.map { (key: $0.key, text: String(decoding: data[$0.text], as: UTF8.self)) }
    for (key, member) in kept.sorted(by: { $0.key < $1.key }) where own[key] == nil {
      var text = ""
      JSONValue.writeString(key, to: &text)
      text += " : " + member.formatted(depth: 1)
      let position = members.firstIndex { key < $0.key } ?? members.endIndex
      members.insert((key, text), at: position)
    }
    return Data(("{\n" + members.map { "  " + $0.text }.joined(separator: ",\n") + "\n}").utf8)
  }

  /// The keys `Value` reads and writes, if it is an object whose other members are kept.
  private static var knownKeys: Set<String>? {
    (Value.self as? any StateFileObject.Type)?.knownKeys
  }

  /// The value and the keys of the members it does not read.
  private struct Decoded: Decodable {
    var value: Value
    var unknownKeys: [String] = []

    init(from decoder: any Decoder) throws {
      value = try Value(from: decoder)
      guard let knownKeys = StateDocument.knownKeys else { return }
      let container = try decoder.container(keyedBy: MemberKey.self)
      unknownKeys = container.allKeys.map(\.stringValue).filter { !knownKeys.contains($0) }
    }
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
