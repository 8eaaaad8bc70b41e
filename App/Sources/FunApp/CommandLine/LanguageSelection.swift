import FunModel

/// Which language the app speaks: `--lang CODE`, else the POSIX locale variables in their
/// order (`LC_ALL`, `LC_MESSAGES`, `LANG`; the first that is set and not empty decides), else
/// English. Script mode ignores the environment, so a flow reads the same on every machine;
/// `--lang` still applies there.
///
/// A code is read as POSIX writes locales: `de_DE.UTF-8@euro` is German. `C` and `POSIX` are
/// English. From the environment, a language without a table is English too, with a note the
/// log keeps; `--lang` with one is refused as a bad argument (`AppOptions`).
enum LanguageSelection {
  /// The language and, when the choice fell back to English, why.
  struct Choice: Equatable, Sendable {
    /// The language to speak.
    let language: Language
    /// Why the asked-for language was not used, for the log.
    let note: String?
  }

  /// The language for `option` (`--lang`, already checked) and `environment`; `isScript`
  /// ignores the environment.
  static func choose(option: Language?, environment: [String: String], isScript: Bool) -> Choice {
    if let option {
      return Choice(language: option, note: nil)
    }
    guard !isScript else { return Choice(language: .base, note: nil) }
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[variable], !value.isEmpty {
        return parse(value, source: variable)
      }
    }
    return Choice(language: .base, note: nil)
  }

  /// The language `value` names, read as POSIX writes locales (`de_DE.UTF-8@euro` is German,
  /// `C` and `POSIX` English); `nil` for a language without a table.
  static func language(forCode value: String) -> Language? {
    let code =
      value.split(whereSeparator: { $0 == "." || $0 == "@" }).first
      .map { String($0.split(whereSeparator: { $0 == "_" || $0 == "-" }).first ?? $0).lowercased() } ?? ""
    if code == "c" || code == "posix" { return .base }
    return Language(rawValue: code)
  }

  private static func parse(_ value: String, source: String) -> Choice {
    if let language = language(forCode: value) { return Choice(language: language, note: nil) }
    let known = Language.allCases.map(\.rawValue).joined(separator: ", ")
    return Choice(
      language: .base,
      note: "no strings for the language '\(value)' (from \(source)); using English (known: \(known))")
  }
}
