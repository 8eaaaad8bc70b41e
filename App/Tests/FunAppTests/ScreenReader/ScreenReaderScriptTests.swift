import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunModel

/// Script mode with `--screen-reader`: what the reader says is the output, and `says` checks it
/// line by line.
@Suite("Screen-reader mode in script mode")
struct ScreenReaderScriptTests {
  @Test("Each command prints its header and the lines it made the reader say, and no frame")
  func printsWhatIsSaid() async throws {
    let directory = try TemporaryDirectory()
    let run = try await FunRun.script("wait 1s\nkey down\n", in: directory, arguments: ["--screen-reader"])

    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output == [
        "Fun, screen reader mode. Question mark reads the keys, period says where you are.",
        "Home, Loading catalog…",
        "--- 1: wait 1s", "Catalog loaded",
        "1 of 37: SwiftUI — Declarative user interfaces for every Apple platform",
        "--- 2: key down", "2 of 37: Observation — Fine-grained change tracking with @Observable",
      ])
  }

  @Test("`says` passes on the exact line, in order, and fails naming what was said instead")
  func saysChecksExactly() async throws {
    let directory = try TemporaryDirectory()
    let passing = try await FunRun.script(
      "wait 1s\nsays Catalog loaded\nsays 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform\n",
      in: directory, arguments: ["--screen-reader"])
    #expect(passing.status == 0, "\(passing.errors)")

    let failing = try await FunRun.script(
      "wait 1s\nsays 1 of 37\n", in: directory, arguments: ["--screen-reader"])
    #expect(failing.status == 1)
    #expect(
      failing.errors == [#"error: line 2: expected it to say "1 of 37", but it said "Catalog loaded""#])
  }

  @Test("Once a `says` checks a command's lines, a line left unchecked fails at the next command or the end")
  func everyLineOrNone() async throws {
    let directory = try TemporaryDirectory()
    let unchecked = try await FunRun.script(
      "wait 1s\nsays Catalog loaded\nkey down\n", in: directory, arguments: ["--screen-reader"])
    #expect(unchecked.status == 1)
    #expect(
      unchecked.errors == [
        #"error: line 3: it also said "1 of 37: SwiftUI — Declarative user interfaces for every Apple platform", which no `says` names"#
      ])

    let atTheEnd = try await FunRun.script(
      "wait 1s\nsays Catalog loaded\nexpect 1 of 37\n", in: directory, arguments: ["--screen-reader"])
    #expect(
      atTheEnd.errors == [
        #"error: end of script: it also said "1 of 37: SwiftUI — Declarative user interfaces for every Apple platform", which no `says` names"#
      ])

    // A command no `says` names is not checked line by line; `expect` looks at what it said.
    let unnamed = try await FunRun.script(
      "wait 1s\nexpect 1 of 37\nexpect-not Loading\nkey down\n", in: directory, arguments: ["--screen-reader"])
    #expect(unnamed.status == 0, "\(unnamed.errors)")
  }

  @Test("Without --screen-reader, `says` fails and says how to use it")
  func saysNeedsTheMode() async throws {
    let directory = try TemporaryDirectory()
    let run = try await FunRun.script("says Home\n", in: directory)

    #expect(run.status == 1)
    #expect(run.errors == ["error: line 1: `says` checks what screen-reader mode said: run with --screen-reader"])
  }

  @Test("`:help` reads the commands, a name per line, and the next key acts as it would without it")
  func commandHelp() async throws {
    let directory = try TemporaryDirectory()
    let run = try await FunRun.script(
      "wait 1s\nkey :\ntype help\nkey enter\nkey down\n", in: directory, arguments: ["--screen-reader"])

    #expect(run.status == 0, "\(run.errors)")
    let said = Array(run.output.drop { $0 != "--- 4: key enter" }.dropFirst().prefix { !$0.hasPrefix("---") })
    #expect(said.first == "Commands of the command line:")
    #expect(
      Array(said.dropFirst().dropLast())
        == ScriptCommand.usages.compactMap { $0.split(separator: " ").first.map(String.init) })
    #expect(said.last == "Tab completes a command name; Up and Down arrows recall earlier lines.")
    // No list is left open to take the next key.
    #expect(run.output.last == "2 of 37: Observation — Fine-grained change tracking with @Observable")
  }

  /// A walk through every screen, sheet and field's help, a hint, a toast and `:help`, in each
  /// language: nothing the reader says may keep a symbol a synthesiser reads badly.
  @Test("A walk through the app says every key in words, in every language", arguments: ["en", "de", "pseudo"])
  func keysInWords(language: String) async throws {
    let walk = [
      "wait 1s", "key ?", "key /", "key f1", "key esc", "key ?", "open", "key ?", "back", "key f",
      "tab favorites", "key x", "key ?", "tab settings", "key ?", "tab profile", "key ?", "key :", "key f1", "key esc",
      "key :", "type help", "key enter", "activity studio", "key ?", "key n", "key f1", "key tab", "key tab", "key tab",
      "key tab", "key f1", "key esc", "key a", "key ?", "key esc", "sign-out", "key ?", "key esc",
    ]
    let directory = try TemporaryDirectory()
    let run = try await FunRun.script(
      walk.joined(separator: "\n") + "\n", in: directory, arguments: ["--screen-reader", "--lang", language])

    #expect(run.status == 0, "\(run.errors)")
    let said = run.output.filter { !$0.hasPrefix("--- ") }
    #expect(said.count > 200)
    let unreadable = said.filter { line in
      line.contains { "↑↓←→⏎^".contains($0) }
        || line.split(separator: " ").contains { ["·", "Esc", "PgUp", "PgDn", "Entf"].contains($0) }
    }
    #expect(unreadable.isEmpty)
  }

  @Test("An item title with escape sequences is said without them: no line holds an escape character")
  func sanitised() async throws {
    let directory = try TemporaryDirectory()
    let catalog = try directory.write(
      CatalogFixtures.json([
        FeaturedItem(
          id: "evil", title: "Evil\u{1B}[2J\u{1B}[?1049h", subtitle: "\u{1B}]0;title\u{07}sub", category: "Tools",
          description: "text", isFeatured: false)
      ]), to: "catalog.json")
    let run = try await FunRun.script(
      "wait 1s\nkey down\nopen\n", in: directory, arguments: ["--screen-reader", "--catalog", catalog])

    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains { $0.hasPrefix("Evil") })
    #expect(!run.output.contains { $0.contains("\u{1B}") || $0.contains("\u{07}") })
  }
}
