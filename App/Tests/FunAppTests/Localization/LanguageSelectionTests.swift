import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunModel

@Suite("Language selection")
struct LanguageSelectionTests {
  @Test(
    "--lang wins; else LC_ALL, LC_MESSAGES, LANG in that order, the first set and not empty",
    arguments: [
      (nil, ["LANG": "de_DE.UTF-8"], Language.de),
      (nil, ["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"], .en),
      (nil, ["LC_ALL": "", "LC_MESSAGES": "de_AT", "LANG": "en_GB"], .de),
      (nil, ["LC_MESSAGES": "C", "LANG": "de_DE"], .en),
      (nil, ["LANG": "de_CH.ISO8859-1@euro"], .de),
      (nil, ["LANG": "POSIX"], .en),
      (nil, [:], .en),
      (.de, ["LANG": "en_US.UTF-8"], .de),
      (.pseudo, [:], .pseudo),
      (.en, ["LC_ALL": "de_DE.UTF-8"], .en),
    ] as [(Language?, [String: String], Language)])
  func interactive(option: Language?, environment: [String: String], expected: Language) {
    let choice = LanguageSelection.choose(option: option, environment: environment, isScript: false)
    #expect(choice.language == expected)
    #expect(choice.note == nil)
  }

  @Test("Script mode ignores the environment, so flows read the same everywhere; --lang still applies")
  func scriptMode() {
    let environment = ["LC_ALL": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"]
    #expect(LanguageSelection.choose(option: nil, environment: environment, isScript: true).language == .en)
    #expect(LanguageSelection.choose(option: .de, environment: [:], isScript: true).language == .de)
  }

  @Test("An unknown language from the environment is English, with a note for the log naming what was asked and where")
  func unknownLanguage() throws {
    let fromLang = LanguageSelection.choose(option: nil, environment: ["LANG": "fr_FR.UTF-8"], isScript: false)
    #expect(fromLang.language == .en)
    let note = try #require(fromLang.note)
    #expect(note.contains("fr_FR.UTF-8") && note.contains("LANG") && note.contains("de"))
  }

  @Test("--lang with a language Fun has no table for is a bad argument: exit 2 with the languages")
  func unknownLanguageOption() async {
    for code in ["xx", "dee", "klingon"] {
      let run = await FunRun.run(["--lang", code, "--help"])
      #expect(run.status == 2)
      #expect(run.errors.first == "fun: unknown language '\(code)': expected one of en, de, pseudo")
      #expect(run.output.isEmpty)
    }
  }

  @Test("--help speaks the chosen language; the English help names --lang")
  func help() async {
    #expect(AppOptions.help.contains("--lang CODE"))
    #expect(AppOptions.usage.contains("[--lang CODE]"))
    let german = AppOptions.help(in: Localizer(language: .de))
    #expect(german.contains("Optionen:") && german.contains("Aufruf: fun [--script DATEI|-]"))
    #expect(!german.contains("usage:"))
    let run = await FunRun.run(["--help", "--lang", "de"])
    #expect(run.output.joined(separator: "\n") == german)
  }

  @Test("--lang de in a script shows German; a script without it stays English whatever LANG says")
  func scriptFrames() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write("tab 5\n", to: "settings.fun")
    let german = await FunRun.run(
      ["--lang", "de", "--state-dir", directory.path("a"), "--profile", "ada", "--script", script])
    #expect(german.lastFrame?.text.contains("[Einstellungen]") == true, "\(german.output)")
    let english = await FunRun.run(
      ["--state-dir", directory.path("b"), "--profile", "ada", "--script", script],
      environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
    #expect(english.lastFrame?.text.contains("[Settings]") == true, "\(english.output)")
  }
}
