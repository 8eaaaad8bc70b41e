import Foundation

/// Whether stdin and stdout are terminals: what decides, without `--script`, how `fun` runs.
struct StandardStreams: Equatable, Sendable {
  /// Whether stdin is a terminal (the keys come from it interactively).
  var inputIsTerminal: Bool
  /// Whether stdout is a terminal (full screen draws on it).
  var outputIsTerminal: Bool

  /// This process's stdin and stdout.
  static var current: StandardStreams {
    StandardStreams(inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
  }
}

/// How a run of `fun` goes: the one place the choice is made.
enum RunMode: Equatable, Sendable {
  /// Full screen (or the screen reader's lines) on the terminal, keys from stdin.
  case interactive
  /// Commands from the script or stdin, frames printed as text.
  case script
  /// Refused: stdin is a terminal but stdout is not (`fun > out.txt`). Reading script commands
  /// from the keyboard with nothing on screen would look hung, and a full screen into a file is
  /// no use; a person who wants frames as text says so with `--script`.
  case outputNotATerminal

  /// The mode for a run that asked for a script (`scriptAsked`), or speaks in plain lines
  /// (`linesOnly`, which may go to a pipe, as in `fun --screen-reader | espeak-ng`), on `streams`.
  /// Only a stdin that is not a terminal starts script mode unasked.
  init(scriptAsked: Bool, linesOnly: Bool, streams: StandardStreams) {
    self =
      if scriptAsked || !streams.inputIsTerminal {
        .script
      } else if linesOnly || streams.outputIsTerminal {
        .interactive
      } else {
        .outputNotATerminal
      }
  }
}
