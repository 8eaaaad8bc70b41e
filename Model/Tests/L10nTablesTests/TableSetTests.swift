import Foundation
import Testing

@testable import L10nTables

@Suite struct TableSetTests {
  private func table(_ language: String, _ json: String) throws -> StringTable {
    try StringTable(language: language, data: Data(json.utf8), file: "\(language).json")
  }

  @Test func placeholdersAreReadWithTheirTypes() throws {
    let table = try table("en", #"{"profile.created": "Created {date:date} by {name}, {count:number} items"}"#)
    #expect(
      table.entries[0].placeholders == [
        .init(name: "date", type: .date), .init(name: "name", type: .string), .init(name: "count", type: .number),
      ])
  }

  @Test func aKeyMissingInATranslationFailsWithItsName() throws {
    let base = try table("en", #"{"tab.home": "Home", "tab.search": "Search"}"#)
    let german = try table("de", #"{"tab.home": "Start"}"#)
    #expect(
      throws: StringTable.Failure(description: #"de.json: error: key "tab.search" is missing (it is in en.json)"#)
    ) {
      try TableSet(base: base, translations: [german])
    }
  }

  @Test func aKeyOnlyInATranslationFails() throws {
    let base = try table("en", #"{"tab.home": "Home"}"#)
    let german = try table("de", #"{"tab.home": "Start", "tab.extra": "Mehr"}"#)
    #expect(throws: StringTable.Failure(description: #"de.json: error: key "tab.extra" is not in en.json"#)) {
      try TableSet(base: base, translations: [german])
    }
  }

  @Test func aWrongPlaceholderFailsWithBothSides() throws {
    let base = try table("en", #"{"profile.greeting": "Hello {name}"}"#)
    let german = try table("de", #"{"profile.greeting": "Hallo {nmae}"}"#)
    #expect(
      throws: StringTable.Failure(
        description:
          #"de.json: error: key "profile.greeting" has the placeholders {nmae:string}, but en.json has {name:string}"#
      )
    ) {
      try TableSet(base: base, translations: [german])
    }
  }

  @Test func aPlaceholderOfAnotherTypeFails() throws {
    let base = try table("en", #"{"profile.count": "{count:number} items"}"#)
    let german = try table("de", #"{"profile.count": "{count} Dinge"}"#)
    #expect(throws: StringTable.Failure.self) { try TableSet(base: base, translations: [german]) }
  }

  @Test func aPluralNeedsBothFormsAndACount() throws {
    #expect(throws: StringTable.Failure.self) { try table("en", #"{"a.b": {"one": "one"}}"#) }
    #expect(throws: StringTable.Failure.self) { try table("en", #"{"a.b": {"one": "one", "other": "many"}}"#) }
    #expect(throws: StringTable.Failure.self) { try table("en", #"{"a.b": 3}"#) }
    #expect(throws: StringTable.Failure.self) { try table("en", #"["a"]"#) }
    #expect(throws: StringTable.Failure.self) { try table("en", #"{"a.b": "{x:colour}"}"#) }
    #expect(throws: StringTable.Failure.self) { try table("en", #"{"a.b": "{x} {x:number}"}"#) }
  }

  @Test("keys are dotted identifiers", arguments: ["title", "Tab.home", "tab..home", "tab.home-page", "tab.", "9.a"])
  func badKeysFail(key: String) throws {
    #expect(throws: StringTable.Failure.self) { try table("en", #"{"\#(key)": "x"}"#) }
  }

  @Test("A key written twice fails with its name, where JSONSerialization would keep one text")
  func aKeyWrittenTwiceFails() throws {
    #expect(
      throws: StringTable.Failure(
        description:
          #"en.json: error: key "help.hints" is written twice; each key has one text, so remove or rename one"#)
    ) {
      try table("en", #"{"help.hints": "? help", "help.title": "Help", "help.hints": "r refresh"}"#)
    }
    // The same key in two objects, an escaped quote or a key-like value is no duplicate; nor
    // is a plural's `one` beside another plural's.
    let plurals = try table(
      "en",
      #"{"a.one": {"one": "{count:number} \"one\"", "other": "a.one"}, "a.two": {"one": "{count:number}", "other": "x"}}"#
    )
    #expect(plurals.entries.map(\.key) == ["a.one", "a.two"])
    #expect(DuplicateKeys.find(in: Data(#"{"p.k": {"one": "1", "one": "2"}}"#.utf8)) == ["one"])
  }

  @Test func aKeyThatIsAlsoAPrefixFails() throws {
    let base = try table("en", #"{"tab.home": "Home", "tab.home.title": "Home"}"#)
    #expect(throws: StringTable.Failure.self) { try TableSet(base: base, translations: []) }
  }

  @Test func aPseudoTableIsRefused() throws {
    let base = try table("en", #"{"tab.home": "Home"}"#)
    #expect(throws: StringTable.Failure.self) {
      try TableSet(base: base, translations: [try table("pseudo", #"{"tab.home": "x"}"#)])
    }
  }

  @Test func literalBracesStayText() {
    #expect(Template.parse("{ not } {a-b} {ok}") == [.literal("{ not } {a-b} "), .placeholder(name: "ok", type: nil)])
    #expect(Template.untyped("{count:number} of {total}") == "{count} of {total}")
  }

  @Test func thePseudoLocaleAccentsLengthensAndBracketsButKeepsPlaceholdersAndKeys() {
    let pseudo = PseudoLocale.transform("x resets {count} settings")
    #expect(pseudo.hasPrefix("⟦x ") && pseudo.hasSuffix("⟧"))
    #expect(pseudo.contains("{count}"))
    #expect(!pseudo.contains("resets") && !pseudo.contains("settings"))
    let english = "Favorites"
    let lengthened = PseudoLocale.transform(english).dropFirst().dropLast()
    #expect(lengthened.count >= Int((Double(english.count) * 1.4).rounded(.down)))
  }

  @Test func theGeneratedSourceHasAnAccessorPerKeyAndASwitchPerLanguage() throws {
    let base = try table(
      "en",
      #"{"tab.home": "Home", "profile.favoritesCount": {"one": "{count:number} favorite", "other": "{count:number} favorites"}, "sign.in.greeting": "Hi {name}, {count:number}"}"#
    )
    let german = try table(
      "de",
      #"{"tab.home": "Start", "profile.favoritesCount": {"one": "{count:number} Favorit", "other": "{count:number} Favoriten"}, "sign.in.greeting": "Hallo {name}, {count:number}"}"#
    )
    let source = CodeGenerator.source(for: try TableSet(base: base, translations: [german]))
    #expect(source.contains("public static var home: LocalizedText { LocalizedText(.tabHome) }"))
    #expect(source.contains("public static func favoritesCount(_ count: Int) -> LocalizedText {"))
    #expect(source.contains("public static func greeting(name: String, count: Int) -> LocalizedText {"))
    #expect(source.contains("public enum Sign {") && source.contains("public enum In {"))
    #expect(source.contains(#"case .tabHome: .text("Start")"#))
    #expect(
      source.contains(#"case .profileFavoritesCount: .plural(one: "{count} Favorit", other: "{count} Favoriten")"#))
    #expect(source.contains("case en") && source.contains("case de") && source.contains("case pseudo"))
  }

  @Test func literalsAreEscaped() {
    #expect(CodeGenerator.literal("a \"b\" \\ \n\u{1B}") == #""a \"b\" \\ \n\u{1b}""#)
  }

  @Test func theGeneratorReadsFilesAndReportsUnreadableOnes() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "l10n-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let english = folder.appending(path: "en.json")
    try Data(#"{"tab.home": "Home"}"#.utf8).write(to: english)
    #expect(try Generator.run(tablePaths: [english.path]).contains("case .tabHome: .text(\"Home\")"))
    #expect(throws: StringTable.Failure.self) {
      try Generator.run(tablePaths: [folder.appending(path: "de.json").path])
    }
    #expect(throws: StringTable.Failure.self) { try Generator.run(tablePaths: []) }
  }
}
