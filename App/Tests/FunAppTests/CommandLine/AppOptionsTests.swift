import Foundation
import Testing

@testable import FunApp
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

@Suite("AppOptions")
struct AppOptionsTests {
  /// Builds the options a test expects, starting from the defaults.
  private static func options(_ change: (inout AppOptions) -> Void = { _ in }) -> AppOptions {
    var options = AppOptions()
    change(&options)
    return options
  }

  static let validCommandLines: [(arguments: [String], expected: AppOptions)] = [
    ([], options()),
    (["--script", "tour.fun"], options { $0.script = .file("tour.fun") }),
    (["--script", "-"], options { $0.script = .standardInput }),
    (["--open", "funapp://item/swiftui"], options { $0.openURL = "funapp://item/swiftui" }),
    (["--catalog", "catalog.json"], options { $0.catalog = "catalog.json" }),
    (["--catalog", "http://127.0.0.1:8080/c.json"], options { $0.catalog = "http://127.0.0.1:8080/c.json" }),
    (["--state-dir", "/tmp/fun"], options { $0.stateDirectory = "/tmp/fun" }),
    (["--size", "100x30"], options { $0.size = TerminalSize(columns: 100, rows: 30) }),
    (["--size", "10X5"], options { $0.size = TerminalSize(columns: 10, rows: 5) }),
    (["--frames", "changed"], options { $0.frames = .changed }),
    (["--frames", "none"], options { $0.frames = .none }),
    (["--real-time"], options { $0.realTime = true }),
    (["--settle-timeout", "0.5"], options { $0.settleTimeout = .milliseconds(500) }),
    (["--open-timeout", "2.5"], options { $0.openTimeout = .milliseconds(2500) }),
    // The most either takes, as their message says.
    (["--settle-timeout", "3600"], options { $0.settleTimeout = .seconds(3600) }),
    (["--open-timeout", "3600"], options { $0.openTimeout = .seconds(3600) }),
    (["--no-color"], options { $0.noColor = true }),
    (["--screen-reader"], options { $0.screenReader = true }),
    (["--log-level", "debug"], options { $0.logLevel = .debug }),
    (["--log-level", "FAULT"], options { $0.logLevel = .fault }),
    (["--help"], options { $0.showHelp = true }),
    (["-h"], options { $0.showHelp = true }),
    (["--version"], options { $0.showVersion = true }),
    (
      ["--script", "a.fun", "--state-dir", "s", "--size", "40x12", "--no-color", "--real-time"],
      options {
        $0.script = .file("a.fun")
        $0.stateDirectory = "s"
        $0.size = TerminalSize(columns: 40, rows: 12)
        $0.noColor = true
        $0.realTime = true
      }
    ),
    (["--profile", "Ada_1"], options { $0.session = .profile(try! ProfileName(validating: "Ada_1")) }),
    (["--guest"], options { $0.session = .guest }),
    // A repeated option: the last one wins.
    (["--catalog", "a.json", "--catalog", "b.json"], options { $0.catalog = "b.json" }),
    // Catalogs that can be read: a path that looks like a URL after ./, a file URL, https.
    (["--catalog", "./ftp://x/y"], options { $0.catalog = "./ftp://x/y" }),
    (["--catalog", "file:///tmp/c.json"], options { $0.catalog = "file:///tmp/c.json" }),
    (["--catalog", "HTTPS://[::1]:8080/c.json"], options { $0.catalog = "HTTPS://[::1]:8080/c.json" }),
    (["--catalog", "c:/x.json"], options { $0.catalog = "c:/x.json" }),
  ]

  @Test("parses every option into its field", arguments: validCommandLines)
  func parsesValidCommandLines(arguments: [String], expected: AppOptions) throws {
    #expect(try AppOptions(arguments: arguments) == expected)
  }

  @Test("defaults to the bundled catalog, the default state directory, info logs and virtual time")
  func defaults() {
    let options = AppOptions()
    #expect(options.script == nil)
    #expect(options.catalog == nil)
    #expect(options.stateDirectory == nil)
    #expect(options.size == nil)
    #expect(options.logLevel == .info)
    #expect(options.session == nil)
    #expect(!options.realTime && !options.noColor && !options.showHelp && !options.showVersion)
  }

  static let invalidCommandLines: [(arguments: [String], message: String)] = [
    (["--script"], "option '--script' needs a file, or - for standard input"),
    (["--open"], "option '--open' needs a URL"),
    (["--catalog"], "option '--catalog' needs a catalog's path or URL"),
    (["--state-dir"], "option '--state-dir' needs a directory"),
    (["--size"], "option '--size' needs a size, e.g. 80x24"),
    (["--log-level"], "option '--log-level' needs a log level, e.g. debug"),
    (["--no-color", "--size"], "option '--size' needs a size, e.g. 80x24"),
    (["--size", "80"], "invalid size '80': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "80x"], "invalid size '80x': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "wide"], "invalid size 'wide': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "9x24"], "invalid size '9x24': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "80x4"], "invalid size '80x4': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "-80x24"], "invalid size '-80x24': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "80x24x2"], "invalid size '80x24x2': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "1001x24"], "invalid size '1001x24': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--size", "80x1001"], "invalid size '80x1001': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (["--frames", "some"], "invalid frames 'some': expected all, changed or none"),
    (["--settle-timeout", "0"], "invalid --settle-timeout '0': expected seconds, e.g. 5 or 0.5 (at most 3600)"),
    (["--open-timeout", "soon"], "invalid --open-timeout 'soon': expected seconds, e.g. 5 or 0.5 (at most 3600)"),
    (["--open-timeout", "3601"], "invalid --open-timeout '3601': expected seconds, e.g. 5 or 0.5 (at most 3600)"),
    (["--lang", "xx"], "unknown language 'xx': expected one of en, de, pseudo"),
    (["--lang", "dee"], "unknown language 'dee': expected one of en, de, pseudo"),
    (["--lang"], "option '--lang' needs a language code, e.g. de"),
    (["--frames"], "option '--frames' needs all, changed or none"),
    (["--size", "1001x24"], "invalid size '1001x24': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (
      ["--log-level", "loud"],
      "unknown log level 'loud': expected one of debug, info, notice, warning, error, fault"
    ),
    // An option where a value belongs is the value missing, never the value.
    (["--open", "--frames", "none"], "option '--open' needs a URL"),
    (["--open", "--state-dir", "/tmp/x"], "option '--open' needs a URL"),
    (["--state-dir", "--guest"], "option '--state-dir' needs a directory"),
    (["--script", "--real-time"], "option '--script' needs a file, or - for standard input"),
    (["--settle-timeout", "--lang", "de"], "option '--settle-timeout' needs seconds, e.g. 5 or 0.5"),
    (["--open-timeout"], "option '--open-timeout' needs seconds, e.g. 5 or 0.5"),
    (["--colour"], "unknown option '--colour'"),
    // A word without a dash is no option at all: Fun takes no operands.
    (["tour.fun"], "unexpected argument 'tour.fun'"),
    (["extra"], "unexpected argument 'extra'"),
    ([String(repeating: "x", count: 300)], "unexpected argument '" + String(repeating: "x", count: 199) + "…'"),
    (["-v"], "unknown option '-v'"),
    (["--help", "--bogus"], "unknown option '--bogus'"),
    (["--profile"], "option '--profile' needs a profile name"),
    (
      ["--profile", "Ada Lovelace"],
      "\"Ada Lovelace\" is not a valid profile name: use only ASCII letters, digits, - and _"
    ),
    (["--profile", ""], "\"\" is not a valid profile name: a name needs at least one character"),
    (["--profile", "../x"], "\"../x\" is not a valid profile name: use only ASCII letters, digits, - and _"),
    // A folder named like an option is a trap for `rm *` in profiles/.
    (
      ["--profile", "-rf"],
      "\"-rf\" is not a valid profile name: a name cannot start with -, which commands read as an option"
    ),
    // An option where the name belongs is the name missing: `--help` was never meant as one.
    (["--profile", "--help"], "option '--profile' needs a profile name"),
    // A catalog that cannot be read is refused here, not at load time as a file of that name.
    (["--catalog", ""], "--catalog needs a file path or an http(s) URL, not an empty value"),
    (
      ["--catalog", "ftp://x/y"],
      "--catalog cannot read ftp:// URLs: give a file path, a file:// URL or an http(s) URL (./ before a file whose path looks like a URL)"
    ),
    (
      ["--catalog", "http://[::1"],
      "invalid catalog URL 'http://[::1': expected one such as https://example.com/catalog.json"
    ),
    (
      ["--catalog", "https://"], "invalid catalog URL 'https://': expected one such as https://example.com/catalog.json"
    ),
    // A value quoted in a message shows its control characters escaped, the closing quote kept.
    (["--bogus\u{1B}[2J"], "unknown option '--bogus\\u{1B}[2J'"),
    (["--size", "\u{202E}42x80"], "invalid size '\\u{202E}42x80': expected WxH, e.g. 80x24, from 10x5 to 1000x1000"),
    (
      ["--profile", "ada", "--guest"],
      "--profile and --guest cannot be used together: a session is a profile's or a guest's"
    ),
    (
      ["--guest", "--profile", "ada"],
      "--profile and --guest cannot be used together: a session is a profile's or a guest's"
    ),
  ]

  @Test("rejects a bad command line with a message naming the problem", arguments: invalidCommandLines)
  func rejectsInvalidCommandLines(arguments: [String], message: String) {
    #expect(throws: AppOptions.ParseError.self) { try AppOptions(arguments: arguments) }
    do throws(AppOptions.ParseError) {
      _ = try AppOptions(arguments: arguments)
    } catch {
      #expect(error.message == message)
    }
  }

  @Test(
    "--lang takes a language Fun has, as a code or a locale",
    arguments: [("de", Language.de), ("DE", .de), ("de_DE.UTF-8", .de), ("pseudo", .pseudo), ("C", .en), ("en", .en)])
  func acceptsLanguages(code: String, language: Language) throws {
    #expect(try AppOptions(arguments: ["--lang", code]).language == language)
  }

  @Test(
    "with LANG=de_DE.UTF-8 every bad command line is answered in German, the usage line too; exit 2",
    arguments: [
      (["--bogus"], "fun: unbekannte Option '--bogus'"),
      (["--profile", "bad!"], "fun: \"bad!\" ist kein gültiger Profilname"),
      (["--size", "3"], "fun: ungültige Größe '3'"),
      (["--open"], "fun: Option '--open' braucht eine URL"),
      (["--open", "--frames", "none"], "fun: Option '--open' braucht eine URL"),
      (["--lang", "xx"], "fun: unbekannte Sprache 'xx': erwartet eine von en, de, pseudo"),
      (["--lang", "de", "--bogus"], "fun: unbekannte Option '--bogus'"),
      (["--profile", "-rf"], "fun: \"-rf\" ist kein gültiger Profilname: ein Name darf nicht mit - beginnen"),
      (["--catalog", ""], "fun: --catalog braucht einen Dateipfad oder eine http(s)-URL"),
      (["--catalog", "ftp://x/y"], "fun: --catalog kann keine ftp://-URLs lesen"),
      (["--catalog", "http://[::1"], "fun: ungültige Katalog-URL 'http://[::1'"),
    ])
  func localizedErrors(arguments: [String], prefix: String) async {
    let run = await FunRun.run(arguments, environment: ["LANG": "de_DE.UTF-8"])
    #expect(run.status == 2)
    #expect(run.errors.first?.hasPrefix(prefix) == true, "\(run.errors)")
    #expect(run.errors.dropFirst().first?.hasPrefix("Aufruf: fun [--script DATEI|-]") == true, "\(run.errors)")
  }

  @Test("the usage line and the help name every option")
  func usageNamesEveryOption() {
    let options = [
      "--script", "--open", "--catalog", "--state-dir", "--size", "--frames", "--real-time", "--settle-timeout",
      "--open-timeout", "--no-color", "--log-level", "--help", "--version", "--profile", "--guest", "--screen-reader",
    ]
    for option in options {
      #expect(AppOptions.usage.contains(option), "usage lacks \(option)")
      #expect(AppOptions.help.contains(option), "help lacks \(option)")
    }
    #expect(AppOptions.help.contains(AppOptions.usage))
  }

  @Test("--help's number keys run to the largest activity's last tab, as the declarations say")
  func helpNumbersTheTabs() throws {
    let lastTab = try #require(Activity.all.map(\.tabs.count).max())
    #expect(AppOptions.help.contains("\n  1-\(lastTab), Tab, Shift-Tab "))
    #expect(AppOptions.help(in: .base, lastTab: 7).contains("\n  1-7, Tab, Shift-Tab "))
    // German's keys are wider than their column: they take a line of their own.
    #expect(AppOptions.help(in: Localizer(language: .de), lastTab: 7).contains("\n  1-7, Tab, Umschalt-Tab\n"))
  }

  @Test("--help's a names the declared activities, after the first each with its tabs")
  func helpNamesTheActivities() {
    #expect(AppOptions.help.contains("switch activity: Explore, Studio (My items, Sources)\n"))
    let reading = Activity(id: "reading", name: .verbatim("Reading"), tabs: [.favorites, .settings])
    // The longer list wraps under its column; read as one line it names every activity.
    let help = AppOptions.help(in: .base, activities: Activity.all + [reading])
      .replacingOccurrences(of: #"\n {24}"#, with: " ", options: .regularExpression)
    #expect(help.contains("switch activity: Explore, Studio (My items, Sources), Reading (Favorites, Settings)\n"))
  }

  /// The languages whose help must fit a terminal: the pseudo-locale is English made about
  /// 40% longer on purpose, so it cannot.
  static let helpLanguages = Language.allCases.filter { $0 != .pseudo }

  @Test("Every line of --help, the usage included, fits 80 columns", arguments: helpLanguages)
  func helpFitsEightyColumns(language: Language) {
    let help = AppOptions.help(in: Localizer(language: language))
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 50, "the help was not found")
    for line in lines {
      #expect(DisplayWidth.of(line) <= 80, "\(language): \(DisplayWidth.of(line)) columns: \(line)")
    }
  }

  @Test("--help's tables have the same rows in every language, in the same order, their text in one column")
  func helpTablesAgree() throws {
    let english = try HelpTables(AppOptions.help(in: .base))
    #expect(english.options.count >= 15 && english.keys.count >= 25, "the tables were not found")
    for language in Self.helpLanguages where language != .base {
      let strings = Localizer(language: language)
      let translated = try HelpTables(AppOptions.help(in: strings))
      // Options are spelled alike everywhere; their placeholders (FILE, DATEI) are words.
      #expect(translated.options.map(\.flag) == english.options.map(\.flag), "\(language)")
      // Keys are named by the key-name tables (Shift-Tab, Umschalt-Tab), a row that names no
      // key by the table below.
      let keyNames = HelpTables.keyNames(strings)
      let expected = english.keys.map { row in
        HelpTables.labels[language]?[row.key] ?? row.words.map { keyNames[$0] ?? $0 }.joined(separator: " ")
      }
      #expect(translated.keys.map { $0.words.joined(separator: " ") } == expected, "\(language)")
      #expect(translated.optionColumn == english.optionColumn, "\(language)")
      #expect(translated.keyColumn == english.keyColumn, "\(language)")
    }
  }

  @Test("--help names every key the key table of docs/Keys.md lists")
  func helpNamesEveryDocumentedKey() throws {
    // App/Tests/FunAppTests/CommandLine/ → the repository root.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..")
    let page = try String(contentsOf: root.appendingPathComponent("docs/Keys.md"), encoding: .utf8)
    let table = try #require(page.components(separatedBy: "# Keys").dropFirst().first)
    let rows = table.split(separator: "\n").prefix { !$0.hasPrefix("#") }.filter { $0.hasPrefix("| ") }
    // Skips the header; the `|---|` line under it is no "| " row, so the first key row stays.
    let keyCells = rows.dropFirst().compactMap { $0.split(separator: "|").first }
    #expect(keyCells.count >= 10, "the key table of docs/Keys.md was not found")
    // The words of --help's key list: "1-5, Tab, Shift-Tab" → "1-5", "Tab", "Shift-Tab".
    let keyList = try #require(AppOptions.help.components(separatedBy: "Keys:").dropFirst().first)
    // The number keys' range is the declarations' to say (helpNumbersTheTabs): here "1-n", so a
    // fork's new tab does not make the page's count a pin.
    func key(_ name: Substring) -> String {
      name.replacingOccurrences(of: #"^1-\d$"#, with: "1-n", options: .regularExpression)
    }
    let helpKeys = Set(keyList.split { " ,/;()\n".contains($0) }.map(key))
    for cell in keyCells {
      // "`1`–`5`, Tab, Shift-Tab" → "1-n", "Tab", "Shift-Tab"; "↑/↓" → "↑", "↓".
      let names = cell.replacingOccurrences(of: "`–`", with: "-").split { ", /`".contains($0) }.map(key)
      for name in names {
        #expect(helpKeys.contains(name), "--help does not name \(name) (docs/Keys.md: \(cell))")
      }
    }
  }
}

/// The two tables of `--help`, Options and Keys: each row's first cell, and the column every
/// row's text starts in.
private struct HelpTables {
  struct Row {
    /// The first cell: `--script FILE|-`, `1-5, Tab, Shift-Tab`.
    let key: String

    /// The first word: the option's flag.
    var flag: String { String(key.split(separator: " ").first ?? "") }

    /// The keys one by one: `↑/↓, k/j` → `↑`, `↓`, `k`, `j`.
    var words: [String] { key.split { ", /".contains($0) }.map(String.init) }
  }

  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  private(set) var options: [Row] = []
  private(set) var keys: [Row] = []
  /// The columns the text of each table's rows starts in; one each when the table is aligned.
  private(set) var optionColumns: Set<Int> = []
  private(set) var keyColumns: Set<Int> = []

  var optionColumn: Int? { optionColumns.count == 1 ? optionColumns.first : nil }
  var keyColumn: Int? { keyColumns.count == 1 ? keyColumns.first : nil }

  /// Reads the tables: a table is the indented lines under a heading line ending in `:`; a row
  /// starts two columns in, its text after two spaces or more, or on the lines under it when
  /// its keys are too wide; a line indented further goes on with the row above.
  init(_ help: String) throws {
    var table = 0
    for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if !line.hasPrefix(" ") {
        table = line.hasSuffix(":") && !line.contains(" ") ? table + 1 : (line.isEmpty ? table : 0)
        continue
      }
      guard table == 1 || table == 2 else { continue }
      let indent = line.prefix { $0 == " " }.count
      if indent == 2 {
        let body = line.dropFirst(2)
        let key: String
        if let gap = body.range(of: "  ") {
          key = String(body[..<gap.lowerBound])
          let column = 2 + DisplayWidth.of(key) + body[gap.lowerBound...].prefix { $0 == " " }.count
          if table == 1 { optionColumns.insert(column) } else { keyColumns.insert(column) }
        } else {
          key = String(body)
        }
        if table == 1 { options.append(Row(key: key)) } else { keys.append(Row(key: key)) }
      } else if table == 1 {
        optionColumns.insert(indent)
      } else {
        keyColumns.insert(indent)
      }
    }
    guard table == 0 || !keys.isEmpty else { throw Malformed(description: "no Keys table") }
  }

  /// The English name of each key the key-name tables name, and its name in `strings`.
  static func keyNames(_ strings: Localizer) -> [String: String] {
    let names: [LocalizedText] = [
      L10n.Keys.enter, L10n.Keys.escape, L10n.Keys.backspace, L10n.Keys.tab, L10n.Keys.backTab, L10n.Keys.home,
      L10n.Keys.end, L10n.Keys.pageUp, L10n.Keys.pageDown, L10n.Keys.delete, L10n.Keys.insert, L10n.Keys.space,
      L10n.Keys.ctrl("C"), L10n.Keys.ctrl("Z"),
    ]
    return Dictionary(names.map { (Localizer.base($0), strings($0)) }) { first, _ in first }
  }

  /// Rows named by words, not keys, in each language but English.
  static let labels: [Language: [String: String]] = [
    .de: ["in a field": "in einem Feld", "in the item form": "im Eintragsformular", "mouse": "Maus"]
  ]
}
