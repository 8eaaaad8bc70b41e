/// Every language's table, checked against the base: the same keys, each with the same
/// placeholders of the same types. The generator refuses to emit code for tables that differ,
/// so a key missing in one language fails the build instead of showing a blank.
public struct TableSet: Sendable {
  /// The base table (English), which the pseudo-locale is generated from.
  public let base: StringTable
  /// The other tables, in the order given.
  public let translations: [StringTable]

  /// Checks `translations` against `base`; throws one failure listing every difference.
  public init(base: StringTable, translations: [StringTable]) throws {
    var problems: [String] = []
    let baseEntries = Dictionary(uniqueKeysWithValues: base.entries.map { ($0.key, $0) })
    for table in translations {
      let entries = Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0) })
      for key in baseEntries.keys.sorted() where entries[key] == nil {
        problems.append("\(table.language).json: error: key \"\(key)\" is missing (it is in \(base.language).json)")
      }
      for key in entries.keys.sorted() where baseEntries[key] == nil {
        problems.append("\(table.language).json: error: key \"\(key)\" is not in \(base.language).json")
      }
      for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
        guard let baseEntry = baseEntries[key] else { continue }
        if Set(entry.placeholders) != Set(baseEntry.placeholders) {
          problems.append(
            "\(table.language).json: error: key \"\(key)\" has the placeholders \(Self.describe(entry.placeholders)), "
              + "but \(base.language).json has \(Self.describe(baseEntry.placeholders))")
        }
      }
    }
    if base.language == Self.pseudoLanguage || translations.contains(where: { $0.language == Self.pseudoLanguage }) {
      problems.append(
        "\(Self.pseudoLanguage).json: error: the pseudo-locale is generated from \(base.language).json; remove the file"
      )
    }
    var namespaces = Set<String>()
    for entry in base.entries {
      let segments = entry.key.split(separator: ".")
      for end in 1..<segments.count { namespaces.insert(segments[..<end].joined(separator: ".")) }
    }
    for entry in base.entries where namespaces.contains(entry.key) {
      problems.append("\(base.language).json: error: key \"\(entry.key)\" is also the prefix of other keys")
    }
    guard problems.isEmpty else { throw StringTable.Failure(description: problems.joined(separator: "\n")) }
    self.base = base
    self.translations = translations
  }

  /// The name of the generated pseudo-locale.
  public static let pseudoLanguage = "pseudo"

  private static func describe(_ placeholders: [StringTable.Placeholder]) -> String {
    placeholders.isEmpty
      ? "none" : placeholders.map { "{\($0.name):\($0.type.rawValue)}" }.sorted().joined(separator: ", ")
  }
}
