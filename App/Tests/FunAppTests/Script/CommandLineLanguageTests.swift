import FunModelTestSupport
import Testing

@testable import FunApp

/// What the `:` line says follows the app's language; what script mode says of a script's own
/// lines stays English, for the script's author and the flows.
@Suite("The : line's language", .timeLimit(.minutes(3)))
struct CommandLineLanguageTests {
  @Test(
    "A command typed on the : line fails in a sentence in the app's language; the same line in the script fails in English",
    arguments: [
      ("de", "tab nowhere", "✗ Unbekannter Tab 'nowhere'", "unknown tab 'nowhere'"),
      // The screen's title is data to the message: the app's, in either.
      ("de", "select 99", "✗ Zeile 99 gibt es nicht: Start zeigt", "row 99 does not exist: Start shows"),
      ("de", "xx", "✗ Unbekannter Befehl 'xx'", "unknown command 'xx'"),
      ("pseudo", "xx", "✗ ⟦", "unknown command 'xx'"),
      // The toast is a sentence; script mode's reason follows its `error: line N:` in lower case.
      ("en", "xx", "✗ Unknown command 'xx'", "unknown command 'xx'"),
      ("en", "select 99", "✗ Row 99 does not exist: Home shows", "row 99 does not exist: Home shows"),
      ("en", "quit now", "✗ 'quit' takes no argument", "'quit' takes no argument"),
    ])
  func errorsFollowTheLanguage(language: String, command: String, toast: String, scriptError: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\nkey :\ntype \(command)\nkey enter\n\(command)\n", in: directory, arguments: ["--lang", language])
    let frame = try #require(run.frame(line: 4))
    // A long toast (an unknown tab's, naming the choices) wraps onto the line above the bottom.
    let toastLines = frame.lines.suffix(2).map { String($0.dropFirst()) }
    #expect(toastLines.contains { $0.hasPrefix(toast) }, "\(toastLines)")
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("error: line 5: \(scriptError)") == true, "\(run.errors)")
  }

  @Test("What a command that worked says on the : line is in the app's language too")
  func confirmationsFollowTheLanguage() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\nkey :\ntype expect Start\nkey enter\n", in: directory, arguments: ["--lang", "de"])
    #expect(try #require(run.frame(line: 4)).bottomLine.hasPrefix("✓ Der Bildschirm zeigt Start"))
  }
}
