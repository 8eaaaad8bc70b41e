/// A sheet with keys of its own beyond the ones every sheet answers to (Enter, Esc, Tab): they
/// are one ``KeyBindings`` table, which ``Sheet/handle(_:)`` dispatches through and the help
/// overlay lists. Such a sheet may also take clicks on what it marks while drawing, as a
/// screen does (``Screen/handleClick(on:)``): the switcher's rows.
@MainActor
protocol KeyBoundSheet: Sheet {
  /// The sheet's own keys now, its focused field (if any) first.
  var keyBindings: KeyBindings { get }

  /// Handles a click on a region the sheet marked while drawing (`Canvas.mark(_:as:)`);
  /// returns `false` when it means nothing here. A region marked ``MouseTarget/key(_:)`` never
  /// gets here: the root view presses its key.
  func handleClick(on target: MouseTarget) -> Bool
}

extension KeyBoundSheet {
  func handle(_ key: Key) -> Bool {
    keyBindings.handle(key)
  }

  func handleClick(on _: MouseTarget) -> Bool {
    false
  }
}
