import Foundation

/// One language's string table as read from its JSON file: every key with its text, or its
/// plural forms, and the placeholders the text names.
///
/// A table is a flat JSON object. A key's dots name the enums of the generated accessor
/// (`settings.title` becomes `L10n.Settings.title`); a value is a string or, for a plural,
/// an object with the forms `one` and `other`. Placeholders are named in braces with an
/// optional type: `{name}` (text), `{count:number}` (an integer, formatted for the language),
/// `{date:date}` (a day), `{date:dateTime}` (a day and its time), `{reason:text}` (a localized
/// text or a string).
public struct StringTable: Sendable, Equatable {
  /// A placeholder's type, which decides the generated parameter's type.
  public enum PlaceholderType: String, Sendable, Equatable, CaseIterable {
    case string, number, date, dateTime, text
  }

  /// A named placeholder of an entry.
  public struct Placeholder: Sendable, Equatable, Hashable {
    /// Its name, also the generated parameter's.
    public let name: String
    /// Its type.
    public let type: PlaceholderType
  }

  /// One key's text.
  public enum Value: Sendable, Equatable {
    /// A text with no plural forms.
    case text(String)
    /// Plural forms, chosen by the `count` placeholder.
    case plural(one: String, other: String)

    /// Every form of the value.
    public var forms: [String] {
      switch self {
      case .text(let text): [text]
      case .plural(let one, let other): [one, other]
      }
    }
  }

  /// One key of the table.
  public struct Entry: Sendable, Equatable {
    /// The key, such as `settings.title`.
    public let key: String
    /// The text.
    public let value: Value
    /// The placeholders the forms name, sorted by their first appearance.
    public let placeholders: [Placeholder]
  }

  /// The language code, the file's name without `.json` (`en`, `de`).
  public let language: String
  /// The entries, sorted by key.
  public let entries: [Entry]

  /// A table error: where it is and what is wrong, as the build shows it.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The message.
    public let description: String

    /// A failure with `description`.
    public init(description: String) {
      self.description = description
    }
  }

  /// Reads the table of `language` from its JSON `data`; `file` names it in errors.
  public init(language: String, data: Data, file: String) throws {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw Failure(description: "\(file): error: not valid JSON (\(error.localizedDescription))")
    }
    guard let dictionary = object as? [String: Any] else {
      throw Failure(description: "\(file): error: the table must be a JSON object of keys")
    }
    // JSONSerialization keeps one value of a key written twice; the build must not pick one.
    if let key = DuplicateKeys.find(in: data).first {
      throw Failure(
        description: "\(file): error: key \"\(key)\" is written twice; each key has one text, so remove or rename one")
    }
    var entries: [Entry] = []
    for key in dictionary.keys.sorted() {
      guard Self.isValidKey(key) else {
        throw Failure(
          description: "\(file): error: key \"\(key)\": use dot-separated names of letters and digits, "
            + "starting with a lowercase letter (settings.title)")
      }
      let value: Value
      switch dictionary[key] {
      case let text as String:
        value = .text(text)
      case let forms as [String: Any]:
        guard let one = forms["one"] as? String, let other = forms["other"] as? String, forms.count == 2 else {
          throw Failure(
            description: "\(file): error: key \"\(key)\": a plural has exactly the string forms \"one\" and \"other\"")
        }
        value = .plural(one: one, other: other)
      default:
        throw Failure(description: "\(file): error: key \"\(key)\": the value must be a string or {\"one\", \"other\"}")
      }
      let placeholders = try Self.placeholders(in: value.forms, key: key, file: file)
      if case .plural = value, !placeholders.contains(Placeholder(name: "count", type: .number)) {
        throw Failure(description: "\(file): error: key \"\(key)\": a plural needs the placeholder {count:number}")
      }
      entries.append(Entry(key: key, value: value, placeholders: placeholders))
    }
    self.language = language
    self.entries = entries
  }

  /// A key is dot-separated identifiers, each a lowercase letter then letters and digits.
  static func isValidKey(_ key: String) -> Bool {
    let segments = key.split(separator: ".", omittingEmptySubsequences: false)
    return segments.count >= 2
      && segments.allSatisfy { segment in
        guard let first = segment.first, first.isASCII, first.isLowercase else { return false }
        return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
  }

  /// The placeholders `forms` name, in order of first appearance; a name used with two types
  /// is an error.
  static func placeholders(in forms: [String], key: String, file: String) throws -> [Placeholder] {
    var found: [Placeholder] = []
    for form in forms {
      for token in Template.parse(form) {
        guard case .placeholder(let name, let typeName) = token else { continue }
        guard let type = PlaceholderType(rawValue: typeName ?? "string") else {
          throw Failure(
            description: "\(file): error: key \"\(key)\": unknown placeholder type \"\(typeName ?? "")\" in {\(name)}; "
              + "use string, number, date, dateTime or text")
        }
        if let earlier = found.first(where: { $0.name == name }) {
          guard earlier.type == type else {
            throw Failure(
              description: "\(file): error: key \"\(key)\": {\(name)} is used as \(earlier.type) and as \(type)")
          }
          continue
        }
        found.append(Placeholder(name: name, type: type))
      }
    }
    return found
  }
}
