/// A sheet with keys of its own beyond the ones every sheet answers to (Enter, Esc, Tab): they
/// are one ``KeyBindings`` table, which ``Sheet/handle(_:)`` dispatches through and the help
/// overlay lists.
@MainActor
protocol KeyBoundSheet: Sheet {
  /// The sheet's own keys now, its focused field (if any) first.
  var keyBindings: KeyBindings { get }
}

extension KeyBoundSheet {
  func handle(_ key: Key) -> Bool {
    keyBindings.handle(key)
  }
}
