import FunModel

/// A sheet with keys of its own beyond the ones every sheet answers to (Enter, Esc, Tab): they
/// are one ``KeyBindings`` table, which ``Sheet/handle(_:)`` dispatches through and the help
/// overlay lists. Such a sheet may also take clicks on what it marks while drawing, as a
/// screen does (``Screen/handleClick(on:)``): the switcher's rows.
@MainActor
protocol KeyBoundSheet: Sheet {
  /// The sheet's own keys now, its focused field (if any) first, as it is drawn in `area`
  /// (inside its box), as a screen's keys are (``Screen/keyBindings(in:)``).
  func keyBindings(in area: Rect) -> KeyBindings

  /// Handles a click on a region the sheet marked while drawing (`Canvas.mark(_:as:)`);
  /// returns `false` when it means nothing here. A region marked ``MouseTarget/key(_:)`` never
  /// gets here: the root view presses its key.
  func handleClick(on target: MouseTarget) -> Bool

  /// What Enter does outside the sheet's own keys, as help and the reader name it: a sheet
  /// whose Enter does one thing (saves) says so rather than "confirm".
  var confirmSummary: LocalizedText { get }
}

extension KeyBoundSheet {
  /// Away from a root view, which hands the keys the area it draws the sheet in, the keys act
  /// as in a standard terminal.
  func handle(_ key: Key) -> Bool {
    keyBindings(in: RootView.contentArea(of: self, size: .standard)).handle(key)
  }

  func handleClick(on _: MouseTarget) -> Bool {
    false
  }

  var confirmSummary: LocalizedText {
    L10n.Help.confirm
  }
}
