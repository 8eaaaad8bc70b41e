import Testing

@testable import FunFrontend

@Suite("CommandLineEditor")
@MainActor
struct CommandLineEditorTests {
  private static let names = ["tab", "type", "toggle", "sign-in", "sign-out", "show", "help", "quit"]

  /// Opens `editor`, types `text` and presses Enter; what it ran.
  private func run(_ text: String, in editor: inout CommandLineEditor) -> CommandLineEditor.Outcome {
    editor.open()
    for character in text { _ = editor.handle(.char(character), commandNames: Self.names) }
    return editor.handle(.enter, commandNames: Self.names)
  }

  private func press(_ keys: Key..., in editor: inout CommandLineEditor) {
    for key in keys { _ = editor.handle(key, commandNames: Self.names) }
  }

  @Test("Enter runs the line and keeps it in the history, not twice in a row; a blank line runs nothing")
  func history() {
    var editor = CommandLineEditor()
    #expect(run("tab 2", in: &editor) == .run("tab 2"))
    #expect(run("tab 2", in: &editor) == .run("tab 2"))
    #expect(run("help", in: &editor) == .run("help"))
    #expect(run("   ", in: &editor) == .closed)
    #expect(editor.history == ["tab 2", "help"])
    #expect(!editor.isOpen)
  }

  @Test("↑ walks back through the history, ↓ forward, and past the newest brings back the line being typed")
  func walkHistory() {
    var editor = CommandLineEditor()
    _ = run("tab 2", in: &editor)
    _ = run("help", in: &editor)
    editor.open()
    press(.char("s"), .char("h"), in: &editor)
    press(.up, in: &editor)
    #expect(editor.line?.text == "help")
    press(.up, .up, in: &editor)
    #expect(editor.line?.text == "tab 2")
    press(.down, in: &editor)
    #expect(editor.line?.text == "help")
    press(.down, in: &editor)
    #expect(editor.line?.text == "sh")
    press(.down, in: &editor)
    #expect(editor.line?.text == "sh")
  }

  @Test("A recalled line can be edited and run; the history keeps at most its limit, dropping the oldest")
  func editRecalledLine() {
    var editor = CommandLineEditor()
    _ = run("tab 2", in: &editor)
    editor.open()
    press(.up, .backspace, .char("3"), in: &editor)
    #expect(editor.handle(.enter, commandNames: Self.names) == .run("tab 3"))
    for number in 0..<(CommandLineEditor.historyLimit + 5) { _ = run("wait \(number)ms", in: &editor) }
    #expect(editor.history.count == CommandLineEditor.historyLimit)
    #expect(editor.history.last == "wait \(CommandLineEditor.historyLimit + 4)ms")
  }

  @Test("Tab completes the one command a start names, with a space after it")
  func completesOne() {
    var editor = CommandLineEditor()
    editor.open()
    press(.char("h"), .tab, in: &editor)
    #expect(editor.line?.text == "help ")
    #expect(editor.completions.isEmpty)
    editor.open()
    press(.char("Q"), .tab, in: &editor)
    #expect(editor.line?.text == "quit ")
  }

  @Test("With several matches Tab completes their common start and lists them until the next key")
  func completesSeveral() {
    var editor = CommandLineEditor()
    editor.open()
    press(.char("s"), .tab, in: &editor)
    #expect(editor.line?.text == "s")
    #expect(editor.completions == ["sign-in", "sign-out", "show"])
    press(.char("i"), .tab, in: &editor)
    #expect(editor.line?.text == "sign-")
    #expect(editor.completions == ["sign-in", "sign-out"])
    press(.char("o"), in: &editor)
    #expect(editor.completions.isEmpty)
  }

  @Test("Tab completes only the command name: the arguments after it stay, and inside them it does nothing")
  func completesOnlyTheName() {
    var editor = CommandLineEditor()
    editor.open()
    for character in "to carousel" { press(.char(character), in: &editor) }
    press(.tab, in: &editor)
    #expect(editor.line?.text == "to carousel")
    press(.home, .right, .right, .tab, in: &editor)
    #expect(editor.line?.text == "toggle carousel")
    #expect(editor.line?.cursor == 6)
    press(.char("x"), .tab, in: &editor)
    #expect(editor.line?.text == "togglex carousel")
  }
}
