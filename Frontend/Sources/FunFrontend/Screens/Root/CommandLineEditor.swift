import FunViewModel

/// The `:` command line while it is open, and what it keeps between openings: the lines run
/// before (↑/↓ walk them, newest first, as a shell's history does) and Tab's completion of a
/// command name.
///
/// The line edits as every field does (``TextField``). Tab on the first word completes it to the
/// one command name it starts, followed by a space; when several names start with it, Tab
/// completes their common start and lists them (``completions``) for the next key. Recalling a
/// line keeps the one being typed: ↓ past the newest brings it back. Enter runs the line and
/// adds it to the history (not twice in a row, at most ``historyLimit`` lines); Esc, or
/// Backspace on an empty line, closes it.
struct CommandLineEditor: Equatable {
  /// What a key did to the line.
  enum Outcome: Equatable {
    /// The line stays open.
    case editing
    /// The line closed, running nothing.
    case closed
    /// The line closed; run this text.
    case run(String)
  }

  /// The most lines the history keeps; older ones are dropped.
  static let historyLimit = 100

  /// The line being edited, or `nil` while the command line is closed.
  private(set) var line: LineEditor?
  /// The lines run, oldest first.
  private(set) var history: [String] = []
  /// The names Tab offered for the word at the cursor when it could not choose; shown until the
  /// next key.
  private(set) var completions: [String] = []
  /// Which history line shows (an index into ``history``), or `nil` for the line being typed.
  private var recalled: Int?
  /// The line being typed, kept while ↑/↓ show history lines.
  private var draft = LineEditor()

  /// Whether the line is open.
  var isOpen: Bool { line != nil }

  /// Opens an empty line.
  mutating func open() {
    line = LineEditor()
    draft = LineEditor()
    recalled = nil
    completions = []
  }

  /// Handles `key` while the line is open; `commandNames` are what Tab completes.
  mutating func handle(_ key: Key, commandNames: [String]) -> Outcome {
    guard var current = line else { return .closed }
    completions = []
    switch key {
    case .escape:
      close()
      return .closed
    case .enter:
      close()
      let text = current.text
      guard text.contains(where: { !$0.isWhitespace }) else { return .closed }
      if history.last != text { history.append(text) }
      history.removeFirst(max(history.count - Self.historyLimit, 0))
      return .run(text)
    case .up:
      recall(recalled.map { $0 - 1 } ?? history.count - 1)
      return .editing
    case .down:
      if let recalled { recall(recalled + 1) }
      return .editing
    case .tab:
      complete(&current, names: commandNames)
    default:
      if let edit = TextField.edit(for: key) { self.edit(edit) }
      return line == nil ? .closed : .editing
    }
    line = current
    return .editing
  }

  /// Applies `edit` to the open line; Backspace's edit on an empty line closes it, as a shell's
  /// prompt would have nothing left to delete.
  mutating func edit(_ edit: LineEditor.Edit) {
    guard var current = line else { return }
    completions = []
    if edit == .delete(.characterBackward), current.text.isEmpty {
      close()
      return
    }
    current.apply(edit)
    line = current
  }

  private mutating func close() {
    line = nil
    recalled = nil
  }

  /// Shows history line `index`; past the newest, the line that was being typed.
  private mutating func recall(_ index: Int) {
    guard index >= 0, !history.isEmpty else { return }
    if recalled == nil, let line { draft = line }
    if index >= history.count {
      recalled = nil
      line = draft
    } else {
      recalled = index
      line = LineEditor(history[index])
    }
  }

  /// Completes the command name before the cursor, when the cursor is in the line's first
  /// word; what follows that word stays.
  private mutating func complete(_ line: inout LineEditor, names: [String]) {
    let characters = Array(line.text)
    let typed = characters[..<line.cursor]
    guard !typed.contains(where: \.isWhitespace) else { return }
    let prefix = String(typed).lowercased()
    let matches = names.filter { $0.hasPrefix(prefix) }
    guard let first = matches.first else { return }
    let rest = String(characters[line.cursor...].drop(while: { !$0.isWhitespace }))
    var completed = matches.dropFirst().reduce(first) { common, name in
      String(zip(common, name).prefix { $0 == $1 }.map(\.0))
    }
    if matches.count == 1, rest.isEmpty {
      completed += " "
    } else if matches.count > 1 {
      completions = matches
    }
    line = LineEditor(completed + rest, cursor: completed.count)
  }
}
