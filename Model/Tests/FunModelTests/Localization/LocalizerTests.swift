import Foundation
import Testing

@testable import FunModel

@Suite struct LocalizerTests {
  @Test func aTextResolvesInTheInjectedLanguage() {
    #expect(Localizer(language: .en)(L10n.Tab.settings) == "Settings")
    #expect(Localizer(language: .de)(L10n.Tab.settings) == "Einstellungen")
    #expect(Localizer(language: .pseudo)(L10n.Tab.settings).hasPrefix("⟦Š"))
    #expect(Localizer(language: .pseudo)(L10n.Tab.settings).hasSuffix("⟧"))
  }

  @Test func aSentenceStartsWithACapitalInItsLanguageAndLeavesTheRestAsWritten() {
    let unknown = L10n.CommandLine.unknownCommand("jump")
    #expect(Localizer(language: .en)(unknown.sentence) == "Unknown command 'jump'")
    #expect(Localizer(language: .en)(unknown) == "unknown command 'jump'", "the text itself keeps its case")
    #expect(Localizer(language: .de)(unknown.sentence) == "Unbekannter Befehl 'jump'")
    #expect(Localizer.base(LocalizedText.verbatim("über 'x'").sentence) == "Über 'x'")
    // A quote, a digit or a capital first is left as it is.
    #expect(Localizer.base(L10n.CommandLine.takesNoArgument("quit").sentence) == "'quit' takes no argument")
    #expect(Localizer.base(LocalizedText.verbatim("3 rows").sentence) == "3 rows")
    #expect(Localizer.base(LocalizedText.verbatim("").sentence) == "")
  }

  @Test func pluralsChooseTheirFormByCount() {
    #expect(Localizer(language: .en)(L10n.Favorites.count(1)) == "1 favorite")
    #expect(Localizer(language: .en)(L10n.Favorites.count(0)) == "0 favorites")
    #expect(Localizer(language: .de)(L10n.Favorites.count(1)) == "1 Favorit")
    #expect(Localizer(language: .de)(L10n.Favorites.count(2)) == "2 Favoriten")
  }

  @Test func numbersAndDatesFollowTheLanguage() {
    #expect(Localizer(language: .en)(L10n.Favorites.count(1234)) == "1,234 favorites")
    #expect(Localizer(language: .de)(L10n.Favorites.count(1234)) == "1.234 Favoriten")
    let date = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01 00:00 UTC
    #expect(Localizer(language: .en).format(date) == "2025-01-01")
    #expect(Localizer(language: .de).format(date) == "1. Jan. 2025")
  }

  @Test("A date with its time is written to the minute on a 24-hour clock, in the localizer's time zone")
  func datesWithTimesFollowTheLanguageAndTheTimeZone() throws {
    let date = Date(timeIntervalSince1970: 1_735_689_600 + 14 * 3600 + 5 * 60 + 59)  // 2025-01-01 14:05:59 UTC
    #expect(Localizer(language: .en)(L10n.Sources.loaded(count: 2, date: date)) == "2 items, loaded 2025-01-01 14:05")
    #expect(
      Localizer(language: .de)(L10n.Sources.loaded(count: 2, date: date))
        == "2 Einträge, geladen am 1. Jan. 2025, 14:05")
    // Eleven hours ahead, the day has turned: the day and the time move together.
    let sydney = try #require(TimeZone(identifier: "Australia/Sydney"))
    #expect(Localizer(language: .en, timeZone: sydney).formatDateTime(date) == "2025-01-02 01:05")
    #expect(Localizer(language: .en, timeZone: sydney).format(date) == "2025-01-02")
    #expect(Localizer(language: .de, timeZone: sydney).formatDateTime(date) == "2. Jan. 2025, 01:05")
  }

  @Test func numbersBelowAThousandAreWrittenAsTheLanguagesFormatWritesThem() {
    for language in Language.allCases {
      let locale = Locale(identifier: language == .pseudo ? Language.base.rawValue : language.rawValue)
      for number in [0, 1, 9, 10, 99, 100, 999, 1000, 12_345] {
        #expect(Localizer(language: language).format(number) == number.formatted(.number.locale(locale)))
      }
    }
  }

  @Test func anInvalidLinksReasonSpeaksTheLanguageToo() throws {
    let error = #expect(throws: AppError.self) { try DeepLink(parsing: "funapp://tab/inbox") }
    let text = try #require(error).text
    #expect(Localizer(language: .en)(text) == "Cannot open funapp://tab/inbox: unknown tab \"inbox\"")
    let german = "funapp://tab/inbox kann nicht geöffnet werden: unbekannter Tab „inbox“"
    #expect(Localizer(language: .de)(text) == german)
    let guest = AppError.profileRequired(reason: L10n.Error.guestHasNoProfile).text
    let germanGuest = "Melde dich zuerst bei einem Profil an: ein Gast hat kein Profil zum Bearbeiten"
    #expect(Localizer(language: .de)(guest) == germanGuest)
  }

  @Test func verbatimTextIsTheSameInEveryLanguageAndTheLogIsEnglish() {
    for language in Language.allCases {
      #expect(Localizer(language: language)(.verbatim("SwiftUI {x}")) == "SwiftUI {x}")
    }
    #expect(L10n.Tab.home.description == "Home")
    #expect(Localizer.base.language == .en)
  }

  @Test func equalTextsAreEqualWhateverTheLanguage() {
    #expect(L10n.Favorites.count(2) == L10n.Favorites.count(2))
    #expect(L10n.Favorites.count(2) != L10n.Favorites.count(3))
    #expect(L10n.Tab.home != .verbatim("Home"))
  }

  /// The plugin runs in every build, so the compiled tables follow the files; this checks the
  /// files and the compiled-in text agree key by key, and that every table has every key
  /// with the same placeholders.
  @Test(arguments: Language.allCases.filter { $0 != .pseudo })
  func theCompiledTablesAreTheFiles(language: Language) throws {
    let table = try Self.table(language)
    let english = try Self.table(.en)
    #expect(Set(table.keys) == Set(L10n.Key.allCases.map(\.rawValue)))
    for key in L10n.Key.allCases {
      let compiled: [String] =
        switch key.form(in: language) {
        case .text(let text): [text]
        case .plural(let one, let other): [one, other]
        }
      #expect(compiled == (table[key.rawValue] ?? []).map(Self.untyped), "\(language) \(key.rawValue)")
      #expect(
        Self.placeholders(table[key.rawValue] ?? []) == Self.placeholders(english[key.rawValue] ?? []),
        "\(language) \(key.rawValue)")
    }
  }

  /// One word per idea in a language: an activity is "Bereich" in German wherever it is
  /// named (the switcher, help, hints, the reader), never also "Aktivität".
  @Test func germanNamesAnActivityOneWay() throws {
    let german = try Self.table(.de)
    let mixed = german.filter { _, forms in forms.contains { $0.contains("Aktivität") } }.keys.sorted()
    #expect(mixed.isEmpty, "\(mixed)")
    #expect(german["activity.switcherTitle"] == ["Bereiche"])
  }

  /// One word per idea in a language: the hints that offer ↑↓ to scroll (Sources, Detail, the
  /// help) say it as help's list of keys does, never "blättern" on one and "scrollen" on
  /// another (German pages the carousel with "blättern": that is ←→, another key).
  @Test(arguments: Language.allCases.filter { $0 != .pseudo })
  func everyScrollingHintNamesScrollingAsHelpDoes(language: Language) throws {
    let table = try Self.table(language)
    let scroll = try #require(table["help.scroll"]?.first)
    let hints = table.filter { key, _ in key.hasSuffix(".hintsScrolling") }
    #expect(hints.count == 3, "\(hints.keys.sorted())")
    for (key, forms) in hints {
      // A hint of its own, wherever on the line (Detail's follows its way back, `Esc back`).
      #expect(
        forms.allSatisfy { $0.components(separatedBy: "  ").contains("↑↓ \(scroll)") }, "\(language) \(key): \(forms)")
    }
  }

  /// German writes a whole sentence after a colon with a capital: "Ein Link wartet: Er öffnet
  /// sich …", as a reader expects of a sentence.
  @Test func germanStartsASentenceAfterAColonWithACapital() throws {
    let german = try Self.table(.de)
    let keys = [
      "sheet.linksWaiting", "myItems.idClash", "commandLine.mouseOff", "handoff.noAcknowledgement",
      "cli.cannotReadScript",
    ]
    for key in keys {
      for form in german[key] ?? [] {
        let after = try #require(form.split(separator: ": ", maxSplits: 1).last, "\(key)")
        #expect(after.first?.isUppercase == true, "\(key): \(form)")
      }
    }
  }

  /// One spelling per key in a language: a German hint writes a key as German help names it
  /// (`Esc`, `Tab`, `Entf`, `Strg-S`), never `esc` beside `Strg-S` on one line, nor the
  /// terminal's `^C`; the word after it stays as German writes it (`Esc abbrechen`).
  @Test func germanTextsSpellAKeyAsHelpNamesIt() throws {
    let german = try Self.table(.de)
    let names = try [
      "keys.enter", "keys.escape", "keys.backspace", "keys.tab", "keys.home", "keys.end", "keys.pageUp",
      "keys.pageDown", "keys.delete", "keys.insert", "keys.space",
    ].map { key in try #require(german[key]?.first, "\(key)") }
    let byFoldedName = [String: String](names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    var misspelled: [String] = []
    // `cli.help` and the command line's messages quote script commands (`key esc`), which are
    // typed as written.
    for (key, forms) in german where key != "cli.help" && !key.hasPrefix("commandLine.") {
      for word in forms.flatMap({ $0.split(whereSeparator: \.isWhitespace) }) {
        let word = String(word).trimmingCharacters(in: CharacterSet(charactersIn: "[](),.:;"))
        // `keys.ctrl` itself (`Strg-{key}`) is the spelling.
        let isControl = word.hasPrefix("^") || (word.lowercased().hasPrefix("strg-") && !word.contains("{"))
        if let name = byFoldedName[word.lowercased()], name != word {
          misspelled.append("\(key): \(word) (help: \(name))")
        } else if isControl, word.wholeMatch(of: /Strg-[A-Z]/) == nil {
          misspelled.append("\(key): \(word) (help: Strg-…)")
        }
      }
    }
    #expect(misspelled.isEmpty, "\(misspelled.sorted())")
  }

  @Test func everyPseudoTextIsBracketedAndLonger() {
    for key in L10n.Key.allCases {
      let english = Localizer(language: .en)(LocalizedText(key))
      let pseudo = Localizer(language: .pseudo)(LocalizedText(key))
      #expect(pseudo.hasPrefix("⟦") && pseudo.hasSuffix("⟧"), "\(key)")
      #expect(pseudo.count >= english.count + 2, "\(key)")
    }
  }

  // MARK: Reading the table files

  private static let tables = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Sources/FunModel/Localization/Tables")

  /// The table of `language`: each key's forms as written.
  private static func table(_ language: Language) throws -> [String: [String]] {
    let data = try Data(contentsOf: tables.appending(path: "\(language.rawValue).json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return object.mapValues { value in
      if let text = value as? String { return [text] }
      let forms = value as? [String: String] ?? [:]
      return [forms["one"] ?? "", forms["other"] ?? ""]
    }
  }

  private static func placeholders(_ forms: [String]) -> Set<String> {
    Set(
      forms.flatMap { form in
        form.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap {
          $0.split(separator: "}").first.map(String.init)
        }
      })
  }

  private static func untyped(_ form: String) -> String {
    form.replacing(/\{([A-Za-z0-9]+):[A-Za-z]+\}/) { "{\($0.1)}" }
  }
}
