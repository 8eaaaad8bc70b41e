import FunCore
import FunModel

/// One command of the script language, as its row of ``ScriptCommand/definitions`` declares
/// it: the word it is written with, the usage `help` lists and a usage error quotes, how it
/// reads its argument, and whether it may run while a sheet is up or checks what was shown.
struct ScriptCommandDefinition: Sendable {
  /// What follows a command's name on its line, with what a parser needs to say it is wrong.
  struct Argument: Sendable {
    /// The rest of the line after the name and the whitespace after it; empty when there is none.
    let text: String
    /// The command's usage line, which a `usage: …` error quotes.
    let usage: String

    /// The argument, or a usage error when the line has none.
    func required() throws(ScriptCommand.ParseError) -> String {
      guard !text.isEmpty else { throw ScriptCommand.ParseError(text: L10n.CommandLine.usage(usage)) }
      return text
    }
  }

  /// The word the command is written with, lowercase: `tab`, `expect-not`.
  let name: String
  /// What follows the name in its usage: `<text>`, `[n|id]`; empty for a command that takes none.
  let arguments: String
  /// Whether the command may run while a sheet is up: the keys, text, pastes and clicks that
  /// answer it, and the commands that only look, wait or stop.
  let answersSheets: Bool
  /// Whether the command checks the frame or what was said (`expect`, `expect-not`, `says`).
  let isExpectation: Bool
  /// Reads the argument into the command, or says what is wrong with it.
  let parse: @Sendable (Argument) throws(ScriptCommand.ParseError) -> ScriptCommand

  /// The usage line: the name, then its arguments.
  var usage: String {
    arguments.isEmpty ? name : "\(name) \(arguments)"
  }

  init(
    _ name: String, _ arguments: String, answersSheets: Bool = false, isExpectation: Bool = false,
    parse: @escaping @Sendable (Argument) throws(ScriptCommand.ParseError) -> ScriptCommand
  ) {
    self.name = name
    self.arguments = arguments
    self.answersSheets = answersSheets
    self.isExpectation = isExpectation
    self.parse = parse
  }

  /// A command that takes the rest of the line as it is: `type <text>`.
  init(
    _ name: String, _ arguments: String, answersSheets: Bool = false, isExpectation: Bool = false,
    text command: @escaping @Sendable (String) -> ScriptCommand
  ) {
    self.init(name, arguments, answersSheets: answersSheets, isExpectation: isExpectation) {
      argument throws(ScriptCommand.ParseError) in
      command(try argument.required())
    }
  }

  /// A command that takes no argument: `back`.
  init(_ name: String, answersSheets: Bool = false, command: ScriptCommand) {
    self.init(name, "", answersSheets: answersSheets) { argument throws(ScriptCommand.ParseError) in
      guard argument.text.isEmpty else {
        throw ScriptCommand.ParseError(text: L10n.CommandLine.takesNoArgument(VisibleEscapes.clipped(name)))
      }
      return command
    }
  }
}
