import Foundation

/// A text a person sees, not yet in a language: a key of the string tables with its
/// arguments, or text from data shown as it is (`verbatim`).
///
/// ViewModels, services and errors produce these through the generated accessors
/// (`L10n.Settings.title`, `L10n.Profile.favoritesCount(3)`), so they never know the
/// language; the screen resolves them with the ``Localizer`` it was given, and the log with
/// ``Localizer/base``. Two texts are equal when they have the same key and arguments, so a
/// toast shown twice is still recognised whatever the language.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
  /// A value for a placeholder, of the type the table names.
  enum Argument: Hashable, Sendable {
    /// Text from data, shown as it is.
    case string(String)
    /// An integer, formatted for the language.
    case number(Int)
    /// A day, formatted for the language.
    case date(Date)
    /// A day and its time of day, formatted for the language.
    case dateTime(Date)
    /// Another localized text.
    indirect case text(LocalizedText)
  }

  /// A table's text for one key: plain, or plural forms chosen by the `count` argument.
  enum Form: Hashable, Sendable {
    case text(String)
    case plural(one: String, other: String)
  }

  enum Content: Hashable, Sendable {
    case entry(L10n.Key, [String: Argument])
    case verbatim(String)
    /// Another text, starting with a capital letter.
    indirect case sentence(LocalizedText)
  }

  let content: Content

  init(_ key: L10n.Key, arguments: [String: Argument] = [:]) {
    content = .entry(key, arguments)
  }

  /// Text from data (a title, a name, a message from the system) shown as it is in every
  /// language.
  public static func verbatim(_ text: String) -> LocalizedText {
    LocalizedText(content: .verbatim(text))
  }

  /// The text as a sentence on its own: its first letter upper-case, in whatever language it
  /// is resolved. A reason written to follow a prefix (`error: line 3: unknown command 'jump'`)
  /// keeps one wording in the tables and reads as a sentence where it stands alone (a toast).
  public var sentence: LocalizedText {
    LocalizedText(content: .sentence(self))
  }

  private init(content: Content) {
    self.content = content
  }

  /// The text in the base language, as the log writes it.
  public var description: String {
    Localizer.base.string(self)
  }
}
